// @vitest-environment node
/**
 * Crew polls at volume (crewPolls.workload.ts), with Convex's per-transaction
 * limits enforced: a crew of 200 members who all answered a poll of 10
 * options. One poll view (its head and the grid's first page) reads at most
 * 100 documents, and the tallies kept on write equal a recount.
 * `npm run bench:polls` prints the same figures.
 */
import { convexTest } from "convex-test";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import schema from "./schema";
import { modules, stubDeploymentEnv } from "./test.setup";
import {
  measurePollView,
  POLL_VIEW_TARGET,
  seedPollPerfWorld,
  tallyCheck,
  type PollPerfWorld,
} from "./crewPolls.workload";

const t = convexTest({ schema, modules, transactionLimits: true });
let world: PollPerfWorld;

beforeAll(async () => {
  stubDeploymentEnv();
  vi.useFakeTimers();
  world = await seedPollPerfWorld(t);
}, 120_000);

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

test("one poll view of a crew of 200 with 10 options reads at most 100 documents", async () => {
  const rows = await measurePollView(t, world);
  for (const row of rows) expect(row.documentsRead, row.name).toBeLessThanOrEqual(POLL_VIEW_TARGET);
  expect(rows[1].items).toBe(25);
});

test("the tallies kept on write equal a recount", async () => {
  expect(await tallyCheck(t, world)).toBe(true);
});
