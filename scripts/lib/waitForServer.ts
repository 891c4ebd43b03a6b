import { setTimeout as delay } from "node:timers/promises";

const pollIntervalMs = 150;

/** Whether anything answers an HTTP request at the URL (any status). */
export async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Polls the URL until it answers with a non-5xx status. Fails early when the server's process
 * exits first, and with a clear message when the deadline passes.
 */
export async function waitForServer(
  url: string,
  server: { name: string; exited: Promise<number>; timeoutMs: number },
): Promise<void> {
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  const deadline = Date.now() + server.timeoutMs;
  for (;;) {
    if (exited)
      throw new Error(`The ${server.name} stopped before it was ready (see its output above).`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      throw new Error(
        `The ${server.name} did not answer ${url} within ${server.timeoutMs / 1000}s (see its output above).`,
      );
    }
    await delay(pollIntervalMs);
  }
}
