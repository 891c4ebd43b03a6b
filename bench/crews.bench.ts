/**
 * `npm run bench:crews`: the crews area's performance workload (crews.workload.ts)
 * in convex-test with Convex's per-transaction limits enforced: a crew of
 * 500 members and a user with 2,000 notifications; the documents read by
 * the bell's count (target ≤ 2), the first notification page (≤ 25) and the
 * crew page's first members page of 25 (≤ 60); then the whole crew invited
 * to a private session: the inviting mutation's use of each limit, and,
 * after the scheduled batches, whether every member has a pending invitation
 * and a notification. Exits non-zero when a target is missed.
 */
import {
  CREW_PERF_VOLUME,
  crewInviteCoverage,
  measureCrewInvite,
  measureCrewReads,
  seedCrewPerfWorld,
  type CrewPerfConvex,
} from "../convex/crews.workload.ts";
import { workloadConvex } from "./lib/workloadConvex.ts";

const { t, dispose } = workloadConvex<CrewPerfConvex>();

const started = performance.now();
const world = await seedCrewPerfWorld(t);
console.log(
  `Seeded a crew of ${CREW_PERF_VOLUME.crewMembers} members and ${CREW_PERF_VOLUME.notifications.toLocaleString("en")} ` +
    `notifications in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);

const reads = await measureCrewReads(t, world);
const width = Math.max(...reads.map((row) => row.name.length));
console.log("Documents read");
for (const row of reads) {
  const flag = row.documentsRead <= row.target ? "" : "  ← over target";
  console.log(
    `  ${row.name.padEnd(width)}  ${String(row.documentsRead).padStart(4)} read (≤ ${row.target})` +
      `   ${String(row.items).padStart(5)} items   ${row.ms.toFixed(0).padStart(5)} ms${flag}`,
  );
}

const invite = await measureCrewInvite(t, world);
console.log(
  `\nInviting the crew (${invite.result.message}; ${invite.result.invitedCount} now, ` +
    `${invite.result.queuedCount} queued) in ${invite.ms.toFixed(0)} ms — the inviting mutation, used of each limit:`,
);
for (const [key, used] of Object.entries(invite.used)) {
  const limit = used + invite.remaining[key];
  console.log(
    `  ${key.padEnd(28)} ${String(used).padStart(9)} of ${limit} (${((100 * used) / limit).toFixed(1)} %)`,
  );
}
const batchesStarted = performance.now();
await t.finishAllScheduledFunctions(() => {});
const coverage = await crewInviteCoverage(t, world);
console.log(
  `After the scheduled batches (${((performance.now() - batchesStarted) / 1000).toFixed(1)} s): ` +
    `${coverage.pendingInvitations} of ${coverage.members} members with a pending invitation, ` +
    `${coverage.invitationNotifications} with a notification, ${coverage.missing} missing\n`,
);

const ok =
  reads.every((row) => row.documentsRead <= row.target) &&
  Object.values(invite.remaining).every((remaining) => remaining > 0) &&
  coverage.missing === 0;
await dispose();
console.log(ok ? "All targets met." : "Some targets missed.");
process.exit(ok ? 0 : 1);
