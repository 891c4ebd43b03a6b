/**
 * Invite links live no longer than the right that made them: a co-host's
 * link dies with their standing; a host or co-host revokes a link; limits
 * that make no sense are refused, not bent; expired and revoked links are
 * deleted by a cron, batch after batch until none is left.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import crons from "./crons";
import { DAY_MS, INVITE_LINK_MESSAGES } from "../shared/crewRules";
import { INVITE_LINK_CLEANUP_BATCH } from "./model/crewInvites";
import {
  addCrewMembers,
  createCrew,
  createUser,
  crewDoc,
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

const INVALID = { status: "invalid", crew: null };

async function expectRefused(t: TestConvex, run: () => Promise<unknown>, data: object) {
  const before = await tableSnapshot(t);
  await expect(run()).rejects.toMatchObject({ data });
  expect(await tableSnapshot(t)).toEqual(before);
}

/** creator, two co-hosts, member, invitee, stranger; a private crew. */
async function cast(t: TestConvex) {
  const creator = await createUser(t, { name: "Hana Host" });
  const coHost = await createUser(t, { name: "Cole Cohost" });
  const coHost2 = await createUser(t, { name: "Cleo Cohost" });
  const member = await createUser(t, { name: "Mia Member" });
  const invitee = await createUser(t, { name: "Ivy Invitee" });
  const stranger = await createUser(t, { name: "Stan Stranger" });
  const crewId = await createCrew(creator, { name: "Hop Heads", isPublic: false });
  await addCrewMembers(creator, crewId, coHost, coHost2, member);
  for (const user of [coHost, coHost2]) {
    await creator.asUser.mutation(api.crews.promoteCoHost, { crewId, userId: user.userId });
  }
  await inviteToCrew(creator, crewId, invitee);
  return { creator, coHost, coHost2, member, invitee, stranger, crewId };
}

async function linkRow(t: TestConvex, inviteCode: string) {
  return await t.run(
    async (ctx) =>
      await ctx.db
        .query("crew_invitations")
        .withIndex("by_invite_code", (q) => q.eq("inviteCode", inviteCode))
        .unique(),
  );
}

describe("a link works only while its maker may still invite", () => {
  test("a co-host's link dies when they are demoted, removed or leave; the host's lives on", async () => {
    const t = newTest();
    const { creator, coHost, coHost2, member, crewId } = await cast(t);
    const third = await createUser(t, { name: "Theo Third" });
    await addCrewMembers(creator, crewId, third);
    await creator.asUser.mutation(api.crews.promoteCoHost, { crewId, userId: third.userId });
    const link = async (user: typeof creator) =>
      (await user.asUser.mutation(api.crews.createInviteLinkFor, { crewId })).inviteCode;
    const hosts = await link(creator);
    const demoted = await link(coHost);
    const removed = await link(coHost2);
    const left = await link(third);
    const newcomers: TestUser[] = [];
    for (let i = 0; i < 4; i++) newcomers.push(await createUser(t, { name: `New ${i}` }));

    await creator.asUser.mutation(api.crews.demoteCoHost, { crewId, userId: coHost.userId });
    await creator.asUser.mutation(api.crews.removeMember, { crewId, userId: coHost2.userId });
    await third.asUser.mutation(api.crews.leave, { crewId });
    for (const code of [demoted, removed, left]) {
      expect(await newcomers[0].asUser.query(api.crews.inviteLink, { code })).toEqual(INVALID);
      await expectRefused(t, () => newcomers[0].asUser.mutation(api.crews.joinWithCode, { code }), {
        code: "NOT_FOUND",
        message: INVITE_LINK_MESSAGES.invalid,
      });
    }
    // The demoted co-host is still a member: their link does not work for them to re-join either.
    expect((await member.asUser.query(api.crews.inviteLink, { code: demoted })).status).toBe(
      "invalid",
    );
    expect((await newcomers[1].asUser.query(api.crews.inviteLink, { code: hosts })).status).toBe(
      "valid",
    );
    await newcomers[1].asUser.mutation(api.crews.joinWithCode, { code: hosts });
    expect((await crewDoc(t, crewId))?.memberCount).toBe(4);

    // Promoted again, the co-host's own earlier link works again: they could make a new one anyway.
    await creator.asUser.mutation(api.crews.promoteCoHost, { crewId, userId: coHost.userId });
    expect((await newcomers[2].asUser.query(api.crews.inviteLink, { code: demoted })).status).toBe(
      "valid",
    );
  });
});

describe("crews.revokeInviteLink", () => {
  test("host and co-hosts revoke any link of the crew; the link then says only 'invalid or expired'", async () => {
    const t = newTest();
    const { creator, coHost, crewId } = await cast(t);
    const newcomer = await createUser(t, { name: "Nina New" });
    const hosts = await creator.asUser.mutation(api.crews.createInviteLinkFor, { crewId });
    const coHosts = await coHost.asUser.mutation(api.crews.createInviteLinkFor, { crewId });
    expect(
      (await coHost.asUser.query(api.crews.inviteLinks, { crewId })).map((l) => l.inviteCode),
    ).toEqual([coHosts.inviteCode, hosts.inviteCode]);

    vi.useFakeTimers({ now: Date.now() + 1000 });
    const revokedAt = Date.now();
    expect(
      await coHost.asUser.mutation(api.crews.revokeInviteLink, {
        crewId,
        inviteCode: hosts.inviteCode,
      }),
    ).toBeNull();
    await creator.asUser.mutation(api.crews.revokeInviteLink, {
      crewId,
      inviteCode: coHosts.inviteCode.toLowerCase(),
    });
    for (const { inviteCode } of [hosts, coHosts]) {
      expect(await linkRow(t, inviteCode)).toMatchObject({ revokedAt, expiresAt: revokedAt });
      expect(await newcomer.asUser.query(api.crews.inviteLink, { code: inviteCode })).toEqual(
        INVALID,
      );
      await expectRefused(
        t,
        () => newcomer.asUser.mutation(api.crews.joinWithCode, { code: inviteCode }),
        { message: INVITE_LINK_MESSAGES.invalid },
      );
    }
    expect(await creator.asUser.query(api.crews.inviteLinks, { crewId })).toEqual([]);
    // Revoking again changes nothing and is no error.
    const before = await tableSnapshot(t, ["crew_invitations"]);
    vi.setSystemTime(revokedAt + 5000);
    await creator.asUser.mutation(api.crews.revokeInviteLink, {
      crewId,
      inviteCode: hosts.inviteCode,
    });
    expect(await tableSnapshot(t, ["crew_invitations"])).toEqual(before);
  });

  test("refused: anonymous, a stranger ('Crew not found'), a member or invitee, an unknown or another crew's code", async () => {
    const t = newTest();
    const { creator, member, invitee, stranger, crewId } = await cast(t);
    const { inviteCode } = await creator.asUser.mutation(api.crews.createInviteLinkFor, { crewId });
    const otherCrew = await createCrew(stranger, { name: "Elsewhere" });
    const elsewhere = await stranger.asUser.mutation(api.crews.createInviteLinkFor, {
      crewId: otherCrew,
    });
    const revoke = (as: { mutation: typeof t.mutation }, code = inviteCode) =>
      as.mutation(api.crews.revokeInviteLink, { crewId, inviteCode: code });
    await expectRefused(t, () => revoke(t), { message: "Not authenticated" });
    await expectRefused(t, () => revoke(stranger.asUser), {
      code: "NOT_FOUND",
      message: "Crew not found",
    });
    for (const user of [member, invitee]) {
      await expectRefused(t, () => revoke(user.asUser), {
        code: "FORBIDDEN",
        message: "You do not have permission to edit this crew",
      });
      await expectRefused(t, () => user.asUser.query(api.crews.inviteLinks, { crewId }), {
        code: "FORBIDDEN",
        message: "You do not have permission to edit this crew",
      });
    }
    for (const code of ["ZZZZ9999", "nope", elsewhere.inviteCode]) {
      await expectRefused(t, () => revoke(creator.asUser, code), {
        code: "NOT_FOUND",
        message: INVITE_LINK_MESSAGES.notFound,
      });
    }
    expect((await stranger.asUser.query(api.crews.inviteLink, { code: inviteCode })).status).toBe(
      "valid",
    );
  });
});

describe("crews.createInviteLinkFor refuses limits that make no sense", () => {
  test("maxUses 0, negative or fractional; days 0, negative, fractional, past 30 or infinite: a clear message, nothing written", async () => {
    const t = newTest();
    const { creator, crewId } = await cast(t);
    for (const maxUses of [0, -1, 2.5, Number.NaN]) {
      await expectRefused(
        t,
        () => creator.asUser.mutation(api.crews.createInviteLinkFor, { crewId, maxUses }),
        { code: "VALIDATION", message: INVITE_LINK_MESSAGES.maxUsesInvalid, field: "maxUses" },
      );
    }
    for (const days of [0, -7, 1.5, 31, 365, Number.POSITIVE_INFINITY]) {
      await expectRefused(
        t,
        () => creator.asUser.mutation(api.crews.createInviteLinkFor, { crewId, days }),
        { code: "VALIDATION", message: INVITE_LINK_MESSAGES.daysInvalid, field: "days" },
      );
    }
    const made = await creator.asUser.mutation(api.crews.createInviteLinkFor, {
      crewId,
      days: 30,
      maxUses: 1,
    });
    expect(made.maxUses).toBe(1);
    expect(made.expiresAt - Date.now()).toBeGreaterThan(29 * DAY_MS);
    const unlimited = await creator.asUser.mutation(api.crews.createInviteLinkFor, {
      crewId,
      maxUses: null,
    });
    expect(unlimited.maxUses).toBeNull();
  });
});

describe("the clean-up of dead links", () => {
  test("expired and revoked links go, batch after batch until none is left; working and used-up links stay", async () => {
    const t = newTest();
    const { creator, crewId } = await cast(t);
    const now = Date.now();
    const dead = INVITE_LINK_CLEANUP_BATCH * 2 + 7;
    const codes = await t.run(async (ctx) => {
      const insert = async (code: string, fields: object) =>
        await ctx.db.insert("crew_invitations", {
          crewId,
          inviteCode: code,
          createdBy: creator.userId,
          expiresAt: now + DAY_MS,
          maxUses: null,
          currentUses: 0,
          createdAt: now - DAY_MS,
          ...fields,
        });
      for (let i = 0; i < dead; i++) {
        const code = `D${String(i).padStart(7, "0")}`;
        await insert(
          code,
          i % 2 === 0 ? { expiresAt: now - i } : { revokedAt: now - 1, expiresAt: now - 1 },
        );
      }
      await insert("LIVE0001", {});
      await insert("USEDUP01", { maxUses: 1, currentUses: 1 });
      return ["LIVE0001", "USEDUP01"];
    });
    await t.mutation(internal.crews.deleteDeadInviteLinks, {});
    // One batch ran; the rest continue by themselves.
    const afterOne = (await tableSnapshot(t, ["crew_invitations"])).crew_invitations.length;
    expect(afterOne).toBe(dead + 2 - INVITE_LINK_CLEANUP_BATCH);
    await t.finishAllScheduledFunctions(() => {});
    const left = (await tableSnapshot(t, ["crew_invitations"])).crew_invitations as Array<{
      inviteCode: string;
    }>;
    expect(left.map((row) => row.inviteCode).sort()).toEqual(codes);
  });

  test("runs from the crons", () => {
    const jobs = Object.values(
      (crons as unknown as { crons: Record<string, { name: string }> }).crons,
    );
    expect(jobs.map((job) => job.name)).toContain("crews:deleteDeadInviteLinks");
  });
});
