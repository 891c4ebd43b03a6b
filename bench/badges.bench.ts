/**
 * `npm run bench:badges`: the badges' performance workload (badges.workload.ts)
 * in convex-test with Convex's per-transaction limits enforced: the badge
 * catalogue and a user with 30 badges earned; the documents read by the
 * profile's badge preview (target ≤ 10) and the badges page (≤ 100) for the
 * owner, another user and a visitor, and by the award check joining a
 * session schedules (≤ 50). Exits non-zero when a target is missed.
 */
import {
  BADGE_PERF_VOLUME,
  measureAwardCheck,
  measureBadgeReads,
  seedBadgePerfWorld,
  type BadgePerfConvex,
} from "../convex/badges.workload.ts";
import { workloadConvex } from "./lib/workloadConvex.ts";

const { t, dispose } = workloadConvex<BadgePerfConvex>();

// Checks off while the world is built: the measured check is the one that counts.
process.env.CLINK_BADGE_CHECKS = "off";
const world = await seedBadgePerfWorld(t);
delete process.env.CLINK_BADGE_CHECKS;
console.log(
  `Catalogue of ${BADGE_PERF_VOLUME.catalogue} badges; a user with ${BADGE_PERF_VOLUME.earned} earned (4 shown)\n`,
);

const rows = [...(await measureBadgeReads(t, world)), await measureAwardCheck(t, world)];
const width = Math.max(...rows.map((row) => row.name.length));
console.log("Documents read");
for (const row of rows) {
  const flag = row.documentsRead <= row.target ? "" : "  ← over target";
  console.log(
    `  ${row.name.padEnd(width)}  ${String(row.documentsRead).padStart(4)} read (≤ ${row.target})` +
      `   ${String(row.items).padStart(3)} items   ${row.ms.toFixed(0).padStart(5)} ms${flag}`,
  );
}
const ok = rows.every((row) => row.documentsRead <= row.target);
await dispose();
console.log(ok ? "\nAll targets met." : "\nSome targets missed.");
process.exit(ok ? 0 : 1);
