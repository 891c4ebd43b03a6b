// @vitest-environment node
/**
 * The crews area's performance targets, measured with convex-test's transaction
 * metrics (crews.workload.ts), with Convex's per-transaction limits enforced
 * on every function run here, the scheduled ones included: a crew of 500
 * members and a user with 2,000 notifications. The bell's count reads at
 * most 2 documents, the first notification page at most 25, the crew page's
 * first members page (25) at most 60; inviting the whole crew to a session
 * stays inside the limits and, once the scheduled batches have run, every
 * member has a pending invitation and a notification.
 * `npm run bench:crews` prints the same figures.
 */
import { convexTest } from "convex-test";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import schema from "./schema";
import { modules, stubDeploymentEnv } from "./test.setup";
import {
  CREW_PERF_VOLUME,
  crewInviteCoverage,
  measureCrewInvite,
  measureCrewReads,
  seedCrewPerfWorld,
  type CrewPerfWorld,
} from "./crews.workload";

const t = convexTest({ schema, modules, transactionLimits: true });
let world: CrewPerfWorld;

beforeAll(async () => {
  stubDeploymentEnv();
  vi.useFakeTimers();
  world = await seedCrewPerfWorld(t);
}, 120_000);

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("crews and notifications at volume", () => {
  test("bell ≤ 2, first notification page ≤ 25, first members page ≤ 60 documents read", async () => {
    const results = await measureCrewReads(t, world);
    console.log(
      "crew reads:",
      JSON.stringify(
        results.map(({ name, documentsRead, items }) => ({ name, documentsRead, items })),
        null,
        1,
      ),
    );
    for (const result of results) {
      expect({ name: result.name, ok: result.documentsRead <= result.target }).toEqual({
        name: result.name,
        ok: true,
      });
    }
    const byName = (prefix: string) => results.find((r) => r.name.startsWith(prefix))!;
    expect(byName("bell: unread count").items).toBe(CREW_PERF_VOLUME.notifications);
    expect(byName("bell: first notification page").items).toBe(20);
    expect(byName("bell: 100 asked").items).toBe(20);
    expect(byName("crew members, first page of 25 (member)").items).toBe(25);
    expect(byName("crew page header (member)").items).toBe(CREW_PERF_VOLUME.crewMembers);
  }, 60_000);

  test("inviting the 500-member crew stays inside the limits; every member is invited and notified", async () => {
    const figures = await measureCrewInvite(t, world);
    console.log("crew invite, the inviting mutation:", JSON.stringify(figures, null, 1));
    const others = CREW_PERF_VOLUME.crewMembers - 1;
    expect(figures.result.invitedCount + figures.result.queuedCount).toBe(others);
    expect(figures.result.message).toBe(`Successfully invited ${others} user(s) to the event`);
    for (const [key, remaining] of Object.entries(figures.remaining)) {
      expect({ key, ok: remaining > 0 }).toEqual({ key, ok: true });
    }
    // Every scheduled batch runs under the same enforced limits: one over them would fail here.
    // (So do the 499 invitation e-mails' deliveries, each rendered with React Email: the slow part.)
    // Timers due now only: the batches (runAfter 0) run one after another, and the session's own
    // end job (hours ahead) stays pending. `vi.runAllTimers` would end the session first, and a
    // batch rightly invites nobody to an ended session.
    await t.finishAllScheduledFunctions(() => vi.advanceTimersByTime(0));
    const coverage = await crewInviteCoverage(t, world);
    console.log("crew invite, after the scheduled batches:", JSON.stringify(coverage));
    expect(coverage).toEqual({
      members: others,
      pendingInvitations: others,
      invitationNotifications: others,
      missing: 0,
      inviterInvited: false,
    });
    const scheduled = await t.run(
      async (ctx) => await ctx.db.system.query("_scheduled_functions").collect(),
    );
    expect(scheduled.filter((job) => job.state.kind === "failed")).toEqual([]);
    const batches = scheduled.filter((job) => job.name === "invitations:continueCrewInvite");
    expect(batches.map((job) => job.state.kind)).toEqual([
      "success",
      "success",
      "success",
      "success",
    ]);
    expect(scheduled.find((job) => job.name === "events:finish")?.state.kind).toBe("pending");
  }, 240_000);
});
