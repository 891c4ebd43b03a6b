/**
 * How the backend process ends on SIGTERM, SIGINT or SIGHUP (Ctrl-C, a
 * process manager, a container stop, the terminal closing): a clean stop
 * (`LocalBackend.stop`) with a deadline. Past the deadline, or at a second
 * signal, the process exits at once: nothing more is acknowledged, and
 * everything acknowledged is already on disk, so the next start is like one
 * after a crash.
 */
import type { LocalBackend } from "./server.ts";

export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Under `npm run`, one Ctrl-C arrives twice, from the terminal and again from npm: a repeat
 * this soon is that echo, not a second request.
 */
const ECHO_WINDOW_MS = 1_000;

const STOP_SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;

export type ShutdownOptions = {
  deadlineMs?: number;
  log?: (line: string) => void;
  exit?: (code: number) => void;
  /** Where the signals come from (tests pass their own emitter). */
  signals?: Pick<NodeJS.Process, "on">;
};

export function stopOnSignals(
  backend: Pick<LocalBackend, "stop">,
  {
    deadlineMs = SHUTDOWN_DEADLINE_MS,
    log = (line) => console.log(`[local-backend] ${line}`),
    exit = (code) => process.exit(code),
    signals = process,
  }: ShutdownOptions = {},
): void {
  let firstSignalAt: number | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstSignalAt !== null) {
      if (Date.now() - firstSignalAt < ECHO_WINDOW_MS) return;
      log(`${signal} again: exiting now (everything acknowledged is on disk)`);
      return exit(1);
    }
    firstSignalAt = Date.now();
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
  for (const signal of STOP_SIGNALS) signals.on(signal, onSignal);
}
