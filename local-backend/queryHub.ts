/**
 * Live queries: one shared entry per (function, arguments, identity,
 * journal), re-run only when a commit wrote a table the query read, and
 * pushed to every subscriber whose result changed.
 *
 * All query work runs through one serial task queue so subscribers never see
 * an older result after a newer one.
 */
import type { UserIdentity } from "convex/server";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { Engine, FunctionFailure, type Commit } from "./engine.ts";

export type QueryResult =
  | { kind: "value"; value: JSONValue; journal: string | null }
  | { kind: "error"; message: string; errorData: JSONValue | undefined; journal: string | null };

export type QuerySpec = { udfPath: string; args: JSONValue; journal: string | null };

/** Something that holds live queries and is told when their results change. */
export interface QuerySubscriber {
  /** Called inside the hub's queue with the changed results of this subscriber's queries, and the ts they reflect. */
  deliver(changes: Map<number, QueryResult>, ts: bigint): void;
}

type Entry = {
  key: string;
  spec: QuerySpec;
  identity: UserIdentity | null;
  readTables: Set<string> | null; // null: every table (not run yet, or failed before reading)
  result: QueryResult | null;
  resultJson: string;
  subscribers: Map<QuerySubscriber, Set<number>>;
};

export class QueryHub {
  private readonly entries = new Map<string, Entry>();
  private readonly bySubscriber = new Map<QuerySubscriber, Map<number, Entry>>();
  private queue: Promise<void> = Promise.resolve();
  private pendingTables = new Set<string>();
  private pendingTs = 0n;
  private flushScheduled = false;
  private flushedTs = 0n;
  private readonly flushWaiters: Array<{ ts: bigint; resolve: () => void }> = [];
  private unsubscribeCommits: () => void;

  /** `commits`: where durable commits are announced (the persistence layer). */
  constructor(
    private engine: Engine,
    commits: { onDurableCommit(listener: (commit: Commit) => void): () => void },
  ) {
    this.flushedTs = engine.lastCommitTs;
    this.unsubscribeCommits = commits.onDurableCommit((commit) => this.onCommit(commit));
  }

  /** The newest commit whose effects have been delivered to every subscriber. */
  get currentTs(): bigint {
    return this.flushedTs;
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private onCommit({ ts, writes }: Commit): void {
    for (const write of writes) {
      const table = write.id.replace(/^[0-9]+/, "");
      this.pendingTables.add(write.mountPath ? `${write.mountPath}/${table}` : table);
    }
    if (ts > this.pendingTs) this.pendingTs = ts;
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      void this.enqueue(() => this.flush());
    }
  }

  /** Resolves once every commit up to `ts` has been pushed to subscribers. */
  async flushedThrough(ts: bigint): Promise<void> {
    if (this.flushedTs >= ts) return;
    await new Promise<void>((resolve) => this.flushWaiters.push({ ts, resolve }));
  }

  private async flush(): Promise<void> {
    this.flushScheduled = false;
    const tables = this.pendingTables;
    const ts = this.pendingTs;
    this.pendingTables = new Set();
    const changedBySubscriber = new Map<QuerySubscriber, Map<number, QueryResult>>();
    for (const entry of [...this.entries.values()]) {
      if (!readsAny(entry, tables)) continue;
      // A subscriber dropped while this flush ran needs nothing.
      if (entry.subscribers.size === 0) continue;
      if (!(await this.refresh(entry))) continue;
      for (const [subscriber, queryIds] of entry.subscribers) {
        let changes = changedBySubscriber.get(subscriber);
        if (!changes)
          changedBySubscriber.set(subscriber, (changes = new Map<number, QueryResult>()));
        for (const queryId of queryIds) changes.set(queryId, entry.result!);
      }
    }
    if (ts > this.flushedTs) this.flushedTs = ts;
    for (const [subscriber, changes] of changedBySubscriber)
      subscriber.deliver(changes, this.flushedTs);
    for (let i = this.flushWaiters.length - 1; i >= 0; i--) {
      const waiter = this.flushWaiters[i];
      if (waiter.ts <= this.flushedTs) {
        this.flushWaiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }

  /** Re-runs an entry; true when its result changed. */
  private async refresh(entry: Entry): Promise<boolean> {
    const result = await this.execute(entry);
    const json = JSON.stringify(result);
    if (json === entry.resultJson) return false;
    entry.result = result;
    entry.resultJson = json;
    return true;
  }

  private async execute(entry: Entry): Promise<QueryResult> {
    const { udfPath } = entry.spec;
    // Once a run has produced a journal, later runs follow it.
    const journal = entry.result ? entry.result.journal : entry.spec.journal;
    const args = withJournal(jsonToConvex(entry.spec.args) as Record<string, Value>, journal);
    try {
      const { value, readTables } = await this.engine.runQuery(udfPath, args, entry.identity);
      entry.readTables = readTables;
      return {
        kind: "value",
        value: convexToJson(value),
        journal: journalFor(args, value, journal),
      };
    } catch (error) {
      entry.readTables = null;
      const failure = error as FunctionFailure;
      return { kind: "error", message: failure.message, errorData: failure.errorData, journal };
    }
  }

  /**
   * Changes a subscriber's query set and returns the current result of every
   * added query (run now unless a fresh shared result exists).
   */
  modify(
    subscriber: QuerySubscriber,
    identity: UserIdentity | null,
    add: Array<{ queryId: number } & QuerySpec>,
    remove: number[],
  ): Promise<{ results: Map<number, QueryResult>; ts: bigint }> {
    return this.enqueue(async () => {
      for (const queryId of remove) this.detach(subscriber, queryId);
      const results = new Map<number, QueryResult>();
      for (const { queryId, ...spec } of add) {
        this.detach(subscriber, queryId);
        const entry = await this.attach(subscriber, queryId, spec, identity);
        results.set(queryId, entry.result!);
      }
      return { results, ts: this.flushedTs };
    });
  }

  /** Re-subscribes all of a subscriber's queries under a new identity. */
  reidentify(
    subscriber: QuerySubscriber,
    identity: UserIdentity | null,
  ): Promise<{ results: Map<number, QueryResult>; ts: bigint }> {
    return this.enqueue(async () => {
      const current = [
        ...(this.bySubscriber.get(subscriber) ?? new Map<number, Entry>()).entries(),
      ];
      const results = new Map<number, QueryResult>();
      for (const [queryId, entry] of current) {
        this.detach(subscriber, queryId);
        const next = await this.attach(subscriber, queryId, entry.spec, identity);
        results.set(queryId, next.result!);
      }
      return { results, ts: this.flushedTs };
    });
  }

  /** Forgets a subscriber entirely (its connection closed). */
  drop(subscriber: QuerySubscriber): void {
    void this.enqueue(() => {
      for (const queryId of [...(this.bySubscriber.get(subscriber)?.keys() ?? [])])
        this.detach(subscriber, queryId);
      this.bySubscriber.delete(subscriber);
      return Promise.resolve();
    });
  }

  /** Re-runs every live query (after a code reload). */
  invalidateAll(): Promise<void> {
    return this.enqueue(async () => {
      for (const entry of this.entries.values()) entry.readTables = null;
      this.pendingTables.add("*");
      await this.flush();
    });
  }

  private async attach(
    subscriber: QuerySubscriber,
    queryId: number,
    spec: QuerySpec,
    identity: UserIdentity | null,
  ): Promise<Entry> {
    const key = JSON.stringify([
      spec.udfPath,
      spec.args,
      spec.journal,
      identity?.tokenIdentifier ?? null,
    ]);
    let entry = this.entries.get(key);
    if (!entry) {
      entry = {
        key,
        spec,
        identity,
        readTables: null,
        result: null,
        resultJson: "",
        subscribers: new Map(),
      };
      this.entries.set(key, entry);
    }
    if (entry.result === null || readsAny(entry, this.pendingTables)) await this.refresh(entry);
    let ids = entry.subscribers.get(subscriber);
    if (!ids) entry.subscribers.set(subscriber, (ids = new Set()));
    ids.add(queryId);
    let mine = this.bySubscriber.get(subscriber);
    if (!mine) this.bySubscriber.set(subscriber, (mine = new Map<number, Entry>()));
    mine.set(queryId, entry);
    return entry;
  }

  private detach(subscriber: QuerySubscriber, queryId: number): void {
    const mine = this.bySubscriber.get(subscriber);
    const entry = mine?.get(queryId);
    if (!entry) return;
    mine!.delete(queryId);
    const ids = entry.subscribers.get(subscriber);
    ids?.delete(queryId);
    if (ids && ids.size === 0) entry.subscribers.delete(subscriber);
    if (entry.subscribers.size === 0) this.entries.delete(entry.key);
  }

  /** Number of distinct live queries (for tests and the benchmark). */
  get liveQueryCount(): number {
    return this.entries.size;
  }

  close(): void {
    this.unsubscribeCommits();
    for (const waiter of this.flushWaiters.splice(0)) waiter.resolve();
  }
}

function readsAny(entry: Entry, tables: Set<string>): boolean {
  if (tables.size === 0) return false;
  if (entry.readTables === null || tables.has("*")) return true;
  for (const table of tables) if (entry.readTables.has(table)) return true;
  return false;
}

/**
 * Paginated queries keep their page boundaries as data changes: the first run
 * records where the page ended (the journal) and later runs end there too.
 */
function withJournal(args: Record<string, Value>, journal: string | null): Record<string, Value> {
  const opts = args.paginationOpts as Record<string, Value> | undefined;
  if (!journal || !opts || typeof opts !== "object" || opts.endCursor) return args;
  const { endCursor } = JSON.parse(journal) as { endCursor: string };
  return { ...args, paginationOpts: { ...opts, endCursor } };
}

function journalFor(
  args: Record<string, Value>,
  value: Value,
  previous: string | null,
): string | null {
  if (previous) return previous;
  const opts = args.paginationOpts;
  if (!opts || typeof opts !== "object" || value === null || typeof value !== "object") return null;
  const continueCursor = (value as { continueCursor?: unknown }).continueCursor;
  return typeof continueCursor === "string" ? JSON.stringify({ endCursor: continueCursor }) : null;
}
