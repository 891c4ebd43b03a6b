// Loads bundled Convex modules the way a deploy's analysis step does and records, for every
// export, what it registers: query, mutation, action or HTTP action, public or internal, and
// its exported args validator. Run by scripts/lib/convexDeployGuard.ts as a plain Node process,
// so the bundles are evaluated by Node's own ESM loader, untransformed.
//
// Usage: node convexDeployGuardLoad.mjs <modules.json> <result.json>
// modules.json: [{ "module": "emails.ts", "file": "/abs/out/emails.js", "environment": "isolate" | "node" }]
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const [modulesPath, resultPath] = process.argv.slice(2);
/** @type {{ module: string; file: string; environment: "isolate" | "node" }[]} */
const modules = JSON.parse(readFileSync(modulesPath, "utf8"));

/** @param {unknown} value */
function describeExport(value) {
  if ((typeof value !== "function" && typeof value !== "object") || value === null) return null;
  const fn = /** @type {Record<string, unknown>} */ (value);
  const kind = fn.isQuery
    ? "query"
    : fn.isMutation
      ? "mutation"
      : fn.isAction
        ? "action"
        : fn.isHttp
          ? "httpAction"
          : null;
  if (kind === null) return null;
  const visibility = fn.isPublic ? "public" : fn.isInternal ? "internal" : null;
  let args = null;
  let argsError = null;
  if (typeof fn.exportArgs === "function") {
    try {
      args = JSON.parse(/** @type {() => string} */ (fn.exportArgs)());
    } catch (error) {
      argsError = String(error instanceof Error ? error.message : error);
    }
  }
  return { kind, visibility, args, argsError };
}

const results = [];
// The default runtime has no `require`; Node actions get one (bundled CommonJS packages call it
// for Node built-ins), so it is provided only once the default-runtime modules are loaded.
const ordered = [
  ...modules.filter((entry) => entry.environment !== "node"),
  ...modules.filter((entry) => entry.environment === "node"),
];
for (const entry of ordered) {
  if (entry.environment === "node" && globalThis.require === undefined)
    globalThis.require = createRequire(entry.file);
  try {
    const loaded = await import(pathToFileURL(entry.file).href);
    const functions = [];
    for (const [name, value] of Object.entries(loaded)) {
      const described = describeExport(value);
      if (described !== null) functions.push({ name, ...described });
    }
    results.push({ module: entry.module, environment: entry.environment, functions });
  } catch (error) {
    results.push({
      module: entry.module,
      environment: entry.environment,
      functions: [],
      loadError: String(error instanceof Error ? (error.stack ?? error.message) : error),
    });
  }
}
writeFileSync(resultPath, JSON.stringify(results));
// Modules may leave timers or handles behind; the result is written, so stop here.
process.exit(0);
