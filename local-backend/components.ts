/**
 * Convex components declared in `convex/convex.config.ts` (`app.use(x)`),
 * found without running the config: Convex's `use()` only works on
 * definitions its bundler has annotated, so we read the `import` and `.use()`
 * lines instead, and follow each component's own `convex.config.js` for the
 * components it uses in turn.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export type ComponentSpec = {
  /** Mount path: "rateLimiter", or "rateLimiter/batchWorker" for a component's own component. */
  path: string;
  /** Directory holding the component's schema and function modules. */
  dir: string;
  /** Package the app imported it from (top-level components only), for the generated types. */
  packageName: string | null;
};

export function appConfigFile(functionsDir: string): string | null {
  return (
    ["convex.config.ts", "convex.config.js"]
      .map((f) => path.join(functionsDir, f))
      .find((f) => existsSync(f)) ?? null
  );
}

export function discoverComponents(functionsDir: string): ComponentSpec[] {
  const config = appConfigFile(functionsDir);
  return config ? componentsUsedBy(path.resolve(config), "", true) : [];
}

function componentsUsedBy(
  configFile: string,
  parentPath: string,
  topLevel: boolean,
): ComponentSpec[] {
  const source = readFileSync(configFile, "utf8");
  const imports = new Map<string, string>();
  for (const match of source.matchAll(/import\s+(\w+)\s+from\s+["']([^"']+)["']/g))
    imports.set(match[1], match[2]);
  const require = createRequire(configFile);
  const found: ComponentSpec[] = [];
  for (const match of source.matchAll(
    /\.use\(\s*(\w+)\s*(?:,\s*\{[^}]*?name:\s*["']([^"']+)["'][^}]*\})?\s*\)/g,
  )) {
    const specifier = imports.get(match[1]);
    if (!specifier)
      throw new Error(`${configFile}: cannot find the import of component "${match[1]}"`);
    const childConfig = require.resolve(specifier);
    const name = match[2] ?? definedName(childConfig);
    const mountPath = parentPath ? `${parentPath}/${name}` : name;
    found.push({
      path: mountPath,
      dir: path.dirname(childConfig),
      packageName: topLevel ? specifier.replace(/\/convex\.config(\.js)?$/, "") : null,
    });
    found.push(...componentsUsedBy(childConfig, mountPath, false));
  }
  return found;
}

/** The name a component gives itself: `defineComponent("rateLimiter")`. */
function definedName(configFile: string): string {
  const match = /defineComponent\(\s*["']([^"']+)["']/.exec(readFileSync(configFile, "utf8"));
  if (!match) throw new Error(`${configFile}: no defineComponent("name") found`);
  return match[1];
}
