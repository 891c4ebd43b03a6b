import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/**
 * Flags every Chromium launch needs on our machines: no sandbox (containers run as root),
 * no GPU, and no background services — this network refuses Chromium's own connections
 * (updates, sync, QUIC), which otherwise show up as errors and slow launches.
 */
export const chromiumLaunchArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export const missingChromiumMessage = [
  "No Chromium found for the end-to-end tests.",
  "Do one of these, then run the tests again:",
  "  - install Debian's Chromium:  sudo apt-get install -y chromium",
  "  - or point at an existing Chromium or Chrome:  export CHROMIUM_PATH=/path/to/chromium",
].join("\n");

/** An already-installed Chromium, or undefined; never installs anything. */
export function locateChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH ?? process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH;
  if (fromEnv !== undefined) {
    if (existsSync(fromEnv)) return fromEnv;
    console.warn(`Ignoring the Chromium path from the environment: ${fromEnv} does not exist.`);
  }
  const bundled = chromium.executablePath();
  if (existsSync(bundled)) return bundled;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return undefined;
}

/**
 * A Chromium executable for Playwright. Installs Debian's package when nothing is installed
 * and we may (root with apt-get); otherwise exits saying what to do. Playwright's browser
 * download is never used: its host is unreachable from our machines and CI.
 */
export function findChromium(): string {
  const installed = locateChromium();
  if (installed !== undefined) return installed;

  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("No Chromium found; installing Debian's chromium package…");
    if (installDebianChromium() && existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
    console.error("Installing Debian's chromium package failed (see the apt-get output above).");
  }
  console.error(missingChromiumMessage);
  process.exit(1);
}

function installDebianChromium(): boolean {
  if (aptGet("install", "-y", "chromium")) return true;
  // A fresh container has empty package lists; refresh them once and retry.
  return aptGet("update") && aptGet("install", "-y", "chromium");
}

function aptGet(...args: string[]): boolean {
  const result = spawnSync("apt-get", args, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return result.status === 0;
}
