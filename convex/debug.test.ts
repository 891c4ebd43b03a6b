import { makeFunctionReference } from "convex/server";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import * as debugModule from "./debug";
import { USER_TEXT_MESSAGES, hasLoneSurrogate, textLength } from "../shared/userText";
import {
  addCrewMembers,
  createCrew,
  createEvent,
  createUser,
  newTest,
  notificationsOf,
  stubDeploymentEnv,
  tableSnapshot,
  unreadCounter,
  type TestConvex,
} from "./test.setup";

beforeEach(() => stubDeploymentEnv());
afterEach(() => vi.unstubAllEnvs());

const CLOUD = "https://happy-otter-123.convex.cloud";
/** The local backend's address, and also a self-hosted Convex backend's default one. */
const LOCAL = "http://127.0.0.1:3210";

/** Our local backend: it sets CLINK_LOCAL_BACKEND=1 for the functions, beside its URLs. */
function onLocalBackend(): void {
  vi.stubEnv("CONVEX_CLOUD_URL", LOCAL);
  vi.stubEnv("CLINK_LOCAL_BACKEND", "1");
}

/** Any other deployment (Convex cloud, or self-hosted at `url`) with CLINK_DEBUG_PAGES=true. */
function elsewhereWithDebugPages(url: string = CLOUD): void {
  vi.stubEnv("CONVEX_CLOUD_URL", url);
  vi.stubEnv("CLINK_LOCAL_BACKEND", undefined);
  vi.stubEnv("CLINK_DEBUG_PAGES", "true");
}
const SOME_EVENT = "k000000000000000000000000000000e" as Id<"events">;

type Kind = "query" | "mutation" | "action";

/**
 * Every debug-only public function with valid arguments. A function added to
 * convex/debug.ts without a line here fails the completeness test below.
 */
const DEBUG_ONLY: Record<
  string,
  { kind: Kind; args: (t: TestConvex) => Promise<Record<string, unknown>> }
> = {
  "debug:sessionInfo": { kind: "query", args: () => Promise.resolve({}) },
  "debug:myNotifications": { kind: "query", args: () => Promise.resolve({}) },
  "debug:sendMeTestNotification": {
    kind: "mutation",
    args: () => Promise.resolve({ type: "event_update", title: "Hi", message: "There" }),
  },
  "debug:sendTestEmail": { kind: "action", args: () => Promise.resolve({ to: "pat@example.com" }) },
  "debug:eventMembers": { kind: "query", args: async (t) => ({ eventId: await anyEventId(t) }) },
  "debug:invitationTestSetup": { kind: "query", args: () => Promise.resolve({}) },
  "debug:testEventNotifications": {
    kind: "query",
    args: async (t) => ({ eventId: await anyEventId(t) }),
  },
  "debug:checkMyBadges": { kind: "mutation", args: () => Promise.resolve({ trigger: "all" }) },
  "debug:myBadgeActivity": { kind: "query", args: () => Promise.resolve({}) },
  "debug:createSampleBadgeProgress": { kind: "mutation", args: () => Promise.resolve({}) },
  "debug:cleanupMyBadgeProgress": { kind: "mutation", args: () => Promise.resolve({}) },
  "debug:createTestGuest": { kind: "mutation", args: () => Promise.resolve({}) },
  "debug:testTokens": { kind: "query", args: () => Promise.resolve({}) },
  "debug:answerForTestGuest": {
    kind: "mutation",
    args: () => Promise.resolve({ token: "event_accept_x" }),
  },
  "emails:latestForDebug": { kind: "query", args: () => Promise.resolve({}) },
};

async function anyEventId(t: TestConvex): Promise<Id<"events">> {
  const events = await t.run(async (ctx) => await ctx.db.query("events").take(1));
  return events[0]?._id ?? SOME_EVENT;
}

function call(
  caller: Pick<TestConvex, "query" | "mutation" | "action">,
  name: string,
  kind: Kind,
  args: Record<string, unknown>,
) {
  if (kind === "query") return caller.query(makeFunctionReference<"query">(name), args);
  if (kind === "mutation") return caller.mutation(makeFunctionReference<"mutation">(name), args);
  return caller.action(makeFunctionReference<"action">(name), args);
}

describe("the debug gate", () => {
  test("the list above names every public function of convex/debug.ts but status", () => {
    const publicNames = Object.entries(debugModule)
      .filter(([, fn]) => (fn as { isPublic?: boolean }).isPublic === true)
      .map(([name]) => `debug:${name}`)
      .filter((name) => name !== "debug:status")
      .sort();
    expect(publicNames).toEqual(
      Object.keys(DEBUG_ONLY)
        .filter((name) => name.startsWith("debug:"))
        .sort(),
    );
  });

  const disabledDeployments: { name: string; env: Record<string, string> }[] = [
    { name: "a cloud deployment without CLINK_DEBUG_PAGES", env: { CONVEX_CLOUD_URL: CLOUD } },
    {
      name: "a cloud deployment with CLINK_DEBUG_PAGES=no",
      env: { CONVEX_CLOUD_URL: CLOUD, CLINK_DEBUG_PAGES: "no" },
    },
    {
      name: "a self-hosted Convex backend at its default localhost address",
      env: { CONVEX_CLOUD_URL: LOCAL },
    },
    {
      name: "a self-hosted Convex backend at http://localhost",
      env: { CONVEX_CLOUD_URL: "http://localhost:3210", CONVEX_SITE_URL: "http://localhost:3211" },
    },
    {
      name: "the local backend with CLINK_DEBUG_PAGES=false",
      env: { CONVEX_CLOUD_URL: LOCAL, CLINK_LOCAL_BACKEND: "1", CLINK_DEBUG_PAGES: "false" },
    },
  ];

  test("on by default only on the local backend; CLINK_DEBUG_PAGES=true turns them on anywhere", async () => {
    const t = newTest();
    onLocalBackend();
    expect(await t.query(api.debug.status, {})).toEqual({ enabled: true });
    for (const url of [CLOUD, LOCAL]) {
      elsewhereWithDebugPages(url);
      expect(await t.query(api.debug.status, {})).toEqual({ enabled: true });
    }
  });

  for (const deployment of disabledDeployments) {
    test(`on ${deployment.name} every debug-only function refuses, signed out and signed in`, async () => {
      for (const [key, value] of Object.entries(deployment.env)) vi.stubEnv(key, value);
      const t = newTest();
      const host = await createUser(t, { email: "host@example.com" });
      await createEvent(t, host);
      expect(await t.query(api.debug.status, {})).toEqual({ enabled: false });

      for (const [name, { kind, args }] of Object.entries(DEBUG_ONLY)) {
        for (const caller of [t, host.asUser]) {
          await expect(call(caller, name, kind, await args(t)), name).rejects.toMatchObject({
            data: {
              code: "DEBUG_PAGES_DISABLED",
              message: "Debug pages are not enabled on this deployment",
            },
          });
        }
      }
      expect(await notificationsOf(t, host.userId)).toEqual([]);
      expect(await t.run(async (ctx) => await ctx.db.query("email_logs").collect())).toEqual([]);
    });
  }
});

describe("debug functions with debug pages on (local backend)", () => {
  beforeEach(onLocalBackend);

  test("sessionInfo: null signed out; the caller's session and its expiry signed in", async () => {
    const t = newTest();
    const sam = await createUser(t);
    expect(await t.query(api.debug.sessionInfo, {})).toBeNull();
    const info = await sam.asUser.query(api.debug.sessionInfo, {});
    expect(info).toMatchObject({ userId: sam.userId, sessionId: sam.sessionId });
    expect(info?.sessionExpiresAt).toBeGreaterThan(Date.now());
  });

  test("test notifications go to the caller only, through the counter", async () => {
    const t = newTest();
    const sam = await createUser(t);
    const ria = await createUser(t);
    await expect(
      t.mutation(api.debug.sendMeTestNotification, {
        type: "event_update",
        title: "",
        message: "",
      }),
    ).rejects.toMatchObject({
      data: { code: "NOT_AUTHENTICATED" },
    });
    await sam.asUser.mutation(api.debug.sendMeTestNotification, {
      type: "event_update",
      title: "",
      message: "",
    });
    await sam.asUser.mutation(api.debug.sendMeTestNotification, {
      type: "badge_achievement",
      title: "Badge!",
      message: "You earned it",
    });
    expect(await unreadCounter(t, sam.userId)).toBe(2);
    expect(await notificationsOf(t, ria.userId)).toEqual([]);

    expect(await t.query(api.debug.myNotifications, {})).toBeNull();
    const mine = await sam.asUser.query(api.debug.myNotifications, {});
    expect(mine?.unread).toBe(2);
    expect(mine?.byType).toEqual({ event_update: 1, badge_achievement: 1 });
    expect(mine?.notifications.map((n) => n.title)).toEqual(["Badge!", "Test notification"]);
    expect((await ria.asUser.query(api.debug.myNotifications, {}))?.notifications).toEqual([]);
  });

  test("test notifications follow the user-text rule; a lone surrogate is refused and nothing is written", async () => {
    const t = newTest();
    const sam = await createUser(t);
    const send = (title: string, message: string) =>
      sam.asUser.mutation(api.debug.sendMeTestNotification, {
        type: "event_update",
        title,
        message,
      });
    const stored = async () => (await notificationsOf(t, sam.userId)).at(-1);

    await send(" \u202EBe\u0000er\u2066 night\u2069 ", "Cafe\u0301\u0007 time\nnow");
    expect(await stored()).toMatchObject({ title: "Beer night", message: "Caf\u00e9 time now" });
    // Zero-width or whitespace only is blank: the default text.
    await send("\u200b\u200d\ufeff", " \u2060 ");
    expect(await stored()).toMatchObject({
      title: "Test notification",
      message: "This is a test notification from the debug pages.",
    });
    // Cut at 200 characters as people count them, never inside an emoji.
    await send(`a${"\u{1f37a}".repeat(250)}`, "m");
    const long = (await stored())!.title;
    expect(textLength(long)).toBe(200);
    expect(hasLoneSurrogate(long)).toBe(false);

    const before = await tableSnapshot(t);
    for (const [title, message] of [
      ["Hi \ud83c", "m"],
      ["Hi", "\udc00 there"],
    ]) {
      await expect(send(title, message)).rejects.toMatchObject({
        data: { code: "VALIDATION", message: USER_TEXT_MESSAGES.invalidCharacters },
      });
    }
    expect(await tableSnapshot(t)).toEqual(before);
  });

  test("myNotifications reads the latest 50", async () => {
    const t = newTest();
    const sam = await createUser(t);
    for (let i = 0; i < 52; i++) {
      await sam.asUser.mutation(api.debug.sendMeTestNotification, {
        type: "event_update",
        title: `N${i}`,
        message: "m",
      });
    }
    const mine = await sam.asUser.query(api.debug.myNotifications, {});
    expect(mine?.notifications).toHaveLength(50);
    expect(mine?.notifications[0]?.title).toBe("N51");
    expect(mine?.unread).toBe(52);
  });

  test("sendTestEmail: signed in only; any address on a local backend, into the outbox", async () => {
    const t = newTest();
    const sam = await createUser(t, { email: "sam@example.com" });
    await expect(
      t.action(api.debug.sendTestEmail, { to: "pat@example.com" }),
    ).rejects.toMatchObject({ data: { code: "NOT_AUTHENTICATED" } });
    await expect(sam.asUser.action(api.debug.sendTestEmail, { to: "  " })).rejects.toMatchObject({
      data: { code: "VALIDATION", message: "Please enter a test email address" },
    });
    const result = await sam.asUser.action(api.debug.sendTestEmail, { to: " Pat@Example.com " });
    expect(result).toMatchObject({ status: "sent", delivery: "outbox" });
    const log = await t.run(async (ctx) => await ctx.db.get("email_logs", result.logId));
    expect(log).toMatchObject({
      recipient: "pat@example.com",
      type: "test",
      subject: "Clink test e-mail",
    });
  });

  for (const url of [CLOUD, LOCAL]) {
    test(`sendTestEmail elsewhere (debug pages on, ${url}) goes only to the caller's own address`, async () => {
      elsewhereWithDebugPages(url);
      const t = newTest();
      const sam = await createUser(t, { email: "sam@example.com" });
      await expect(
        sam.asUser.action(api.debug.sendTestEmail, { to: "pat@example.com" }),
      ).rejects.toMatchObject({
        data: {
          code: "FORBIDDEN",
          message: "On this deployment test e-mails go only to your own address",
        },
      });
      expect(await t.run(async (ctx) => await ctx.db.query("email_logs").collect())).toEqual([]);
      expect(
        await sam.asUser.action(api.debug.sendTestEmail, { to: "sam@example.com" }),
      ).toMatchObject({ status: "sent" });
    });
  }

  test("addresses with a NUL, a lone surrogate or invisible characters are refused and nothing is written", async () => {
    const t = newTest();
    const sam = await createUser(t, { email: "sam@example.com" });
    const before = await tableSnapshot(t);
    const usersBefore = await t.run(async (ctx) => await ctx.db.query("users").collect());
    for (const address of [
      "pat\u0000@example.com",
      "pat@example.com\u0000",
      "pat\ud800@example.com",
      "pat@exam\udc00ple.com",
      "pat\u202e@example.com",
      "pat\u200b@example.com",
    ]) {
      await expect(
        sam.asUser.action(api.debug.sendTestEmail, { to: address }),
        JSON.stringify(address),
      ).rejects.toMatchObject({
        data: { code: "VALIDATION", message: "Please enter a valid email address" },
      });
      await expect(
        sam.asUser.mutation(api.debug.createTestGuest, { email: address }),
        JSON.stringify(address),
      ).rejects.toMatchObject({
        data: { code: "VALIDATION", message: "Please enter a valid email address" },
      });
    }
    expect(await t.run(async (ctx) => await ctx.db.query("email_logs").collect())).toEqual([]);
    expect(await t.run(async (ctx) => await ctx.db.query("debug_test_guests").collect())).toEqual(
      [],
    );
    expect(await t.run(async (ctx) => await ctx.db.query("users").collect())).toEqual(usersBefore);
    expect(await tableSnapshot(t)).toEqual(before);
  });

  test("eventMembers and testEventNotifications: only the event's host", async () => {
    const t = newTest();
    const host = await createUser(t, { profile: { displayName: "Hana Host" } });
    const guest = await createUser(t, { profile: { displayName: "Gus Guest" } });
    const { eventId } = await createEvent(t, host);
    await host.asUser.mutation(api.invitations.inviteUsers, { eventId, userIds: [guest.userId] });

    await expect(t.query(api.debug.eventMembers, { eventId })).rejects.toMatchObject({
      data: { code: "NOT_AUTHENTICATED" },
    });
    await expect(guest.asUser.query(api.debug.eventMembers, { eventId })).rejects.toMatchObject({
      data: { code: "NOT_FOUND", message: "Event not found" },
    });
    await expect(
      guest.asUser.query(api.debug.testEventNotifications, { eventId }),
    ).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });

    const members = await host.asUser.query(api.debug.eventMembers, { eventId });
    expect(members.find((member) => member.displayName === "Gus Guest")).toMatchObject({
      status: "pending",
    });
    const notifications = await host.asUser.query(api.debug.testEventNotifications, { eventId });
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ type: "event_invitation", read: false });
  });

  test("invitationTestSetup: the caller's test guests, then the newest people whose full profile they may see", async () => {
    const t = newTest();
    const host = await createUser(t);
    const mate = await createUser(t, {
      profile: { displayName: "Mia Mate", profileVisibility: "crew_only" },
    });
    await addCrewMembers(host, await createCrew(host), mate);
    await createUser(t, { profile: { displayName: "Pia Private", profileVisibility: "private" } });
    await createUser(t, { profile: { displayName: "Cody Crew", profileVisibility: "crew_only" } });
    await createUser(t, { profile: { displayName: "Pub Public", profileVisibility: "public" } });
    const stranger = await createUser(t, { profile: { profileVisibility: "private" } });

    const names = async () =>
      ((await host.asUser.query(api.debug.invitationTestSetup, {}))?.testUsers ?? []).map(
        (user) => user.displayName,
      );
    expect(await t.query(api.debug.invitationTestSetup, {})).toBeNull();
    expect(await names()).toEqual(["Pub Public", "Mia Mate"]);

    const guest = await host.asUser.mutation(api.debug.createTestGuest, {});
    expect(await names()).toEqual([guest.displayName, "Pub Public", "Mia Mate"]);
    // Nor does anyone else's list show the people hidden from them.
    const theirs = (await stranger.asUser.query(api.debug.invitationTestSetup, {}))?.testUsers;
    expect(theirs?.map((user) => user.displayName)).toEqual(
      expect.not.arrayContaining(["Mia Mate", "Pia Private", "Cody Crew"]),
    );
    expect(theirs).toHaveLength(3);
  });

  test("invitationTestSetup: the caller's next hosted session and up to 3 other people", async () => {
    const t = newTest();
    const host = await createUser(t);
    for (let i = 0; i < 4; i++) await createUser(t);
    expect(await t.query(api.debug.invitationTestSetup, {})).toBeNull();
    expect((await host.asUser.query(api.debug.invitationTestSetup, {}))?.testEvent).toBeNull();
    const { eventId } = await createEvent(t, host, { title: "Test Night" });
    const setup = await host.asUser.query(api.debug.invitationTestSetup, {});
    expect(setup?.testEvent).toMatchObject({ _id: eventId, title: "Test Night" });
    expect(setup?.testUsers).toHaveLength(3);
    expect(setup?.testUsers.map((user) => user.userId)).not.toContain(host.userId);
  });

  test("badge tools act on the caller only: the real check, sample progress and its clean-up", async () => {
    const t = newTest();
    const sam = await createUser(t);
    const ria = await createUser(t);
    await createEvent(t, sam);
    const rowsOf = async (table: "user_badges" | "badge_progress", userId: Id<"users">) =>
      await t.run(async (ctx) =>
        (await ctx.db.query(table).collect()).filter((row) => row.userId === userId),
      );

    await expect(t.mutation(api.debug.checkMyBadges, { trigger: "host" })).rejects.toMatchObject({
      data: { code: "NOT_AUTHENTICATED" },
    });
    await expect(t.mutation(api.debug.createSampleBadgeProgress, {})).rejects.toMatchObject({
      data: { code: "NOT_AUTHENTICATED" },
    });
    await expect(t.mutation(api.debug.cleanupMyBadgeProgress, {})).rejects.toMatchObject({
      data: { code: "NOT_AUTHENTICATED" },
    });
    expect(await t.query(api.debug.myBadgeActivity, {})).toBeNull();

    const { awarded } = await sam.asUser.mutation(api.debug.checkMyBadges, { trigger: "all" });
    expect(awarded.length).toBeGreaterThan(0);
    expect((await rowsOf("user_badges", sam.userId)).map((row) => row.badgeKey).sort()).toEqual(
      [...awarded].sort(),
    );
    expect(await rowsOf("user_badges", ria.userId)).toEqual([]);
    expect((await sam.asUser.query(api.debug.myBadgeActivity, {}))?.counters?.earnedKeys).toEqual(
      expect.arrayContaining(awarded),
    );

    await ria.asUser.mutation(api.debug.createSampleBadgeProgress, {});
    const before = (await rowsOf("badge_progress", sam.userId)).length;
    expect(await sam.asUser.mutation(api.debug.createSampleBadgeProgress, {})).toEqual({
      created: 3,
    });
    const progress = await t.run(async (ctx) =>
      (await ctx.db.query("badge_progress").collect()).filter((row) => row.userId === sam.userId),
    );
    expect(progress).toHaveLength(before + 3);
    expect(progress.every((row) => row.currentProgress < row.targetProgress)).toBe(true);
    expect(await sam.asUser.mutation(api.debug.cleanupMyBadgeProgress, {})).toEqual({
      deleted: before + 3,
    });
    expect(await rowsOf("badge_progress", sam.userId)).toEqual([]);
    expect(await rowsOf("badge_progress", ria.userId)).toHaveLength(3);
  });

  test("test guests: the caller's own, each at an address of its own, the same answer whether an address is registered or not", async () => {
    const t = newTest();
    const sam = await createUser(t, { email: "sam@example.com" });
    await expect(t.mutation(api.debug.createTestGuest, {})).rejects.toMatchObject({
      data: { code: "NOT_AUTHENTICATED" },
    });
    const guest = await sam.asUser.mutation(api.debug.createTestGuest, {});
    expect(guest.email).toMatch(/^test-guest-[a-z0-9]{10}@example\.test$/);
    expect(guest.displayName).toBeTruthy();

    // A registered address (Sam's own) and a free one: a new guest at an alias of it, alike.
    const onRegistered = await sam.asUser.mutation(api.debug.createTestGuest, {
      email: " Sam@Example.com ",
    });
    const onFree = await sam.asUser.mutation(api.debug.createTestGuest, {
      email: "pat@example.com",
    });
    expect(onRegistered.email).toMatch(/^sam\+guest-[a-z0-9]{10}@example\.com$/);
    expect(onFree.email).toMatch(/^pat\+guest-[a-z0-9]{10}@example\.com$/);
    expect(Object.keys(onRegistered).sort()).toEqual(Object.keys(onFree).sort());
    expect(onRegistered.displayName.replace(/\d+$/, "")).toBe(
      onFree.displayName.replace(/\d+$/, ""),
    );
    const samsAddress = await t.run(
      async (ctx) =>
        await ctx.db
          .query("users")
          .withIndex("email", (q) => q.eq("email", "sam@example.com"))
          .collect(),
    );
    expect(samsAddress.map((user) => user._id)).toEqual([sam.userId]);
    // An address with a plus already keeps it.
    expect(
      (await sam.asUser.mutation(api.debug.createTestGuest, { email: "Me+Tag@Mail.com" })).email,
    ).toMatch(/^me\+tag\+guest-[a-z0-9]{10}@mail\.com$/);

    elsewhereWithDebugPages();
    await expect(
      sam.asUser.mutation(api.debug.createTestGuest, { email: "pat@mail.com" }),
    ).rejects.toMatchObject({
      data: {
        code: "FORBIDDEN",
        message: "On this deployment test guests use an @example.test address",
      },
    });
    expect(
      (await sam.asUser.mutation(api.debug.createTestGuest, { email: "pat@example.test" })).email,
    ).toMatch(/^pat\+guest-[a-z0-9]{10}@example\.test$/);
  });

  test("deleting an account deletes its test guests, and only its own", async () => {
    const t = newTest();
    const sam = await createUser(t, { email: "sam@example.com" });
    const ria = await createUser(t, { email: "ria@example.com" });
    const samsGuests = [
      await sam.asUser.mutation(api.debug.createTestGuest, {}),
      await sam.asUser.mutation(api.debug.createTestGuest, {}),
    ];
    const riasGuest = await ria.asUser.mutation(api.debug.createTestGuest, {});
    await sam.asUser.mutation(api.account.deleteMine, { confirmation: "DELETE" });
    const left = await t.run(async (ctx) => ({
      users: (await ctx.db.query("users").collect()).map((user) => user._id as string),
      guestRows: (await ctx.db.query("debug_test_guests").collect()).map((row) => row.guestId),
      profiles: (await ctx.db.query("user_profiles").collect()).map((row) => row.userId),
    }));
    expect(left.users.sort()).toEqual([ria.userId, riasGuest.userId].sort());
    expect(left.guestRows).toEqual([riasGuest.userId]);
    expect(left.profiles).not.toContain(samsGuests[0].userId);
    expect(left.profiles).not.toContain(samsGuests[1].userId);
  });

  test("a host invites their test guest and answers the e-mail link for them; nobody else can", async () => {
    const t = newTest();
    const host = await createUser(t);
    const ria = await createUser(t);
    const { eventId } = await createEvent(t, host, { title: "Token Night" });
    const guest = await host.asUser.mutation(api.debug.createTestGuest, {});
    await host.asUser.mutation(api.invitations.inviteUsers, { eventId, userIds: [guest.userId] });

    expect(await t.query(api.debug.testTokens, {})).toBeNull();
    const tokens = (await host.asUser.query(api.debug.testTokens, {})) ?? [];
    expect(tokens.map((token) => token.action).sort()).toEqual(["accept", "decline"]);
    expect(
      tokens.every(
        (token) => token.forGuest && token.label === "VALID" && token.eventTitle === "Token Night",
      ),
    ).toBe(true);
    expect(await ria.asUser.query(api.debug.testTokens, {})).toEqual([]);

    const accept = tokens.find((token) => token.action === "accept")!.token;
    await expect(
      ria.asUser.mutation(api.debug.answerForTestGuest, { token: accept }),
    ).rejects.toMatchObject({
      data: { code: "NOT_FOUND", message: "Token is invalid" },
    });
    await expect(
      host.asUser.mutation(api.debug.answerForTestGuest, { token: "event_accept_nope" }),
    ).rejects.toMatchObject({
      data: { message: "Token is invalid" },
    });
    const result = await host.asUser.mutation(api.debug.answerForTestGuest, { token: accept });
    expect(result).toMatchObject({ success: true, action: "accept" });
    expect(
      (await host.asUser.query(api.debug.eventMembers, { eventId })).find(
        (m) => m.displayName === guest.displayName,
      ),
    ).toMatchObject({
      status: "accepted",
    });
    expect(
      ((await host.asUser.query(api.debug.testTokens, {})) ?? []).map((token) => token.label),
    ).toEqual(["USED", "USED"]);
    expect(
      (await host.asUser.query(api.debug.myNotifications, {}))?.byType.event_invitation_response,
    ).toBe(1);
  });

  test("testTokens lists the caller's own invitation links too", async () => {
    const t = newTest();
    const host = await createUser(t);
    const sam = await createUser(t);
    const { eventId } = await createEvent(t, host);
    await host.asUser.mutation(api.invitations.inviteUsers, { eventId, userIds: [sam.userId] });
    const tokens = (await sam.asUser.query(api.debug.testTokens, {})) ?? [];
    expect(tokens).toHaveLength(2);
    expect(tokens.every((token) => !token.forGuest)).toBe(true);
    expect(await host.asUser.query(api.debug.testTokens, {})).toEqual([]);
  });
});
