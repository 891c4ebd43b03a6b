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
