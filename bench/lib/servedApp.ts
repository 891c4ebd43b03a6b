import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  exitCodeOf,
  forwardStopSignals,
  localBin,
  run,
  signalGroup,
  spawnInOwnGroup,
} from "../../scripts/lib/processes.ts";
import { waitForServer } from "../../scripts/lib/waitForServer.ts";
import { seedDemoWorld } from "../../scripts/seed.ts";

interface ServedApp {
  appUrl: string;
  /** Path of a seeded public event's page (the demo world's first upcoming session). */
  eventPath: string;
  stop: () => Promise<void>;
}

interface PreviewedBuild {
  appUrl: string;
  stop: () => Promise<void>;
}

const startupTimeoutMs = 120_000;

/** Children a benchmark started, stopped together (also on Ctrl-C), with directories to remove. */
function childGroup(dirs: string[]) {
  const children: ChildProcess[] = [];
  const stopForwarding = forwardStopSignals(() => children);
  const stop = async () => {
    for (const child of children) signalGroup(child, "SIGTERM");
    await Promise.all(children.map(exitCodeOf));
    stopForwarding();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  return { children, stop };
}

/**
 * The production build as a visitor gets it: `vite build` against the given backend, served by
 * `vite preview` on `appPort` (the backend's SITE_URL must be the returned `appUrl`).
 */
export async function previewProductionBuild(options: {
  backendUrl: string;
  siteUrl: string;
  appPort: number;
}): Promise<PreviewedBuild> {
  const appUrl = `http://localhost:${options.appPort}`;
  const outDir = mkdtempSync(join(tmpdir(), "clink-bench-dist-"));
  const { children, stop } = childGroup([outDir]);
  try {
    const env = {
      ...process.env,
      VITE_CONVEX_URL: options.backendUrl,
      VITE_CONVEX_SITE_URL: options.siteUrl,
    };
    const buildExit = await run(
      localBin("vite"),
      ["build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"],
      { env },
    );
    if (buildExit !== 0) throw new Error(`vite build failed (exit code ${buildExit})`);
    const preview = spawnInOwnGroup(
      localBin("vite"),
      ["preview", "--outDir", outDir, "--port", String(options.appPort), "--strictPort"],
      { env },
    );
    children.push(preview);
    await waitForServer(appUrl, {
      name: "app",
      exited: exitCodeOf(preview),
      timeoutMs: startupTimeoutMs,
    });
    return { appUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The production build against a fresh local backend (its own process) holding the demo world.
 * Ports start at `basePort` (backend, site, app) so a benchmark does not collide with
 * `npm start` or the end-to-end tests.
 */
export async function serveProductionApp(basePort: number): Promise<ServedApp> {
  const backendUrl = `http://127.0.0.1:${basePort}`;
  const siteUrl = `http://127.0.0.1:${basePort + 1}`;
  const appPort = basePort + 2;
  const appUrl = `http://localhost:${appPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), "clink-bench-data-"));
  const backendGroup = childGroup([dataDir]);
  let app: PreviewedBuild | null = null;
  const stop = async () => {
    await app?.stop();
    await backendGroup.stop();
  };

  try {
    const backend = spawnInOwnGroup(process.execPath, [
      "--import",
      "tsx",
      "local-backend/main.ts",
      "--port",
      String(basePort),
      "--site-port",
      String(basePort + 1),
      "--fresh",
      "--no-watch",
      "--data-dir",
      dataDir,
      "--app-url",
      appUrl,
    ]);
    backendGroup.children.push(backend);
    await waitForServer(`${backendUrl}/version`, {
      name: "local backend",
      exited: exitCodeOf(backend),
      timeoutMs: startupTimeoutMs,
    });
    await seedDemoWorld({ url: backendUrl, dataDir });
    app = await previewProductionBuild({ backendUrl, siteUrl, appPort });

    const feed = (await (await fetch(`${siteUrl}/public-events`)).json()) as {
      events: { url: string; startTime: string }[];
    };
    const upcoming = feed.events.find((event) => Date.parse(event.startTime) > Date.now());
    if (!upcoming) throw new Error("The demo world has no upcoming public event");
    return { appUrl, eventPath: new URL(upcoming.url).pathname, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
