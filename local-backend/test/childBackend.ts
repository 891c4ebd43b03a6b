/** The fixture backend in a child process (`crashChild.ts`), to be killed with SIGKILL or stopped with a signal. */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { projectDir } from "./harness.ts";

export type ChildBackend = {
  url: string;
  /** What it logged so far. */
  output: () => string;
  /** False once the process has exited, for whatever reason. */
  alive: () => boolean;
  /** SIGKILL: no clean stop, no last flush. */
  kill: () => Promise<void>;
  /** Sends `signal` now (a user's Ctrl-C, a process manager's stop); resolves with the exit code once the process has exited. */
  signal: (signal: "SIGTERM" | "SIGINT") => Promise<number | null>;
};

/** A backend process with its code loaded, not yet started. */
export type WarmBackend = { start: () => Promise<ChildBackend>; kill: () => Promise<void> };

export type ChildOptions = {
  /** How long a clean stop may take before the process exits anyway (default: the backend's). */
  shutdownDeadlineMs?: number;
};

export async function warmBackend(
  dataDir: string,
  port: number,
  options: ChildOptions = {},
): Promise<WarmBackend> {
  const deadline =
    options.shutdownDeadlineMs === undefined ? [] : [String(options.shutdownDeadlineMs)];
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(import.meta.dirname, "crashChild.ts"),
      dataDir,
      String(port),
      ...deadline,
    ],
    { cwd: projectDir, stdio: ["pipe", "pipe", "pipe"] },
  );
  let output = "";
  let stdout = "";
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const printed = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(stdout);
        if (match) resolve(match);
        return match;
      };
      if (check()) return;
      child.stdout.on("data", check);
      void exited.then(() => reject(new Error(`the backend exited:\n${output}`)));
    });
  const killAndWait = async () => {
    kill(child);
    await exited;
  };
  await printed(/^warm\n/);
  return {
    kill: killAndWait,
    start: async () => {
      child.stdin.write("start\n");
      const [, url] = await printed(/ready (\S+)\n/);
      return {
        url,
        output: () => output,
        alive: () => !hasExited(child),
        kill: killAndWait,
        signal: (signal) => {
          child.kill(signal);
          return exited;
        },
      };
    },
  };
}

/** A backend process, started. */
export async function spawnBackend(
  dataDir: string,
  port: number,
  options: ChildOptions = {},
): Promise<ChildBackend> {
  return await (await warmBackend(dataDir, port, options)).start();
}

/**
 * Backend processes on one data directory and port, started one after the other: two load
 * their code ahead while one runs, so a restart after a kill or a stop takes only the start.
 * `cleanup` is given what kills them when the test ends.
 */
export function backendProcesses(
  dataDir: string,
  port: number,
  cleanup: (kill: () => Promise<void>) => void,
  options: ChildOptions = {},
): () => Promise<ChildBackend> {
  const warm = () => {
    const next = warmBackend(dataDir, port, options);
    cleanup(async () => await (await next).kill());
    return next;
  };
  const ahead = [warm(), warm()];
  return async (): Promise<ChildBackend> => {
    const backend = await (await ahead.shift()!).start();
    ahead.push(warm());
    return backend;
  };
}

function kill(child: ChildProcess): void {
  if (!hasExited(child)) child.kill("SIGKILL");
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs a query over the HTTP function API. */
export async function httpQuery<T>(url: string, udfPath: string, args: object = {}): Promise<T> {
  const response = await fetch(`${url}/api/query`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ path: udfPath, args: [args], format: "json" }),
  });
  const body = (await response.json()) as { status: string; value: T; errorMessage?: string };
  if (body.status !== "success") throw new Error(body.errorMessage);
  return body.value;
}
