import { describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Doc } from "./_generated/dataModel";
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
  CHECK_IN_ALERT_DELAY_MS,
  CHECK_IN_LATEST_AFTER_END_MS,
  CHECK_IN_MESSAGES,
  CHECK_IN_RETENTION_MS,
} from "../shared/checkInRules";
import { DEFAULT_EMAIL_PREFERENCES } from "../shared/emailPreferences";

// The alert's e-mail renders with React Email (a few seconds on a busy machine).
vi.setConfig({ testTimeout: 60_000 });

runsAt(Date.UTC(2026, 10, 23, 18, 0, 0));

const MINUTE = 60_000;

/**
 * A private session starting in 2 hours and ending 4 hours later: the host, three guests
 * going (Bea turns on check-ins, Al and Cy are her buddies), one who said maybe, and a stranger.
 */
async function setup() {
  const t = newTest();
  const host = await createUser(t, { email: "host@example.com", name: "Hana" });
  const bea = await createUser(t, { email: "bea@example.com", name: "Bea" });
  const al = await createUser(t, { email: "al@example.com", name: "Al" });
  const cy = await createUser(t, { email: "cy@example.com", name: "Cy" });
  const maybe = await createUser(t, { email: "maybe@example.com", name: "May" });
  const stranger = await createUser(t, { email: "who@example.com", name: "Who" });
  const { eventId } = await createEvent(t, host, { isPublic: false, location: "The Crown" });
  await host.asUser.mutation(api.invitations.inviteUsers, {
    eventId,
    userIds: [bea.userId, al.userId, cy.userId, maybe.userId],
  });
  for (const guest of [bea, al, cy]) await rsvp(guest, eventId, "going");
  await rsvp(maybe, eventId, "maybe");
  await runDue(t);
  const event = (await t.run(async (ctx) => await ctx.db.get("events", eventId)))!;
  return { t, host, bea, al, cy, maybe, stranger, eventId, event };
}

type Setup = Awaited<ReturnType<typeof setup>>;

async function startFor(
  s: Setup,
  owner: TestUser,
  buddies: TestUser[],
  dueAt: number = s.event.endTime + HOUR,
) {
  return await owner.asUser.mutation(api.checkIns.start, {
    eventId: s.eventId,
    buddyIds: buddies.map((b) => b.userId),
    dueAt,
  });
}

async function advanceTo(t: TestConvex, time: number) {
  vi.advanceTimersByTime(time - Date.now());
  await runDue(t);
}

/** To the person's time (the reminder), then the 15 minutes after it (the alert). */
async function advanceToAlert(t: TestConvex, dueAt: number) {
  await advanceTo(t, dueAt);
  await advanceTo(t, dueAt + CHECK_IN_ALERT_DELAY_MS);
}

async function checkInRows(t: TestConvex) {
  return await t.run(async (ctx) => ({
    checkIns: await ctx.db.query("check_ins").collect(),
    buddies: await ctx.db.query("check_in_buddies").collect(),
  }));
}

async function pendingJobs(t: TestConvex, name: string) {
  return await t.run(async (ctx) =>
    (await ctx.db.system.query("_scheduled_functions").collect()).filter(
      (job) => job.name.startsWith(name) && job.state.kind === "pending",
    ),
  );
}

async function typesOf(t: TestConvex, user: TestUser): Promise<Doc<"notifications">["type"][]> {
  return (await notificationsOf(t, user.userId)).map((n) => n.type);
}

async function alertEmailsTo(t: TestConvex, address: string) {
  return await t
    .run(
      async (ctx) =>
        await ctx.db
          .query("email_logs")
          .withIndex("by_recipient", (q) => q.eq("recipient", address))
          .collect(),
    )
    .then((logs) => logs.filter((log) => log.type === "check_in_alert"));
}

describe("start", () => {
  test("anonymous is refused; a stranger and someone who said maybe are not going", async () => {
    const s = await setup();
    const args = { eventId: s.eventId, buddyIds: [s.al.userId], dueAt: s.event.endTime + HOUR };
    await expectError(s.t.mutation(api.checkIns.start, args), { code: "NOT_AUTHENTICATED" });
    for (const outsider of [s.stranger, s.maybe]) {
      await expectError(outsider.asUser.mutation(api.checkIns.start, args), {
        code: "FORBIDDEN",
        message: CHECK_IN_MESSAGES.notGoing,
      });
    }
    expect((await checkInRows(s.t)).checkIns).toEqual([]);
  });

  test("a guest going and the host may each turn one on; the jobs are planned", async () => {
    const s = await setup();
    await startFor(s, s.bea, [s.al, s.cy]);
    await startFor(s, s.host, [s.bea]);
    const { checkIns, buddies } = await checkInRows(s.t);
    expect(checkIns.map((c) => [c.status, c.open])).toEqual([
      ["waiting", true],
      ["waiting", true],
    ]);
    expect(buddies).toHaveLength(3);
    expect(await pendingJobs(s.t, "checkIns:step")).toHaveLength(2);
    expect(await pendingJobs(s.t, "checkIns:expire")).toHaveLength(2);
  });

  test("bad input gets a clear error and writes nothing", async () => {
    const s = await setup();
    const six = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createUser(s.t, { email: `six${i}@example.com` })),
    );
    const cases: Array<[TestUser[], number, string, string]> = [
      [[], s.event.endTime + HOUR, CHECK_IN_MESSAGES.tooFewBuddies, "buddyIds"],
      [six, s.event.endTime + HOUR, CHECK_IN_MESSAGES.tooManyBuddies, "buddyIds"],
      [[s.bea], s.event.endTime + HOUR, CHECK_IN_MESSAGES.selfBuddy, "buddyIds"],
      [[s.al, s.al], s.event.endTime + HOUR, CHECK_IN_MESSAGES.duplicateBuddy, "buddyIds"],
      [[s.stranger], s.event.endTime + HOUR, CHECK_IN_MESSAGES.buddyNotThere, "buddyIds"],
      [[s.maybe], s.event.endTime + HOUR, CHECK_IN_MESSAGES.buddyNotThere, "buddyIds"],
      [[s.al], Date.now() - MINUTE, CHECK_IN_MESSAGES.timeInPast, "dueAt"],
      [[s.al], Date.now(), CHECK_IN_MESSAGES.timeInPast, "dueAt"],
      [
        [s.al],
        s.event.endTime + CHECK_IN_LATEST_AFTER_END_MS + MINUTE,
        CHECK_IN_MESSAGES.timeTooLate,
        "dueAt",
      ],
    ];
    for (const [buddies, dueAt, message, field] of cases) {
      await expectError(startFor(s, s.bea, buddies, dueAt), {
        code: "VALIDATION",
        message,
        field,
      });
    }
    expect(await checkInRows(s.t)).toEqual({ checkIns: [], buddies: [] });
    expect(await pendingJobs(s.t, "checkIns:")).toEqual([]);
  });

  test("one open check-in per person and session; a closed one is replaced", async () => {
    const s = await setup();
    await startFor(s, s.bea, [s.al]);
    await expectError(startFor(s, s.bea, [s.cy]), {
      code: "VALIDATION",
      message: CHECK_IN_MESSAGES.alreadyOn,
    });
    await s.bea.asUser.mutation(api.checkIns.homeSafe, { eventId: s.eventId });
    await startFor(s, s.bea, [s.cy]);
    const { checkIns, buddies } = await checkInRows(s.t);
    expect(checkIns.map((c) => c.status)).toEqual(["waiting"]);
    expect(buddies.map((b) => b.buddyId)).toEqual([s.cy.userId]);
  });
});

describe("who sees a check-in", () => {
  test("the person and their buddies; the host and a stranger see nothing of it", async () => {
    const s = await setup();
    await startFor(s, s.bea, [s.al, s.cy]);
    const mine = await s.bea.asUser.query(api.checkIns.forEvent, { eventId: s.eventId });
    expect(mine?.mine?.buddies.map((b) => b.displayName).sort()).toEqual(["Al", "Cy"]);
    expect(mine?.canStart).toBe(false);
    const buddy = await s.al.asUser.query(api.checkIns.forEvent, { eventId: s.eventId });
    expect(buddy?.watching.map((c) => c.owner.displayName)).toEqual(["Bea"]);
    expect(buddy?.canStart).toBe(true);
    // The host attends: may turn one on, sees nobody else's.
    const host = await s.host.asUser.query(api.checkIns.forEvent, { eventId: s.eventId });
    expect(host).toMatchObject({ mine: null, watching: [], canStart: true });
    // A stranger and the signed-out: what a missing session answers.
    const { eventId: missing } = await createEvent(s.t, s.host);
    await s.host.asUser.mutation(api.events.remove, { eventId: missing });
    expect(await s.stranger.asUser.query(api.checkIns.forEvent, { eventId: s.eventId })).toBeNull();
    expect(await s.stranger.asUser.query(api.checkIns.forEvent, { eventId: missing })).toBeNull();
    expect(await s.t.query(api.checkIns.forEvent, { eventId: s.eventId })).toBeNull();
    expect(await s.maybe.asUser.query(api.checkIns.forEvent, { eventId: s.eventId })).toBeNull();
  });

  test("buddy candidates: the other attendees, only for someone attending", async () => {
    const s = await setup();
    const names = (await s.bea.asUser.query(api.checkIns.candidates, { eventId: s.eventId }))
      .map((p) => p.displayName)
      .sort();
    expect(names).toEqual(["Al", "Cy", "Hana"]);
    expect(await s.stranger.asUser.query(api.checkIns.candidates, { eventId: s.eventId })).toEqual(
      [],
    );
    expect(await s.t.query(api.checkIns.candidates, { eventId: s.eventId })).toEqual([]);
  });

  test("the banner: the viewer's open check-in, and alerts about their buddies", async () => {
    const s = await setup();
    expect(await s.bea.asUser.query(api.checkIns.openForMe, {})).toBeNull();
    expect(await s.t.query(api.checkIns.openForMe, {})).toBeNull();
    const dueAt = s.event.endTime + HOUR;
    await startFor(s, s.bea, [s.al], dueAt);
    expect(await s.bea.asUser.query(api.checkIns.openForMe, {})).toMatchObject({
      mine: [{ eventId: s.eventId, status: "waiting", dueAt }],
      alerts: [],
    });
    expect(await s.al.asUser.query(api.checkIns.openForMe, {})).toBeNull();
    await advanceToAlert(s.t, dueAt);
    expect(await s.al.asUser.query(api.checkIns.openForMe, {})).toMatchObject({
      mine: [],
      alerts: [{ eventId: s.eventId, ownerName: "Bea" }],
    });
    expect(await s.stranger.asUser.query(api.checkIns.openForMe, {})).toBeNull();
  });

  test("the banner lists each of the viewer's open check-ins, one per session", async () => {
    const s = await setup();
    const { eventId: afterParty, publicSlug } = await createEvent(s.t, s.host, {
      title: "After party",
      startTime: s.event.endTime,
    });
    await rsvp(s.bea, afterParty, "going");
    await rsvp(s.al, afterParty, "going");
    await startFor(s, s.bea, [s.al]);
    const party = (await s.t.run(async (ctx) => await ctx.db.get("events", afterParty)))!;
    await s.bea.asUser.mutation(api.checkIns.start, {
      eventId: afterParty,
      buddyIds: [s.al.userId],
      dueAt: party.endTime + HOUR,
    });
    const banner = await s.bea.asUser.query(api.checkIns.openForMe, {});
    expect(banner!.mine.map((own) => own.eventId).sort()).toEqual([s.eventId, afterParty].sort());
    expect(banner!.mine.find((own) => own.eventId === afterParty)).toMatchObject({
      eventTitle: "After party",
      eventPath: `/event/${publicSlug}`,
      status: "waiting",
    });
    // Home safe from one session closes that check-in only.
    await s.bea.asUser.mutation(api.checkIns.homeSafe, { eventId: afterParty });
    expect(
      (await s.bea.asUser.query(api.checkIns.openForMe, {}))!.mine.map((own) => own.eventId),
    ).toEqual([s.eventId]);
  });
});

describe("the timing", () => {
  test("at the time the person is reminded; 15 minutes later the buddies are alerted with the last stop, in-app and by e-mail", async () => {
    const s = await setup();
    const dueAt = s.event.endTime + HOUR;
    await startFor(s, s.bea, [s.al, s.cy], dueAt);
    // Cy's mail is daily digests with every category off: a safety alert still goes at once.
    await s.cy.asUser.mutation(api.emailPreferences.save, {
      ...DEFAULT_EMAIL_PREFERENCES,
      eventInvitations: false,
      eventReminders: false,
      crewInvitations: false,
      hostAnnouncements: false,
      emailFrequency: "daily",
    });
    await advanceTo(s.t, dueAt - MINUTE);
    expect(await typesOf(s.t, s.bea)).not.toContain("check_in_reminder");
    await advanceTo(s.t, dueAt);
    const reminder = (await notificationsOf(s.t, s.bea.userId)).find(
      (n) => n.type === "check_in_reminder",
    );
    expect(reminder?.data).toMatchObject({ eventId: s.eventId, dueAt });
    expect(reminder?.data.closedAt).toBeUndefined();
    expect(await typesOf(s.t, s.al)).not.toContain("check_in_alert");

    await advanceToAlert(s.t, dueAt);
    for (const buddy of [s.al, s.cy]) {
      const alert = (await notificationsOf(s.t, buddy.userId)).find(
        (n) => n.type === "check_in_alert",
      );
      expect(alert?.title).toBe("⚠️ Bea hasn't checked in");
      expect(alert?.message).toContain("The Crown");
      expect(alert?.data).toMatchObject({ ownerId: s.bea.userId, lastStop: "The Crown" });
      const emails = await alertEmailsTo(s.t, buddy.email);
      expect(emails).toHaveLength(1);
      expect(emails[0].subject).toBe("Bea hasn't checked in after Friday Pints");
    }
    const nothingDigested = await s.t.run(
      async (ctx) => await ctx.db.query("email_digest_items").collect(),
    );
    expect(nothingDigested).toEqual([]);
    // Nobody else hears of it.
    expect(await typesOf(s.t, s.host)).not.toContain("check_in_alert");
    expect((await checkInRows(s.t)).buddies.every((b) => b.alerted)).toBe(true);
  });

  test("the last stop is the bar crawl's current stop once the crew arrived somewhere", async () => {
    const s = await setup();
    for (const name of ["The Crown", "The Anchor"]) {
      await s.host.asUser.mutation(api.stops.add, {
        eventId: s.eventId,
        name,
        place: null,
        plannedTime: null,
      });
    }
    const stops = await s.t.run(async (ctx) => await ctx.db.query("event_stops").collect());
    const anchor = stops.find((stop) => stop.name === "The Anchor")!;
    await s.host.asUser.mutation(api.stops.arrive, { eventId: s.eventId, stopId: anchor._id });
    const dueAt = s.event.endTime + HOUR;
    await startFor(s, s.bea, [s.al], dueAt);
    await advanceToAlert(s.t, dueAt);
    const alert = (await notificationsOf(s.t, s.al.userId)).find(
      (n) => n.type === "check_in_alert",
    );
    expect(alert?.data).toMatchObject({ lastStop: "The Anchor" });
    const view = await s.al.asUser.query(api.checkIns.forEvent, { eventId: s.eventId });
    expect(view?.watching[0].lastStop).toBe("The Anchor");
  });

  test("someone who chose no e-mail at all gets the alert in-app only", async () => {
    const s = await setup();
    await s.al.asUser.mutation(api.emailPreferences.save, {
      ...DEFAULT_EMAIL_PREFERENCES,
      emailFrequency: "never",
    });
    const dueAt = s.event.endTime + HOUR;
    await startFor(s, s.bea, [s.al], dueAt);
    await advanceToAlert(s.t, dueAt);
    expect(await typesOf(s.t, s.al)).toContain("check_in_alert");
    expect(await alertEmailsTo(s.t, s.al.email)).toEqual([]);
  });

  test("Home safe before the time: no reminder, no alert; the buddies hear they're home", async () => {
    const s = await setup();
    const dueAt = s.event.endTime + HOUR;
    await startFor(s, s.bea, [s.al, s.cy], dueAt);
    await s.bea.asUser.mutation(api.checkIns.homeSafe, { eventId: s.eventId });
    expect(await pendingJobs(s.t, "checkIns:step")).toEqual([]);
    await advanceTo(s.t, dueAt + 2 * CHECK_IN_ALERT_DELAY_MS);
    expect(await typesOf(s.t, s.bea)).not.toContain("check_in_reminder");
    for (const buddy of [s.al, s.cy]) {
      const types = await typesOf(s.t, buddy);
      expect(types).not.toContain("check_in_alert");
      expect(types).toContain("check_in_closed");
    }
    const view = await s.al.asUser.query(api.checkIns.forEvent, { eventId: s.eventId });
    expect(view?.watching[0]).toMatchObject({ status: "home", closedBy: { displayName: "Bea" } });
  });

  test("Home safe after the reminder: the reminder loses its button; a queued tap sent twice applies once", async () => {
    const s = await setup();
    const dueAt = s.event.endTime + HOUR;
    await startFor(s, s.bea, [s.al], dueAt);
    await advanceTo(s.t, dueAt);
    const key = "home-safe-tap-0001";
    await s.bea.asUser.mutation(api.checkIns.homeSafe, { eventId: s.eventId, idempotencyKey: key });
    await s.bea.asUser.mutation(api.checkIns.homeSafe, { eventId: s.eventId, idempotencyKey: key });
    const reminder = (await notificationsOf(s.t, s.bea.userId)).find(
      (n) => n.type === "check_in_reminder",
    );
    expect(typeof reminder?.data.closedAt).toBe("number");
    expect((await typesOf(s.t, s.al)).filter((type) => type === "check_in_closed")).toHaveLength(1);
    await advanceTo(s.t, dueAt + 2 * CHECK_IN_ALERT_DELAY_MS);
    expect(await typesOf(s.t, s.al)).not.toContain("check_in_alert");
  });

  test("Home safe: anonymous refused; without a check-in (or someone else's) NOT_FOUND", async () => {
    const s = await setup();
    await startFor(s, s.bea, [s.al]);
    await expectError(s.t.mutation(api.checkIns.homeSafe, { eventId: s.eventId }), {
      code: "NOT_AUTHENTICATED",
    });
    for (const other of [s.al, s.stranger, s.host]) {
      await expectError(other.asUser.mutation(api.checkIns.homeSafe, { eventId: s.eventId }), {
        code: "NOT_FOUND",
        message: CHECK_IN_MESSAGES.notFound,
      });
    }
    expect((await checkInRows(s.t)).checkIns.map((c) => c.status)).toEqual(["waiting"]);
  });

  test("a week after the session the check-in is deleted", async () => {
    const s = await setup();
    const dueAt = s.event.endTime + HOUR;
    await startFor(s, s.bea, [s.al], dueAt);
    await s.bea.asUser.mutation(api.checkIns.homeSafe, { eventId: s.eventId });
    await advanceTo(s.t, dueAt + CHECK_IN_RETENTION_MS - MINUTE);
    expect((await checkInRows(s.t)).checkIns).toHaveLength(1);
    await advanceTo(s.t, dueAt + CHECK_IN_RETENTION_MS);
    expect(await checkInRows(s.t)).toEqual({ checkIns: [], buddies: [] });
  });
});

describe("markFine", () => {
  async function alerted() {
    const s = await setup();
    const dueAt = s.event.endTime + HOUR;
    const { checkInId } = await startFor(s, s.bea, [s.al, s.cy], dueAt);
    return { ...s, checkInId, dueAt };
  }

  test("only a buddy, and only once an alert is out; anyone else gets the missing one's answer", async () => {
    const s = await alerted();
    await expectError(s.al.asUser.mutation(api.checkIns.markFine, { checkInId: s.checkInId }), {
      code: "VALIDATION",
      message: CHECK_IN_MESSAGES.notAlerted,
    });
    await advanceToAlert(s.t, s.dueAt);
    await expectError(s.t.mutation(api.checkIns.markFine, { checkInId: s.checkInId }), {
      code: "NOT_AUTHENTICATED",
    });
    for (const other of [s.stranger, s.host, s.bea]) {
      await expectError(other.asUser.mutation(api.checkIns.markFine, { checkInId: s.checkInId }), {
        code: "NOT_FOUND",
        message: CHECK_IN_MESSAGES.notFound,
      });
    }
    expect((await checkInRows(s.t)).checkIns.map((c) => c.status)).toEqual(["alerted"]);
  });

  test("a buddy closes the alert for everyone; the other buddy is told", async () => {
    const s = await alerted();
    await advanceToAlert(s.t, s.dueAt);
    await s.al.asUser.mutation(api.checkIns.markFine, { checkInId: s.checkInId });
    const { checkIns, buddies } = await checkInRows(s.t);
    expect(checkIns.map((c) => [c.status, c.open, c.closedBy])).toEqual([
      ["fine", false, s.al.userId],
    ]);
    expect(buddies.every((b) => !b.alerted)).toBe(true);
    const cy = await s.cy.asUser.query(api.checkIns.forEvent, { eventId: s.eventId });
    expect(cy?.watching[0]).toMatchObject({ status: "fine", closedBy: { displayName: "Al" } });
    expect(await s.cy.asUser.query(api.checkIns.openForMe, {})).toBeNull();
    expect(await typesOf(s.t, s.cy)).toContain("check_in_closed");
    expect(await typesOf(s.t, s.al)).not.toContain("check_in_closed");
    // Bea's later Home safe changes nothing.
    await s.bea.asUser.mutation(api.checkIns.homeSafe, { eventId: s.eventId });
    expect((await checkInRows(s.t)).checkIns[0].status).toBe("fine");
  });
});

describe("cancel and clean-up", () => {
  test("the person cancels: rows and jobs go; anyone else gets NOT_FOUND", async () => {
    const s = await setup();
    const { checkInId } = await startFor(s, s.bea, [s.al]);
    await expectError(s.t.mutation(api.checkIns.cancel, { eventId: s.eventId }), {
      code: "NOT_AUTHENTICATED",
    });
    await expectError(s.al.asUser.mutation(api.checkIns.cancel, { eventId: s.eventId }), {
      code: "NOT_FOUND",
      message: CHECK_IN_MESSAGES.notFound,
    });
    await expectError(s.stranger.asUser.mutation(api.checkIns.cancel, { eventId: s.eventId }), {
      code: "NOT_FOUND",
      message: CHECK_IN_MESSAGES.notFound,
    });
    await s.bea.asUser.mutation(api.checkIns.cancel, { eventId: s.eventId });
    expect(await checkInRows(s.t)).toEqual({ checkIns: [], buddies: [] });
    expect(await pendingJobs(s.t, "checkIns:")).toEqual([]);
    // A buddy asking about the gone check-in gets what a stranger gets about a live one.
    await expectError(s.al.asUser.mutation(api.checkIns.markFine, { checkInId }), {
      code: "NOT_FOUND",
      message: CHECK_IN_MESSAGES.notFound,
    });
    expect(await s.al.asUser.query(api.checkIns.forEvent, { eventId: s.eventId })).toMatchObject({
      mine: null,
      watching: [],
    });
  });

  test("leaving the session deletes one's own check-in and removes one as a buddy", async () => {
    const s = await setup();
    await startFor(s, s.bea, [s.al, s.cy]);
    await startFor(s, s.cy, [s.bea]);
    await s.bea.asUser.mutation(api.events.leave, { eventId: s.eventId });
    const { checkIns, buddies } = await checkInRows(s.t);
    expect(checkIns.map((c) => c.userId)).toEqual([s.cy.userId]);
    expect(buddies).toEqual([]);
    expect(await pendingJobs(s.t, "checkIns:")).toHaveLength(2);
  });

  test("deleting the session or the account deletes the check-ins", async () => {
    const s = await setup();
    await startFor(s, s.bea, [s.al, s.cy]);
    await startFor(s, s.al, [s.bea]);
    await s.bea.asUser.mutation(api.account.deleteMine, { confirmation: "DELETE" });
    await runDue(s.t);
    let rows = await checkInRows(s.t);
    expect(rows.checkIns.map((c) => c.userId)).toEqual([s.al.userId]);
    expect(rows.buddies).toEqual([]);
    await s.host.asUser.mutation(api.events.remove, { eventId: s.eventId });
    await runDue(s.t);
    rows = await checkInRows(s.t);
    expect(rows).toEqual({ checkIns: [], buddies: [] });
    expect(await pendingJobs(s.t, "checkIns:")).toEqual([]);
  });
});

describe("runDueStepsForTesting", () => {
  test("refused unless debug pages are on; then each call runs the next step now", async () => {
    const s = await setup();
    await startFor(s, s.bea, [s.al]);
    await expectError(
      s.t.mutation(internal.checkIns.runDueStepsForTesting, { eventId: s.eventId }),
      { code: "DEBUG_PAGES_DISABLED" },
    );
    vi.stubEnv("CLINK_DEBUG_PAGES", "true");
    expect(
      await s.t.mutation(internal.checkIns.runDueStepsForTesting, { eventId: s.eventId }),
    ).toBe(1);
    expect(await typesOf(s.t, s.bea)).toContain("check_in_reminder");
    expect(
      await s.t.mutation(internal.checkIns.runDueStepsForTesting, { eventId: s.eventId }),
    ).toBe(1);
    await runDue(s.t);
    expect(await typesOf(s.t, s.al)).toContain("check_in_alert");
    expect(
      await s.t.mutation(internal.checkIns.runDueStepsForTesting, { eventId: s.eventId }),
    ).toBe(0);
    expect(await pendingJobs(s.t, "checkIns:step")).toEqual([]);
  });
});
