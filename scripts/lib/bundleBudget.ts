import { readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Manifest } from "vite";
import { projectRoot } from "./processes.ts";

/** Issue 13's targets, in gzip bytes (zlib's default level, what most servers send). */
export const BUDGETS = {
  /** Everything `/` runs before it is interactive: the entry and the landing screen. */
  landingInitialJs: 120 * 1024,
  /** Everything one screen can load, its dialogs and lazy parts included. */
  routeTotalJs: 250 * 1024,
};

/** The landing screen's module: the one lazy screen `/` loads at once. */
const LANDING_MODULE = "src/features/landing/LandingPage.tsx";

export interface RouteSize {
  /** The lazy screen's source module, as the manifest names it. */
  module: string;
  /** gzip bytes of all the JavaScript the screen can load, the entry included. */
  totalJs: number;
}

export interface BundleSizes {
  /** gzip bytes of the entry chunk and everything it imports statically. */
  entryJs: number;
  /** gzip bytes `/` needs before it is interactive (entry plus the landing screen). */
  landingInitialJs: number;
  /** Every lazy chunk the entry can load (screens, and whatever else is split), largest first. */
  routes: RouteSize[];
}

/** Builds the app into a temporary directory with a manifest; returns that directory. */
export async function buildForBudget(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), "clink-budget-"));
  await build({
    root: projectRoot,
    configFile: join(projectRoot, "vite.config.ts"),
    logLevel: "error",
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return outDir;
}

/** gzip sizes of the built app in `outDir`, by the entry's static and dynamic import graph. */
export function measureBundle(outDir: string): BundleSizes {
  const manifest = JSON.parse(
    readFileSync(join(outDir, ".vite/manifest.json"), "utf8"),
  ) as Manifest;
  const gzipBytes = new Map<string, number>();
  const sizeOf = (files: Set<string>) => {
    let total = 0;
    for (const file of files) {
      if (!file.endsWith(".js")) continue;
      if (!gzipBytes.has(file))
        gzipBytes.set(file, gzipSync(readFileSync(join(outDir, file))).length);
      total += gzipBytes.get(file)!;
    }
    return total;
  };

  /**
   * Output files of `keys` and their imports: static ones only, or dynamic ones too. Chunks
   * in `loaded` (the entry's) are already there and where they lead is not this screen's.
   */
  const closure = (
    keys: string[],
    { dynamic, loaded = new Set() }: { dynamic: boolean; loaded?: Set<string> },
  ) => {
    const files = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (loaded.has(manifest[key]?.file)) return;
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) throw new Error(`The build manifest has no ${key}`);
      files.add(chunk.file);
      for (const next of chunk.imports ?? []) visit(next);
      if (dynamic) for (const next of chunk.dynamicImports ?? []) visit(next);
    };
    keys.forEach(visit);
    return files;
  };

  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error("The build manifest has no entry chunk");
  const entryFiles = closure([entryKey], { dynamic: false });
  const landingFiles = closure([LANDING_MODULE], { dynamic: false });
  const lazyModules = closure([entryKey], { dynamic: true });
  const routes = Object.keys(manifest)
    .filter((key) => lazyModules.has(manifest[key].file) && manifest[key].isDynamicEntry)
    .map((module) => ({
      module,
      totalJs: sizeOf(
        new Set([...entryFiles, ...closure([module], { dynamic: true, loaded: entryFiles })]),
      ),
    }))
    .sort((a, b) => b.totalJs - a.totalJs);

  return {
    entryJs: sizeOf(entryFiles),
    landingInitialJs: sizeOf(new Set([...entryFiles, ...landingFiles])),
    routes,
  };
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
