import { describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import {
  createUser,
  HOUR,
  newTest,
  notificationsOf,
  rsvp,
  runsAt,
  type TestConvex,
  type TestUser,
} from "./test.setup";
import { DEFAULT_EMAIL_PREFERENCES } from "../shared/emailPreferences";

// The first render loads React Email (a few seconds on a busy machine).
vi.setConfig({ testTimeout: 30_000 });

const MINUTE = 60_000;

runsAt(Date.UTC(2026, 10, 23, 12, 0, 0));

async function advanceTo(t: TestConvex, time: number) {
  vi.advanceTimersByTime(time - Date.now());
  await t.finishAllScheduledFunctions(() => vi.advanceTimersByTime(0));
}

async function reminderEmailsTo(t: TestConvex, user: TestUser): Promise<Doc<"email_logs">[]> {
  const logs = await t.run(
    async (ctx) =>
      await ctx.db
        .query("email_logs")
        .withIndex("by_recipient", (q) => q.eq("recipient", user.email))
        .collect(),
  );
  return logs.filter((log) => log.type === "event_reminder");
}

async function inAppRemindersOf(t: TestConvex, user: TestUser) {
  return (await notificationsOf(t, user.userId)).filter((n) => n.type === "event_reminder");
}

const payload = (startTime: number) => ({
  title: "Friday Pints",
  durationType: "specific_time" as const,
  startTime,
  drinkType: "beer",
  vibe: "casual",
  isPublic: true,
  timeZone: "UTC",
});

async function setup(startIn = 2 * HOUR) {
  const t = newTest();
  const host = await createUser(t, { email: "host@example.com", name: "Hana" });
  const guest = await createUser(t, { email: "guest@example.com", name: "Gus" });
  const start = Date.now() + startIn;
  const { eventId } = await host.asUser.mutation(api.events.create, payload(start));
  await rsvp(guest, eventId, "going");
  return { t, host, guest, eventId, start };
}

/** The edit dialog's payload for the session at `startTime`. */
function editPayload(eventId: Id<"events">, startTime: number, title = "Friday Pints") {
  const { durationType: _durationType, timeZone: _timeZone, ...fields } = payload(startTime);
  return { eventId, ...fields, title, endTime: startTime + 4 * HOUR };
}

describe("session reminders", () => {
  test("the e-mail goes 1 hour before and the in-app reminder 30 minutes before, to everyone attending, once", async () => {
    const { t, host, guest, start } = await setup();
    await advanceTo(t, start - HOUR - 1);
    expect(await reminderEmailsTo(t, guest)).toEqual([]);
    await advanceTo(t, start - HOUR);
    for (const user of [host, guest]) {
      const emails = await reminderEmailsTo(t, user);
      expect(emails.map((e) => e.subject)).toEqual(["Reminder: Friday Pints starts in 1 hour"]);
      expect(await inAppRemindersOf(t, user)).toEqual([]);
    }
    await advanceTo(t, start - 30 * MINUTE - 1);
    expect(await inAppRemindersOf(t, guest)).toEqual([]);
    await advanceTo(t, start - 30 * MINUTE);
    for (const user of [host, guest]) {
      const reminders = await inAppRemindersOf(t, user);
      expect(reminders.map((n) => [n.title, n.message])).toEqual([
        ["Starting soon", '"Friday Pints" starts in 30 minutes'],
      ]);
    }
    // Never twice: the rest of the session adds nothing.
    await advanceTo(t, start + 5 * HOUR);
    expect(await reminderEmailsTo(t, guest)).toHaveLength(1);
    expect(await inAppRemindersOf(t, guest)).toHaveLength(1);
  });

  test("moving the start moves both reminders; editing other fields plans nothing new", async () => {
    const { t, host, guest, eventId, start } = await setup(3 * HOUR);
    const later = start + 2 * HOUR;
    await host.asUser.mutation(api.events.update, editPayload(eventId, later));
    await host.asUser.mutation(api.events.update, editPayload(eventId, later, "Friday Pints!"));
    await advanceTo(t, start - 30 * MINUTE);
    expect(await reminderEmailsTo(t, guest)).toEqual([]);
    expect(await inAppRemindersOf(t, guest)).toEqual([]);
    await advanceTo(t, later - HOUR);
    expect((await reminderEmailsTo(t, guest)).map((e) => e.subject)).toEqual([
      "Reminder: Friday Pints! starts in 1 hour",
    ]);
    await advanceTo(t, later);
    expect(await inAppRemindersOf(t, guest)).toHaveLength(1);
    expect(await reminderEmailsTo(t, guest)).toHaveLength(1);
  });

  test("someone who leaves gets nothing; a deleted session's jobs are cancelled", async () => {
    const { t, host, guest, eventId, start } = await setup();
    await guest.asUser.mutation(api.events.leave, { eventId });
    await advanceTo(t, start);
    expect(await reminderEmailsTo(t, guest)).toEqual([]);
    expect(await inAppRemindersOf(t, guest)).toEqual([]);
    expect(await reminderEmailsTo(t, host)).toHaveLength(1);

    const other = await host.asUser.mutation(api.events.create, payload(Date.now() + 2 * HOUR));
    await rsvp(guest, other.eventId, "going");
    const jobs = await t.run(async (ctx) => {
      const row = await ctx.db
        .query("event_reminders")
        .withIndex("by_event", (q) => q.eq("eventId", other.eventId))
        .unique();
      return [row!.emailJobId!, row!.inAppJobId!];
    });
    await host.asUser.mutation(api.events.remove, { eventId: other.eventId });
    const states = await t.run(async (ctx) =>
      Promise.all(
        jobs.map(async (id) => (await ctx.db.system.get("_scheduled_functions", id))!.state.kind),
      ),
    );
    expect(states).toEqual(["canceled", "canceled"]);
    expect(
      await t.run(async (ctx) => await ctx.db.query("event_reminders").collect()),
    ).toHaveLength(1);
    await advanceTo(t, Date.now() + 3 * HOUR);
    expect(await reminderEmailsTo(t, guest)).toEqual([]);
  });

  test("a session less than an hour ahead sends what is still in the future", async () => {
    const { t, guest, start } = await setup(45 * MINUTE);
    await advanceTo(t, start);
    expect(await reminderEmailsTo(t, guest)).toEqual([]);
    expect(await inAppRemindersOf(t, guest)).toHaveLength(1);
  });

  test("reminders off (or a digest chosen): no e-mail, the in-app reminder still comes", async () => {
    const { t, guest, host, start } = await setup();
    await guest.asUser.mutation(api.emailPreferences.save, {
      ...DEFAULT_EMAIL_PREFERENCES,
      eventReminders: false,
    });
    await host.asUser.mutation(api.emailPreferences.save, {
      ...DEFAULT_EMAIL_PREFERENCES,
      emailFrequency: "daily",
    });
    await advanceTo(t, start);
    expect(await reminderEmailsTo(t, guest)).toEqual([]);
    expect(await reminderEmailsTo(t, host)).toEqual([]);
    expect(await inAppRemindersOf(t, guest)).toHaveLength(1);
    expect(await inAppRemindersOf(t, host)).toHaveLength(1);
    expect(await t.run(async (ctx) => await ctx.db.query("email_digest_items").collect())).toEqual(
      [],
    );
  });

  test("the reminder e-mail carries the one-click unsubscribe of reminders", async () => {
    const { t, guest, start } = await setup();
    await advanceTo(t, start - HOUR);
    const [email] = await reminderEmailsTo(t, guest);
    expect(email.text).toMatch(
      /\/email\/unsubscribe\?token=[A-Za-z0-9]{32}&category=event_reminder/,
    );
  });
});
