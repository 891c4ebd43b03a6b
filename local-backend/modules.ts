/**
 * Finding and loading the Convex function modules of a `convex/` directory,
 * with the same entry-point rules as the Convex bundler: `.ts`/`.js` files,
 * not in `_generated`, not `schema.ts`, no dotfiles, no multiple dots
 * (`*.test.ts`, `auth.config.ts`, `convex.config.ts`), no spaces.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { register, type NamespacedUnregister } from "tsx/esm/api";

const ENTRY_EXTENSIONS = [".js", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts", ".jsx"];

/** Paths (relative to `functionsDir`, forward slashes) of every function module. */
export function listFunctionModules(functionsDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      const rel = path.relative(functionsDir, full).split(path.sep).join("/");
      if (statSync(full).isDirectory()) {
        if (rel === "_generated" || entry.startsWith(".") || entry === "node_modules") continue;
        walk(full);
        continue;
      }
      if (!ENTRY_EXTENSIONS.some((ext) => entry.endsWith(ext))) continue;
      if (entry.startsWith(".") || entry.startsWith("#")) continue;
      if (entry === "schema.ts" || entry === "schema.js") continue;
      if ((entry.match(/\./g) ?? []).length > 1) continue;
      if (rel.includes(" ")) continue;
      if (/\.tsx?$/.test(entry) && !/^\s{0,100}(import|export)/m.test(readFileSync(full, "utf8")))
        continue;
      found.push(rel);
    }
  };
  walk(functionsDir);
  return found.sort(compareModulePaths);
}

/** Same ordering `npx convex codegen` uses: by path, with `/` sorting before other characters. */
function compareModulePaths(a: string, b: string): number {
  const norm = (p: string) => p.replaceAll("/", "\u0000");
  return norm(a) < norm(b) ? -1 : norm(a) > norm(b) ? 1 : 0;
}

export function modulePathWithoutExtension(relPath: string): string {
  return relPath.replace(/\.[^./]+$/, "");
}

/**
 * A fresh, isolated import namespace: every load through it re-reads the
 * source, so editing `convex/` and loading again gives the new code (hot
 * reload) without restarting the process.
 */
export class ModuleLoader {
  private readonly namespace: NamespacedUnregister;
  constructor(generation: number) {
    this.namespace = register({ namespace: `clink-local-backend-${generation}` });
  }
  async load(absPath: string): Promise<Record<string, unknown>> {
    return (await this.namespace.import(pathToFileURL(absPath).href, import.meta.url)) as Record<
      string,
      unknown
    >;
  }
  async dispose(): Promise<void> {
    await this.namespace.unregister();
  }
}

/** `import.meta.glob`-style record that `convexTest` expects, keyed by absolute path. */
export function moduleRecord(
  functionsDir: string,
  loader: ModuleLoader,
): Record<string, () => Promise<Record<string, unknown>>> {
  const record: Record<string, () => Promise<Record<string, unknown>>> = {};
  const cache = new Map<string, Promise<Record<string, unknown>>>();
  const add = (rel: string) => {
    const abs = path.join(functionsDir, rel);
    record[abs] = () => {
      let loaded = cache.get(abs);
      if (!loaded) {
        loaded = loader.load(abs);
        cache.set(abs, loaded);
      }
      return loaded;
    };
  };
  for (const rel of listFunctionModules(functionsDir)) add(rel);
  // convex-test finds the modules root through the `_generated` directory.
  for (const generated of ["_generated/api.js", "_generated/server.js"]) add(generated);
  return record;
}
