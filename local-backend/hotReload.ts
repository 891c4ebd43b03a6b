/**
 * Hot reload: an edit under `convex/` regenerates `convex/_generated`, then loads the new code
 * on the same data (engine, auth config, crons) and re-runs every live query. A reload that
 * fails keeps the previous code.
 */
import { watch, type FSWatcher } from "node:fs";
import type { TokenVerifier } from "./auth.ts";
import type { CronRunner } from "./crons.ts";
import type { Engine } from "./engine.ts";
import type { QueryHub } from "./queryHub.ts";

export type ReloadTargets = {
  functionsDir: string;
  engine: Engine;
  verifier: TokenVerifier;
  crons: CronRunner;
  hub: QueryHub;
  log: (line: string) => void;
};

/** Watches `functionsDir` and reloads 100 ms after the last change of a burst. */
export function hotReload({
  functionsDir,
  engine,
  verifier,
  crons,
  hub,
  log,
}: ReloadTargets): FSWatcher {
  let timer: NodeJS.Timeout | null = null;
  let reloading = Promise.resolve();
  return watch(functionsDir, { recursive: true }, (_event, file) => {
    if (!file || file.startsWith("_generated") || file.includes(".tmp")) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      reloading = reloading.then(async () => {
        try {
          // Loaded on first use: codegen brings in prettier, which slows every start.
          const { writeGeneratedFiles } = await import("./codegen.ts");
          await writeGeneratedFiles(functionsDir);
          await engine.reload();
          await verifier.loadConfig(engine.moduleLoader);
          await crons.start();
          await hub.invalidateAll();
          log(`reloaded convex/ (${file} changed)`);
        } catch (error) {
          log(`reload failed, keeping the previous code: ${(error as Error).message}`);
        }
      });
    }, 100);
  });
}
