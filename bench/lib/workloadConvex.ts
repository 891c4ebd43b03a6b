import path from "node:path";
import { fileURLToPath } from "node:url";
import { convexTest } from "convex-test";
import schema from "../../convex/schema.ts";
import { ModuleLoader, moduleRecord } from "../../local-backend/modules.ts";

const functionsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "convex");

/**
 * The app's functions in convex-test with Convex's per-transaction limits enforced, for a
 * workload (convex/*.workload.ts) to seed and measure: `t` typed as the workload's own view of
 * it; `dispose` unloads the functions' modules once the benchmark is done.
 */
export function workloadConvex<T>(): { t: T; dispose: () => Promise<void> } {
  process.env.SITE_URL ??= "http://localhost:5173";
  const loader = new ModuleLoader(0);
  const t = convexTest({
    schema,
    modules: moduleRecord(functionsDir, loader),
    transactionLimits: true,
  }) as unknown as T;
  return { t, dispose: () => loader.dispose() };
}
