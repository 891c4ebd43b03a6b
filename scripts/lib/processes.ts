import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { constants } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** A tool installed in node_modules; used instead of npx, which would download a missing one. */
export function localBin(name: string): string {
  return join(projectRoot, "node_modules", ".bin", name);
}

/**
 * Starts a child in its own process group, from the project root. A terminal's Ctrl-C then
 * reaches only us, and we pass it on exactly once (see forwardStopSignals) instead of every
 * process receiving it directly and again from its parent. stdin is not passed on: a
 * background process group reading the terminal would be stopped.
 */
export function spawnInOwnGroup(
  command: string,
  args: readonly string[],
  options: Pick<SpawnOptions, "env"> = {},
): ChildProcess {
  return spawn(command, args, {
    cwd: projectRoot,
    env: options.env ?? process.env,
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
}

/** Sends a signal to the child's whole group (npx, shells and their children included). */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Resolves with the child's exit code; death by a signal counts as 128 + its number, as in shells. */
export function exitCodeOf(child: ChildProcess): Promise<number> {
  return new Promise((resolvePromise) => {
    const settle = (code: number | null, signal: NodeJS.Signals | null) => {
      resolvePromise(code ?? 128 + (signal === null ? 0 : constants.signals[signal]));
    };
    if (child.exitCode !== null || child.signalCode !== null) {
      settle(child.exitCode, child.signalCode);
      return;
    }
    child.once("exit", settle);
    child.once("error", (error) => {
      console.error(error.message);
      resolvePromise(127);
    });
  });
}

const stopSignals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
// Under `npm run`, one Ctrl-C arrives twice: from the terminal and again from npm. A repeat
// this soon is that echo; a later one is a real second Ctrl-C (which may force a stop).
const echoWindowMs = 1_000;

/**
 * Passes SIGINT/SIGTERM/SIGHUP on to the given children's groups and keeps this process alive
 * so it can report how they ended. Returns a function that removes the handlers.
 */
export function forwardStopSignals(
  children: () => readonly ChildProcess[],
  onSignal: (signal: NodeJS.Signals) => void = () => {},
): () => void {
  const lastForwardedAt = new Map<NodeJS.Signals, number>();
  const handler = (signal: NodeJS.Signals) => {
    const now = Date.now();
    if (now - (lastForwardedAt.get(signal) ?? -Infinity) < echoWindowMs) return;
    lastForwardedAt.set(signal, now);
    onSignal(signal);
    for (const child of children()) signalGroup(child, signal);
  };
  for (const signal of stopSignals) process.on(signal, handler);
  return () => {
    for (const signal of stopSignals) process.off(signal, handler);
  };
}

/** Runs a command to completion with stop signals forwarded; resolves with its exit code. */
export async function run(
  command: string,
  args: readonly string[],
  options: Pick<SpawnOptions, "env"> = {},
): Promise<number> {
  const child = spawnInOwnGroup(command, args, options);
  const stopForwarding = forwardStopSignals(() => [child]);
  try {
    return await exitCodeOf(child);
  } finally {
    stopForwarding();
  }
}
