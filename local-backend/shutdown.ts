/**
 * How the backend process ends on SIGTERM or SIGINT (Ctrl-C, a process
 * manager, a container stop): a clean stop (`LocalBackend.stop`) with a
 * deadline. Past the deadline the process exits at once: nothing more is
 * acknowledged, and everything acknowledged is already on disk, so the next
 * start is like one after a crash.
 */
import type { LocalBackend } from "./server.ts";

export const SHUTDOWN_DEADLINE_MS = 10_000;

export type ShutdownOptions = {
  deadlineMs?: number;
  log?: (line: string) => void;
  exit?: (code: number) => void;
};

export function stopOnSignals(
  backend: Pick<LocalBackend, "stop">,
  {
    deadlineMs = SHUTDOWN_DEADLINE_MS,
    log = (line) => console.log(`[local-backend] ${line}`),
    exit = (code) => process.exit(code),
  }: ShutdownOptions = {},
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again: exiting now (everything acknowledged is on disk)`);
      return exit(1);
    }
    stopping = true;
    log(`${signal}: stopping — new requests refused, finishing those under way`);
    const deadline = setTimeout(() => {
      log(
        `not stopped after ${deadlineMs / 1000} s: exiting without answering what is still under way (everything acknowledged is on disk)`,
      );
      exit(1);
    }, deadlineMs);
    backend.stop().then(
      () => {
        clearTimeout(deadline);
        log("stopped");
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        log(`stopping failed: ${(error as Error).message}`);
        exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}
