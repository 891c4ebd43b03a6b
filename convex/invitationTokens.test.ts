import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import {
  createCrew,
  createEvent,
  createUser,
  HOUR,
  inviteToCrew,
  newTest,
  notificationsOf,
  stubDeploymentEnv,
  tableSnapshot,
  TEST_SITE_URL,
  unreadCounter,
  type TestConvex,
  type TestUser,
} from "./test.setup";
import { extractUrls } from "../shared/emailLinks";
import { INVITATION_TOKEN_LIFETIME_MS } from "../shared/invitationTokens";

// The first render loads React Email (a few seconds on a busy machine).
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  stubDeploymentEnv();
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

/** Every row an answer may write (for "nothing written"). */
async function snapshot(t: TestConvex) {
  const social = await tableSnapshot(t);
  const tokens = await t.run(async (ctx) => await ctx.db.query("invitation_tokens").collect());
  return { ...social, tokens };
}

/** Runs the scheduled deliveries that are due now. */
async function deliverDue(t: TestConvex) {
  await t.finishAllScheduledFunctions(() => vi.advanceTimersByTime(0));
}

async function emailsTo(t: TestConvex, address: string): Promise<Doc<"email_logs">[]> {
  return await t.run(
    async (ctx) =>
      await ctx.db
        .query("email_logs")
        .withIndex("by_recipient", (q) => q.eq("recipient", address))
        .collect(),
  );
}

/** The token in the newest e-mail to `user` whose link is /invitation/{type}/{action}/…. */
async function tokenFromEmail(t: TestConvex, user: TestUser, type: string, action: string) {
  const [latest] = (await emailsTo(t, user.email)).reverse();
  const prefix = `${TEST_SITE_URL}/invitation/${type}/${action}/`;
  const link = extractUrls(latest?.text).find((url) => url.startsWith(prefix));
  if (link === undefined) throw new Error(`no ${type} ${action} link in the e-mail`);
  return link.slice(prefix.length);
}

async function setup() {
  const t = newTest();
  const host = await createUser(t, { email: "host@example.com", name: "Hana" });
  const invitee = await createUser(t, { email: "bo@example.com", name: "Bo" });
  const stranger = await createUser(t, { email: "cy@example.com", name: "Cy" });
  return { t, host, invitee, stranger };
}

async function invitedToCrew() {
  const world = await setup();
  const crewId = await createCrew(world.host, { name: "Thirsty Thursdays", description: "Pints" });
  await inviteToCrew(world.host, crewId, world.invitee);
  await deliverDue(world.t);
  const accept = await tokenFromEmail(world.t, world.invitee, "crew", "accept");
  const decline = await tokenFromEmail(world.t, world.invitee, "crew", "decline");
  return { ...world, crewId, accept, decline };
}

async function crewMember(t: TestConvex, crewId: Id<"crews">, userId: Id<"users">) {
  return await t.run(async (ctx) =>
    (await ctx.db.query("crew_members").collect()).find(
      (row) => row.crewId === crewId && row.userId === userId,
    ),
  );
}

describe("the crew invitation e-mail", () => {
  test("is logged and sent with absolute Accept and Decline links carrying prefixed tokens", async () => {
    const { t, invitee, accept, decline } = await invitedToCrew();
    const [email] = await emailsTo(t, invitee.email);
    expect(email).toMatchObject({
      type: "crew_invitation",
      status: "sent",
      delivery: "outbox",
      subject: "Hana invited you to join Thirsty Thursdays on Clink",
      data: expect.objectContaining({
        crewName: "Thirsty Thursdays",
        inviterName: "Hana",
      }) as unknown,
    });
    expect(email?.html).toContain("Accept invitation");
    expect(accept).toMatch(/^crew_accept_[A-Za-z0-9]{32}$/);
    expect(decline).toMatch(/^crew_decline_[A-Za-z0-9]{32}$/);
    // The tokens never go into the log's data.
    expect(JSON.stringify(email?.data)).not.toContain(accept.slice(12));
  });

  test("a failed delivery is logged as failed and the invitation stands", async () => {
    vi.stubEnv("RESEND_API_KEY", "re_test_key");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Promise.resolve(
          new Response(
            JSON.stringify({ name: "application_error", message: "Down", statusCode: 500 }),
            {
              status: 500,
              headers: { "Content-Type": "application/json" },
            },
          ),
        ),
      ),
    );
    const { t, host, invitee } = await setup();
    const crewId = await createCrew(host);
    await inviteToCrew(host, crewId, invitee);
    await deliverDue(t);
    expect(await emailsTo(t, invitee.email)).toMatchObject([
      { type: "crew_invitation", status: "failed", delivery: "resend" },
    ]);
    expect(await crewMember(t, crewId, invitee.userId)).toMatchObject({ status: "pending" });
  });

  test("with Resend the message carries the List-Unsubscribe headers", async () => {
    vi.stubEnv("RESEND_API_KEY", "re_test_key");
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(
        new Response(JSON.stringify({ id: "re_1" }), {
          status: 200,
          headers: { "Content-Type": "application/json" },
        }),
      ),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { t, host, invitee } = await setup();
    await inviteToCrew(host, await createCrew(host), invitee);
    await deliverDue(t);
    const body = JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string) as {
      headers: Record<string, string>;
      text: string;
    };
    expect(body.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(body.headers["List-Unsubscribe"]).toMatch(/^<https?:\/\/.+>$/);
    expect(body.text).toContain(`${TEST_SITE_URL}/invitation/crew/accept/crew_accept_`);
    expect(await emailsTo(t, invitee.email)).toMatchObject([
      { status: "sent", messageId: "re_1", html: null },
    ]);
  });
});

describe("answering a crew invitation by e-mail", () => {
  test("Accept joins the crew and updates the in-app notification (email, read, unread down by one)", async () => {
    const { t, invitee, crewId, accept } = await invitedToCrew();
    expect(await unreadCounter(t, invitee.userId)).toBe(1);

    const result = await invitee.asUser.mutation(api.invitationTokens.process, {
      token: accept,
      type: "crew",
      action: "accept",
    });
    expect(result).toEqual({
      success: true,
      type: "crew",
      action: "accept",
      title: "Crew Joined!",
      message: "Joined the crew! 🍺",
      name: "Thirsty Thursdays",
      redirectUrl: `/crew/${crewId}`,
    });
    expect(await crewMember(t, crewId, invitee.userId)).toMatchObject({ status: "accepted" });
    const [notification] = await notificationsOf(t, invitee.userId);
    expect(notification).toMatchObject({
      read: true,
      data: expect.objectContaining({
        userResponse: "accepted",
        responseMethod: "email",
      }) as unknown,
    });
    expect(await unreadCounter(t, invitee.userId)).toBe(0);
  });

  test("a token works once, and its Decline twin stops working too", async () => {
    const { t, invitee, accept, decline } = await invitedToCrew();
    await invitee.asUser.mutation(api.invitationTokens.process, { token: accept });
    const before = await snapshot(t);
    for (const token of [accept, decline]) {
      expect(await invitee.asUser.mutation(api.invitationTokens.process, { token })).toEqual({
        success: false,
        requiresAuth: false,
        error: "This invitation link has already been used",
      });
    }
    expect(await snapshot(t)).toEqual(before);
  });

  test("Decline declines; the unread count never goes below 0 when the notification was read already", async () => {
    const { t, invitee, crewId, decline } = await invitedToCrew();
    const [notification] = await notificationsOf(t, invitee.userId);
    await invitee.asUser.mutation(api.notifications.markRead, {
      notificationId: notification._id,
    });
    expect(await unreadCounter(t, invitee.userId)).toBe(0);
    const result = await invitee.asUser.mutation(api.invitationTokens.process, { token: decline });
    expect(result).toMatchObject({
      success: true,
      title: "Crew Invitation Declined",
      redirectUrl: "/profile",
    });
    expect(await crewMember(t, crewId, invitee.userId)).toMatchObject({ status: "declined" });
    expect(await unreadCounter(t, invitee.userId)).toBe(0);
  });

  test("signed out: asks to log in and writes nothing", async () => {
    const { t, accept } = await invitedToCrew();
    const before = await snapshot(t);
    expect(await t.mutation(api.invitationTokens.process, { token: accept })).toEqual({
      success: false,
      requiresAuth: true,
      error: "Please log in to respond to this invitation",
    });
    expect(await snapshot(t)).toEqual(before);
  });

  test("someone else's link: 'This invitation is not for your account', nothing written", async () => {
    const { t, stranger, host, accept } = await invitedToCrew();
    const before = await snapshot(t);
    for (const user of [stranger, host]) {
      expect(await user.asUser.mutation(api.invitationTokens.process, { token: accept })).toEqual({
        success: false,
        requiresAuth: false,
        error: "This invitation is not for your account",
      });
    }
    expect(await snapshot(t)).toEqual(before);
  });

  test("a used or expired link says so only to its owner: others read 'not for your account', signed out 'log in'", async () => {
    async function expectStateHidden(world: Awaited<ReturnType<typeof invitedToCrew>>) {
      const { t, host, stranger, accept } = world;
      const before = await snapshot(t);
      for (const user of [stranger, host]) {
        expect(await user.asUser.mutation(api.invitationTokens.process, { token: accept })).toEqual(
          {
            success: false,
            requiresAuth: false,
            error: "This invitation is not for your account",
          },
        );
      }
      expect(await t.mutation(api.invitationTokens.process, { token: accept })).toEqual({
        success: false,
        requiresAuth: true,
        error: "Please log in to respond to this invitation",
      });
      expect(await snapshot(t)).toEqual(before);
    }

    const used = await invitedToCrew();
    await used.invitee.asUser.mutation(api.invitationTokens.process, { token: used.decline });
    await expectStateHidden(used);
    expect(
      await used.invitee.asUser.mutation(api.invitationTokens.process, { token: used.accept }),
    ).toMatchObject({ error: "This invitation link has already been used" });

    const expired = await invitedToCrew();
    vi.advanceTimersByTime(INVITATION_TOKEN_LIFETIME_MS + 1000);
    await expectStateHidden(expired);
    expect(
      await expired.invitee.asUser.mutation(api.invitationTokens.process, {
        token: expired.accept,
      }),
    ).toMatchObject({ error: "This invitation link has expired" });
  });

  test("garbage, unknown and wrong-prefix tokens are refused and write nothing", async () => {
    const { t, invitee, accept } = await invitedToCrew();
    const before = await snapshot(t);
    const unknown = `crew_accept_${"A".repeat(32)}`;
    for (const token of [
      "",
      "garbage",
      "crew_accept_short",
      unknown,
      `event_accept_${accept.slice(12)}`,
    ]) {
      expect(await invitee.asUser.mutation(api.invitationTokens.process, { token })).toMatchObject({
        success: false,
        error: "Invalid or expired invitation token",
      });
    }
    // A real token on a page of another type or answer.
    for (const [type, action] of [
      ["event", "accept"],
      ["crew", "decline"],
    ] as const) {
      expect(
        await invitee.asUser.mutation(api.invitationTokens.process, {
          token: accept,
          type,
          action,
        }),
      ).toMatchObject({ success: false, error: "Invalid or expired invitation link" });
    }
    expect(await snapshot(t)).toEqual(before);
  });

  test("a link works until 48 hours have passed, not after", async () => {
    const first = await invitedToCrew();
    vi.advanceTimersByTime(INVITATION_TOKEN_LIFETIME_MS - 1000);
    expect(
      await first.invitee.asUser.mutation(api.invitationTokens.process, { token: first.accept }),
    ).toMatchObject({ success: true });

    const second = await invitedToCrew();
    vi.advanceTimersByTime(INVITATION_TOKEN_LIFETIME_MS + 1000);
    const before = await snapshot(second.t);
    expect(
      await second.invitee.asUser.mutation(api.invitationTokens.process, { token: second.accept }),
    ).toEqual({ success: false, requiresAuth: false, error: "This invitation link has expired" });
    expect(await snapshot(second.t)).toEqual(before);
    expect(await crewMember(second.t, second.crewId, second.invitee.userId)).toMatchObject({
      status: "pending",
    });
  });
});

describe("answering a session invitation by e-mail", () => {
  async function invitedToEvent() {
    const world = await setup();
    const { eventId } = await createEvent(world.t, world.host, {
      title: "Friday Pints",
      startTime: Date.now() + 6 * HOUR,
    });
    await world.host.asUser.mutation(api.invitations.inviteUsers, {
      eventId,
      userIds: [world.invitee.userId],
    });
    await deliverDue(world.t);
    return { ...world, eventId };
  }

  test("the e-mail names the session, and Accept makes the invitee an attendee", async () => {
    const { t, invitee, eventId } = await invitedToEvent();
    const [email] = await emailsTo(t, invitee.email);
    expect(email).toMatchObject({
      type: "event_invitation",
      subject: "Hana invited you to Friday Pints",
      status: "sent",
    });
    const token = await tokenFromEmail(t, invitee, "event", "accept");
    const result = await invitee.asUser.mutation(api.invitationTokens.process, { token });
    expect(result).toMatchObject({
      success: true,
      title: "Event Joined!",
      message: "You're in! See you at the session!",
    });
    const invitation = await invitee.asUser.query(api.invitations.myInvitation, { eventId });
    expect(invitation?.status).toBe("accepted");
    const [notification] = await notificationsOf(t, invitee.userId);
    expect(notification?.data).toMatchObject({
      userResponse: "accepted",
      responseMethod: "email",
    });
  });

  test("Decline: 'Event Declined', back to the sessions list", async () => {
    const { t, invitee, eventId } = await invitedToEvent();
    const token = await tokenFromEmail(t, invitee, "event", "decline");
    expect(await invitee.asUser.mutation(api.invitationTokens.process, { token })).toMatchObject({
      success: true,
      title: "Event Declined",
      message: "Response sent. Maybe next time!",
      redirectUrl: "/events",
    });
    expect((await invitee.asUser.query(api.invitations.myInvitation, { eventId }))?.status).toBe(
      "declined",
    );
  });

  test("answered in-app first: the same answer by e-mail is confirmed, not an error", async () => {
    const { t, invitee, eventId } = await invitedToEvent();
    await invitee.asUser.mutation(api.invitations.respond, { eventId, response: "accepted" });
    const token = await tokenFromEmail(t, invitee, "event", "accept");
    expect(await invitee.asUser.mutation(api.invitationTokens.process, { token })).toMatchObject({
      success: true,
      title: "Event Joined!",
    });
  });

  test("e-mail preferences off: no e-mail and no tokens, the in-app invitation still arrives", async () => {
    const { t, host, invitee } = await setup();
    await invitee.asUser.mutation(api.emailPreferences.save, {
      eventInvitations: false,
      eventReminders: true,
      crewInvitations: true,
      marketingEmails: false,
      emailFrequency: "immediate",
      timeZone: "UTC",
    });
    const { eventId } = await createEvent(t, host);
    await host.asUser.mutation(api.invitations.inviteUsers, { eventId, userIds: [invitee.userId] });
    await deliverDue(t);
    expect(await emailsTo(t, invitee.email)).toEqual([]);
    expect(await t.run(async (ctx) => await ctx.db.query("invitation_tokens").collect())).toEqual(
      [],
    );
    expect(await notificationsOf(t, invitee.userId)).toHaveLength(1);
  });
});

test("the hourly clean-up deletes expired tokens and reports the count", async () => {
  const { t, host, invitee, stranger } = await setup();
  const crewId = await createCrew(host);
  await inviteToCrew(host, crewId, invitee);
  vi.advanceTimersByTime(24 * HOUR);
  await inviteToCrew(host, crewId, stranger);
  expect(await t.mutation(internal.invitationTokens.cleanupExpired, {})).toEqual({ deleted: 0 });
  vi.advanceTimersByTime(24 * HOUR + 1000);
  expect(await t.mutation(internal.invitationTokens.cleanupExpired, {})).toEqual({ deleted: 2 });
  const left = await t.run(async (ctx) => await ctx.db.query("invitation_tokens").collect());
  expect(left.map((row) => row.userId)).toEqual([stranger.userId, stranger.userId]);
});

test("expireForTesting: only where debug pages are enabled; the link then reads as expired", async () => {
  const { t, invitee, accept } = await invitedToCrew();
  await expect(
    t.mutation(internal.invitationTokens.expireForTesting, { token: accept }),
  ).rejects.toMatchObject({
    data: { code: "DEBUG_PAGES_DISABLED" },
  });
  vi.stubEnv("CLINK_DEBUG_PAGES", "true");
  expect(await t.mutation(internal.invitationTokens.expireForTesting, { token: "garbage" })).toBe(
    false,
  );
  expect(await t.mutation(internal.invitationTokens.expireForTesting, { token: accept })).toBe(
    true,
  );
  expect(
    await invitee.asUser.mutation(api.invitationTokens.process, { token: accept }),
  ).toMatchObject({
    success: false,
    error: "This invitation link has expired",
  });
});
