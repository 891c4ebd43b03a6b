import { defineConfig, devices } from "@playwright/test";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  chromiumLaunchArgs,
  locateChromium,
  missingChromiumMessage,
} from "./scripts/lib/chromium.ts";
import {
  appPort,
  appUrl,
  backendPort,
  backendUrl,
  sitePort,
  siteUrl,
} from "./tests/e2e/support/env.ts";
import { middayTimeZone } from "./tests/e2e/support/timeZone.ts";

const isCI = Boolean(process.env.CI);

// scripts/e2e.ts sets CHROMIUM_PATH (installing Chromium if needed); a bare `npx playwright
// test` falls back to an installed one, never to Playwright's download.
const chromiumPath = process.env.CHROMIUM_PATH ?? locateChromium();
if (chromiumPath === undefined) throw new Error(missingChromiumMessage);

// A fresh store per run so tests never see an earlier run's data. scripts/e2e.ts chooses it
// (and removes it afterwards); the fallback keeps a bare `npx playwright test` working.
const dataDir = process.env.CLINK_E2E_DATA_DIR ?? join(tmpdir(), `clink-e2e-${Date.now()}`);
// Workers load this file again: pin the directory so they all find the same backend data
// (tests/e2e/support/admin.ts reads its admin key there).
process.env.CLINK_E2E_DATA_DIR = dataDir;
// Chosen once per run like the data directory, so every worker's browsers share it.
const timezoneId = (process.env.CLINK_E2E_TIME_ZONE ??= middayTimeZone(Date.now()));
// The app's build for this run, next to the data (scripts/e2e.ts removes both).
const distDir = `${dataDir}-dist`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: isCI,
  // One backend and one app serve the whole run; two workers keep a 2-core machine responsive.
  workers: 2,
  retries: isCI ? 1 : 0,
  reporter: "list",
  // A story with two or three browsers takes about a minute on a loaded 2-core CI machine; the
  // limit is a safety net against hangs, not a speed target (expect's timeout bounds each wait).
  timeout: 120_000,
  // Conditions, not sleeps: 10 s lets a loaded 2-core machine (backend, Vite and two browsers
  // sharing it) answer; CLINK_E2E_EXPECT_TIMEOUT_MS raises it further on a busier one.
  expect: { timeout: Number(process.env.CLINK_E2E_EXPECT_TIMEOUT_MS ?? 10_000) },
  use: {
    baseURL: appUrl,
    timezoneId,
    // The app's service worker precaches the whole build (~150 files) in every fresh context and
    // then serves its scripts, past `page.route`: the specs about offline and push allow it.
    serviceWorkers: "block",
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        headless: true,
        launchOptions: { executablePath: chromiumPath, args: chromiumLaunchArgs },
      },
    },
  ],
  webServer: [
    {
      name: "local backend",
      command: [
        "node --import tsx local-backend/main.ts",
        `--port ${backendPort} --site-port ${sitePort}`,
        `--fresh --no-watch --data-dir "${dataDir}"`,
        `--app-url ${appUrl}`,
      ].join(" "),
      url: `${backendUrl}/version`,
      reuseExistingServer: false,
      timeout: 120_000,
      // Lets the backend finish writes and close its sockets instead of being killed.
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    },
    {
      // The production build, as people get it (prerendered first screen, split chunks): each
      // fresh browser context then loads a few files instead of hundreds of dev-server modules.
      name: "app",
      command: [
        `node_modules/.bin/vite build --outDir "${distDir}" --emptyOutDir --logLevel warn`,
        `node_modules/.bin/vite preview --outDir "${distDir}" --port ${appPort} --strictPort`,
      ].join(" && "),
      url: appUrl,
      reuseExistingServer: false,
      timeout: 240_000,
      env: { VITE_CONVEX_URL: backendUrl, VITE_CONVEX_SITE_URL: siteUrl },
    },
  ],
});
