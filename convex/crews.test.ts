import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { CREW_MESSAGES, DAY_MS, INVITE_LINK_MESSAGES } from "../shared/crewRules";
import {
  addCrewMembers,
  createCrew,
  createEvent,
  createUser,
  crewDoc,
  HOUR,
  inviteToCrew,
  newTest,
  notificationsOf,
  profileStats,
  rsvp,
  stubDeploymentEnv,
  tableSnapshot,
  unreadCounter,
  type TestConvex,
  type TestUser,
  expectError,
} from "./test.setup";

beforeEach(() => stubDeploymentEnv());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

/** The refusal carries `message` and leaves every table as it was. */
async function expectRefused(t: TestConvex, run: () => Promise<unknown>, message: string) {
  const before = await tableSnapshot(t);
  await expectError(run(), { message });
  expect(await tableSnapshot(t)).toEqual(before);
}

async function crewCounts(t: TestConvex, crewId: Id<"crews">) {
  const crew = await crewDoc(t, crewId);
  return crew === null ? null : { members: crew.memberCount, pending: crew.pendingCount };
}

const crewsStat = async (t: TestConvex, user: TestUser) =>
  (await profileStats(t, user.userId))?.crews;

/** creator, co-host, member, invitee (pending), stranger; one crew (private unless asked). */
/** The first page of a paginated list. */
const firstPage = { numItems: 100, cursor: null };

async function cast(t: TestConvex, isPublic = false) {
  const creator = await createUser(t, { name: "Hana Host" });
  const coHost = await createUser(t, { name: "Cole Cohost" });
  const member = await createUser(t, { name: "Mia Member" });
  const invitee = await createUser(t, { name: "Ivy Invitee" });
  const stranger = await createUser(t, { name: "Stan Stranger" });
  const crewId = await createCrew(creator, { name: "Hop Heads", isPublic });
  await addCrewMembers(creator, crewId, coHost, member);
  await creator.asUser.mutation(api.crews.promoteCoHost, { crewId, userId: coHost.userId });
  await inviteToCrew(creator, crewId, invitee);
  return { creator, coHost, member, invitee, stranger, crewId };
}

const details = { name: "Renamed", description: null, vibe: "chill", isPublic: false };

// ---------------------------------------------------------------- anonymous

describe("signed out", () => {
  test("every mutation and the user search: 'Not authenticated', nothing written", async () => {
    const t = newTest();
    const { crewId, member } = await cast(t);
    const { inviteCode } = await t.run(
      async (ctx) => (await ctx.db.query("crew_invitations").first()) ?? { inviteCode: "AAAAAAAA" },
    );
    const calls: Array<() => Promise<unknown>> = [
      () => t.mutation(api.crews.create, { name: "X", vibe: "casual", isPublic: true }),
      () => t.mutation(api.crews.update, { crewId, ...details }),
      () => t.mutation(api.crews.remove, { crewId }),
      () => t.mutation(api.crews.leave, { crewId }),
      () => t.mutation(api.crews.inviteUsers, { crewId, userIds: [member.userId] }),
      () => t.mutation(api.crews.inviteByUsername, { crewId, username: "mia" }),
      () => t.mutation(api.crews.respondToInvitation, { crewId, response: "accepted" }),
      () => t.mutation(api.crews.removeMember, { crewId, userId: member.userId }),
      () => t.mutation(api.crews.removePending, { crewId, userId: member.userId }),
      () => t.mutation(api.crews.promoteCoHost, { crewId, userId: member.userId }),
      () => t.mutation(api.crews.demoteCoHost, { crewId, userId: member.userId }),
      () => t.mutation(api.crews.createInviteLinkFor, { crewId }),
      () => t.mutation(api.crews.joinWithCode, { code: inviteCode }),
      () => t.query(api.crews.searchUsersToInvite, { crewId, query: "mia" }),
    ];
    for (const call of calls) await expectRefused(t, call, "Not authenticated");
  });

  test("reading: a public crew shows, a private one is 'Crew not found'; no crews, no pending list", async () => {
    const t = newTest();
    const priv = await cast(t);
    const pubId = await createCrew(priv.creator, { name: "Open Tab", isPublic: true });
    const view = await t.query(api.crews.get, { crewId: pubId });
    expect(view.crew.name).toBe("Open Tab");
    expect(view.viewer).toMatchObject({
      signedIn: false,
      role: null,
      isMember: false,
      canEdit: false,
      canInvite: false,
    });
    const paginationOpts = { numItems: 25, cursor: null };
    expect((await t.query(api.crews.members, { crewId: pubId, paginationOpts })).page).toHaveLength(
      1,
    );
    expect(
      (await t.query(api.crews.pendingInvitations, { crewId: pubId, paginationOpts })).page,
    ).toEqual([]);
    expect(await t.query(api.crews.sessions, { crewId: pubId })).toEqual({
      upcoming: [],
      past: [],
    });
    expect((await t.query(api.crews.mine, { paginationOpts })).page).toEqual([]);
    for (const read of [
      () => t.query(api.crews.get, { crewId: priv.crewId }),
      () => t.query(api.crews.members, { crewId: priv.crewId, paginationOpts }),
      () => t.query(api.crews.pendingInvitations, { crewId: priv.crewId, paginationOpts }),
      () => t.query(api.crews.sessions, { crewId: priv.crewId }),
    ]) {
      await expectError(read(), { code: "NOT_FOUND", message: "Crew not found" });
    }
    await expectError(t.query(api.crews.get, { crewId: "not-an-id" }), {
      message: "Crew not found",
    });
  });
});

// ---------------------------------------------------------------- reading by role

describe("crews.get and the lists, by role", () => {
  test("a private crew: members, co-host, creator and invitee see it; a stranger does not", async () => {
    const t = newTest();
    const { creator, coHost, member, invitee, stranger, crewId } = await cast(t);
    const paginationOpts = { numItems: 25, cursor: null };
    const nothing = {
      canEdit: false,
      canInvite: false,
      canDelete: false,
      canLeave: false,
      canSeeInvitations: false,
    };
    const viewers = [
      [
        creator,
        {
          role: "host",
          isMember: true,
          hasPendingInvitation: false,
          ...nothing,
          canEdit: true,
          canInvite: true,
          canDelete: true,
          canSeeInvitations: true,
        },
      ],
      [
        coHost,
        {
          role: "co_host",
          isMember: true,
          hasPendingInvitation: false,
          ...nothing,
          canEdit: true,
          canInvite: true,
          canLeave: true,
          canSeeInvitations: true,
        },
      ],
      [
        member,
        {
          role: "member",
          isMember: true,
          hasPendingInvitation: false,
          ...nothing,
          canLeave: true,
          canSeeInvitations: true,
        },
      ],
      [invitee, { role: null, isMember: false, hasPendingInvitation: true, ...nothing }],
    ] as const;
    for (const [user, viewer] of viewers) {
      const view = await user.asUser.query(api.crews.get, { crewId });
      expect(view.viewer).toEqual({ signedIn: true, ...viewer });
      expect(view.crew).toMatchObject({ memberCount: 3, pendingCount: 1 });
    }
    const members = await member.asUser.query(api.crews.members, { crewId, paginationOpts });
    expect(members.page.map((m) => [m.userId, m.role])).toEqual([
      [creator.userId, "host"],
      [coHost.userId, "co_host"],
      [member.userId, "member"],
    ]);
    const pending = await member.asUser.query(api.crews.pendingInvitations, {
      crewId,
      paginationOpts,
    });
    expect(pending.page.map((m) => m.userId)).toEqual([invitee.userId]);
    // The invitee sees the crew but not who else is invited.
    expect(
      (await invitee.asUser.query(api.crews.pendingInvitations, { crewId, paginationOpts })).page,
    ).toEqual([]);
    await expectError(stranger.asUser.query(api.crews.get, { crewId }), {
      message: "Crew not found",
    });
    await expectError(stranger.asUser.query(api.crews.members, { crewId, paginationOpts }), {
      message: "Crew not found",
    });
  });

  test("mine lists accepted crews with role and what the user may do; the invitee has none yet", async () => {
    const t = newTest();
    const { creator, coHost, member, invitee, crewId } = await cast(t);
    const mine = async (user: TestUser) =>
      (await user.asUser.query(api.crews.mine, { paginationOpts: firstPage })).page.map(
        ({ _id, role, canEdit, canInvite, canDelete, canLeave }) => ({
          _id,
          role,
          canEdit,
          canInvite,
          canDelete,
          canLeave,
        }),
      );
    const can = { canEdit: true, canInvite: true };
    const cannot = { canEdit: false, canInvite: false };
    expect(await mine(creator)).toEqual([
      { _id: crewId, role: "host", ...can, canDelete: true, canLeave: false },
    ]);
    expect(await mine(coHost)).toEqual([
      { _id: crewId, role: "co_host", ...can, canDelete: false, canLeave: true },
    ]);
    expect(await mine(member)).toEqual([
      { _id: crewId, role: "member", ...cannot, canDelete: false, canLeave: true },
    ]);
    expect(await mine(invitee)).toEqual([]);
  });

  test("forProfile honours show_crews_publicly and private crews", async () => {
    const t = newTest();
    const { creator, member, stranger, crewId } = await cast(t);
    const pubId = await createCrew(creator, { name: "Open Tab", isPublic: true });
    const username = creator.profile!.username;
    const args = { username, paginationOpts: firstPage };
    const ids = async (viewer: TestConvex | TestUser["asUser"]) =>
      (await viewer.query(api.crews.forProfile, args)).page.map((c) => c._id).sort();
    expect(await ids(creator.asUser)).toEqual([crewId, pubId].sort());
    expect(await ids(stranger.asUser)).toEqual([pubId]);
    expect(await ids(member.asUser)).toEqual([crewId, pubId].sort());
    expect(await ids(t)).toEqual([pubId]);
    await t.run(
      async (ctx) =>
        await ctx.db.patch("user_profiles", creator.profile!._id, { showCrewsPublicly: false }),
    );
    expect(await stranger.asUser.query(api.crews.forProfile, args)).toMatchObject({
      page: [],
      isDone: true,
    });
    expect((await creator.asUser.query(api.crews.forProfile, args)).page).toHaveLength(2);
  });
});

// ---------------------------------------------------------------- create, update, delete

describe("create, update, remove", () => {
  test("create: the creator is host, counted once; validation messages write nothing", async () => {
    const t = newTest();
    const host = await createUser(t, { name: "Hana" });
    const friend = await createUser(t, { name: "Fred" });
    await expectRefused(
      t,
      () => host.asUser.mutation(api.crews.create, { name: "   ", vibe: "casual", isPublic: true }),
      "Crew name is required",
    );
    await expectRefused(
      t,
      () =>
        host.asUser.mutation(api.crews.create, {
          name: "x".repeat(51),
          vibe: "casual",
          isPublic: true,
        }),
      "Crew name must be 50 characters or less",
    );
    await expectRefused(
      t,
      () =>
        host.asUser.mutation(api.crews.create, {
          name: "X",
          description: "d".repeat(201),
          vibe: "casual",
          isPublic: true,
        }),
      "Description must be 200 characters or less",
    );
    const result = await host.asUser.mutation(api.crews.create, {
      name: "  Stout Squad ",
      vibe: "party",
      isPublic: true,
      inviteUserIds: [friend.userId, host.userId],
    });
    expect(result.successful).toEqual([friend.userId]);
    expect(result.failed).toEqual([{ userId: host.userId, reason: CREW_MESSAGES.alreadyMember }]);
    expect((await crewDoc(t, result.crewId))?.name).toBe("Stout Squad");
    expect(await crewCounts(t, result.crewId)).toEqual({ members: 1, pending: 1 });
    expect(await crewsStat(t, host)).toBe(1);
    expect(await crewsStat(t, friend)).toBe(0);
    expect(await unreadCounter(t, friend.userId)).toBe(1);
  });

  test("update: creator and co-host only ('You do not have permission to edit this crew')", async () => {
    const t = newTest();
    const { creator, coHost, member, invitee, stranger, crewId } = await cast(t);
    for (const user of [member, invitee]) {
      await expectRefused(
        t,
        () => user.asUser.mutation(api.crews.update, { crewId, ...details }),
        "You do not have permission to edit this crew",
      );
    }
    // A private crew is not there for a stranger.
    await expectRefused(
      t,
      () => stranger.asUser.mutation(api.crews.update, { crewId, ...details }),
      "Crew not found",
    );
    await expectRefused(
      t,
      () => coHost.asUser.mutation(api.crews.update, { crewId, ...details, name: "" }),
      "Crew name is required",
    );
    await coHost.asUser.mutation(api.crews.update, { crewId, ...details });
    expect((await crewDoc(t, crewId))?.name).toBe("Renamed");
    await creator.asUser.mutation(api.crews.update, {
      crewId,
      ...details,
      name: "Back",
      isPublic: true,
    });
    expect(await crewDoc(t, crewId)).toMatchObject({
      name: "Back",
      isPublic: true,
      memberCount: 3,
      pendingCount: 1,
    });
  });

  test("remove: creator only; members, links, notifications go and every count follows", async () => {
    const t = newTest();
    const { creator, coHost, member, invitee, stranger, crewId } = await cast(t);
    for (const user of [coHost, member, invitee]) {
      await expectRefused(
        t,
        () => user.asUser.mutation(api.crews.remove, { crewId }),
        "Only crew creator can delete this crew",
      );
    }
    await expectRefused(
      t,
      () => stranger.asUser.mutation(api.crews.remove, { crewId }),
      "Crew not found",
    );
    await creator.asUser.mutation(api.crews.createInviteLinkFor, { crewId });
    expect(await unreadCounter(t, invitee.userId)).toBe(1);
    expect(await unreadCounter(t, coHost.userId)).toBe(1); // the promotion (the answered invitation is read)
    await creator.asUser.mutation(api.crews.remove, { crewId });
    await t.finishAllScheduledFunctions(() => {});
    expect(await crewDoc(t, crewId)).toBeNull();
    for (const user of [creator, coHost, member]) expect(await crewsStat(t, user)).toBe(0);
    expect(await unreadCounter(t, invitee.userId)).toBe(0);
    expect(await unreadCounter(t, coHost.userId)).toBe(0);
    const left = await tableSnapshot(t, [
      "crew_members",
      "crew_invitations",
      "crew_events",
      "notifications",
    ]);
    expect(left.crew_members).toEqual([]);
    expect(left.crew_invitations).toEqual([]);
    expect(left.crew_events).toEqual([]);
    // Only the response notifications the creator got (from accepting members) mention no crew…
    expect(
      (left.notifications as Array<{ crewId: unknown }>).filter((n) => n.crewId === crewId),
    ).toEqual([]);
  });
});

test("remove: a crew past one batch (320 members) is cleaned up in scheduled batches", async () => {
  const t = newTest();
  const creator = await createUser(t, { name: "Hana Host" });
  const crewId = await createCrew(creator);
  const memberIds = await t.run(async (ctx) => {
    const { ensureProfile } = await import("./model/profiles");
    const { changeCrewMembership } = await import("./model/crewMembership");
    const ids: Id<"users">[] = [];
    for (let i = 0; i < 320; i++) {
      const userId = await ctx.db.insert("users", { name: `Member ${i}` });
      await ensureProfile(ctx, userId);
      const crew = (await ctx.db.get("crews", crewId))!;
      await changeCrewMembership(ctx, crew, userId, { status: "accepted", role: "member" });
      ids.push(userId);
    }
    return ids;
  });
  expect(await crewCounts(t, crewId)).toEqual({ members: 321, pending: 0 });
  await creator.asUser.mutation(api.crews.remove, { crewId });
  expect(await crewDoc(t, crewId)).toBeNull();
  expect((await tableSnapshot(t, ["crew_members"])).crew_members.length).toBeGreaterThan(0);
  await t.finishAllScheduledFunctions(() => {});
  expect((await tableSnapshot(t, ["crew_members"])).crew_members).toEqual([]);
  const stats = await t.run(async (ctx) => {
    const profiles = await ctx.db.query("user_profiles").collect();
    return profiles.filter((p) => memberIds.includes(p.userId) && p.stats.crews !== 0).length;
  });
  expect(stats).toBe(0);
  expect(await crewsStat(t, creator)).toBe(0);
}, 30_000);

// ---------------------------------------------------------------- invitations

describe("invitations to a crew", () => {
  test("who may invite: creator and co-host; others refused with the spec's message", async () => {
    const t = newTest();
    const { coHost, member, invitee, stranger, crewId } = await cast(t, true);
    const newcomer = await createUser(t, { name: "Nina New" });
    for (const user of [member, invitee, stranger]) {
      await expectRefused(
        t,
        () => user.asUser.mutation(api.crews.inviteUsers, { crewId, userIds: [newcomer.userId] }),
        "You do not have permission to invite people to this crew",
      );
      await expectRefused(
        t,
        () =>
          user.asUser.mutation(api.crews.inviteByUsername, {
            crewId,
            username: newcomer.profile!.username,
          }),
        "You do not have permission to invite people to this crew",
      );
    }
    await expectRefused(
      t,
      () => coHost.asUser.mutation(api.crews.inviteUsers, { crewId, userIds: [] }),
      "Failed to send invites",
    );
    const outcome = await coHost.asUser.mutation(api.crews.inviteUsers, {
      crewId,
      userIds: [newcomer.userId, member.userId, invitee.userId],
    });
    expect(outcome.successful).toEqual([newcomer.userId]);
    expect(outcome.failed).toEqual([
      { userId: member.userId, reason: "User is already a member of this crew" },
      { userId: invitee.userId, reason: "User already has a pending invitation to this crew" },
    ]);
    expect(await crewCounts(t, crewId)).toEqual({ members: 3, pending: 2 });
    const [notification] = await notificationsOf(t, newcomer.userId);
    expect(notification).toMatchObject({
      type: "crew_invitation",
      read: false,
      senderId: coHost.userId,
      crewId,
    });
    expect(notification.data).toMatchObject({
      crewId,
      crewName: "Hop Heads",
      inviterId: coHost.userId,
      senderName: "Cole Cohost",
    });
    expect(await unreadCounter(t, newcomer.userId)).toBe(1);
  });

  test("accept, decline, re-invite: counts, stats, the notification's answer and the inviter's notification", async () => {
    const t = newTest();
    const { creator, invitee, crewId } = await cast(t);
    const other = await createUser(t, { name: "Otto Other" });
    await inviteToCrew(creator, crewId, other);
    expect(await crewCounts(t, crewId)).toEqual({ members: 3, pending: 2 });
    const creatorUnread = (await unreadCounter(t, creator.userId)) ?? 0;

    await invitee.asUser.mutation(api.crews.respondToInvitation, { crewId, response: "accepted" });
    expect(await crewCounts(t, crewId)).toEqual({ members: 4, pending: 1 });
    expect(await crewsStat(t, invitee)).toBe(1);
    const [answered] = await notificationsOf(t, invitee.userId);
    expect(answered.read).toBe(true);
    expect(answered.data).toMatchObject({ userResponse: "accepted", responseMethod: "in_app" });
    expect(await unreadCounter(t, invitee.userId)).toBe(0);
    const toCreator = (await notificationsOf(t, creator.userId)).at(-1)!;
    expect(toCreator).toMatchObject({
      type: "crew_invitation_response",
      senderId: invitee.userId,
      read: false,
    });
    expect(toCreator.data).toMatchObject({ response: "accepted", userId: invitee.userId });
    expect(await unreadCounter(t, creator.userId)).toBe(creatorUnread + 1);

    await other.asUser.mutation(api.crews.respondToInvitation, { crewId, response: "declined" });
    expect(await crewCounts(t, crewId)).toEqual({ members: 4, pending: 0 });
    expect(await crewsStat(t, other)).toBe(0);
    expect((await notificationsOf(t, other.userId))[0].data.userResponse).toBe("declined");
    expect((await notificationsOf(t, creator.userId)).at(-1)!.data.response).toBe("declined");
    // Answering again: nothing pending (and having declined, the private crew is not theirs to see).
    await expectRefused(
      t,
      () => other.asUser.mutation(api.crews.respondToInvitation, { crewId, response: "accepted" }),
      "Crew not found",
    );
    await expectRefused(
      t,
      () =>
        invitee.asUser.mutation(api.crews.respondToInvitation, { crewId, response: "declined" }),
      "You have no pending invitation to this crew",
    );

    // Declined → pending again on re-invite, with a fresh notification.
    await inviteToCrew(creator, crewId, other);
    expect(await crewCounts(t, crewId)).toEqual({ members: 4, pending: 1 });
    expect(await unreadCounter(t, other.userId)).toBe(1);
    const view = await other.asUser.query(api.crews.get, { crewId });
    expect(view.viewer.hasPendingInvitation).toBe(true);
  });

  test("removePending: creator only; the unanswered notification goes and the counter follows", async () => {
    const t = newTest();
    const { creator, coHost, member, invitee, crewId } = await cast(t);
    for (const user of [coHost, member, invitee]) {
      await expectRefused(
        t,
        () => user.asUser.mutation(api.crews.removePending, { crewId, userId: invitee.userId }),
        "Only crew creator can remove pending invitations",
      );
    }
    await expectRefused(
      t,
      () => creator.asUser.mutation(api.crews.removePending, { crewId, userId: member.userId }),
      "Member not found",
    );
    await creator.asUser.mutation(api.crews.removePending, { crewId, userId: invitee.userId });
    expect(await crewCounts(t, crewId)).toEqual({ members: 3, pending: 0 });
    expect(await notificationsOf(t, invitee.userId)).toEqual([]);
    expect(await unreadCounter(t, invitee.userId)).toBe(0);
    await expectError(invitee.asUser.query(api.crews.get, { crewId }), {
      message: "Crew not found",
    });
  });

  test("inviteByUsername: blank, exact, partial, and not found with a share link", async () => {
    const t = newTest();
    const { creator, crewId } = await cast(t);
    const mike = await createUser(t, { name: "Mike", profile: { username: "mike" } });
    const mikey = await createUser(t, { name: "Mikey Two", profile: { username: "mikey" } });
    await expectRefused(
      t,
      () => creator.asUser.mutation(api.crews.inviteByUsername, { crewId, username: "  " }),
      "Please enter a username",
    );
    expect(
      await creator.asUser.mutation(api.crews.inviteByUsername, { crewId, username: "@Mike" }),
    ).toEqual({ success: true, message: "Invite sent successfully!", username: "mike" });
    expect(
      await creator.asUser.mutation(api.crews.inviteByUsername, { crewId, username: "ikey" }),
    ).toMatchObject({ success: true, username: "mikey" });
    expect(await crewCounts(t, crewId)).toEqual({ members: 3, pending: 3 });
    await expectRefused(
      t,
      () => creator.asUser.mutation(api.crews.inviteByUsername, { crewId, username: "mike" }),
      "User already has a pending invitation to this crew",
    );
    const missing = await creator.asUser.mutation(api.crews.inviteByUsername, {
      crewId,
      username: "nobody_here",
    });
    expect(missing).toMatchObject({
      success: false,
      message: "User not found",
      detail: CREW_MESSAGES.userNotFoundShare,
    });
    if (missing.success) throw new Error("unreachable");
    expect(missing.shareLink).toMatch(/^\/crew\/join\/[A-Z0-9]{8}$/);
    void mike;
    void mikey;
  });

  test("searchUsersToInvite: blank ignored; self, members and pending invitees left out; at most 10", async () => {
    const t = newTest();
    const { creator, coHost, invitee, crewId } = await cast(t);
    const declined = await createUser(t, { name: "Ivy Declined" });
    await inviteToCrew(creator, crewId, declined);
    await declined.asUser.mutation(api.crews.respondToInvitation, { crewId, response: "declined" });
    for (let i = 0; i < 12; i++) await createUser(t, { name: `Ivan ${i}` });
    expect(
      await creator.asUser.query(api.crews.searchUsersToInvite, { crewId, query: "  " }),
    ).toEqual([]);
    const ivy = await creator.asUser.query(api.crews.searchUsersToInvite, { crewId, query: "ivy" });
    expect(ivy.map((u) => u.userId)).toEqual([declined.userId]); // not the pending invitee
    const iv = await creator.asUser.query(api.crews.searchUsersToInvite, { crewId, query: "IV" });
    expect(iv).toHaveLength(10);
    expect(iv.map((u) => u.userId)).not.toContain(invitee.userId);
    const host = await coHost.asUser.query(api.crews.searchUsersToInvite, {
      crewId,
      query: "hana",
    });
    expect(host).toEqual([]); // the creator is a member
    expect(
      (await creator.asUser.query(api.crews.searchUsersToInvite, { query: "hana" })).length,
    ).toBe(0); // self
    expect(
      (await coHost.asUser.query(api.crews.searchUsersToInvite, { query: "ana" })).map(
        (u) => u.userId,
      ),
    ).toEqual([creator.userId]);
  });
});

// ---------------------------------------------------------------- leaving and removing

describe("leave, removeMember, promote and demote", () => {
  test("leave: anyone but the host; counts and stats follow", async () => {
    const t = newTest();
    const { creator, coHost, member, invitee, stranger, crewId } = await cast(t);
    await expectRefused(
      t,
      () => creator.asUser.mutation(api.crews.leave, { crewId }),
      "The host cannot leave their own crew. Delete it instead.",
    );
    await expectRefused(
      t,
      () => invitee.asUser.mutation(api.crews.leave, { crewId }),
      "You are not a member of this crew",
    );
    await expectRefused(
      t,
      () => stranger.asUser.mutation(api.crews.leave, { crewId }),
      "Crew not found",
    );
    await member.asUser.mutation(api.crews.leave, { crewId });
    expect(await crewCounts(t, crewId)).toEqual({ members: 2, pending: 1 });
    expect(await crewsStat(t, member)).toBe(0);
    await coHost.asUser.mutation(api.crews.leave, { crewId });
    expect(await crewCounts(t, crewId)).toEqual({ members: 1, pending: 1 });
    await expectError(member.asUser.query(api.crews.get, { crewId }), {
      message: "Crew not found",
    });
  });

  test("removeMember: managers; only the creator removes a co-host; never the host", async () => {
    const t = newTest();
    const { creator, coHost, member, invitee, stranger, crewId } = await cast(t);
    const second = await createUser(t, { name: "Sam Second" });
    await addCrewMembers(creator, crewId, second);
    for (const user of [member, invitee]) {
      await expectRefused(
        t,
        () => user.asUser.mutation(api.crews.removeMember, { crewId, userId: second.userId }),
        "You do not have permission to remove crew members",
      );
    }
    await expectRefused(
      t,
      () => stranger.asUser.mutation(api.crews.removeMember, { crewId, userId: second.userId }),
      "Crew not found",
    );
    await expectRefused(
      t,
      () => coHost.asUser.mutation(api.crews.removeMember, { crewId, userId: creator.userId }),
      "The crew host cannot be changed",
    );
    await expectRefused(
      t,
      () => coHost.asUser.mutation(api.crews.removeMember, { crewId, userId: invitee.userId }),
      "Member not found",
    );
    await creator.asUser.mutation(api.crews.promoteCoHost, { crewId, userId: second.userId });
    await expectRefused(
      t,
      () => coHost.asUser.mutation(api.crews.removeMember, { crewId, userId: second.userId }),
      "You do not have permission to remove crew members",
    );
    await coHost.asUser.mutation(api.crews.removeMember, { crewId, userId: member.userId });
    expect(await crewCounts(t, crewId)).toEqual({ members: 3, pending: 1 });
    expect(await crewsStat(t, member)).toBe(0);
    await creator.asUser.mutation(api.crews.removeMember, { crewId, userId: second.userId });
    expect(await crewCounts(t, crewId)).toEqual({ members: 2, pending: 1 });
    expect(await crewsStat(t, second)).toBe(0);
  });

  test("promote and demote: creator only, accepted members only; the member hears of it", async () => {
    const t = newTest();
    const { creator, coHost, member, invitee, crewId } = await cast(t);
    for (const user of [coHost, member, invitee]) {
      await expectRefused(
        t,
        () => user.asUser.mutation(api.crews.promoteCoHost, { crewId, userId: member.userId }),
        "Only the crew creator can promote or demote co-hosts",
      );
      await expectRefused(
        t,
        () => user.asUser.mutation(api.crews.demoteCoHost, { crewId, userId: coHost.userId }),
        "Only the crew creator can promote or demote co-hosts",
      );
    }
    await expectRefused(
      t,
      () => creator.asUser.mutation(api.crews.promoteCoHost, { crewId, userId: invitee.userId }),
      "Only accepted members can be promoted to co-host",
    );
    await expectRefused(
      t,
      () => creator.asUser.mutation(api.crews.demoteCoHost, { crewId, userId: member.userId }),
      "This member is not a co-host",
    );
    await expectRefused(
      t,
      () => creator.asUser.mutation(api.crews.promoteCoHost, { crewId, userId: creator.userId }),
      "The crew host cannot be changed",
    );
    await creator.asUser.mutation(api.crews.promoteCoHost, { crewId, userId: member.userId });
    expect((await notificationsOf(t, member.userId)).at(-1)).toMatchObject({
      type: "crew_promotion",
      data: expect.objectContaining({ role: "co_host" }) as unknown,
    });
    expect((await member.asUser.query(api.crews.get, { crewId })).viewer.canEdit).toBe(true);
    await creator.asUser.mutation(api.crews.demoteCoHost, { crewId, userId: member.userId });
    expect((await member.asUser.query(api.crews.get, { crewId })).viewer.canEdit).toBe(false);
    expect(await crewCounts(t, crewId)).toEqual({ members: 3, pending: 1 });
  });
});

// ---------------------------------------------------------------- invite links

describe("invite links", () => {
  test("managers create them (8 characters, 7 days); others 'Failed to create invite link'", async () => {
    const t = newTest();
    const { creator, coHost, member, invitee, stranger, crewId } = await cast(t);
    for (const user of [member, invitee]) {
      await expectRefused(
        t,
        () => user.asUser.mutation(api.crews.createInviteLinkFor, { crewId }),
        "Failed to create invite link",
      );
    }
    await expectRefused(
      t,
      () => stranger.asUser.mutation(api.crews.createInviteLinkFor, { crewId }),
      "Crew not found",
    );
    const before = Date.now();
    const link = await coHost.asUser.mutation(api.crews.createInviteLinkFor, { crewId });
    expect(link.inviteCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(link.path).toBe(`/crew/join/${link.inviteCode}`);
    expect(link.expiresAt - before).toBeGreaterThanOrEqual(7 * DAY_MS);
    expect(link.expiresAt - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);
    expect(link.maxUses).toBeNull();
    const limited = await creator.asUser.mutation(api.crews.createInviteLinkFor, {
      crewId,
      days: 1,
      maxUses: 2,
    });
    expect(limited.maxUses).toBe(2);
  });

  test("joining: an accepted member at once, use counted; statuses and refusals", async () => {
    const t = newTest();
    const { creator, member, invitee, stranger, crewId } = await cast(t);
    const link = await creator.asUser.mutation(api.crews.createInviteLinkFor, {
      crewId,
      maxUses: 2,
    });
    const code = link.inviteCode;
    expect((await t.query(api.crews.inviteLink, { code: code.toLowerCase() })).status).toBe(
      "valid",
    );
    expect((await member.asUser.query(api.crews.inviteLink, { code })).status).toBe(
      "already_member",
    );
    expect((await creator.asUser.query(api.crews.inviteLink, { code })).status).toBe(
      "already_member",
    );
    expect((await t.query(api.crews.inviteLink, { code: "ZZZZZZZZ" })).status).toBe("invalid");
    expect((await t.query(api.crews.inviteLink, { code: "nope" })).status).toBe("invalid");
    await expectRefused(
      t,
      () => stranger.asUser.mutation(api.crews.joinWithCode, { code: "ZZZZZZZZ" }),
      INVITE_LINK_MESSAGES.invalid,
    );
    await expectRefused(
      t,
      () => member.asUser.mutation(api.crews.joinWithCode, { code }),
      "You are already a member of this crew",
    );
    await expectRefused(
      t,
      () => creator.asUser.mutation(api.crews.joinWithCode, { code }),
      "You are already a member of this crew",
    );

    // The pending invitee joins by link: accepted, and the invitation notification says so.
    const joined = await invitee.asUser.mutation(api.crews.joinWithCode, { code });
    expect(joined).toMatchObject({ crewId, crewName: "Hop Heads", path: `/crew/${crewId}` });
    expect(await crewCounts(t, crewId)).toEqual({ members: 4, pending: 0 });
    expect((await notificationsOf(t, invitee.userId))[0].data).toMatchObject({
      userResponse: "accepted",
      responseMethod: "invite_link",
    });
    expect(await unreadCounter(t, invitee.userId)).toBe(0);

    // Max uses, at the boundary: the second use is the last.
    await stranger.asUser.mutation(api.crews.joinWithCode, { code });
    expect(await crewCounts(t, crewId)).toEqual({ members: 5, pending: 0 });
    expect(await crewsStat(t, stranger)).toBe(1);
    const late = await createUser(t, { name: "Lou Late" });
    // Used up, the link tells nothing of its crew.
    expect(await late.asUser.query(api.crews.inviteLink, { code })).toEqual({
      status: "invalid",
      crew: null,
    });
    await expectRefused(
      t,
      () => late.asUser.mutation(api.crews.joinWithCode, { code }),
      "Invite link has reached maximum uses",
    );
  });

  test("expiry at the boundary: valid a millisecond before expiresAt, expired at it", async () => {
    const t = newTest();
    const { creator, crewId } = await cast(t);
    const early = await createUser(t, { name: "Ed Early" });
    const late = await createUser(t, { name: "Lou Late" });
    vi.useFakeTimers();
    const link = await creator.asUser.mutation(api.crews.createInviteLinkFor, { crewId });
    vi.setSystemTime(link.expiresAt - 1);
    expect((await late.asUser.query(api.crews.inviteLink, { code: link.inviteCode })).status).toBe(
      "valid",
    );
    await early.asUser.mutation(api.crews.joinWithCode, { code: link.inviteCode });
    vi.setSystemTime(link.expiresAt);
    expect(await late.asUser.query(api.crews.inviteLink, { code: link.inviteCode })).toEqual({
      status: "invalid",
      crew: null,
    });
    await expectRefused(
      t,
      () => late.asUser.mutation(api.crews.joinWithCode, { code: link.inviteCode }),
      "Invite link has expired",
    );
    expect(await crewCounts(t, crewId)).toEqual({ members: 4, pending: 1 });
  });

  test("'Failed to generate unique invite code' after 10 clashing tries; a clash then a fresh code succeeds", async () => {
    const t = newTest();
    const { creator, crewId } = await cast(t);
    const existing = await creator.asUser.mutation(api.crews.createInviteLinkFor, { crewId });
    const { createInviteLink } = await import("./model/crewInvites");
    const before = await tableSnapshot(t, ["crew_invitations"]);
    let tries = 0;
    await expectError(
      t.run(async (ctx) => {
        const crew = (await ctx.db.get("crews", crewId))!;
        return await createInviteLink(ctx, crew, creator.userId, {}, () => {
          tries += 1;
          return existing.inviteCode;
        });
      }),
      { message: "Failed to generate unique invite code" },
    );
    expect(tries).toBe(10);
    expect(await tableSnapshot(t, ["crew_invitations"])).toEqual(before);
    const codes = [existing.inviteCode, existing.inviteCode, "FRESH123"];
    const made = await t.run(async (ctx) => {
      const crew = (await ctx.db.get("crews", crewId))!;
      return await createInviteLink(ctx, crew, creator.userId, {}, () => codes.shift()!);
    });
    expect(made.inviteCode).toBe("FRESH123");
  });
});

// ---------------------------------------------------------------- sessions and the counting rule

describe("the crew's sessions", () => {
  test("a session counts for a crew of 5 from 3 attending members, and stops when one leaves", async () => {
    const t = newTest();
    const creator = await createUser(t, { name: "Hana" });
    const members = [];
    for (let i = 0; i < 4; i++) members.push(await createUser(t, { name: `Member ${i}` }));
    const crewId = await createCrew(creator, { isPublic: true });
    await addCrewMembers(creator, crewId, ...members);
    expect(await crewCounts(t, crewId)).toEqual({ members: 5, pending: 0 });
    const outsider = await createUser(t, { name: "Olga Outside" });
    const { eventId } = await createEvent(t, outsider, { title: "Big Night" });
    const listed = async () =>
      (await t.query(api.crews.sessions, { crewId })).upcoming.map((s) => s._id);
    await rsvp(members[0], eventId);
    await rsvp(members[1], eventId);
    expect(await listed()).toEqual([]);
    await rsvp(members[2], eventId);
    expect(await listed()).toEqual([eventId]);
    const [session] = (await t.query(api.crews.sessions, { crewId })).upcoming;
    expect(session).toMatchObject({ crewAttending: 3, countsForCrew: true, invited: false });
    await members[2].asUser.mutation(api.events.leave, { eventId });
    expect(await listed()).toEqual([]);
    // A member who joins the crew while attending counts too.
    const newcomer = await createUser(t, { name: "Nico New" });
    await rsvp(newcomer, eventId);
    await addCrewMembers(creator, crewId, newcomer);
    expect(await crewCounts(t, crewId)).toEqual({ members: 6, pending: 0 });
    expect(await listed()).toEqual([eventId]); // 3 of 6
  });

  test("a crew of 2 needs both; the host's own session counts", async () => {
    const t = newTest();
    const creator = await createUser(t, { name: "Hana" });
    const friend = await createUser(t, { name: "Fred" });
    const crewId = await createCrew(creator, { isPublic: true });
    await addCrewMembers(creator, crewId, friend);
    const { eventId } = await createEvent(t, creator, { startTime: Date.now() + 3 * HOUR });
    expect((await t.query(api.crews.sessions, { crewId })).upcoming).toEqual([]);
    await rsvp(friend, eventId);
    expect((await t.query(api.crews.sessions, { crewId })).upcoming.map((s) => s._id)).toEqual([
      eventId,
    ]);
  });
});

// ---------------------------------------------------------------- account deletion

describe("account deletion", () => {
  test("a member's account: the crew's counts follow; the creator's: the crew goes", async () => {
    const t = newTest();
    const { creator, coHost, member, invitee, crewId } = await cast(t);
    await member.asUser.mutation(api.account.deleteMine, { confirmation: "delete" });
    await invitee.asUser.mutation(api.account.deleteMine, { confirmation: "delete" });
    await t.finishAllScheduledFunctions(() => {});
    expect(await crewCounts(t, crewId)).toEqual({ members: 2, pending: 0 });
    await creator.asUser.mutation(api.account.deleteMine, { confirmation: "delete" });
    await t.finishAllScheduledFunctions(() => {});
    expect(await crewDoc(t, crewId)).toBeNull();
    expect(await crewsStat(t, coHost)).toBe(0);
    const rows = await tableSnapshot(t, ["crew_members", "notifications", "notification_counters"]);
    expect(rows.crew_members).toEqual([]);
    // What is left for the co-host adds up with their counter.
    const coHostRows = (rows.notifications as Array<{ userId: unknown; read: boolean }>).filter(
      (n) => n.userId === coHost.userId,
    );
    expect(coHostRows.filter((n) => !n.read).length).toBe(
      (await unreadCounter(t, coHost.userId)) ?? 0,
    );
  });
});
