// `npm run lockfile:complete`: adds the lockfile entries our npm registry mirror cannot produce.
//
// The mirror lacks the non-Linux binaries of @tailwindcss/oxide (they 404), so `npm install`
// leaves them out of package-lock.json and `npm ci` then refuses the lockfile as out of sync.
// Real entries for them (version, os, cpu, optional) let `npm ci` skip them as it does on any
// platform they do not match. Run this after `npm install` changes the lockfile.
import { readFileSync, writeFileSync } from "node:fs";

type LockEntry = { version?: string; optionalDependencies?: Record<string, string>; [key: string]: unknown };
type Lockfile = { packages: Record<string, LockEntry> };

const PLATFORMS: Record<string, { os?: string[]; cpu: string[] }> = {
  "android-arm64": { os: ["android"], cpu: ["arm64"] },
  "darwin-arm64": { os: ["darwin"], cpu: ["arm64"] },
  "darwin-x64": { os: ["darwin"], cpu: ["x64"] },
  "freebsd-x64": { os: ["freebsd"], cpu: ["x64"] },
  "linux-arm-gnueabihf": { os: ["linux"], cpu: ["arm"] },
  "linux-arm64-gnu": { os: ["linux"], cpu: ["arm64"] },
  "linux-arm64-musl": { os: ["linux"], cpu: ["arm64"] },
  "linux-x64-gnu": { os: ["linux"], cpu: ["x64"] },
  "linux-x64-musl": { os: ["linux"], cpu: ["x64"] },
  "wasm32-wasi": { cpu: ["wasm32"] },
  "win32-arm64-msvc": { os: ["win32"], cpu: ["arm64"] },
  "win32-x64-msvc": { os: ["win32"], cpu: ["x64"] },
};

const file = "package-lock.json";
const lock = JSON.parse(readFileSync(file, "utf8")) as Lockfile;
const oxide = lock.packages["node_modules/@tailwindcss/oxide"];
let added = 0;
for (const [name, version] of Object.entries(oxide?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const platform = PLATFORMS[name.replace("@tailwindcss/oxide-", "")];
  if (!platform) throw new Error(`No platform known for ${name}: add it to scripts/completeLockfile.ts`);
  lock.packages[key] = { version, ...platform, dev: true, license: "MIT", optional: true, engines: { node: ">= 20" } };
  added++;
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added ? `Added ${added} lockfile entries for @tailwindcss/oxide platform binaries.` : "Lockfile already complete.");
