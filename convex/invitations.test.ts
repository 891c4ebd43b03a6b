import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import {
  addCrewMembers,
  createCrew,
  createEvent,
  createUser,
  eventDoc,
  HOUR,
  newTest,
  notificationsOf,
  rsvp,
  stubDeploymentEnv,
  tableSnapshot,
  unreadCounter,
  type TestConvex,
  type TestUser,
  expectError,
} from "./test.setup";

beforeEach(() => stubDeploymentEnv());
afterEach(() => vi.unstubAllEnvs());

async function expectRefused(t: TestConvex, run: () => Promise<unknown>, message: string) {
  const before = await tableSnapshot(t);
  await expectError(run(), { message });
  expect(await tableSnapshot(t)).toEqual(before);
}

async function memberRow(t: TestConvex, eventId: Id<"events">, userId: Id<"users">) {
  return await t.run(async (ctx) => {
    const rows = await ctx.db.query("event_members").collect();
    return rows.find((r) => r.eventId === eventId && r.userId === userId) ?? null;
  });
}

async function participantRow(t: TestConvex, eventId: Id<"events">, userId: Id<"users">) {
  return await t.run(async (ctx) => {
    const rows = await ctx.db.query("event_participants").collect();
    return rows.find((r) => r.eventId === eventId && r.userId === userId) ?? null;
  });
}

/** Whether `user` may open the session page. */
async function canOpen(user: TestUser, ref: string): Promise<boolean> {
  try {
    await user.asUser.query(api.events.get, { slugOrCodeOrId: ref });
    return true;
  } catch (error) {
    expect(error).toMatchObject({
      data: { message: "You do not have permission to view this private event" },
    });
    return false;
  }
}

/** host, co-host (accepted, promoted), attendee (going), stranger; a private session of host's. */
async function cast(t: TestConvex) {
  const host = await createUser(t, { name: "Hana Host" });
  const coHost = await createUser(t, { name: "Cole Cohost" });
  const attendee = await createUser(t, { name: "Ava Attendee" });
  const stranger = await createUser(t, { name: "Stan Stranger" });
  const invitee = await createUser(t, { name: "Ivy Invitee" });
  const event = await createEvent(t, host, { title: "Secret Sours", isPublic: false });
  const { eventId } = event;
  await host.asUser.mutation(api.invitations.inviteUsers, {
    eventId,
    userIds: [coHost.userId, attendee.userId, invitee.userId],
  });
  await coHost.asUser.mutation(api.invitations.respond, { eventId, response: "accepted" });
  await attendee.asUser.mutation(api.invitations.respond, { eventId, response: "accepted" });
  await host.asUser.mutation(api.events.promoteCoHost, { eventId, userId: coHost.userId });
  return { host, coHost, attendee, stranger, invitee, event, eventId, ref: event.privateSlug };
}

describe("signed out", () => {
  test("'Not authenticated' for every mutation and the search, nothing written; no invitation", async () => {
    const t = newTest();
    const { eventId, stranger } = await cast(t);
    const crewId = await createCrew(stranger);
    for (const call of [
      () => t.query(api.invitations.searchUsersForEvent, { query: "stan", eventId }),
      () => t.mutation(api.invitations.inviteUsers, { eventId, userIds: [stranger.userId] }),
      () => t.mutation(api.invitations.inviteCrew, { eventId, crewId }),
      () => t.mutation(api.invitations.respond, { eventId, response: "accepted" }),
    ]) {
      await expectRefused(t, call, "Not authenticated");
    }
    expect(await t.query(api.invitations.myInvitation, { eventId })).toBeNull();
  });
});

describe("inviteUsers", () => {
  test("host and co-host only; counts and messages; a repeat invites nobody", async () => {
    const t = newTest();
    const { host, coHost, attendee, stranger, invitee, eventId } = await cast(t);
    const a = await createUser(t, { name: "Al" });
    const b = await createUser(t, { name: "Bea" });
    for (const user of [attendee, stranger, invitee]) {
      await expectRefused(
        t,
        () => user.asUser.mutation(api.invitations.inviteUsers, { eventId, userIds: [a.userId] }),
        "You do not have permission to edit this event",
      );
    }
    await expectRefused(
      t,
      () => host.asUser.mutation(api.invitations.inviteUsers, { eventId, userIds: [] }),
      "Invalid parameters for user invitations",
    );
    const first = await coHost.asUser.mutation(api.invitations.inviteUsers, {
      eventId,
      userIds: [a.userId, b.userId, host.userId, attendee.userId, invitee.userId, a.userId],
    });
    expect(first).toEqual({
      invitedCount: 2,
      queuedCount: 0,
      message: "Successfully invited 2 user(s) to the event",
    });
    expect(await memberRow(t, eventId, a.userId)).toMatchObject({
      status: "pending",
      role: "attendee",
      invitedBy: coHost.userId,
    });
    const [notification] = await notificationsOf(t, a.userId);
    expect(notification).toMatchObject({ type: "event_invitation", read: false, eventId });
    expect(notification.data).toMatchObject({ eventId, inviterId: coHost.userId });
    expect(await unreadCounter(t, a.userId)).toBe(1);
    const before = await tableSnapshot(t);
    const again = await host.asUser.mutation(api.invitations.inviteUsers, {
      eventId,
      userIds: [a.userId, b.userId],
    });
    expect(again).toEqual({
      invitedCount: 0,
      queuedCount: 0,
      message: "No new users were invited (they may already be invited or joined)",
    });
    expect(await tableSnapshot(t)).toEqual(before);
    // Pending invitees do not count as attending.
    expect((await eventDoc(t, eventId))?.attendeeCount).toBe(3);
  });

  test("searchUsersForEvent: 2 characters, the caller, selected, invited and attending left out", async () => {
    const t = newTest();
    const { host, attendee, stranger, eventId } = await cast(t);
    const sam = await createUser(t, { name: "Sam Stone" });
    expect(await host.asUser.query(api.invitations.searchUsersForEvent, { query: "s" })).toEqual(
      [],
    );
    const ids = async (args: {
      query: string;
      eventId?: Id<"events">;
      excludeUserIds?: Id<"users">[];
    }) =>
      (await host.asUser.query(api.invitations.searchUsersForEvent, args))
        .map((u) => u.userId)
        .sort();
    expect(await ids({ query: "stone" })).toEqual([sam.userId]);
    expect(await ids({ query: "stone", excludeUserIds: [sam.userId] })).toEqual([]);
    expect(await ids({ query: "stan", eventId })).toEqual([stranger.userId]);
    expect(await ids({ query: "ava", eventId })).toEqual([]); // attending
    expect(await ids({ query: "ivy", eventId })).toEqual([]); // invited
    expect(await ids({ query: "ivy" })).toHaveLength(1);
    await expectError(
      attendee.asUser.query(api.invitations.searchUsersForEvent, { query: "st", eventId }),
      { message: "You do not have permission to edit this event" },
    );
  });
});

describe("responding", () => {
  test("accept counts as attending through the one write path; the inviter hears of it", async () => {
    const t = newTest();
    const { host, invitee, stranger, eventId, ref } = await cast(t);
    expect(await invitee.asUser.query(api.invitations.myInvitation, { eventId })).toEqual({
      status: "pending",
      invitedBy: host.userId,
    });
    expect(await canOpen(invitee, ref)).toBe(true); // pending invitees may open it
    await expectRefused(
      t,
      () => stranger.asUser.mutation(api.invitations.respond, { eventId, response: "accepted" }),
      "You have no pending invitation to this session",
    );
    const hostUnread = (await unreadCounter(t, host.userId)) ?? 0;
    const answer = await invitee.asUser.mutation(api.invitations.respond, {
      eventId,
      response: "accepted",
    });
    expect(answer).toEqual({ response: "accepted", message: "You're in! See you at the session!" });
    expect((await eventDoc(t, eventId))?.attendeeCount).toBe(4);
    expect(await participantRow(t, eventId, invitee.userId)).not.toBeNull();
    expect(await canOpen(invitee, ref)).toBe(true);
    const [notification] = await notificationsOf(t, invitee.userId);
    expect(notification.read).toBe(true);
    expect(notification.data).toMatchObject({
      userResponse: "accepted",
      responseMethod: "in_app",
    });
    expect(await unreadCounter(t, invitee.userId)).toBe(0);
    const toHost = (await notificationsOf(t, host.userId)).at(-1)!;
    expect(toHost).toMatchObject({ type: "event_invitation_response", senderId: invitee.userId });
    expect(await unreadCounter(t, host.userId)).toBe(hostUnread + 1);
    await expectRefused(
      t,
      () => invitee.asUser.mutation(api.invitations.respond, { eventId, response: "declined" }),
      "You have no pending invitation to this session",
    );
    // Leaving drops the accepted membership and the count.
    await invitee.asUser.mutation(api.events.leave, { eventId });
    expect((await eventDoc(t, eventId))?.attendeeCount).toBe(3);
    expect(await participantRow(t, eventId, invitee.userId)).toBeNull();
  });

  test("a declined invitee cannot open the private session; re-invited, they are pending again", async () => {
    const t = newTest();
    const { host, invitee, eventId, ref } = await cast(t);
    const answer = await invitee.asUser.mutation(api.invitations.respond, {
      eventId,
      response: "declined",
    });
    expect(answer.message).toBe("Response sent. Maybe next time!");
    expect((await eventDoc(t, eventId))?.attendeeCount).toBe(3);
    expect(await participantRow(t, eventId, invitee.userId)).toBeNull();
    expect((await notificationsOf(t, invitee.userId))[0].data.userResponse).toBe("declined");
    expect(await canOpen(invitee, ref)).toBe(false);
    const again = await host.asUser.mutation(api.invitations.inviteUsers, {
      eventId,
      userIds: [invitee.userId],
    });
    expect(again.invitedCount).toBe(1);
    expect((await memberRow(t, eventId, invitee.userId))?.status).toBe("pending");
    expect(await canOpen(invitee, ref)).toBe(true);
  });

  test("leave keeps a pending invitation ('Maybe' toggled off)", async () => {
    const t = newTest();
    const { invitee, eventId, ref } = await cast(t);
    await rsvp(invitee, eventId, "maybe");
    await invitee.asUser.mutation(api.events.leave, { eventId });
    expect((await memberRow(t, eventId, invitee.userId))?.status).toBe("pending");
    expect(await invitee.asUser.query(api.invitations.myInvitation, { eventId })).toMatchObject({
      status: "pending",
    });
    expect(await canOpen(invitee, ref)).toBe(true);
    await invitee.asUser.mutation(api.invitations.respond, { eventId, response: "accepted" });
    expect((await eventDoc(t, eventId))?.attendeeCount).toBe(4);
  });
});

describe("an ended session", () => {
  test("no invitations to it and no answers: 'This session has already ended', nothing written", async () => {
    const t = newTest();
    const { host, invitee, stranger, eventId } = await cast(t);
    await t.run(async (ctx) => await ctx.db.patch("events", eventId, { ended: true }));
    await expectRefused(
      t,
      () => invitee.asUser.mutation(api.invitations.respond, { eventId, response: "accepted" }),
      "This session has already ended",
    );
    await expectRefused(
      t,
      () =>
        host.asUser.mutation(api.invitations.inviteUsers, { eventId, userIds: [stranger.userId] }),
      "This session has already ended",
    );
  });
});

describe("inviteCrew", () => {
  async function crewCast(t: TestConvex) {
    const base = await cast(t);
    const crewMates = [
      await createUser(t, { name: "Cara Crew" }),
      await createUser(t, { name: "Carl Crew" }),
    ];
    const crewId = await createCrew(base.host, { isPublic: false });
    await addCrewMembers(base.host, crewId, ...crewMates);
    return { ...base, crewMates, crewId };
  }

  test("refusals: a crew of one, a crew the inviter is not in, a non-editor", async () => {
    const t = newTest();
    const { host, coHost, attendee, stranger, eventId, crewId } = await crewCast(t);
    const solo = await createCrew(host, { name: "Just Me" });
    await expectRefused(
      t,
      () => host.asUser.mutation(api.invitations.inviteCrew, { eventId, crewId: solo }),
      "No crew members to invite",
    );
    // A private crew the inviter may not see answers like one that does not exist.
    await expectRefused(
      t,
      () => coHost.asUser.mutation(api.invitations.inviteCrew, { eventId, crewId }),
      "Crew not found",
    );
    const gone = await createCrew(host, { name: "Gone" });
    await t.run(async (ctx) => await ctx.db.delete("crews", gone));
    await expectRefused(
      t,
      () => coHost.asUser.mutation(api.invitations.inviteCrew, { eventId, crewId: gone }),
      "Crew not found",
    );
    // A public crew they can see, but are not in: the refusal meant for them.
    const open = await createCrew(host, { name: "Open Crew", isPublic: true });
    await addCrewMembers(host, open, await createUser(t, { name: "Olive Open" }));
    await expectRefused(
      t,
      () => coHost.asUser.mutation(api.invitations.inviteCrew, { eventId, crewId: open }),
      "You are not a member of this crew",
    );
    for (const user of [attendee, stranger]) {
      await expectRefused(
        t,
        () => user.asUser.mutation(api.invitations.inviteCrew, { eventId, crewId }),
        "You do not have permission to edit this event",
      );
    }
  });

  test("members get pending invitations; crew members open the private session, declined or not", async () => {
    const t = newTest();
    const { host, stranger, eventId, ref, crewMates, crewId } = await crewCast(t);
    expect(await canOpen(crewMates[0], ref)).toBe(false);
    const result = await host.asUser.mutation(api.invitations.inviteCrew, { eventId, crewId });
    expect(result).toEqual({
      invitedCount: 2,
      queuedCount: 0,
      message: "Successfully invited 2 user(s) to the event",
    });
    for (const mate of crewMates) {
      expect((await memberRow(t, eventId, mate.userId))?.status).toBe("pending");
      expect((await notificationsOf(t, mate.userId)).at(-1)?.type).toBe("event_invitation");
      expect(await canOpen(mate, ref)).toBe(true);
    }
    await crewMates[0].asUser.mutation(api.invitations.respond, { eventId, response: "declined" });
    expect(await canOpen(crewMates[0], ref)).toBe(true); // the crew was invited and contains them
    expect(await canOpen(stranger, ref)).toBe(false);
    // Someone who joins the crew later may open it too; leaving the crew closes it.
    await addCrewMembers(host, crewId, stranger);
    expect(await canOpen(stranger, ref)).toBe(true);
    await stranger.asUser.mutation(api.crews.leave, { crewId });
    expect(await canOpen(stranger, ref)).toBe(false);
    // The crew page lists the invited session to members.
    const sessions = await crewMates[1].asUser.query(api.crews.sessions, { crewId });
    expect(sessions.upcoming.map((s) => [s._id, s.invited])).toEqual([[eventId, true]]);
    // Inviting the crew again invites nobody new.
    const again = await host.asUser.mutation(api.invitations.inviteCrew, { eventId, crewId });
    expect(again.invitedCount).toBe(1); // the declined member is invited anew
  });
});

describe("session changes tell attendees", () => {
  test("a new time or place notifies attendees (not the editor); other edits do not", async () => {
    const t = newTest();
    const host = await createUser(t, { name: "Hana Host" });
    const guest = await createUser(t, { name: "Gus Guest" });
    const { eventId } = await createEvent(t, host, { title: "Pints" });
    await rsvp(guest, eventId);
    const edit = async (changes: {
      title?: string;
      startTime?: number;
      endTime?: number;
      location?: string;
    }) => {
      const event = (await eventDoc(t, eventId))!;
      await host.asUser.mutation(api.events.update, {
        eventId,
        title: event.title,
        startTime: event.startTime,
        endTime: event.endTime,
        drinkType: event.drinkType,
        vibe: event.vibe,
        isPublic: event.isPublic,
        ...changes,
      });
    };
    const before = (await notificationsOf(t, guest.userId)).length;
    await edit({ title: "Pints!" });
    expect((await notificationsOf(t, guest.userId)).length).toBe(before);
    const start = Date.now() + 5 * HOUR;
    await edit({ startTime: start, endTime: start + 2 * HOUR });
    const updated = (await notificationsOf(t, guest.userId)).at(-1)!;
    expect(updated).toMatchObject({ type: "event_update", senderId: host.userId });
    expect(updated.data.reason).toBe("time");
    expect(await unreadCounter(t, guest.userId)).toBe(1);
    await edit({ location: "The Crown, 1 High St" });
    expect((await notificationsOf(t, guest.userId)).at(-1)!.data.reason).toBe("place");
    expect(await unreadCounter(t, guest.userId)).toBe(2);
    expect((await notificationsOf(t, host.userId)).some((n) => n.type === "event_update")).toBe(
      false,
    );
  });

  test("deleting a session tells its attendees it was cancelled", async () => {
    const t = newTest();
    const host = await createUser(t, { name: "Hana Host" });
    const guest = await createUser(t, { name: "Gus Guest" });
    const invited = await createUser(t, { name: "Ivy Invitee" });
    const { eventId } = await createEvent(t, host, { title: "Pints" });
    await rsvp(guest, eventId);
    await host.asUser.mutation(api.invitations.inviteUsers, { eventId, userIds: [invited.userId] });
    await host.asUser.mutation(api.events.remove, { eventId });
    await t.finishAllScheduledFunctions(() => {});
    const cancelled = (await notificationsOf(t, guest.userId)).at(-1)!;
    expect(cancelled).toMatchObject({
      type: "event_cancelled",
      message: '"Pints" was cancelled by the host',
    });
    expect(await unreadCounter(t, guest.userId)).toBe(1);
    // The pending invitation's notification goes with the session, and its count.
    expect(await notificationsOf(t, invited.userId)).toEqual([]);
    expect(await unreadCounter(t, invited.userId)).toBe(0);
  });
});
