/**
 * The local backend builds on internals of `convex-test` and on the wire
 * protocol of the `convex` client, so it runs only with the exact versions
 * pinned in package.json.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const PINNED_PACKAGES = ["convex", "convex-test"] as const;

export function checkPinnedVersions(projectDir: string): void {
  const manifest = JSON.parse(readFileSync(path.join(projectDir, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  const problems: string[] = [];
  for (const name of PINNED_PACKAGES) {
    const pinned = manifest.dependencies?.[name];
    const installed = installedVersion(name);
    if (!pinned || !/^\d+\.\d+\.\d+$/.test(pinned))
      problems.push(
        `${name} must be pinned to an exact version in package.json (found "${pinned ?? "nothing"}")`,
      );
    else if (pinned !== installed)
      problems.push(`${name} ${installed} is installed but package.json pins ${pinned}`);
  }
  if (problems.length > 0) {
    throw new Error(
      `The Clink local backend cannot start:\n  - ${problems.join("\n  - ")}\nRun \`npm install\` (or \`npm ci\`) so the installed versions match package.json.`,
    );
  }
}

/** The version of `name` that node_modules holds. */
export function installedVersion(name: string): string {
  return (
    JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")) as {
      version: string;
    }
  ).version;
}
