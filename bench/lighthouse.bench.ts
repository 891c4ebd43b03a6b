/**
 * `npm run bench:lighthouse`: builds the app, serves it with `vite preview` against a fresh
 * local backend with the demo world, runs Lighthouse (mobile preset: simulated slow 4G and a
 * 4× slower CPU) RUNS times on `/`, `/discover` and a seeded event page with the system
 * Chromium, and prints the medians. BENCH_RUNS changes the number of runs; BENCH_REPORT_DIR
 * keeps every run's full report there (JSON) to see what an LCP or TBT figure is made of.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import lighthouse from "lighthouse";
import { chromiumLaunchArgs, findChromium } from "../scripts/lib/chromium.ts";
import { serveProductionApp } from "./lib/servedApp.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REPORT_DIR = process.env.BENCH_REPORT_DIR;
const BASE_PORT = 3610;
const DEBUGGING_PORT = 9322;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

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

const app = await serveProductionApp(BASE_PORT);
let stopChromium = async () => {};
try {
  stopChromium = await launchChromium();
  const pages = [
    ["/", "/"],
    ["/discover", "/discover"],
    ["event page", app.eventPath],
  ] as const;
  const rows: string[][] = [];
  for (const [label, path] of pages) {
    const results: LighthouseResult[] = [];
    for (let runIndex = 0; runIndex < RUNS; runIndex++) {
      const result = await lighthouse(new URL(path, app.appUrl).href, {
        port: DEBUGGING_PORT,
        logLevel: "error",
        onlyCategories: CATEGORIES,
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
  console.log(
    `\nLighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile preset, median of ${RUNS} runs (event page: ${app.eventPath})\n`,
  );
  console.log(`| page | ${COLUMNS.map((column) => column.name).join(" | ")} |`);
  console.log(`|---|${COLUMNS.map(() => "---").join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
} finally {
  await stopChromium();
  await app.stop();
}
