/**
 * `npm run bench:events`: the events area's performance workload (10,000 public
 * events, 20,000 RSVPs, 5,000 attendees on one event) seeded in convex-test,
 * then the documents read by every discover variant (every sort × drink ×
 * time filter, second pages, searches) and by the event page, from
 * convex-test's transaction metrics. Targets: discover ≤ 100 per page, event
 * page ≤ 50. Exits non-zero when a target is missed.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { convexTest } from "convex-test";
import schema from "../convex/schema.ts";
import { measureDiscover, measureEventPage, PERF_VOLUME, seedPerfWorld, type Measurement, type PerfConvex } from "../convex/perf.workload.ts";
import { ModuleLoader, moduleRecord } from "../local-backend/modules.ts";

const functionsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "convex");
process.env.SITE_URL ??= "http://localhost:5173";

const loader = new ModuleLoader(0);
const t = convexTest(schema, moduleRecord(functionsDir, loader)) as unknown as PerfConvex;

const started = performance.now();
const world = await seedPerfWorld(t);
console.log(
  `Seeded ${PERF_VOLUME.events.toLocaleString("en")} public events, ${PERF_VOLUME.rsvps.toLocaleString("en")} RSVPs ` +
    `(${PERF_VOLUME.bigEventRsvps.toLocaleString("en")} on one event) in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);

function table(title: string, rows: Measurement[], limit: number, itemsLabel: string): boolean {
  const width = Math.max(...rows.map((row) => row.name.length));
  console.log(`${title} (target ≤ ${limit} documents read)`);
  for (const row of rows) {
    const flag = row.documentsRead <= limit ? "" : "  ← over target";
    console.log(`  ${row.name.padEnd(width)}  ${String(row.documentsRead).padStart(4)} read   ${String(row.items).padStart(5)} ${itemsLabel}   ${row.ms.toFixed(0).padStart(5)} ms${flag}`);
  }
  const max = Math.max(...rows.map((row) => row.documentsRead));
  console.log(`  max ${max}\n`);
  return max <= limit;
}

const discover = await measureDiscover(t, { full: true });
const page = await measureEventPage(t, world);
const ok = [table("Discover, first page of 50", discover, 100, "cards"), table("Event page", page, 50, "attendees")].every(Boolean);
await loader.dispose();
console.log(ok ? "All targets met." : "Some targets missed.");
process.exit(ok ? 0 : 1);
