// @vitest-environment node
/**
 * The events area's performance target, measured with convex-test's transaction
 * metrics: with 10,000 public events and 20,000 RSVPs, every discover
 * variant reads at most 100 documents per page, and the event page at most
 * 50 whatever the number of attendees (the big event has 5,000).
 * `npm run bench:events` prints the figures (for every variant).
 *
 * Runs under Node rather than edge-runtime: the same convex-test engine and
 * metrics, four times faster at this volume (convex-test scans tables in memory).
 */
import { beforeAll, describe, expect, test, vi } from "vitest";
import { measureDiscover, measureEventPage, seedPerfWorld, type PerfWorld } from "./perf.workload";
import { newTest, stubDeploymentEnv } from "./test.setup";

const t = newTest();
let world: PerfWorld;

beforeAll(async () => {
  stubDeploymentEnv();
  world = await seedPerfWorld(t);
  return () => vi.unstubAllEnvs();
}, 300_000);

describe("documents read at volume", () => {
  test("every discover variant reads at most 100 documents per page", async () => {
    const results = await measureDiscover(t);
    expect(results.length).toBeGreaterThanOrEqual(20);
    for (const result of results) {
      expect({ name: result.name, ok: result.documentsRead <= 100 }).toEqual({ name: result.name, ok: true });
    }
    // Filled pages: the unfiltered sorts return full pages of 50.
    expect(results.find((r) => r.name === "sort=date drink=all time=all")?.items).toBe(50);
    expect(results.find((r) => r.name === "sort=newest (page 2)")?.items).toBe(50);
  }, 300_000);

  test("the event page reads at most 50 documents with 5,000 attendees", async () => {
    const results = await measureEventPage(t, world);
    for (const result of results) {
      expect({ name: result.name, ok: result.documentsRead <= 50 }).toEqual({ name: result.name, ok: true });
    }
    expect(results[0].items).toBe(5_001);
  }, 120_000);
});
