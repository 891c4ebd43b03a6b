import { describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import {
  createUser,
  expectError,
  HOUR,
  newTest,
  notificationsOf,
  runsAt,
  type TestConvex,
  type TestUser,
} from "./test.setup";
import { DEFAULT_EMAIL_PREFERENCES } from "../shared/emailPreferences";
import { NUDGE_COOLDOWN_MS } from "../shared/reminderRules";

// The first render loads React Email (a few seconds on a busy machine).
vi.setConfig({ testTimeout: 30_000 });

runsAt(Date.UTC(2026, 10, 23, 12, 0, 0));

async function advanceTo(t: TestConvex, time: number) {
  vi.advanceTimersByTime(time - Date.now());
  await t.finishAllScheduledFunctions(() => vi.advanceTimersByTime(0));
}

async function nudgeEmailsTo(t: TestConvex, user: TestUser): Promise<Doc<"email_logs">[]> {
  const logs = await t.run(
    async (ctx) =>
      await ctx.db
        .query("email_logs")
        .withIndex("by_recipient", (q) => q.eq("recipient", user.email))
        .collect(),
  );
  return logs.filter((log) => log.type === "event_nudge");
}

async function nudgesOf(t: TestConvex, user: TestUser) {
  return (await notificationsOf(t, user.userId)).filter((n) => n.data.nudge === true);
}

async function createSession(host: TestUser, startIn = 24 * HOUR) {
  const { eventId } = await host.asUser.mutation(api.events.create, {
    title: "Friday Pints",
    durationType: "specific_time",
    startTime: Date.now() + startIn,
    drinkType: "beer",
    vibe: "casual",
    isPublic: true,
    timeZone: "UTC",
  });
  return eventId;
}

async function setup(startIn?: number) {
  const t = newTest();
  const host = await createUser(t, { email: "host@example.com", name: "Hana" });
  const waiting = await createUser(t, { email: "wait@example.com", name: "Wes" });
  const answered = await createUser(t, { email: "yes@example.com", name: "Yan" });
  const stranger = await createUser(t, { email: "who@example.com", name: "Cy" });
  const eventId = await createSession(host, startIn);
  await host.asUser.mutation(api.invitations.inviteUsers, {
    eventId,
    userIds: [waiting.userId, answered.userId],
  });
  await answered.asUser.mutation(api.invitations.respond, { eventId, response: "accepted" });
  await t.finishAllScheduledFunctions(() => vi.advanceTimersByTime(0));
  return { t, host, waiting, answered, stranger, eventId };
}

async function lastNudgeAt(t: TestConvex, eventId: Id<"events">) {
  return await t.run(async (ctx) => {
    const row = await ctx.db
      .query("event_reminders")
      .withIndex("by_event", (q) => q.eq("eventId", eventId))
      .unique();
    return row?.lastNudgeAt ?? null;
  });
}

describe("the host's Nudge", () => {
  test("only the host and co-hosts: anonymous, an invitee and a stranger are refused and nothing is written", async () => {
    const { t, waiting, answered, stranger, eventId } = await setup();
    await expectError(t.mutation(api.nudges.nudge, { eventId }), { code: "NOT_AUTHENTICATED" });
    for (const user of [waiting, answered, stranger]) {
      await expectError(user.asUser.mutation(api.nudges.nudge, { eventId }), {
        code: "FORBIDDEN",
        message: "Only the host and co-hosts can nudge invitees",
      });
      expect(await user.asUser.query(api.nudges.status, { eventId })).toBeNull();
    }
    expect(await t.query(api.nudges.status, { eventId })).toBeNull();
    expect(await nudgesOf(t, waiting)).toEqual([]);
    expect(await lastNudgeAt(t, eventId)).toBeNull();
  });

  test("a deleted or ended session is refused and nothing is written", async () => {
    const { t, host, waiting, eventId } = await setup(HOUR);
    vi.advanceTimersByTime(6 * HOUR); // past its end (a specific-time session lasts 4 hours)
    await expectError(host.asUser.mutation(api.nudges.nudge, { eventId }), {
      code: "VALIDATION",
      message: "This session has already ended",
    });
    expect(await host.asUser.query(api.nudges.status, { eventId })).toBeNull();
    const other = await createSession(host);
    await host.asUser.mutation(api.events.remove, { eventId: other });
    await expectError(host.asUser.mutation(api.nudges.nudge, { eventId: other }), {
      code: "NOT_FOUND",
      message: "Event not found",
    });
    expect(await host.asUser.query(api.nudges.status, { eventId: other })).toBeNull();
    expect(await nudgesOf(t, waiting)).toEqual([]);
    expect(await lastNudgeAt(t, eventId)).toBeNull();
  });

  test("reaches only those who have not answered, in-app with Accept/Decline and by e-mail", async () => {
    const { t, host, waiting, answered, eventId } = await setup();
    expect(await host.asUser.query(api.nudges.status, { eventId })).toEqual({
      hasPendingInvitees: true,
      nextNudgeAt: null,
    });
    const result = await host.asUser.mutation(api.nudges.nudge, { eventId });
    expect(result).toEqual({ nudged: 1, message: "Nudged 1 invitee who hasn't answered yet" });
    await t.finishAllScheduledFunctions(() => vi.advanceTimersByTime(0));
    const [nudge] = await nudgesOf(t, waiting);
    expect(nudge).toMatchObject({
      type: "event_invitation",
      title: "Still deciding?",
      message: 'Hana is waiting for your answer to "Friday Pints"',
      invitationKey: `event:${eventId}`,
      read: false,
    });
    const [email] = await nudgeEmailsTo(t, waiting);
    expect(email.subject).toBe("Hana is waiting for your answer: Friday Pints");
    expect(email.text).toMatch(/\/invitation\/event\/accept\/event_accept_/);
    expect(email.text).toMatch(/category=event_invitation/);
    expect(await nudgesOf(t, answered)).toEqual([]);
    expect(await nudgeEmailsTo(t, answered)).toEqual([]);
    // Answering from the nudge answers the invitation (both notifications read).
    await waiting.asUser.mutation(api.invitations.respond, { eventId, response: "accepted" });
    const invitationNotes = (await notificationsOf(t, waiting.userId)).filter(
      (n) => n.type === "event_invitation",
    );
    expect(invitationNotes.map((n) => [n.read, n.data.userResponse])).toEqual([
      [true, "accepted"],
      [true, "accepted"],
    ]);
  });

  test("once per 12 hours per session ('Invitees were nudged recently…'); nobody left: 'Everyone has answered'", async () => {
    const { t, host, waiting, eventId } = await setup(40 * HOUR);
    const first = Date.now();
    await host.asUser.mutation(api.nudges.nudge, { eventId });
    expect(await host.asUser.query(api.nudges.status, { eventId })).toEqual({
      hasPendingInvitees: true,
      nextNudgeAt: first + NUDGE_COOLDOWN_MS,
    });
    vi.advanceTimersByTime(NUDGE_COOLDOWN_MS - 2 * HOUR);
    await expectError(host.asUser.mutation(api.nudges.nudge, { eventId }), {
      code: "RATE_LIMITED",
      message: "Invitees were nudged recently. You can nudge again in 2 hours",
    });
    expect(await lastNudgeAt(t, eventId)).toBe(first);
    vi.advanceTimersByTime(2 * HOUR);
    await host.asUser.mutation(api.nudges.nudge, { eventId });
    await t.finishAllScheduledFunctions(() => vi.advanceTimersByTime(0));
    expect(await nudgesOf(t, waiting)).toHaveLength(2);

    await waiting.asUser.mutation(api.invitations.respond, { eventId, response: "declined" });
    vi.advanceTimersByTime(NUDGE_COOLDOWN_MS);
    await expectError(host.asUser.mutation(api.nudges.nudge, { eventId }), {
      code: "VALIDATION",
      message: "Everyone has answered. Nobody to nudge!",
    });
  });

  test("per sender: 10 nudges an hour across sessions, then 'Too many nudges…'", async () => {
    const { t, host, waiting } = await setup();
    const sessions = [];
    for (let i = 0; i < 11; i++) {
      const eventId = await createSession(host);
      await host.asUser.mutation(api.invitations.inviteUsers, {
        eventId,
        userIds: [waiting.userId],
      });
      sessions.push(eventId);
    }
    for (const eventId of sessions.slice(0, 10)) {
      await host.asUser.mutation(api.nudges.nudge, { eventId });
    }
    await expectError(host.asUser.mutation(api.nudges.nudge, { eventId: sessions[10] }), {
      code: "RATE_LIMITED",
      message: "Too many nudges. Please try again in 6 minutes",
    });
    expect(await lastNudgeAt(t, sessions[10])).toBeNull();
  });

  test("preferences: invitations off means in-app only; a digest keeps the e-mail for the morning", async () => {
    const { t, host, waiting, answered, eventId } = await setup();
    await waiting.asUser.mutation(api.emailPreferences.save, {
      ...DEFAULT_EMAIL_PREFERENCES,
      eventInvitations: false,
    });
    const other = await createSession(host, 48 * HOUR);
    await host.asUser.mutation(api.invitations.inviteUsers, {
      eventId: other,
      userIds: [answered.userId],
    });
    await answered.asUser.mutation(api.emailPreferences.save, {
      ...DEFAULT_EMAIL_PREFERENCES,
      emailFrequency: "daily",
    });
    await host.asUser.mutation(api.nudges.nudge, { eventId });
    await host.asUser.mutation(api.nudges.nudge, { eventId: other });
    await t.finishAllScheduledFunctions(() => vi.advanceTimersByTime(0));
    expect(await nudgesOf(t, waiting)).toHaveLength(1);
    expect(await nudgeEmailsTo(t, waiting)).toEqual([]);
    expect(await nudgesOf(t, answered)).toHaveLength(1);
    expect(await nudgeEmailsTo(t, answered)).toEqual([]);
    const kept = await t.run(async (ctx) => await ctx.db.query("email_digest_items").collect());
    expect(kept.map((item) => [item.userId, item.title])).toEqual([
      [answered.userId, "Hana is waiting for your answer"],
    ]);
  });
});

describe("the automatic nudge", () => {
  test("3 hours before the start, to those who have not answered", async () => {
    const { t, waiting, answered, eventId } = await setup(5 * HOUR);
    const start = Date.now() + 5 * HOUR;
    await advanceTo(t, start - 3 * HOUR - 1);
    expect(await nudgesOf(t, waiting)).toEqual([]);
    await advanceTo(t, start - 3 * HOUR);
    expect(await nudgesOf(t, waiting)).toHaveLength(1);
    expect(await nudgeEmailsTo(t, waiting)).toHaveLength(1);
    expect(await nudgesOf(t, answered)).toEqual([]);
    expect(await lastNudgeAt(t, eventId)).toBe(start - 3 * HOUR);
  });

  test("skipped when the host nudged in the last 12 hours", async () => {
    const { t, host, waiting, eventId } = await setup(5 * HOUR);
    const start = Date.now() + 5 * HOUR;
    await host.asUser.mutation(api.nudges.nudge, { eventId });
    await advanceTo(t, start - 2 * HOUR);
    expect(await nudgesOf(t, waiting)).toHaveLength(1);
  });
});
