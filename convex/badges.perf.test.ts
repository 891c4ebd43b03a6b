// @vitest-environment node
/**
 * The badges performance targets, measured with convex-test's transaction
 * metrics (badges.workload.ts) with Convex's per-transaction limits
 * enforced: the catalogue and a user with 30 badges earned. The profile's
 * badge preview reads at most 10 documents, the badges page at most 100, and
 * the award check a join schedules at most 50 (maintained counters, no
 * scans). `npm run bench:badges` prints the same figures.
 */
import { convexTest } from "convex-test";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import schema from "./schema";
import { modules, stubDeploymentEnv } from "./test.setup";
import {
  BADGE_PERF_VOLUME,
  measureAwardCheck,
  measureBadgeReads,
  seedBadgePerfWorld,
  type BadgePerfWorld,
} from "./badges.workload";

const t = convexTest({ schema, modules, transactionLimits: true });
let world: BadgePerfWorld;
/** A Friday evening (UTC): the day on which a session two hours away would earn TGIF. */
const FRIDAY_EVENING = Date.UTC(2026, 10, 27, 20, 0, 0);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: FRIDAY_EVENING });
  stubDeploymentEnv(); // badge checks off while the world is built
  world = await seedBadgePerfWorld(t);
}, 60_000);

afterAll(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe("badges at volume", () => {
  test("preview ≤ 10, badges page ≤ 100, award check ≤ 50 documents read", async () => {
    const reads = await measureBadgeReads(t, world);
    const check = await measureAwardCheck(t, world);
    console.log(
      "badge reads:",
      JSON.stringify(
        [...reads, check].map(({ name, documentsRead, items }) => ({ name, documentsRead, items })),
        null,
        1,
      ),
    );
    for (const result of [...reads, check]) {
      expect({ name: result.name, ok: result.documentsRead <= result.target }).toEqual({
        name: result.name,
        ok: true,
      });
    }
    const byName = (name: string) => reads.find((r) => r.name === name)!;
    expect(byName("profile badge preview (owner)").items).toBe(4);
    expect(byName("badges page (owner)").items).toBe(BADGE_PERF_VOLUME.catalogue - 1);
    expect(byName("badges page (another user)").items).toBe(BADGE_PERF_VOLUME.earned);
    expect(check.awarded).toEqual(["first_pour"]);
  }, 60_000);
});
