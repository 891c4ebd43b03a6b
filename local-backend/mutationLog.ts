/**
 * Completed mutations by client session and request id, so a mutation the
 * client re-sends after a reconnect — even to a backend restarted after a
 * crash — is answered again instead of applied twice. The outcome of a
 * committed mutation is written to the log in the same record as its writes
 * (`PersistedOutcome`), so it is on disk exactly when they are.
 */
import type { JSONValue } from "convex/values";
import type { FunctionFailure } from "./failures.ts";

export type MutationOutcome =
  { success: true; value: JSONValue; ts: bigint } | { success: false; failure: FunctionFailure };

export type PersistedOutcome = {
  sessionId: string;
  requestId: number;
  value: JSONValue;
  /** Commit timestamp. */
  ts: string;
  /** Wall-clock time of the commit (ms), for expiry. */
  at: number;
};

/** How long a client may take to re-send a mutation. */
export const OUTCOME_TTL_MS = 30 * 60_000;

export class MutationLog {
  private readonly sessions = new Map<
    string,
    { outcomes: Map<number, Promise<MutationOutcome>>; touched: number }
  >();

  outcomes(sessionId: string): Map<number, Promise<MutationOutcome>> {
    const now = Date.now();
    for (const [id, session] of this.sessions) {
      if (now - session.touched > OUTCOME_TTL_MS) this.sessions.delete(id);
    }
    let session = this.sessions.get(sessionId);
    if (!session) this.sessions.set(sessionId, (session = { outcomes: new Map(), touched: now }));
    session.touched = now;
    return session.outcomes;
  }

  /** Remembers outcomes recovered from disk at start-up. */
  restore(persisted: Iterable<PersistedOutcome>): void {
    for (const { sessionId, requestId, value, ts } of persisted) {
      this.outcomes(sessionId).set(
        requestId,
        Promise.resolve({ success: true, value, ts: BigInt(ts) }),
      );
    }
  }
}
