/**
 * What a commit tells the rest of the backend (live queries, persistence), and which client's
 * mutation request it belongs to. A client's mutation carries its request through its async
 * context; the first top-level commit in that context is the mutation's own, so the request
 * and its result are stored with that commit. Later commits in the same context (functions it
 * scheduled, which inherit the context) carry none.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { convexToJson, type JSONValue, type Value } from "convex/values";
import type { DatabaseCounters, DocumentWrite } from "./convexTestInternals.ts";

/** A client's mutation request, so its outcome can be stored with its commit. */
export type MutationRequest = { sessionId: string; requestId: number };

export type Commit = {
  ts: bigint;
  writes: DocumentWrite[];
  /** The id counters of every database this commit wrote. */
  counters: Map<string, DatabaseCounters>;
  /** Set when this is the commit of a client's mutation: the request, and its result once the mutation returns. */
  request: (MutationRequest & { result: Promise<JSONValue | undefined> }) | null;
};

type PendingRequest = MutationRequest & {
  claimed: boolean;
  settle?: (value: JSONValue | undefined) => void;
};

export class ClientRequests {
  private readonly pending = new AsyncLocalStorage<PendingRequest>();

  /**
   * Runs `mutation`, a client's when `request` is given, and returns what `done` makes of its
   * value (called before anything else runs in this context).
   */
  async run<R>(
    request: MutationRequest | undefined,
    mutation: () => Promise<Value>,
    done: (value: Value) => R,
  ): Promise<R> {
    const pending: PendingRequest | undefined = request && { ...request, claimed: false };
    try {
      const value = await (pending ? this.pending.run(pending, mutation) : mutation());
      pending?.settle?.(convexToJson(value));
      return done(value);
    } finally {
      if (pending) {
        // Nothing that runs later in this context (scheduled functions) is this request's commit.
        pending.claimed = true;
        pending.settle?.(undefined);
      }
    }
  }

  /** Whether this context runs what a client's mutation scheduled (it inherits the claimed request). */
  scheduledByClient(): boolean {
    return this.pending.getStore()?.claimed === true;
  }

  /** At a top-level commit: the client request it is the commit of, if any. */
  claim(): Commit["request"] {
    const pending = this.pending.getStore();
    if (!pending || pending.claimed) return null;
    pending.claimed = true;
    const result = new Promise<JSONValue | undefined>((resolve) => {
      pending.settle = (value) => {
        pending.settle = undefined;
        resolve(value);
      };
    });
    return { sessionId: pending.sessionId, requestId: pending.requestId, result };
  }
}
