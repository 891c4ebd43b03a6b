import { describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import {
  createCrew,
  createUser,
  expectError,
  HOUR,
  newTest,
  notificationsOf,
  runDue,
  runsAt,
  TEST_CONVEX_SITE_URL,
  type TestConvex,
  type TestUser,
} from "./test.setup";
import { DEFAULT_EMAIL_PREFERENCES, type EmailPreferences } from "../shared/emailPreferences";
import { emailDecision, listUnsubscribeHeaders } from "./model/emailPreferences";
import { extractUrls } from "../shared/emailLinks";

// The first render loads React Email (a few seconds on a busy machine).
vi.setConfig({ testTimeout: 30_000 });

/** Monday 23 November 2026, 10:00 UTC (11:00 in Paris). */
const MONDAY_10_UTC = Date.UTC(2026, 10, 23, 10, 0, 0);

runsAt(MONDAY_10_UTC);

/** Moves the clock to `time` and runs what became due. */
async function advanceTo(t: TestConvex, time: number) {
  vi.advanceTimersByTime(time - Date.now());
  await runDue(t);
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

async function preferencesRows(t: TestConvex) {
  return await t.run(async (ctx) => await ctx.db.query("email_preferences").collect());
}

const SAVE: EmailPreferences = {
  eventInvitations: false,
  eventReminders: true,
  crewInvitations: true,
  hostAnnouncements: false,
  marketingEmails: true,
  emailFrequency: "weekly",
};

async function setup() {
  const t = newTest();
  const host = await createUser(t, { email: "host@example.com", name: "Hana" });
  const guest = await createUser(t, { email: "guest@example.com", name: "Gus" });
  return { t, host, guest };
}

async function inviteToEvent(host: TestUser, guest: TestUser, startTime = Date.now() + 72 * HOUR) {
  const { eventId } = await host.asUser.mutation(api.events.create, {
    title: `Pints ${startTime}`,
    durationType: "specific_time",
    startTime,
    drinkType: "beer",
    vibe: "casual",
    isPublic: true,
    timeZone: "UTC",
  });
  await host.asUser.mutation(api.invitations.inviteUsers, { eventId, userIds: [guest.userId] });
  return eventId;
}

describe("emailPreferences.mine and save", () => {
  test("signed out: 'Not authenticated', nothing written", async () => {
    const { t } = await setup();
    await expectError(t.query(api.emailPreferences.mine, {}), { code: "NOT_AUTHENTICATED" });
    await expectError(t.mutation(api.emailPreferences.save, SAVE), { code: "NOT_AUTHENTICATED" });
    expect(await preferencesRows(t)).toEqual([]);
  });

  test("the spec's defaults until saved; saving is the caller's own and says 'Email preferences saved!'", async () => {
    const { t, host, guest } = await setup();
    expect(await host.asUser.query(api.emailPreferences.mine, {})).toEqual(
      DEFAULT_EMAIL_PREFERENCES,
    );
    expect(DEFAULT_EMAIL_PREFERENCES).toEqual({
      eventInvitations: true,
      eventReminders: true,
      crewInvitations: true,
      hostAnnouncements: true,
      marketingEmails: false,
      emailFrequency: "immediate",
    });
    const result = await host.asUser.mutation(api.emailPreferences.save, {
      ...SAVE,
      timeZone: "Europe/Paris",
    });
    expect(result).toEqual({ message: "Email preferences saved!" });
    expect(await host.asUser.query(api.emailPreferences.mine, {})).toEqual(SAVE);
    // Another user's are untouched.
    expect(await guest.asUser.query(api.emailPreferences.mine, {})).toEqual(
      DEFAULT_EMAIL_PREFERENCES,
    );
    const [row] = await preferencesRows(t);
    expect(row).toMatchObject({ userId: host.userId, timeZone: "Europe/Paris" });
    expect(row.unsubscribeToken).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  test("bad input is refused and writes nothing; an unknown time zone is not stored", async () => {
    const { t, host } = await setup();
    await expect(
      host.asUser.mutation(api.emailPreferences.save, {
        ...SAVE,
        emailFrequency: "hourly" as "daily",
      }),
    ).rejects.toThrow(/Validator error.*hourly/);
    expect(await preferencesRows(t)).toEqual([]);
    await host.asUser.mutation(api.emailPreferences.save, { ...SAVE, timeZone: "Mars/Olympus" });
    expect((await preferencesRows(t))[0].timeZone).toBeNull();
  });
});

describe("emailDecision", () => {
  test("send, digest or skip as the preferences say; reminders never wait for a digest", async () => {
    const { t, host } = await setup();
    const decide = async () =>
      await t.run(async (ctx) => ({
        invitation: await emailDecision(ctx, host.userId, "event_invitation"),
        reminder: await emailDecision(ctx, host.userId, "event_reminder"),
        crew: await emailDecision(ctx, host.userId, "crew_invitation"),
        marketing: await emailDecision(ctx, host.userId, "marketing"),
      }));
    expect(await decide()).toEqual({
      invitation: "send",
      reminder: "send",
      crew: "send",
      marketing: "skip",
    });
    await host.asUser.mutation(api.emailPreferences.save, {
      ...DEFAULT_EMAIL_PREFERENCES,
      emailFrequency: "daily",
    });
    expect(await decide()).toEqual({
      invitation: "digest",
      reminder: "skip",
      crew: "digest",
      marketing: "skip",
    });
    await host.asUser.mutation(api.emailPreferences.save, { ...SAVE, emailFrequency: "never" });
    expect(await decide()).toEqual({
      invitation: "skip",
      reminder: "skip",
      crew: "skip",
      marketing: "skip",
    });
  });

  test("invitations off: no e-mail, the in-app invitation still comes", async () => {
    const { t, host, guest } = await setup();
    await guest.asUser.mutation(api.emailPreferences.save, {
      ...DEFAULT_EMAIL_PREFERENCES,
      eventInvitations: false,
    });
    await inviteToEvent(host, guest);
    await runDue(t);
    expect(await emailsTo(t, guest.email)).toEqual([]);
    expect((await notificationsOf(t, guest.userId)).map((n) => n.type)).toEqual([
      "event_invitation",
    ]);
    // A crew invitation is another category: it is sent.
    const crewId = await createCrew(host);
    await host.asUser.mutation(api.crews.inviteUsers, { crewId, userIds: [guest.userId] });
    await runDue(t);
    expect((await emailsTo(t, guest.email)).map((e) => e.type)).toEqual(["crew_invitation"]);
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  async function headersFor(t: TestConvex, userId: Id<"users">) {
    return await t.run(
      async (ctx) => await listUnsubscribeHeaders(ctx, userId, "event_invitation"),
    );
  }

  test("every non-critical e-mail carries List-Unsubscribe headers and the link in its body", async () => {
    const { t, host, guest } = await setup();
    await inviteToEvent(host, guest);
    await runDue(t);
    const [email] = await emailsTo(t, guest.email);
    const headers = await headersFor(t, guest.userId);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(.+)>$/.exec(headers["List-Unsubscribe"])![1];
    expect(link.startsWith(`${TEST_CONVEX_SITE_URL}/email/unsubscribe?token=`)).toBe(true);
    expect(new URL(link).searchParams.get("category")).toBe("event_invitation");
    expect(extractUrls(email.text)).toContain(link);
  });

  test("POST turns the category off; GET only asks; an unknown token changes nothing", async () => {
    const { t, guest } = await setup();
    const link = /^<(.+)>$/.exec((await headersFor(t, guest.userId))["List-Unsubscribe"])![1];
    const path = link.slice(TEST_CONVEX_SITE_URL.length);

    const page = await t.fetch(path, { method: "GET" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Unsubscribe from session invitations?");
    expect((await guest.asUser.query(api.emailPreferences.mine, {})).eventInvitations).toBe(true);

    const badPath = path.replace(/token=[^&]+/, "token=" + "x".repeat(32));
    const badPage = await t.fetch(badPath, { method: "GET" });
    expect(badPage.status).toBe(400);
    expect(await badPage.text()).toContain("This unsubscribe link is not valid");
    const bad = await t.fetch(badPath, { method: "POST", body: "List-Unsubscribe=One-Click" });
    expect(bad.status).toBe(400);
    expect((await guest.asUser.query(api.emailPreferences.mine, {})).eventInvitations).toBe(true);

    const done = await t.fetch(path, { method: "POST", body: "List-Unsubscribe=One-Click" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You're unsubscribed");
    expect(await guest.asUser.query(api.emailPreferences.mine, {})).toEqual({
      ...DEFAULT_EMAIL_PREFERENCES,
      eventInvitations: false,
    });
  });

  test("a digest's link (category all) stops every e-mail but sign-in links", async () => {
    const { t, guest } = await setup();
    const url = await t.run(
      async (ctx) => (await listUnsubscribeHeaders(ctx, guest.userId, "all"))["List-Unsubscribe"],
    );
    const path = url.slice(1, -1).slice(TEST_CONVEX_SITE_URL.length);
    expect((await t.fetch(path, { method: "POST" })).status).toBe(200);
    expect((await guest.asUser.query(api.emailPreferences.mine, {})).emailFrequency).toBe("never");
    const unknown = await t.mutation(internal.emailPreferences.unsubscribe, {
      token: (await preferencesRows(t))[0].unsubscribeToken,
      category: "everything",
    });
    expect(unknown).toBe(false);
  });
});

describe("digests", () => {
  test("daily: nothing goes at once; one digest at 08:00 in the user's time zone lists everything", async () => {
    const { t, host, guest } = await setup();
    await guest.asUser.mutation(api.emailPreferences.save, {
      ...DEFAULT_EMAIL_PREFERENCES,
      emailFrequency: "daily",
      timeZone: "Europe/Paris",
    });
    await inviteToEvent(host, guest);
    await inviteToEvent(host, guest, Date.now() + 80 * HOUR);
    const crewId = await createCrew(host, { name: "Hopheads" });
    await host.asUser.mutation(api.crews.inviteUsers, { crewId, userIds: [guest.userId] });
    await runDue(t);
    expect(await emailsTo(t, guest.email)).toEqual([]);
    expect(await notificationsOf(t, guest.userId)).toHaveLength(3);

    // 08:00 in Paris is 07:00 UTC in November: a minute before, still nothing.
    const eight = Date.UTC(2026, 10, 24, 7, 0, 0);
    await advanceTo(t, eight - 60_000);
    expect(await emailsTo(t, guest.email)).toEqual([]);
    await advanceTo(t, eight);
    const emails = await emailsTo(t, guest.email);
    expect(emails.map((e) => e.type)).toEqual(["email_digest"]);
    expect(emails[0].subject).toBe("Your daily Clink digest: 3 updates");
    expect(emails[0].text).toContain("Hana invited you to join Hopheads");
    expect(emails[0].text).toContain(`${TEST_CONVEX_SITE_URL}/email/unsubscribe`);
    expect(await t.run(async (ctx) => await ctx.db.query("email_digest_items").collect())).toEqual(
      [],
    );

    // The next invitation plans the next morning's digest, not another one now.
    await inviteToEvent(host, guest, Date.now() + 72 * HOUR);
    await advanceTo(t, eight + 23 * HOUR);
    expect(await emailsTo(t, guest.email)).toHaveLength(1);
    await advanceTo(t, eight + 24 * HOUR);
    expect((await emailsTo(t, guest.email)).map((e) => e.subject)).toEqual([
      "Your daily Clink digest: 3 updates",
      "Your daily Clink digest: 1 update",
    ]);
  });

  test("weekly goes on Monday at 08:00 UTC without a time zone; a session that started by then is left out", async () => {
    const { t, host, guest } = await setup();
    await t.run(async (ctx) => {
      await ctx.db.insert("email_preferences", {
        userId: guest.userId,
        ...DEFAULT_EMAIL_PREFERENCES,
        emailFrequency: "weekly",
        timeZone: null,
        unsubscribeToken: "T".repeat(32),
        digestJobId: null,
        updatedAt: Date.now(),
      });
    });
    await inviteToEvent(host, guest, Date.now() + 2 * HOUR); // starts long before the digest
    await inviteToEvent(host, guest, Date.now() + 10 * 24 * HOUR);
    const nextMonday = Date.UTC(2026, 10, 30, 8, 0, 0);
    await advanceTo(t, nextMonday - 60_000);
    expect(await emailsTo(t, guest.email)).toEqual([]);
    await advanceTo(t, nextMonday);
    const [digest] = await emailsTo(t, guest.email);
    expect(digest.subject).toBe("Your weekly Clink digest: 1 update");
  });

  test("switching to immediate sends what was kept at once; to never drops it", async () => {
    const { t, host, guest } = await setup();
    const daily = { ...DEFAULT_EMAIL_PREFERENCES, emailFrequency: "daily" as const };
    await guest.asUser.mutation(api.emailPreferences.save, daily);
    await inviteToEvent(host, guest);
    await guest.asUser.mutation(api.emailPreferences.save, DEFAULT_EMAIL_PREFERENCES);
    await runDue(t);
    expect((await emailsTo(t, guest.email)).map((e) => e.type)).toEqual(["email_digest"]);

    await guest.asUser.mutation(api.emailPreferences.save, daily);
    await inviteToEvent(host, guest);
    await guest.asUser.mutation(api.emailPreferences.save, { ...daily, emailFrequency: "never" });
    await advanceTo(t, Date.now() + 48 * HOUR);
    expect(await emailsTo(t, guest.email)).toHaveLength(1);
    expect(await t.run(async (ctx) => await ctx.db.query("email_digest_items").collect())).toEqual(
      [],
    );
  });
});
