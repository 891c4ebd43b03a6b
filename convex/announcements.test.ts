import { describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import {
  createEvent,
  createUser,
  expectError,
  HOUR,
  newTest,
  notificationsOf,
  rsvp,
  runDue,
  runsAt,
  type TestConvex,
  type TestUser,
} from "./test.setup";
import {
  ANNOUNCEMENT_MAX_LENGTH,
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENTS_PER_DAY,
  ANNOUNCEMENT_WINDOW_MS,
} from "../shared/announcementRules";
import { DEFAULT_EMAIL_PREFERENCES } from "../shared/emailPreferences";

// The first render loads React Email (a few seconds on a busy machine).
vi.setConfig({ testTimeout: 60_000 });

runsAt(Date.UTC(2026, 10, 23, 12, 0, 0));

const PAGE = { numItems: 10, cursor: null };

/**
 * A private session with one person of each standing: the host, a co-host,
 * a guest going, one who said maybe, an invitee who has not answered, one
 * who declined, and a stranger.
 */
async function setup() {
  const t = newTest();
  const host = await createUser(t, { email: "host@example.com", name: "Hana" });
  const coHost = await createUser(t, { email: "co@example.com", name: "Cole" });
  const going = await createUser(t, { email: "going@example.com", name: "Gus" });
  const maybe = await createUser(t, { email: "maybe@example.com", name: "May" });
  const invited = await createUser(t, { email: "invited@example.com", name: "Ivy" });
  const declined = await createUser(t, { email: "declined@example.com", name: "Dee" });
  const stranger = await createUser(t, { email: "who@example.com", name: "Cy" });
  const { eventId } = await createEvent(t, host, {
    isPublic: false,
    startTime: Date.now() + 24 * HOUR,
  });
  await host.asUser.mutation(api.invitations.inviteUsers, {
    eventId,
    userIds: [coHost.userId, going.userId, maybe.userId, invited.userId, declined.userId],
  });
  await rsvp(coHost, eventId, "going");
  await rsvp(going, eventId, "going");
  await rsvp(maybe, eventId, "maybe");
  await declined.asUser.mutation(api.invitations.respond, { eventId, response: "declined" });
  await host.asUser.mutation(api.events.promoteCoHost, { eventId, userId: coHost.userId });
  await runDue(t);
  return { t, host, coHost, going, maybe, invited, declined, stranger, eventId };
}

async function announcementsIn(t: TestConvex, eventId: Id<"events">) {
  return await t.run(
    async (ctx) =>
      await ctx.db
        .query("event_announcements")
        .withIndex("by_event", (q) => q.eq("eventId", eventId))
        .collect(),
  );
}

async function announcementNotes(t: TestConvex, user: TestUser) {
  return (await notificationsOf(t, user.userId)).filter((n) => n.type === "event_announcement");
}

async function announcementMails(t: TestConvex, user: TestUser) {
  const logs = await t.run(
    async (ctx) =>
      await ctx.db
        .query("email_logs")
        .withIndex("by_recipient", (q) => q.eq("recipient", user.email))
        .collect(),
  );
  return logs.filter((log) => log.type === "host_announcement");
}

describe("post", () => {
  test("the host and a co-host may post; anonymous, a stranger and a guest are refused and nothing is written", async () => {
    const { t, host, coHost, going, stranger, eventId } = await setup();
    const args = { eventId, text: "Table 4 at the back", groups: ["going"] };
    await expectError(t.mutation(api.announcements.post, args), { code: "NOT_AUTHENTICATED" });
    await expectError(stranger.asUser.mutation(api.announcements.post, args), {
      code: "FORBIDDEN",
      message: ANNOUNCEMENT_MESSAGES.onlyHosts,
    });
    await expectError(going.asUser.mutation(api.announcements.post, args), {
      code: "FORBIDDEN",
      message: ANNOUNCEMENT_MESSAGES.onlyHosts,
    });
    expect(await announcementsIn(t, eventId)).toHaveLength(0);

    await host.asUser.mutation(api.announcements.post, args);
    await coHost.asUser.mutation(api.announcements.post, {
      ...args,
      text: "  Cash only\r\nat the bar ",
    });
    const rows = await announcementsIn(t, eventId);
    expect(rows.map((row) => [row.authorId, row.text, row.groups])).toEqual([
      [host.userId, "Table 4 at the back", ["going"]],
      [coHost.userId, "Cash only\nat the bar", ["going"]],
    ]);
  });

  test("bad input gets a clear error at its field and writes nothing", async () => {
    const { t, host, eventId } = await setup();
    const post = (text: string, groups: string[]) =>
      host.asUser.mutation(api.announcements.post, { eventId, text, groups });
    await expectError(post("  \u200b ", ["going"]), {
      code: "VALIDATION",
      field: "text",
      message: ANNOUNCEMENT_MESSAGES.textRequired,
    });
    await expectError(post("a".repeat(ANNOUNCEMENT_MAX_LENGTH + 1), ["going"]), {
      code: "VALIDATION",
      field: "text",
      message: ANNOUNCEMENT_MESSAGES.textTooLong,
    });
    await expectError(post("hi", []), {
      code: "VALIDATION",
      field: "groups",
      message: ANNOUNCEMENT_MESSAGES.groupsRequired,
    });
    await expectError(post("hi", ["everyone"]), {
      code: "VALIDATION",
      field: "groups",
      message: ANNOUNCEMENT_MESSAGES.unknownGroup,
    });
    await runDue(t);
    expect(await announcementsIn(t, eventId)).toHaveLength(0);
    expect(
      (await notificationsOf(t, host.userId)).filter((n) => n.type === "event_announcement"),
    ).toHaveLength(0);
  });

  test("an ended session takes no announcement", async () => {
    const { t, host } = await setup();
    const { eventId } = await createEvent(t, host, { startTime: Date.now() + HOUR });
    vi.advanceTimersByTime(6 * HOUR);
    await expectError(
      host.asUser.mutation(api.announcements.post, { eventId, text: "hi", groups: ["going"] }),
      {
        code: "VALIDATION",
        message: ANNOUNCEMENT_MESSAGES.ended,
      },
    );
  });

  test("at most 5 a session over any 24 hours, host and co-hosts together", async () => {
    const { t, host, coHost, eventId } = await setup();
    for (let i = 0; i < ANNOUNCEMENTS_PER_DAY; i++) {
      const author = i % 2 === 0 ? host : coHost;
      await author.asUser.mutation(api.announcements.post, {
        eventId,
        text: `Note ${i}`,
        groups: ["going"],
      });
      vi.advanceTimersByTime(HOUR);
    }
    expect(await coHost.asUser.query(api.announcements.composer, { eventId })).toEqual({ left: 0 });
    await expectError(
      host.asUser.mutation(api.announcements.post, {
        eventId,
        text: "One more",
        groups: ["going"],
      }),
      {
        code: "RATE_LIMITED",
        message: ANNOUNCEMENT_MESSAGES.dailyLimit,
      },
    );
    expect(await announcementsIn(t, eventId)).toHaveLength(ANNOUNCEMENTS_PER_DAY);
    // 24 hours after the first, one more may go.
    vi.advanceTimersByTime(ANNOUNCEMENT_WINDOW_MS - ANNOUNCEMENTS_PER_DAY * HOUR + 1);
    await host.asUser.mutation(api.announcements.post, {
      eventId,
      text: "One more",
      groups: ["going"],
    });
  });
});

describe("list and composer", () => {
  test("the session's people read the list newest first, paginated; others as the page's access rules say", async () => {
    const { t, host, coHost, going, invited, declined, stranger, eventId } = await setup();
    for (const text of ["First", "Second", "Third"]) {
      await host.asUser.mutation(api.announcements.post, { eventId, text, groups: ["going"] });
    }
    for (const reader of [host, coHost, going, invited]) {
      const page = await reader.asUser.query(api.announcements.list, {
        eventId,
        paginationOpts: PAGE,
      });
      expect(page.page.map((a) => a.text)).toEqual(["Third", "Second", "First"]);
      expect(page.page[0].author.displayName).toBe("Hana");
    }
    const first = await going.asUser.query(api.announcements.list, {
      eventId,
      paginationOpts: { numItems: 2, cursor: null },
    });
    expect(first.page.map((a) => a.text)).toEqual(["Third", "Second"]);
    const rest = await going.asUser.query(api.announcements.list, {
      eventId,
      paginationOpts: { numItems: 2, cursor: first.continueCursor },
    });
    expect(rest.page.map((a) => a.text)).toEqual(["First"]);
    // A private session: a stranger and one who declined are refused, anonymous is asked to sign in.
    await expectError(
      stranger.asUser.query(api.announcements.list, { eventId, paginationOpts: PAGE }),
      {
        code: "FORBIDDEN",
      },
    );
    await expectError(
      declined.asUser.query(api.announcements.list, { eventId, paginationOpts: PAGE }),
      {
        code: "FORBIDDEN",
      },
    );
    await expectError(t.query(api.announcements.list, { eventId, paginationOpts: PAGE }), {
      code: "NOT_AUTHENTICATED",
    });
    // A public session's list is as public as its page.
    const open = await createEvent(t, host);
    await host.asUser.mutation(api.announcements.post, {
      eventId: open.eventId,
      text: "Open",
      groups: ["going"],
    });
    expect(
      (await t.query(api.announcements.list, { eventId: open.eventId, paginationOpts: PAGE })).page,
    ).toHaveLength(1);
  });

  test("the composer is for the host and co-hosts only", async () => {
    const { t, host, coHost, going, stranger, eventId } = await setup();
    expect(await host.asUser.query(api.announcements.composer, { eventId })).toEqual({
      left: ANNOUNCEMENTS_PER_DAY,
    });
    expect(await coHost.asUser.query(api.announcements.composer, { eventId })).toEqual({
      left: ANNOUNCEMENTS_PER_DAY,
    });
    expect(await going.asUser.query(api.announcements.composer, { eventId })).toBeNull();
    expect(await stranger.asUser.query(api.announcements.composer, { eventId })).toBeNull();
    expect(await t.query(api.announcements.composer, { eventId })).toBeNull();
  });
});

describe("telling people", () => {
  test("only the chosen groups hear it, each once, in the bell and by e-mail; never the author", async () => {
    const { t, host, coHost, going, maybe, invited, declined, stranger, eventId } = await setup();
    await coHost.asUser.mutation(api.announcements.post, {
      eventId,
      text: "Table 4 at the back",
      groups: ["going", "invited"],
    });
    await runDue(t);
    // Going: the host and the guest (the co-host wrote it); invited: the one who has not answered.
    for (const told of [host, going, invited]) {
      const notes = await announcementNotes(t, told);
      expect(notes).toHaveLength(1);
      expect(notes[0].message).toBe("Table 4 at the back");
      expect(notes[0].title).toContain("Cole");
      expect(notes[0].read).toBe(false);
      expect(await announcementMails(t, told)).toHaveLength(1);
    }
    for (const untold of [coHost, maybe, declined, stranger]) {
      expect(await announcementNotes(t, untold)).toHaveLength(0);
      expect(await announcementMails(t, untold)).toHaveLength(0);
    }
    const bell = await going.asUser.query(api.notifications.list, { paginationOpts: PAGE });
    expect(bell.page[0]).toMatchObject({ type: "event_announcement", data: { eventId } });
  });

  test("the waitlist is a group", async () => {
    const { t, host, stranger, eventId } = await setup();
    await t.run(async (ctx) => {
      await ctx.db.insert("event_waitlist", { eventId, userId: stranger.userId, plusOnes: 0 });
    });
    await host.asUser.mutation(api.announcements.post, {
      eventId,
      text: "Seats soon",
      groups: ["waitlisted"],
    });
    await runDue(t);
    expect(await announcementNotes(t, stranger)).toHaveLength(1);
  });

  test("the groups are read when it is sent: someone who left or declined meanwhile hears nothing", async () => {
    const { t, host, going, invited, eventId } = await setup();
    await host.asUser.mutation(api.announcements.post, {
      eventId,
      text: "Change of plan",
      groups: ["going"],
    });
    // Before the scheduled delivery runs.
    await going.asUser.mutation(api.events.leave, { eventId });
    await runDue(t);
    expect(await announcementNotes(t, going)).toHaveLength(0);
    await host.asUser.mutation(api.announcements.post, {
      eventId,
      text: "Still coming?",
      groups: ["invited"],
    });
    await invited.asUser.mutation(api.invitations.respond, { eventId, response: "declined" });
    await runDue(t);
    expect(await announcementNotes(t, invited)).toHaveLength(0);
  });

  test("e-mail follows each person's preferences; the bell always gets it", async () => {
    const { t, host, going, maybe, invited, eventId } = await setup();
    await going.asUser.mutation(api.emailPreferences.save, {
      ...DEFAULT_EMAIL_PREFERENCES,
      hostAnnouncements: false,
    });
    await maybe.asUser.mutation(api.emailPreferences.save, {
      ...DEFAULT_EMAIL_PREFERENCES,
      emailFrequency: "daily",
    });
    await host.asUser.mutation(api.announcements.post, {
      eventId,
      text: "Bring a jacket",
      groups: ["going", "maybe", "invited"],
    });
    await runDue(t);
    for (const user of [going, maybe, invited])
      expect(await announcementNotes(t, user)).toHaveLength(1);
    expect(await announcementMails(t, going)).toHaveLength(0);
    expect(await announcementMails(t, maybe)).toHaveLength(0);
    const digest = await t.run(
      async (ctx) =>
        await ctx.db
          .query("email_digest_items")
          .withIndex("by_user", (q) => q.eq("userId", maybe.userId))
          .collect(),
    );
    expect(digest.map((item) => [item.category, item.detail])).toEqual([
      ["host_announcement", "Bring a jacket"],
    ]);
    const [mail] = await announcementMails(t, invited);
    expect(mail.subject).toContain("an announcement from Hana");
  });

  test("the e-mail's one-click unsubscribe turns announcements off, and only them", async () => {
    const { t, host, going, eventId } = await setup();
    expect(await going.asUser.query(api.emailPreferences.mine, {})).toMatchObject({
      hostAnnouncements: true,
    });
    await host.asUser.mutation(api.announcements.post, {
      eventId,
      text: "First",
      groups: ["going"],
    });
    await runDue(t);
    const [mail] = await announcementMails(t, going);
    expect(mail).toBeDefined();
    const token = await t.run(
      async (ctx) =>
        (await ctx.db
          .query("email_preferences")
          .withIndex("by_user", (q) => q.eq("userId", going.userId))
          .unique())!.unsubscribeToken,
    );
    expect(
      await t.mutation(internal.emailPreferences.unsubscribe, {
        token,
        category: "host_announcement",
      }),
    ).toBe(true);
    expect(await going.asUser.query(api.emailPreferences.mine, {})).toEqual({
      ...DEFAULT_EMAIL_PREFERENCES,
      hostAnnouncements: false,
    });
    await host.asUser.mutation(api.announcements.post, {
      eventId,
      text: "Second",
      groups: ["going"],
    });
    await runDue(t);
    expect(await announcementMails(t, going)).toHaveLength(1);
    expect(await announcementNotes(t, going)).toHaveLength(2);
  });

  test("many people are told in batches", async () => {
    const { t, host, eventId } = await setup();
    const guests: TestUser[] = [];
    for (let i = 0; i < 60; i++) {
      const guest = await createUser(t, { email: `g${i}@example.com` });
      await t.run(async (ctx) => {
        await ctx.db.insert("rsvps", {
          eventId,
          userId: guest.userId,
          status: "maybe",
          trendingAt: null,
          updatedAt: Date.now(),
        });
      });
      guests.push(guest);
    }
    await host.asUser.mutation(api.announcements.post, {
      eventId,
      text: "Hello all",
      groups: ["maybe"],
    });
    await runDue(t);
    for (const guest of [guests[0], guests[59]])
      expect(await announcementNotes(t, guest)).toHaveLength(1);
  });
});

describe("clean-up", () => {
  test("deleting the session removes its announcements and their notifications", async () => {
    const { t, host, going, eventId } = await setup();
    await host.asUser.mutation(api.announcements.post, {
      eventId,
      text: "Soon",
      groups: ["going"],
    });
    await runDue(t);
    expect(await announcementNotes(t, going)).toHaveLength(1);
    await host.asUser.mutation(api.events.remove, { eventId });
    await runDue(t);
    expect(await announcementsIn(t, eventId)).toHaveLength(0);
    expect(await announcementNotes(t, going)).toHaveLength(0);
  });

  test("deleting a co-host's account removes their announcements and their notifications", async () => {
    const { t, host, coHost, going, eventId } = await setup();
    await coHost.asUser.mutation(api.announcements.post, {
      eventId,
      text: "From Cole",
      groups: ["going"],
    });
    await host.asUser.mutation(api.announcements.post, {
      eventId,
      text: "From Hana",
      groups: ["going"],
    });
    await runDue(t);
    await coHost.asUser.mutation(api.account.deleteMine, { confirmation: "DELETE" });
    await runDue(t);
    expect((await announcementsIn(t, eventId)).map((a) => a.text)).toEqual(["From Hana"]);
    expect((await announcementNotes(t, going)).map((n) => n.message)).toEqual(["From Hana"]);
  });
});
