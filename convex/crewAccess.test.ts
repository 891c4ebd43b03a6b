/**
 * Who may learn what about a crew. A private crew is invisible to anyone who
 * is not its member or invitee: every crew function answers them exactly as
 * it answers an id that does not exist ('Crew not found'), and an invite
 * code that no longer works tells nothing about the crew it was for. The
 * spec's other refusals stay for those who may see the crew.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import * as crewFunctions from "./crews";
import { appErrorData } from "../shared/errors";
import {
  addCrewMembers,
  createCrew,
  createUser,
  inviteToCrew,
  newTest,
  stubDeploymentEnv,
  tableSnapshot,
  type TestConvex,
  type TestUser,
} from "./test.setup";

beforeEach(() => stubDeploymentEnv());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

const NOT_FOUND = { code: "NOT_FOUND", message: "Crew not found" };

/** What a call answered: its value, or the error's code and message. */
async function outcome(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return { value: await run() };
  } catch (error) {
    const data = appErrorData(error);
    return { error: data === null ? String(error) : { code: data.code, message: data.message } };
  }
}

/** The outcome, and that a refusal wrote nothing. */
async function outcomeWritingNothingOnRefusal(t: TestConvex, run: () => Promise<unknown>) {
  const before = await tableSnapshot(t);
  const result = await outcome(run);
  if (typeof result === "object" && result !== null && "error" in result) {
    expect(await tableSnapshot(t)).toEqual(before);
  }
  return result;
}

/**
 * A private crew (creator, co-host, member, invitee), a former co-host's
 * invite link (dead since the demotion), a stranger, a newcomer to invite,
 * and the id of a crew that does not exist (made and deleted).
 */
async function world(t: TestConvex) {
  const creator = await createUser(t, { name: "Hana Host" });
  const coHost = await createUser(t, { name: "Cole Cohost" });
  const member = await createUser(t, { name: "Mia Member" });
  const invitee = await createUser(t, { name: "Ivy Invitee" });
  const former = await createUser(t, { name: "Fay Former" });
  const stranger = await createUser(t, { name: "Stan Stranger" });
  const newcomer = await createUser(t, { name: "Nina Newcomer" });
  const crewId = await createCrew(creator, { name: "Hop Heads", isPublic: false });
  await addCrewMembers(creator, crewId, coHost, member, former);
  await creator.asUser.mutation(api.crews.promoteCoHost, { crewId, userId: coHost.userId });
  await creator.asUser.mutation(api.crews.promoteCoHost, { crewId, userId: former.userId });
  const deadLink = await former.asUser.mutation(api.crews.createInviteLinkFor, { crewId });
  await creator.asUser.mutation(api.crews.demoteCoHost, { crewId, userId: former.userId });
  await inviteToCrew(creator, crewId, invitee);
  const goneId = await createCrew(creator, { name: "Gone" });
  await t.run(async (ctx) => await ctx.db.delete("crews", goneId));
  return {
    creator,
    coHost,
    member,
    invitee,
    former,
    stranger,
    newcomer,
    crewId,
    goneId,
    deadCode: deadLink.inviteCode,
  };
}

type World = Awaited<ReturnType<typeof world>>;
type Caller = TestConvex | TestUser["asUser"];
type Target = { crewId: Id<"crews">; code: string };

/** Every public crew function that names a crew (by id, or by invite code), called for `target`. */
const BY_CREW: Record<string, (as: Caller, w: World, target: Target) => Promise<unknown>> = {
  get: (as, _w, { crewId }) => as.query(api.crews.get, { crewId }),
  members: (as, _w, { crewId }) =>
    as.query(api.crews.members, { crewId, paginationOpts: { numItems: 10, cursor: null } }),
  pendingInvitations: (as, _w, { crewId }) =>
    as.query(api.crews.pendingInvitations, {
      crewId,
      paginationOpts: { numItems: 10, cursor: null },
    }),
  sessions: (as, _w, { crewId }) => as.query(api.crews.sessions, { crewId }),
  // Searching a member's name: leaving members out would tell who is in the crew.
  searchUsersToInvite: (as, _w, { crewId }) =>
    as.query(api.crews.searchUsersToInvite, { crewId, query: "Mia" }),
  update: (as, _w, { crewId }) =>
    as.mutation(api.crews.update, {
      crewId,
      name: "Renamed",
      description: null,
      vibe: "chill",
      isPublic: true,
    }),
  remove: (as, _w, { crewId }) => as.mutation(api.crews.remove, { crewId }),
  leave: (as, _w, { crewId }) => as.mutation(api.crews.leave, { crewId }),
  inviteUsers: (as, w, { crewId }) =>
    as.mutation(api.crews.inviteUsers, { crewId, userIds: [w.newcomer.userId] }),
  inviteByUsername: (as, w, { crewId }) =>
    as.mutation(api.crews.inviteByUsername, {
      crewId,
      username: w.newcomer.profile!.username,
    }),
  respondToInvitation: (as, _w, { crewId }) =>
    as.mutation(api.crews.respondToInvitation, { crewId, response: "accepted" }),
  removeMember: (as, w, { crewId }) =>
    as.mutation(api.crews.removeMember, { crewId, userId: w.member.userId }),
  removePending: (as, w, { crewId }) =>
    as.mutation(api.crews.removePending, { crewId, userId: w.invitee.userId }),
  promoteCoHost: (as, w, { crewId }) =>
    as.mutation(api.crews.promoteCoHost, { crewId, userId: w.member.userId }),
  demoteCoHost: (as, w, { crewId }) =>
    as.mutation(api.crews.demoteCoHost, { crewId, userId: w.coHost.userId }),
  createInviteLinkFor: (as, _w, { crewId }) =>
    as.mutation(api.crews.createInviteLinkFor, { crewId }),
  inviteLinks: (as, _w, { crewId }) => as.query(api.crews.inviteLinks, { crewId }),
  revokeInviteLink: (as, w, { crewId }) =>
    as.mutation(api.crews.revokeInviteLink, { crewId, inviteCode: w.deadCode }),
  inviteLink: (as, _w, { code }) => as.query(api.crews.inviteLink, { code }),
  joinWithCode: (as, _w, { code }) => as.mutation(api.crews.joinWithCode, { code }),
};

/** Public crew functions that name no crew, so there is nothing to tell apart. */
const NAMING_NO_CREW = ["mine", "forProfile", "create"];

describe("a private crew, to those who may not see it, is an id that does not exist", () => {
  test("the walk covers every public crew function", () => {
    const registered = Object.entries(crewFunctions)
      .filter(([, fn]) => (fn as { isPublic?: boolean }).isPublic === true)
      .map(([name]) => name)
      .sort();
    expect([...Object.keys(BY_CREW), ...NAMING_NO_CREW].sort()).toEqual(registered);
  });

  for (const [name, call] of Object.entries(BY_CREW)) {
    test(`${name}: a stranger and a signed-out visitor get the same answer for a real private crew and an unknown id`, async () => {
      const t = newTest();
      const w = await world(t);
      const real = { crewId: w.crewId, code: w.deadCode };
      const unknown = { crewId: w.goneId, code: "ZZZZ9999" };
      for (const as of [w.stranger.asUser, t]) {
        const forReal = await outcomeWritingNothingOnRefusal(t, () => call(as, w, real));
        const forUnknown = await outcomeWritingNothingOnRefusal(t, () => call(as, w, unknown));
        expect(forReal).toEqual(forUnknown);
        if (as !== t && name !== "inviteLink" && name !== "joinWithCode") {
          expect(forReal).toEqual({ error: NOT_FOUND });
        }
      }
    });
  }
});

describe("the spec's refusals stay for those who may see the crew", () => {
  test("a member who is not a manager, and an invitee, read the refusal meant for them", async () => {
    const t = newTest();
    const w = await world(t);
    const details = { name: "Renamed", description: null, vibe: "chill", isPublic: true };
    for (const user of [w.member, w.invitee]) {
      await expect(
        user.asUser.mutation(api.crews.update, { crewId: w.crewId, ...details }),
      ).rejects.toMatchObject({
        data: { code: "FORBIDDEN", message: "You do not have permission to edit this crew" },
      });
      await expect(
        user.asUser.mutation(api.crews.removeMember, {
          crewId: w.crewId,
          userId: w.coHost.userId,
        }),
      ).rejects.toMatchObject({
        data: { message: "You do not have permission to remove crew members" },
      });
    }
    await expect(
      w.member.asUser.mutation(api.crews.respondToInvitation, {
        crewId: w.crewId,
        response: "accepted",
      }),
    ).rejects.toMatchObject({ data: { message: "You have no pending invitation to this crew" } });
    await expect(
      w.invitee.asUser.mutation(api.crews.leave, { crewId: w.crewId }),
    ).rejects.toMatchObject({ data: { message: "You are not a member of this crew" } });
  });
});

describe("crews.searchUsersToInvite works only for a crew the caller manages", () => {
  test("anonymous: 'Not authenticated'; stranger, member and invitee: 'Crew not found'; managers search", async () => {
    const t = newTest();
    const w = await world(t);
    await expect(
      t.query(api.crews.searchUsersToInvite, { crewId: w.crewId, query: "Nina" }),
    ).rejects.toMatchObject({ data: { message: "Not authenticated" } });
    for (const user of [w.stranger, w.member, w.invitee]) {
      await expect(
        user.asUser.query(api.crews.searchUsersToInvite, { crewId: w.crewId, query: "Nina" }),
      ).rejects.toMatchObject({ data: NOT_FOUND });
    }
    for (const user of [w.creator, w.coHost]) {
      const found = await user.asUser.query(api.crews.searchUsersToInvite, {
        crewId: w.crewId,
        query: "Nina",
      });
      expect(found.map((u) => u.userId)).toEqual([w.newcomer.userId]);
      // Members are left out for those who manage the crew.
      expect(
        await user.asUser.query(api.crews.searchUsersToInvite, { crewId: w.crewId, query: "Mia" }),
      ).toEqual([]);
    }
    // Without a crew (the create wizard): anyone signed in searches everyone.
    const all = await w.stranger.asUser.query(api.crews.searchUsersToInvite, { query: "Mia" });
    expect(all.map((u) => u.userId)).toEqual([w.member.userId]);
  });
});

describe("crews.inviteLink: a code that no longer works tells nothing", () => {
  const INVALID = { status: "invalid", crew: null };

  test("expired, used up, or its maker no longer a manager: the unknown code's answer, to everyone", async () => {
    const t = newTest();
    const w = await world(t);
    const late = await createUser(t, { name: "Lou Late" });
    vi.useFakeTimers();
    const expiring = await w.creator.asUser.mutation(api.crews.createInviteLinkFor, {
      crewId: w.crewId,
      days: 1,
    });
    const once = await w.creator.asUser.mutation(api.crews.createInviteLinkFor, {
      crewId: w.crewId,
      maxUses: 1,
    });
    await w.newcomer.asUser.mutation(api.crews.joinWithCode, { code: once.inviteCode });
    vi.setSystemTime(expiring.expiresAt);
    const unknown = await late.asUser.query(api.crews.inviteLink, { code: "ZZZZ9999" });
    expect(unknown).toEqual(INVALID);
    for (const code of [expiring.inviteCode, once.inviteCode, w.deadCode]) {
      for (const as of [t, late.asUser, w.stranger.asUser, w.member.asUser]) {
        expect(await as.query(api.crews.inviteLink, { code })).toEqual(INVALID);
      }
    }
  });

  test("a working code shows the crew to anyone, and 'already a member' to its members", async () => {
    const t = newTest();
    const w = await world(t);
    const { inviteCode } = await w.coHost.asUser.mutation(api.crews.createInviteLinkFor, {
      crewId: w.crewId,
    });
    const shown = await w.stranger.asUser.query(api.crews.inviteLink, { code: inviteCode });
    expect(shown).toMatchObject({
      status: "valid",
      crew: { _id: w.crewId, name: "Hop Heads", memberCount: 4, isPublic: false },
    });
    expect((await t.query(api.crews.inviteLink, { code: inviteCode })).status).toBe("valid");
    expect((await w.member.asUser.query(api.crews.inviteLink, { code: inviteCode })).status).toBe(
      "already_member",
    );
  });
});

describe("what the server says each viewer may do, and that it holds", () => {
  const VIEWERS = ["creator", "coHost", "member", "stranger"] as const;
  type Viewer = (typeof VIEWERS)[number];
  /** The accepted members' rows, by who they are (`former` is a member again). */
  const ROWS = ["creator", "coHost", "member", "former"] as const;
  type Row = (typeof ROWS)[number];
  type Flags = Record<string, boolean>;
  const paginationOpts = { numItems: 10, cursor: null };

  /** The world's crew made public, so that a stranger sees it too. */
  async function publicWorld(t: TestConvex) {
    const w = await world(t);
    await t.run(async (ctx) => await ctx.db.patch("crews", w.crewId, { isPublic: true }));
    return w;
  }

  const allowed = (flags: Flags) => Object.keys(flags).filter((flag) => flags[flag]);

  /** Every flag the crew page gets: on the crew, on each member row, on each pending invitation. */
  async function flagsFor(w: World, viewer: Viewer) {
    const as = w[viewer].asUser;
    const crewId = w.crewId;
    const { viewer: v } = await as.query(api.crews.get, { crewId });
    const members = await as.query(api.crews.members, { crewId, paginationOpts });
    const pending = await as.query(api.crews.pendingInvitations, { crewId, paginationOpts });
    const rowOf = (userId: Id<"users">) => ROWS.find((row) => w[row].userId === userId)!;
    return {
      crew: {
        canEdit: v.canEdit,
        canInvite: v.canInvite,
        canDelete: v.canDelete,
        canLeave: v.canLeave,
        canSeeInvitations: v.canSeeInvitations,
      },
      members: Object.fromEntries(
        members.page.map((m) => [
          rowOf(m.userId),
          { canPromote: m.canPromote, canDemote: m.canDemote, canRemove: m.canRemove },
        ]),
      ) as Partial<Record<Row, Flags>>,
      pending: pending.page.map((invitation) => invitation.canWithdraw),
    };
  }

  const EXPECTED: Record<
    Viewer,
    { crew: string[]; members: Record<Row, string[]>; pending: boolean[] }
  > = {
    creator: {
      crew: ["canEdit", "canInvite", "canDelete", "canSeeInvitations"],
      members: {
        creator: [],
        coHost: ["canDemote", "canRemove"],
        member: ["canPromote", "canRemove"],
        former: ["canPromote", "canRemove"],
      },
      pending: [true],
    },
    coHost: {
      crew: ["canEdit", "canInvite", "canLeave", "canSeeInvitations"],
      members: { creator: [], coHost: [], member: ["canRemove"], former: ["canRemove"] },
      pending: [false],
    },
    member: {
      crew: ["canLeave", "canSeeInvitations"],
      members: { creator: [], coHost: [], member: [], former: [] },
      pending: [false],
    },
    stranger: {
      crew: [],
      members: { creator: [], coHost: [], member: [], former: [] },
      pending: [],
    },
  };

  test("host, co-host, member and stranger get their own flags on the crew and on every row", async () => {
    const t = newTest();
    const w = await publicWorld(t);
    for (const viewer of VIEWERS) {
      const flags = await flagsFor(w, viewer);
      expect({
        crew: allowed(flags.crew),
        members: Object.fromEntries(ROWS.map((row) => [row, allowed(flags.members[row] ?? {})])),
        pending: flags.pending,
      }).toEqual(EXPECTED[viewer]);
    }
  });

  type Call = (as: TestUser["asUser"], w: World) => Promise<unknown>;
  const CREW_CALLS: Record<string, Call> = {
    canEdit: (as, w) =>
      as.mutation(api.crews.update, {
        crewId: w.crewId,
        name: "Renamed",
        description: null,
        vibe: "chill",
        isPublic: true,
      }),
    canInvite: (as, w) => as.mutation(api.crews.createInviteLinkFor, { crewId: w.crewId }),
    canDelete: (as, w) => as.mutation(api.crews.remove, { crewId: w.crewId }),
    canLeave: (as, w) => as.mutation(api.crews.leave, { crewId: w.crewId }),
  };
  const MEMBER_CALLS: Record<string, (row: Row) => Call> = {
    canPromote: (row) => (as, w) =>
      as.mutation(api.crews.promoteCoHost, { crewId: w.crewId, userId: w[row].userId }),
    canDemote: (row) => (as, w) =>
      as.mutation(api.crews.demoteCoHost, { crewId: w.crewId, userId: w[row].userId }),
    canRemove: (row) => (as, w) =>
      as.mutation(api.crews.removeMember, { crewId: w.crewId, userId: w[row].userId }),
  };
  const withdraw: Call = (as, w) =>
    as.mutation(api.crews.removePending, { crewId: w.crewId, userId: w.invitee.userId });

  for (const viewer of VIEWERS) {
    test(`${viewer}: every action offered goes through; every action held back changes nothing`, async () => {
      const expected = EXPECTED[viewer];
      const checks: { name: string; offered: boolean; call: Call }[] = [
        ...Object.entries(CREW_CALLS).map(([flag, call]) => ({
          name: flag,
          offered: expected.crew.includes(flag),
          call,
        })),
        ...ROWS.flatMap((row) =>
          Object.entries(MEMBER_CALLS).map(([flag, call]) => ({
            name: `${flag} ${row}`,
            offered: expected.members[row].includes(flag),
            call: call(row),
          })),
        ),
        { name: "canWithdraw", offered: expected.pending[0] === true, call: withdraw },
      ];
      const t = newTest();
      const w = await publicWorld(t);
      for (const check of checks.filter((c) => !c.offered)) {
        const before = await tableSnapshot(t);
        await outcome(() => check.call(w[viewer].asUser, w));
        expect(await tableSnapshot(t), check.name).toEqual(before);
      }
      for (const check of checks.filter((c) => c.offered)) {
        const fresh = newTest();
        const v = await publicWorld(fresh);
        const result = await outcome(() => check.call(v[viewer].asUser, v));
        expect(result, check.name).toHaveProperty("value");
      }
    });
  }
});
