/**
 * A session or crew invitation is settled wherever and however it is
 * answered: an RSVP by the invitee answers it (going or maybe accept, not
 * going declines); every notification and e-mail link of the invitation is
 * settled, however many nudges and re-invitations added; and whether an
 * invitation has expired is judged from the session as it is now. Convex's
 * per-transaction limits are enforced on every function run here.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import {
  createCrew,
  createEvent,
  createUser,
  HOUR,
  inviteToCrew,
  notificationsOf,
  stubDeploymentEnv,
  unreadCounter,
  type TestConvex,
  type TestUser,
  newLimitedTest,
  runDue,
} from "./test.setup";
import { crewNotificationData } from "./model/crewInvites";
import { eventNotificationData } from "./model/eventNotifications";
import { createNotification, crewInvitationKey, eventInvitationKey } from "./model/notifications";
import { invitationState } from "../shared/notificationRules";
import { INVITATION_TOKEN_LIFETIME_MS } from "../shared/invitationTokens";

beforeEach(() => {
  stubDeploymentEnv();
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

async function memberRow(t: TestConvex, eventId: Id<"events">, userId: Id<"users">) {
  return await t.run(
    async (ctx) =>
      await ctx.db
        .query("event_members")
        .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId).eq("userId", userId))
        .unique(),
  );
}

async function attends(t: TestConvex, eventId: Id<"events">, userId: Id<"users">) {
  const row = await t.run(
    async (ctx) =>
      await ctx.db
        .query("event_participants")
        .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId).eq("userId", userId))
        .unique(),
  );
  return row !== null;
}

async function invitationNotifications(t: TestConvex, user: TestUser, key: string) {
  return (await notificationsOf(t, user.userId)).filter((row) => row.invitationKey === key);
}

/** What the bell shows of each of `user`'s invitation notifications now. */
async function bellStates(user: TestUser) {
  const { page } = await user.asUser.query(api.notifications.list, {
    paginationOpts: { numItems: 20, cursor: null },
  });
  return page
    .filter((view) => view.type === "event_invitation" || view.type === "crew_invitation")
    .map((view) => invitationState(view, Date.now()));
}

async function cast(t: TestConvex) {
  const host = await createUser(t, { name: "Hana Host" });
  const coHost = await createUser(t, { name: "Cole Cohost" });
  const invitee = await createUser(t, { name: "Ivy Invitee" });
  const { eventId } = await createEvent(t, host, { title: "Secret Sours", isPublic: false });
  await host.asUser.mutation(api.invitations.inviteUsers, { eventId, userIds: [coHost.userId] });
  await coHost.asUser.mutation(api.invitations.respond, { eventId, response: "accepted" });
  await host.asUser.mutation(api.events.promoteCoHost, { eventId, userId: coHost.userId });
  await coHost.asUser.mutation(api.invitations.inviteUsers, { eventId, userIds: [invitee.userId] });
  return { host, coHost, invitee, eventId };
}

// ---------------------------------------------------------------- an RSVP answers the invitation

describe("an RSVP by the invitee settles a pending session invitation", () => {
  test("Join the Party accepts it: no Accept/Decline left, a later Decline is refused, the inviter hears", async () => {
    const t = newLimitedTest();
    const { coHost, invitee, eventId } = await cast(t);
    expect(await bellStates(invitee)).toEqual(["actionable"]);

    await invitee.asUser.mutation(api.events.join, { eventId });

    expect(await memberRow(t, eventId, invitee.userId)).toMatchObject({ status: "accepted" });
    expect(await invitee.asUser.query(api.invitations.myInvitation, { eventId })).toMatchObject({
      status: "accepted",
    });
    expect(await bellStates(invitee)).toEqual(["accepted"]);
    expect(await unreadCounter(t, invitee.userId)).toBe(0);
    await expect(
      invitee.asUser.mutation(api.invitations.respond, { eventId, response: "declined" }),
    ).rejects.toMatchObject({
      data: { message: "You have no pending invitation to this session" },
    });
    expect(await attends(t, eventId, invitee.userId)).toBe(true);
    const news = (await notificationsOf(t, coHost.userId)).filter(
      (row) => row.type === "event_invitation_response",
    );
    expect(news.map((row) => row.data.response)).toEqual(["accepted"]);
  });

  test("'Maybe' answers it without counting as coming; 'Not Going' declines it", async () => {
    const t = newLimitedTest();
    const { host, invitee, eventId } = await cast(t);
    const other = await createUser(t, { name: "Otto Other" });
    await host.asUser.mutation(api.invitations.inviteUsers, { eventId, userIds: [other.userId] });

    await invitee.asUser.mutation(api.rsvps.set, { eventId, status: "maybe" });
    await other.asUser.mutation(api.rsvps.set, { eventId, status: "not_going" });

    expect(await memberRow(t, eventId, invitee.userId)).toMatchObject({ status: "accepted" });
    expect(await bellStates(invitee)).toEqual(["accepted"]);
    expect(await attends(t, eventId, invitee.userId)).toBe(false);
    expect(await memberRow(t, eventId, other.userId)).toMatchObject({ status: "declined" });
    expect(await bellStates(other)).toEqual(["declined"]);
    expect(await attends(t, eventId, other.userId)).toBe(false);
    const page = await invitee.asUser.query(api.events.get, { slugOrCodeOrId: eventId });
    expect(page.viewer).toMatchObject({ rsvpStatus: "maybe", isAttending: false });
  });

  test("an accepted invitee's own RSVP says whether they come; taking it back returns the invitation", async () => {
    const t = newLimitedTest();
    const { invitee, eventId } = await cast(t);
    await invitee.asUser.mutation(api.invitations.respond, { eventId, response: "accepted" });
    expect(await attends(t, eventId, invitee.userId)).toBe(true);

    await invitee.asUser.mutation(api.rsvps.set, { eventId, status: "not_going" });
    expect(await attends(t, eventId, invitee.userId)).toBe(false);
    // Still an accepted member of the private session, so they may change their mind on its page.
    const page = await invitee.asUser.query(api.events.get, { slugOrCodeOrId: eventId });
    expect(page.viewer).toMatchObject({ rsvpStatus: "not_going", isAttending: false });

    await invitee.asUser.mutation(api.events.leave, { eventId });
    expect(await memberRow(t, eventId, invitee.userId)).toMatchObject({ status: "pending" });
    expect(await invitee.asUser.query(api.invitations.myInvitation, { eventId })).toMatchObject({
      status: "pending",
    });
  });
});

// ---------------------------------------------------------------- every notification and link

/** `count` more notifications of the invitation, as nudges add them (through the one notification path). */
async function addNudges(
  t: TestConvex,
  user: TestUser,
  from: TestUser,
  key: string,
  ids: { eventId?: Id<"events">; crewId?: Id<"crews"> },
  count: number,
) {
  for (let i = 0; i < count; i++) {
    vi.advanceTimersByTime(1000);
    await t.run(async (ctx) => {
      const inviter = { inviterId: from.userId, inviterName: "Hana Host" };
      const invitation = ids.eventId
        ? {
            type: "event_invitation" as const,
            data: {
              ...eventNotificationData((await ctx.db.get("events", ids.eventId))!),
              ...inviter,
            },
          }
        : {
            type: "crew_invitation" as const,
            data: {
              ...crewNotificationData((await ctx.db.get("crews", ids.crewId!))!),
              ...inviter,
              role: "member" as const,
            },
          };
      await createNotification(ctx, {
        userId: user.userId,
        ...invitation,
        title: "Still deciding?",
        message: `Nudge ${i}`,
        sender: { senderId: from.userId, senderName: "Hana Host" },
        invitationKey: key,
        eventId: ids.eventId ?? null,
        crewId: ids.crewId ?? null,
      });
    });
  }
}

describe("an invitation with many notifications", () => {
  test("answering settles every one of them (newest first, the rest in batches)", async () => {
    const t = newLimitedTest();
    const { host, invitee, eventId } = await cast(t);
    const key = eventInvitationKey(eventId);
    await addNudges(t, invitee, host, key, { eventId }, 240);
    expect(await unreadCounter(t, invitee.userId)).toBe(241);

    await invitee.asUser.mutation(api.invitations.respond, { eventId, response: "accepted" });
    // The newest ones (what the bell shows first) are settled by the answer itself.
    expect(new Set(await bellStates(invitee))).toEqual(new Set(["accepted"]));
    await runDue(t);

    const rows = await invitationNotifications(t, invitee, key);
    expect(rows).toHaveLength(241);
    expect(rows.filter((row) => row.data.userResponse !== "accepted")).toEqual([]);
    expect(rows.filter((row) => !row.read)).toEqual([]);
    expect(await unreadCounter(t, invitee.userId)).toBe(0);
  });

  test("a withdrawn crew invitation takes all its notifications; a new invitation's stays", async () => {
    const t = newLimitedTest();
    const host = await createUser(t, { name: "Hana Host" });
    const invitee = await createUser(t, { name: "Ivy Invitee" });
    const crewId = await createCrew(host, { isPublic: false });
    await inviteToCrew(host, crewId, invitee);
    const key = crewInvitationKey(crewId);
    await addNudges(t, invitee, host, key, { crewId }, 230);

    await host.asUser.mutation(api.crews.removePending, { crewId, userId: invitee.userId });
    await inviteToCrew(host, crewId, invitee); // invited again before the batches ran
    await runDue(t);

    const rows = await invitationNotifications(t, invitee, key);
    expect(rows).toHaveLength(1);
    expect(rows[0].message).toContain("invited you to join the crew");
    expect(await unreadCounter(t, invitee.userId)).toBe(1);
  });

  /** A well-formed link token (32 characters after the prefix) numbered `i`. */
  const tokenOf = (action: "accept" | "decline", i: number) =>
    `event_${action}_settle${String(i).padStart(26, "0")}`;

  test("answering by e-mail link uses up every link of the invitation", async () => {
    const t = newLimitedTest();
    const { invitee, eventId } = await cast(t);
    const key = eventInvitationKey(eventId);
    const now = Date.now();
    await t.run(async (ctx) => {
      for (let i = 0; i < 130; i++) {
        for (const action of ["accept", "decline"] as const) {
          await ctx.db.insert("invitation_tokens", {
            token: tokenOf(action, i),
            invitationType: "event",
            action,
            eventId,
            crewId: null,
            invitationKey: key,
            userId: invitee.userId,
            expiresAt: now + INVITATION_TOKEN_LIFETIME_MS,
            used: false,
            responseStatus: null,
            createdAt: now,
            updatedAt: now,
          });
        }
      }
    });
    const result = await invitee.asUser.mutation(api.invitationTokens.process, {
      token: tokenOf("accept", 0),
    });
    expect(result).toMatchObject({ success: true });
    await runDue(t);

    const tokens = await t.run(
      async (ctx) =>
        await ctx.db
          .query("invitation_tokens")
          .withIndex("by_user_and_invitation_key", (q) =>
            q.eq("userId", invitee.userId).eq("invitationKey", key),
          )
          .collect(),
    );
    expect(tokens.filter((row) => !row.used)).toEqual([]);
    const newestDecline = await invitee.asUser.mutation(api.invitationTokens.process, {
      token: tokenOf("decline", 129),
    });
    expect(newestDecline).toMatchObject({ success: false });
    expect(await memberRow(t, eventId, invitee.userId)).toMatchObject({ status: "accepted" });
  });
});

// ---------------------------------------------------------------- expiry from the session as it is now

describe("'Event has expired' is judged from the session as it is now", () => {
  const edit = (eventId: Id<"events">, startTime: number, endTime: number) => ({
    eventId,
    title: "Secret Sours",
    startTime,
    endTime,
    drinkType: "beer",
    vibe: "casual",
    isPublic: false,
  });

  test("a session moved later is not expired at its old end", async () => {
    const t = newLimitedTest();
    const { host, invitee, eventId } = await cast(t);
    const start = Date.now() + 2 * HOUR;
    await host.asUser.mutation(
      api.events.update,
      edit(eventId, start + 24 * HOUR, start + 28 * HOUR),
    );
    vi.setSystemTime(start + 8 * HOUR); // past the first end (start + 4 h)
    expect(await bellStates(invitee)).toEqual(["actionable"]);
  });

  test("a session moved earlier is expired once its new end has passed", async () => {
    const t = newLimitedTest();
    const { host, invitee, eventId } = await cast(t);
    const now = Date.now();
    await host.asUser.mutation(api.events.update, edit(eventId, now + HOUR, now + 90 * 60_000));
    vi.setSystemTime(now + 2 * HOUR); // before the first end (now + 6 h)
    expect(await bellStates(invitee)).toEqual(["expired"]);
  });
});
