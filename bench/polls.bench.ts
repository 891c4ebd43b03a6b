/**
 * `npm run bench:polls`: the crew polls' workload (crewPolls.workload.ts) in
 * convex-test with Convex's per-transaction limits enforced: a crew of 200
 * members who all answered a poll of 10 options; the documents one poll view
 * reads (the head and the grid's first page, target ≤ 100 together) and
 * whether the tallies kept on write equal a recount. Exits non-zero when a
 * target is missed.
 */
import {
  measurePollView,
  POLL_PERF_VOLUME,
  seedPollPerfWorld,
  tallyCheck,
  type PollPerfConvex,
} from "../convex/crewPolls.workload.ts";
import { workloadConvex } from "./lib/workloadConvex.ts";

const { t, dispose } = workloadConvex<PollPerfConvex>();

const started = performance.now();
const world = await seedPollPerfWorld(t);
console.log(
  `Seeded a crew of ${POLL_PERF_VOLUME.crewMembers} members answering ${POLL_PERF_VOLUME.options} options ` +
    `in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);

const reads = await measurePollView(t, world);
const width = Math.max(...reads.map((row) => row.name.length));
console.log("Documents read");
for (const row of reads) {
  const flag = row.documentsRead <= row.target ? "" : "  ← over target";
  console.log(
    `  ${row.name.padEnd(width)}  ${String(row.documentsRead).padStart(4)} read (≤ ${row.target})` +
      `   ${String(row.items).padStart(5)} items   ${row.ms.toFixed(0).padStart(5)} ms${flag}`,
  );
}
const tallies = await tallyCheck(t, world);
console.log(`\nTallies kept on write ${tallies ? "equal" : "DIFFER FROM"} a recount.`);

const ok = reads.every((row) => row.documentsRead <= row.target) && tallies;
await dispose();
console.log(ok ? "All targets met." : "Some targets missed.");
process.exit(ok ? 0 : 1);
