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

export interface ServedApp {
  appUrl: string;
  /** Path of a seeded public event's page (the demo world's first upcoming session). */
  eventPath: string;
  stop: () => Promise<void>;
}

const startupTimeoutMs = 120_000;

/**
 * The production build as a visitor gets it: `vite build`, served by `vite preview`, against
 * a fresh local backend holding the demo world. Ports start at `basePort` (backend, site, app)
 * so a benchmark does not collide with `npm start` or the end-to-end tests.
 */
export async function serveProductionApp(basePort: number): Promise<ServedApp> {
  const backendUrl = `http://127.0.0.1:${basePort}`;
  const siteUrl = `http://127.0.0.1:${basePort + 1}`;
  const appPort = basePort + 2;
  const appUrl = `http://localhost:${appPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), "clink-bench-data-"));
  const outDir = mkdtempSync(join(tmpdir(), "clink-bench-dist-"));
  const children: ChildProcess[] = [];
  const stopForwarding = forwardStopSignals(() => children);

  const stop = async () => {
    for (const child of children) signalGroup(child, "SIGTERM");
    await Promise.all(children.map(exitCodeOf));
    stopForwarding();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  };

  try {
    const env = { ...process.env, VITE_CONVEX_URL: backendUrl, VITE_CONVEX_SITE_URL: siteUrl };
    const buildExit = await run(
      localBin("vite"),
      ["build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"],
      { env },
    );
    if (buildExit !== 0) throw new Error(`vite build failed (exit code ${buildExit})`);

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
    children.push(backend);
    await waitForServer(`${backendUrl}/version`, {
      name: "local backend",
      exited: exitCodeOf(backend),
      timeoutMs: startupTimeoutMs,
    });
    await seedDemoWorld({ url: backendUrl, dataDir });

    const preview = spawnInOwnGroup(
      localBin("vite"),
      ["preview", "--outDir", outDir, "--port", String(appPort), "--strictPort"],
      { env },
    );
    children.push(preview);
    await waitForServer(appUrl, {
      name: "app",
      exited: exitCodeOf(preview),
      timeoutMs: startupTimeoutMs,
    });

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
