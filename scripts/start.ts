// `npm start`: the app with the local backend, or with a real Convex deployment when
// VITE_CONVEX_URL (environment or .env.local) names one.
import type { ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import {
  exitCodeOf,
  forwardStopSignals,
  localBin,
  projectRoot,
  signalGroup,
  spawnInOwnGroup,
} from "./lib/processes.ts";
import { answers, waitForServer } from "./lib/waitForServer.ts";
import { seedDemoWorld } from "./seed.ts";

const backendPort = 3210;
const sitePort = 3211;
const appPort = 5173;
const backendUrl = `http://127.0.0.1:${backendPort}`;
const siteUrl = `http://127.0.0.1:${sitePort}`;
const appUrl = `http://localhost:${appPort}`;
const dataDir = ".local-backend/data";
const startupTimeoutMs = 120_000;
const stopTimeoutMs = 10_000;

interface Server {
  name: string;
  process: ChildProcess;
  exited: Promise<number>;
}

const servers: Server[] = [];
let stopRequested = false;
forwardStopSignals(
  () => servers.map((server) => server.process),
  () => {
    stopRequested = true;
    // Before any server starts there is nothing to wait for.
    if (servers.length === 0) process.exit(0);
  },
);

process.exit(await main());

async function main(): Promise<number> {
  try {
    const deploymentUrl = configuredDeploymentUrl();
    let app: Server;
    if (deploymentUrl === undefined) {
      await startLocalBackend();
      app = startApp({ VITE_CONVEX_URL: backendUrl, VITE_CONVEX_SITE_URL: siteUrl });
    } else {
      console.log(
        `Using the Convex deployment at ${deploymentUrl} (VITE_CONVEX_URL); no local backend.`,
      );
      app = startApp({}); // Vite reads VITE_CONVEX_URL and VITE_CONVEX_SITE_URL itself.
    }
    await waitForServer(appUrl, { ...app, timeoutMs: startupTimeoutMs });
    announce(deploymentUrl);
  } catch (error) {
    if (!stopRequested) console.error(`\n${(error as Error).message}`);
    await Promise.all(servers.map(stop));
    return stopRequested ? 0 : 1;
  }
  return await stopWhenAnyExits();
}

/** The deployment named by VITE_CONVEX_URL, or undefined when it is unset or local. */
function configuredDeploymentUrl(): string | undefined {
  const url = process.env.VITE_CONVEX_URL || readEnvLocal().VITE_CONVEX_URL;
  if (!url) return undefined;
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    throw new Error(`VITE_CONVEX_URL is not a URL: ${url}`);
  }
  return ["localhost", "127.0.0.1", "[::1]"].includes(hostname) ? undefined : url;
}

function readEnvLocal(): Record<string, string | undefined> {
  const path = join(projectRoot, ".env.local");
  return existsSync(path) ? parseEnv(readFileSync(path, "utf8")) : {};
}

async function startLocalBackend(): Promise<void> {
  if (await answers(`${backendUrl}/version`)) {
    throw new Error(
      `Something already answers on port ${backendPort} (another \`npm start\`?). Stop it and try again.`,
    );
  }
  // A new data directory gets the demo world (skip with CLINK_SEED=0; re-seed with `npm run seed`).
  const isNewDataDir = !existsSync(join(dataDir, "db.json"));
  const backend = start("local backend", process.execPath, [
    "--import",
    "tsx",
    "local-backend/main.ts",
    ...["--port", String(backendPort), "--site-port", String(sitePort)],
    ...["--data-dir", dataDir, "--app-url", appUrl],
  ]);
  await waitForServer(`${backendUrl}/version`, { ...backend, timeoutMs: startupTimeoutMs });
  if (isNewDataDir && process.env.CLINK_SEED !== "0") {
    // The app works without it, so a failed seed is reported, not fatal.
    await seedDemoWorld({ url: backendUrl, dataDir }).catch((error: unknown) =>
      console.warn(`Could not seed the demo world: ${(error as Error).message}`),
    );
  }
}

function startApp(env: Record<string, string>): Server {
  return start("app", localBin("vite"), ["--port", String(appPort), "--strictPort"], env);
}

function start(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Server {
  const child = spawnInOwnGroup(command, args, { env: { ...process.env, ...env } });
  const server = { name, process: child, exited: exitCodeOf(child) };
  servers.push(server);
  return server;
}

function announce(deploymentUrl: string | undefined): void {
  const line = `Clink is running at ${appUrl}`;
  const border = "─".repeat(line.length + 4);
  console.log(`\n  ╭${border}╮\n  │  ${line}  │\n  ╰${border}╯`);
  console.log(
    deploymentUrl === undefined
      ? `  Local backend: ${backendUrl} (HTTP actions ${siteUrl}, data in ${dataDir})`
      : `  Convex deployment: ${deploymentUrl}`,
  );
  console.log("  Press Ctrl-C to stop.\n");
}

/**
 * Waits until one server exits (on its own or after a forwarded Ctrl-C), stops the others,
 * and returns the exit code for this process: 0 after a requested stop, otherwise the failure.
 */
async function stopWhenAnyExits(): Promise<number> {
  const first = await Promise.race(
    servers.map(async (server) => ({ server, exitCode: await server.exited })),
  );
  if (!stopRequested) {
    console.error(
      `The ${first.server.name} stopped (exit code ${first.exitCode}); stopping the rest.`,
    );
  }
  await Promise.all(servers.map(stop));
  if (stopRequested) return 0;
  return first.exitCode === 0 ? 1 : first.exitCode;
}

async function stop(server: Server): Promise<void> {
  // After Ctrl-C every server already has the signal; a second one could cut its shutdown short.
  if (!stopRequested) signalGroup(server.process, "SIGTERM");
  const forceKill = setTimeout(() => {
    console.error(`The ${server.name} did not stop within ${stopTimeoutMs / 1000}s; killing it.`);
    signalGroup(server.process, "SIGKILL");
  }, stopTimeoutMs);
  await server.exited;
  clearTimeout(forceKill);
}
