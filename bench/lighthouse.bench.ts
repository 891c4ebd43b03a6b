/**
 * `npm run bench:lighthouse`: builds the app, serves it with `vite preview` against a fresh
 * local backend with the demo world, runs Lighthouse (mobile preset: simulated slow 4G and a
 * 4× slower CPU) RUNS times on `/`, `/discover` and a seeded event page with the system
 * Chromium, and prints the medians. BENCH_RUNS changes the number of runs; BENCH_REPORT_DIR
 * keeps every run's full report there (JSON) to see what an LCP or TBT figure is made of.
 *
 * Then the repeat visit of someone who has been here before: in the same browser profile a user
 * signs in and opens Discover and the event page (the service worker installs, the device copy
 * keeps both), and Lighthouse measures both pages again without resetting storage: the app's
 * files from the service worker, the data from the device while the live connection opens.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { chromiumLaunchArgs, findChromium } from "../scripts/lib/chromium.ts";
import { serveProductionApp } from "./lib/servedApp.ts";
import { signInByMagicLink } from "./lib/signIn.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REPORT_DIR = process.env.BENCH_REPORT_DIR;
const BASE_PORT = 3610;
const DEBUGGING_PORT = 9322;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const RETURNING_EMAIL = "bench-lighthouse@example.com";

/** One column of the table: how to read it from a Lighthouse result and how to print it. */
const COLUMNS: {
  name: string;
  read: (lhr: LighthouseResult) => number;
  show: (value: number) => string;
}[] = [
  { name: "Performance", read: (lhr) => score(lhr, "performance"), show: String },
  { name: "FCP", read: (lhr) => audit(lhr, "first-contentful-paint"), show: seconds },
  { name: "LCP", read: (lhr) => audit(lhr, "largest-contentful-paint"), show: seconds },
  {
    name: "TBT",
    read: (lhr) => audit(lhr, "total-blocking-time"),
    show: (ms) => `${Math.round(ms)} ms`,
  },
  { name: "CLS", read: (lhr) => audit(lhr, "cumulative-layout-shift"), show: (v) => v.toFixed(3) },
  { name: "Speed Index", read: (lhr) => audit(lhr, "speed-index"), show: seconds },
  { name: "A11y", read: (lhr) => score(lhr, "accessibility"), show: String },
  { name: "Best Pr.", read: (lhr) => score(lhr, "best-practices"), show: String },
  { name: "SEO", read: (lhr) => score(lhr, "seo"), show: String },
];

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

function score(lhr: LighthouseResult, category: string): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}
function audit(lhr: LighthouseResult, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}
function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Headless Chromium with a DevTools port for Lighthouse to drive. */
async function launchChromium() {
  const profileDir = mkdtempSync(join(tmpdir(), "clink-lighthouse-profile-"));
  const browser = spawn(
    findChromium(),
    [
      "--headless=new",
      `--remote-debugging-port=${DEBUGGING_PORT}`,
      `--user-data-dir=${profileDir}`,
      ...chromiumLaunchArgs,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  for (let tries = 0; ; tries++) {
    try {
      await fetch(`http://127.0.0.1:${DEBUGGING_PORT}/json/version`);
      break;
    } catch (error) {
      if (tries > 100) throw error;
      await delay(100);
    }
  }
  return async () => {
    const exited = new Promise((resolve) => browser.once("exit", resolve));
    browser.kill();
    await exited;
    rmSync(profileDir, { recursive: true, force: true });
  };
}

/** In the page: whether the device copy keeps a result of `query` (IndexedDB). */
async function keeps(query: string): Promise<boolean> {
  if (!(await indexedDB.databases()).some((db) => db.name === "clink-device-copy")) return false;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open("clink-device-copy");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(new Error(String(request.error)));
  });
  try {
    return await new Promise<boolean>((resolve, reject) => {
      const request = db.transaction("usage").objectStore("usage").getAll();
      request.onsuccess = () =>
        resolve((request.result as { name: string }[]).some((row) => row.name === query));
      request.onerror = () => reject(new Error(String(request.error)));
    });
  } finally {
    db.close();
  }
}

/** RUNS Lighthouse runs of each page; the median of each column per page. */
async function measure(
  pages: readonly (readonly [label: string, path: string, ...rest: string[]])[],
  flags: { disableStorageReset: boolean },
): Promise<string[][]> {
  const rows: string[][] = [];
  for (const [label, path] of pages) {
    const results: LighthouseResult[] = [];
    for (let runIndex = 0; runIndex < RUNS; runIndex++) {
      const result = await lighthouse(new URL(path, app.appUrl).href, {
        port: DEBUGGING_PORT,
        logLevel: "error",
        onlyCategories: CATEGORIES,
        ...flags,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
      results.push(result.lhr);
      if (REPORT_DIR) {
        mkdirSync(REPORT_DIR, { recursive: true });
        const file = `${label.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home"}-${runIndex + 1}.json`;
        writeFileSync(join(REPORT_DIR, file), JSON.stringify(result.lhr));
      }
      console.log(`${label} run ${runIndex + 1}: performance ${score(result.lhr, "performance")}`);
    }
    rows.push([label, ...COLUMNS.map((column) => column.show(median(results.map(column.read))))]);
  }
  return rows;
}

async function printTable(visit: string, rows: string[][]): Promise<void> {
  const version = (await import("lighthouse/package.json", { with: { type: "json" } })).default
    .version;
  console.log(
    `\nLighthouse ${version}, mobile preset, ${visit}, median of ${RUNS} runs (event page: ${app.eventPath})\n`,
  );
  console.log(`| page | ${COLUMNS.map((column) => column.name).join(" | ")} |`);
  console.log(`|---|${COLUMNS.map(() => "---").join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
}

const app = await serveProductionApp(BASE_PORT);
let stopChromium = async () => {};
try {
  stopChromium = await launchChromium();
  const pages = [
    ["/", "/"],
    ["/discover", "/discover"],
    ["event page", app.eventPath],
  ] as const;
  const firstVisits = await measure(pages, { disableStorageReset: false });
  await printTable("first visit", firstVisits);

  // Someone who has been here: signed in, both pages seen (kept on the device), worker ready.
  const returning = [
    ["/discover (repeat)", "/discover", "events:discover"],
    ["event page (repeat)", app.eventPath, "events:get"],
  ] as const;
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUGGING_PORT}`);
  const page = await browser.contexts()[0].newPage();
  await signInByMagicLink(page, app.appUrl, RETURNING_EMAIL);
  for (const [, path, query] of returning) {
    await page.goto(new URL(path, app.appUrl).href);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });
    await page.waitForFunction(keeps, query, { timeout: 30_000 });
  }
  await page.close();
  await browser.close();
  await printTable("repeat visit", await measure(returning, { disableStorageReset: true }));
} finally {
  await stopChromium();
  await app.stop();
}
