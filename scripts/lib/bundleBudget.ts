import { readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Manifest } from "vite";
import { projectRoot } from "./processes.ts";

const KB = 1024;

/**
 * In gzip bytes (zlib's default level, what most servers send). The goal is 120 KB for
 * `/`, and 170 the most allowed; with the declarative router (no data router core) `/` runs ~118 KB, and
 * the budget holds that goal.
 */
export const BUDGETS = {
  /** What `/` runs before it is interactive: the entry and the landing screen. */
  landingInitialJs: 120 * KB,
  /** What a page loads in total (no route above 250 KB): a screen and its parts. */
  pageTotalJs: 250 * KB,
  /**
   * A dialog or part with everything loaded before it. The form dialogs (create, edit) carry
   * zod and Headless UI's combobox and reach ~256 KB; the invite step brought them to
   * ~262 KB. 250 is the goal (zod/mini or a lighter combobox); this stops further growth.
   */
  lazyPartTotalJs: 265 * KB,
  /**
   * Files a benchmarked page fetches for its screen after the entry: over HTTP/1.1 a browser
   * opens six connections to a host, so each further six files cost a phone another round trip.
   */
  screenFiles: 6,
};

/**
 * The benchmarked pages and the lazy modules a visit loads without any click (at least
 * `/`, `/discover` and an event page). Dialogs are not here: each counts on its own below.
 */
export const PAGES: Record<string, string[]> = {
  "/": ["src/features/landing/LandingPage.tsx"],
  "/discover": ["src/features/events/discover/DiscoverPage.tsx"],
  "/event/:ref": [
    "src/features/events/page/EventPage.tsx",
    "src/features/events/page/EventMap.tsx",
    "src/features/recap/index.ts",
  ],
};

export interface Size {
  /** A page path, or a lazy module as the manifest names it. */
  name: string;
  /** gzip bytes of JavaScript, the entry included. */
  totalJs: number;
}

export interface BundleSizes {
  /** gzip bytes of the entry chunk and everything it imports statically. */
  entryJs: number;
  /** gzip bytes `/` runs before it is interactive: the entry and the landing screen. */
  landingInitialJs: number;
  /** The benchmarked pages (PAGES), in that order. */
  pages: Size[];
  /** JavaScript files each benchmarked page's screen (its first module) fetches after the entry. */
  screenFiles: { name: string; files: string[] }[];
  /** The JavaScript files a visit to a screen (a lazy module as the manifest names it) runs: the entry's and the screen's. */
  filesOfScreen: (key: string) => string[];
  /** Every screen (lazy chunk the router loads) with what loads before and beside it, largest first. */
  screens: Size[];
  /** Every other lazy chunk (dialogs, maps, menus), with the screen it opens on, largest first. */
  lazyParts: Size[];
}

/** Builds the app for production into a temporary directory with a manifest; returns it. */
export async function buildForBudget(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), "clink-budget-"));
  // Vite keeps a NODE_ENV it finds (vitest sets "test"), which would bundle React's
  // development build; what we measure is what ships.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      root: projectRoot,
      configFile: join(projectRoot, "vite.config.ts"),
      mode: "production",
      logLevel: "error",
      build: { outDir, emptyOutDir: true, manifest: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

/** gzip sizes of the built app in `outDir`, from the manifest's import graph. */
export function measureBundle(outDir: string): BundleSizes {
  const manifest = JSON.parse(
    readFileSync(join(outDir, ".vite/manifest.json"), "utf8"),
  ) as Manifest;
  const chunk = (key: string) => {
    const found = manifest[key];
    if (!found) throw new Error(`The build manifest has no ${key}`);
    return found;
  };

  const gzipBytes = new Map<string, number>();
  const sizeOf = (files: Iterable<string>) => {
    let total = 0;
    for (const file of new Set(files)) {
      if (!file.endsWith(".js")) continue;
      if (!gzipBytes.has(file))
        gzipBytes.set(file, gzipSync(readFileSync(join(outDir, file))).length);
      total += gzipBytes.get(file)!;
    }
    return total;
  };

  /** The files a chunk needs before it runs: itself and its static imports, recursively. */
  const staticFiles = (key: string, files = new Set<string>()): Set<string> => {
    const { file, imports = [] } = chunk(key);
    if (files.has(file)) return files;
    files.add(file);
    for (const next of imports) staticFiles(next, files);
    return files;
  };

  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error("The build manifest has no entry chunk");
  const entryFiles = staticFiles(entryKey);

  // The lazy chunk that first reaches each lazy chunk (breadth first): a dialog's page.
  const reachedFrom = new Map<string, string>([[entryKey, entryKey]]);
  const queue = [entryKey];
  for (const key of queue) {
    for (const loaded of staticFiles(key)) {
      const owner = Object.keys(manifest).find((candidate) => manifest[candidate].file === loaded)!;
      for (const next of manifest[owner].dynamicImports ?? []) {
        if (reachedFrom.has(next)) continue;
        reachedFrom.set(next, key);
        queue.push(next);
      }
    }
  }
  const filesOnTheWay = (key: string): string[] =>
    key === entryKey
      ? [...entryFiles]
      : [...staticFiles(key), ...filesOnTheWay(reachedFrom.get(key)!)];
  const largestFirst = (keys: string[]) =>
    keys
      .map((key) => ({ name: key, totalJs: sizeOf(filesOnTheWay(key)) }))
      .sort((a, b) => b.totalJs - a.totalJs);
  const lazyKeys = queue.slice(1);

  return {
    entryJs: sizeOf(entryFiles),
    landingInitialJs: sizeOf([...entryFiles, ...staticFiles(PAGES["/"][0])]),
    pages: Object.entries(PAGES).map(([name, modules]) => ({
      name,
      totalJs: sizeOf([...entryFiles, ...modules.flatMap((key) => [...staticFiles(key)])]),
    })),
    screenFiles: Object.entries(PAGES).map(([name, [screen]]) => ({
      name,
      files: [...staticFiles(screen)].filter(
        (file) => file.endsWith(".js") && !entryFiles.has(file),
      ),
    })),
    filesOfScreen: (key) =>
      [...new Set([...entryFiles, ...staticFiles(key)])].filter((file) => file.endsWith(".js")),
    screens: largestFirst(lazyKeys.filter((key) => reachedFrom.get(key) === entryKey)),
    lazyParts: largestFirst(lazyKeys.filter((key) => reachedFrom.get(key) !== entryKey)),
  };
}

export const kilobytes = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
