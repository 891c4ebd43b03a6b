/**
 * Live queries. One entry per distinct query — function, arguments, journal,
 * and the user only when the query asks who the user is (a query that never
 * calls `getUserIdentity` gives everyone the same result, so it runs once for
 * all of them). A commit re-runs only the entries whose read set (documents
 * and index ranges, see readSets.ts) it touched, each at most once, and
 * pushes changed results to their subscribers once the commits they reflect
 * are on disk: the re-runs overlap the log's fsync instead of following it.
 * Each subscriber gets its changes as soon as its own queries have re-run.
 *
 * All query work runs through one serial task queue so subscribers never see
 * an older result after a newer one.
 */
import type { UserIdentity } from "convex/server";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import type { Commit } from "./commits.ts";
import { tableNameFromId } from "./convexTestInternals.ts";
import type { Engine } from "./engine.ts";
import { documentKey, qualifiedTable, rangeContains, type ReadSet } from "./readSets.ts";

export type QueryResult =
  | { kind: "value"; value: JSONValue; journal: string | null }
  | { kind: "error"; message: string; errorData: JSONValue | undefined; journal: string | null };

export type QuerySpec = { udfPath: string; args: JSONValue; journal: string | null };

/** Something that holds live queries and is told when their results change. */
export interface QuerySubscriber {
  /** Called inside the hub's queue with the changed results of this subscriber's queries, and the ts they reflect. */
  deliver(changes: Map<number, QueryResult>, ts: bigint): void;
}

type Subscription = { identity: UserIdentity | null; queryIds: Set<number> };

type Entry = {
  key: string;
  spec: QuerySpec;
  /** Whom it runs as; for a shared entry, whoever subscribed first. */
  identity: UserIdentity | null;
  /** True when its last run did not ask who the user is, so every user shares it. */
  shared: boolean;
  /** What its last run read; null: unknown (not run yet, or failed before reading), so every commit re-runs it. */
  reads: ReadSet | null;
  /** The commit its result reflects. */
  snapshotTs: bigint;
  /** The newest commit that touched its read set since then. */
  touchedTs: bigint;
  result: QueryResult | null;
  resultJson: string;
  subscribers: Map<QuerySubscriber, Subscription>;
};

export type HubStats = {
  queryRuns: number;
  queryMs: number;
  /** Time spent handing changed results to subscribers (encoding and socket writes). */
  deliverMs: number;
  liveQueries: number;
};

export class QueryHub {
  private readonly entries = new Map<string, Entry>();
  private readonly bySubscriber = new Map<QuerySubscriber, Map<number, Entry>>();
  /** Entries by the documents they read, and by the tables their ranges are in. */
  private readonly byDocument = new Map<string, Set<Entry>>();
  private readonly byTable = new Map<string, Set<Entry>>();
  private readonly readsUnknown = new Set<Entry>();
  private readonly touched = new Set<Entry>();
  /** Results changed outside a flush (a new subscriber re-ran a touched entry) that the others still need. */
  private readonly undelivered = new Set<Entry>();
  private queue: Promise<void> = Promise.resolve();
  private pendingTs = 0n;
  private flushScheduled = false;
  private flushedTs = 0n;
  /** The flush under way: the commits it covers, and whom it has already served. */
  private flushing: { ts: bigint; isServed: (subscriber: QuerySubscriber) => boolean } | null =
    null;
  private readonly flushWaiters: Array<{
    ts: bigint;
    subscriber?: QuerySubscriber;
    resolve: () => void;
  }> = [];
  private unsubscribeCommits: () => void;
  private queryRuns = 0;
  private queryMs = 0;
  private deliverMs = 0;

  /** `disk`: says when commits are on disk (the persistence layer); no result goes out before. */
  constructor(
    private engine: Engine,
    private disk: { durableThrough(ts: bigint): Promise<void> },
  ) {
    this.flushedTs = engine.lastCommitTs;
    this.unsubscribeCommits = engine.onCommit((commit) => this.onCommit(commit));
  }

  /** The newest commit whose effects have been delivered to every subscriber. */
  get currentTs(): bigint {
    return this.flushedTs;
  }

  /** Query executions so far and distinct live queries now (tests and benchmarks). */
  get stats(): HubStats {
    return {
      queryRuns: this.queryRuns,
      queryMs: this.queryMs,
      deliverMs: this.deliverMs,
      liveQueries: this.entries.size,
    };
  }

  /** Number of distinct live queries (for tests and the benchmark). */
  get liveQueryCount(): number {
    return this.entries.size;
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
    const touch = (entry: Entry) => {
      if (entry.touchedTs < ts) entry.touchedTs = ts;
      this.touched.add(entry);
    };
    for (const { mountPath, id, before, after } of writes) {
      for (const entry of this.byDocument.get(documentKey(mountPath, id)) ?? []) touch(entry);
      const table = qualifiedTable(mountPath, tableNameFromId(id));
      for (const entry of this.byTable.get(table) ?? []) {
        const inRange = entry.reads!.ranges.some(
          (range) =>
            range.table === table &&
            ((before !== null && rangeContains(range, before)) ||
              (after !== null && rangeContains(range, after))),
        );
        if (inRange) touch(entry);
      }
    }
    for (const entry of this.readsUnknown) touch(entry);
    if (ts > this.pendingTs) this.pendingTs = ts;
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      void this.enqueue(() => this.flush());
    }
  }

  /**
   * Resolves once every commit up to `ts` has been pushed to subscribers; with `subscriber`,
   * as soon as that one has had its changes (a writer's acknowledgement need not wait for the
   * other people's queries).
   */
  async flushedThrough(ts: bigint, subscriber?: QuerySubscriber): Promise<void> {
    if (this.flushedTs >= ts) return;
    if (subscriber && this.flushing && this.flushing.ts >= ts && this.flushing.isServed(subscriber))
      return;
    await new Promise<void>((resolve) => this.flushWaiters.push({ ts, subscriber, resolve }));
  }

  /**
   * Re-runs the touched entries, those most people watch first, and sends each subscriber its
   * changes as soon as every entry of its own has run (and the commits are on disk): people
   * watching discover need not wait for someone else's event page to re-run.
   */
  private async flush(): Promise<void> {
    this.flushScheduled = false;
    const ts = this.pendingTs;
    const due: Entry[] = [];
    for (const entry of this.touched) {
      // Touched by a commit its current result already reflects, or unwatched: nothing to do.
      if (entry.subscribers.size > 0 && entry.touchedTs > entry.snapshotTs) due.push(entry);
      else this.touched.delete(entry);
    }
    due.sort((a, b) => b.subscribers.size - a.subscribers.size);
    const waitingFor = new Map<QuerySubscriber, number>();
    for (const entry of due)
      for (const subscriber of entry.subscribers.keys())
        waitingFor.set(subscriber, (waitingFor.get(subscriber) ?? 0) + 1);
    const served = new Set<QuerySubscriber>();
    const unaffected = (subscriber: QuerySubscriber) =>
      !waitingFor.has(subscriber) && !this.awaitsResults(subscriber);
    // A writer none of whose queries changed is acknowledged once its commit is on disk.
    const isServed = (subscriber: QuerySubscriber) =>
      served.has(subscriber) || unaffected(subscriber);
    this.flushing = { ts, isServed };
    if (this.flushWaiters.some((w) => w.ts <= ts && w.subscriber && unaffected(w.subscriber))) {
      await this.disk.durableThrough(this.engine.lastCommitTs);
      this.releaseWaiters(ts, unaffected);
    }
    for (const entry of due) {
      // Not if dropped, or re-run for a newcomer's subscription, meanwhile.
      if (this.touched.delete(entry) && entry.subscribers.size > 0 && (await this.refresh(entry)))
        this.undelivered.add(entry);
      const ready: QuerySubscriber[] = [];
      for (const subscriber of entry.subscribers.keys()) {
        const left = (waitingFor.get(subscriber) ?? 1) - 1;
        waitingFor.set(subscriber, left);
        if (left === 0) ready.push(subscriber);
      }
      if (ready.length === 0) continue;
      // The runs read the newest state, which may include commits still being fsynced.
      await this.disk.durableThrough(this.engine.lastCommitTs);
      this.deliver(ready, ts);
      for (const subscriber of ready) served.add(subscriber);
      this.releaseWaiters(ts, isServed);
    }
    await this.disk.durableThrough(this.engine.lastCommitTs);
    this.flushing = null;
    if (ts > this.flushedTs) this.flushedTs = ts;
    // Whoever was not served above: results changed outside a flush, or of entries split meanwhile.
    const rest = new Set<QuerySubscriber>();
    for (const entry of this.undelivered)
      for (const subscriber of entry.subscribers.keys())
        if (!served.has(subscriber)) rest.add(subscriber);
    this.deliver(rest, this.flushedTs);
    this.undelivered.clear();
    this.releaseWaiters(this.flushedTs, "all");
  }

  /**
   * Resolves the waiters for commits up to `ts`: all of them, or (during a flush) those waiting
   * for one subscriber that `isServed`.
   */
  private releaseWaiters(
    ts: bigint,
    isServed: ((subscriber: QuerySubscriber) => boolean) | "all",
  ): void {
    for (let i = this.flushWaiters.length - 1; i >= 0; i--) {
      const { ts: waitingFor, subscriber, resolve } = this.flushWaiters[i];
      if (waitingFor > ts) continue;
      if (isServed !== "all" && !(subscriber && isServed(subscriber))) continue;
      this.flushWaiters.splice(i, 1);
      resolve();
    }
  }

  /** Whether one of the subscriber's queries has a result it has not been sent yet. */
  private awaitsResults(subscriber: QuerySubscriber): boolean {
    for (const entry of this.bySubscriber.get(subscriber)?.values() ?? [])
      if (this.undelivered.has(entry)) return true;
    return false;
  }

  /** Sends each of `subscribers` the undelivered results of its live queries. */
  private deliver(subscribers: Iterable<QuerySubscriber>, ts: bigint): void {
    const started = performance.now();
    for (const subscriber of subscribers) {
      const changes = new Map<number, QueryResult>();
      for (const [queryId, entry] of this.bySubscriber.get(subscriber) ?? [])
        if (this.undelivered.has(entry)) changes.set(queryId, entry.result!);
      if (changes.size > 0) subscriber.deliver(changes, ts);
    }
    this.deliverMs += performance.now() - started;
  }

  /**
   * Re-runs an entry; true when its result changed. A shared entry whose run
   * now asks who the user is splits into one entry per user.
   */
  private async refresh(entry: Entry): Promise<boolean> {
    const result = await this.execute(entry);
    const json = JSON.stringify(result);
    const changed = json !== entry.resultJson;
    entry.result = result;
    entry.resultJson = json;
    if (entry.shared && entry.reads?.readsAuth) await this.split(entry);
    return changed;
  }

  private async execute(entry: Entry): Promise<QueryResult> {
    const { udfPath } = entry.spec;
    // Once a run has produced a journal, later runs follow it.
    const journal = entry.result ? entry.result.journal : entry.spec.journal;
    const args = withJournal(jsonToConvex(entry.spec.args) as Record<string, Value>, journal);
    this.queryRuns++;
    const started = performance.now();
    const run = await this.engine.runTrackedQuery(udfPath, args, entry.identity);
    this.queryMs += performance.now() - started;
    // A failure that read nothing (bad arguments, a missing function…) is retried on every commit.
    this.index(entry, "failure" in run && run.reads.isEmpty ? null : run.reads);
    entry.snapshotTs = run.reads.snapshotTs;
    if ("failure" in run) {
      const { failure } = run;
      return { kind: "error", message: failure.message, errorData: failure.errorData, journal };
    }
    return {
      kind: "value",
      value: convexToJson(run.value),
      journal: journalFor(args, run.value, journal),
    };
  }

  /** Files an entry under what it read. */
  private index(entry: Entry, reads: ReadSet | null): void {
    this.unindex(entry);
    entry.reads = reads;
    if (!reads) {
      this.readsUnknown.add(entry);
      return;
    }
    for (const key of reads.documents) addTo(this.byDocument, key, entry);
    for (const range of reads.ranges) addTo(this.byTable, range.table, entry);
  }

  private unindex(entry: Entry): void {
    this.readsUnknown.delete(entry);
    if (!entry.reads) return;
    for (const key of entry.reads.documents) removeFrom(this.byDocument, key, entry);
    for (const range of entry.reads.ranges) removeFrom(this.byTable, range.table, entry);
  }

  /** The result now depends on who asks: every subscriber moves to an entry of their own user. */
  private async split(entry: Entry): Promise<void> {
    this.forget(entry);
    for (const [subscriber, { identity, queryIds }] of entry.subscribers) {
      for (const queryId of queryIds) {
        this.bySubscriber.get(subscriber)?.delete(queryId);
        const own = await this.attach(subscriber, queryId, entry.spec, identity);
        this.undelivered.add(own);
      }
    }
  }

  private forget(entry: Entry): void {
    this.unindex(entry);
    this.touched.delete(entry);
    this.undelivered.delete(entry);
    if (this.entries.get(entry.key) === entry) this.entries.delete(entry.key);
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
      if (results.size > 0) await this.disk.durableThrough(this.engine.lastCommitTs);
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
      if (results.size > 0) await this.disk.durableThrough(this.engine.lastCommitTs);
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
      for (const entry of this.entries.values()) {
        entry.touchedTs = entry.snapshotTs + 1n;
        this.touched.add(entry);
      }
      await this.flush();
    });
  }

  private async attach(
    subscriber: QuerySubscriber,
    queryId: number,
    spec: QuerySpec,
    identity: UserIdentity | null,
  ): Promise<Entry> {
    const query = JSON.stringify([spec.udfPath, spec.args, spec.journal]);
    const sharedKey = `${query}*`;
    const ownKey = `${query}${JSON.stringify(identity?.tokenIdentifier ?? null)}`;
    let entry = this.entries.get(sharedKey) ?? this.entries.get(ownKey);
    if (!entry) {
      entry = {
        key: ownKey,
        spec,
        identity,
        shared: false,
        reads: null,
        snapshotTs: 0n,
        touchedTs: 0n,
        result: null,
        resultJson: "",
        subscribers: new Map(),
      };
      this.entries.set(ownKey, entry);
      await this.refresh(entry);
      if (entry.reads && !entry.reads.readsAuth && !this.entries.has(sharedKey)) {
        this.entries.delete(ownKey);
        entry.key = sharedKey;
        entry.shared = true;
        this.entries.set(sharedKey, entry);
      }
    } else if (this.touched.has(entry) && entry.touchedTs > entry.snapshotTs) {
      // A commit the pending flush has not handled yet: the newcomer gets the fresh result now, the others in that flush.
      this.touched.delete(entry);
      if (await this.refresh(entry)) this.undelivered.add(entry);
      // The entry may have split into per-user entries.
      if (this.entries.get(entry.key) !== entry)
        return await this.attach(subscriber, queryId, spec, identity);
    }
    let subscription = entry.subscribers.get(subscriber);
    if (!subscription)
      entry.subscribers.set(subscriber, (subscription = { identity, queryIds: new Set() }));
    subscription.queryIds.add(queryId);
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
    const subscription = entry.subscribers.get(subscriber);
    subscription?.queryIds.delete(queryId);
    if (subscription && subscription.queryIds.size === 0) entry.subscribers.delete(subscriber);
    if (entry.subscribers.size === 0) this.forget(entry);
  }

  close(): void {
    this.unsubscribeCommits();
    for (const waiter of this.flushWaiters.splice(0)) waiter.resolve();
  }
}

function addTo(index: Map<string, Set<Entry>>, key: string, entry: Entry): void {
  let entries = index.get(key);
  if (!entries) index.set(key, (entries = new Set()));
  entries.add(entry);
}

function removeFrom(index: Map<string, Set<Entry>>, key: string, entry: Entry): void {
  const entries = index.get(key);
  entries?.delete(entry);
  if (entries?.size === 0) index.delete(key);
}

/**
 * Paginated queries keep their page boundaries as data changes: the first run
 * records where the page ended (the journal) and later runs end there too.
 */
function withJournal(args: Record<string, Value>, journal: string | null): Record<string, Value> {
  const opts = args.paginationOpts as Record<string, Value> | undefined;
  if (!journal || !opts || typeof opts !== "object" || opts.endCursor) return args;
  return { ...args, paginationOpts: { ...opts, endCursor: decodeJournal(journal)!.endCursor } };
}

/** Whether a client's journal is one this hub issued (clients only echo them back). */
export function isJournal(journal: string): boolean {
  return decodeJournal(journal) !== null;
}

function decodeJournal(journal: string): { endCursor: string } | null {
  try {
    const decoded = JSON.parse(journal) as unknown;
    const endCursor = (decoded as { endCursor?: unknown } | null)?.endCursor;
    return typeof endCursor === "string" ? { endCursor } : null;
  } catch {
    return null;
  }
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
