/**
 * Keeps the deployment on disk so that an acknowledged write survives a
 * crash. Every commit (documents of every database, `_storage` and
 * `_scheduled_functions` included, and a client mutation's result) is
 * appended to a write-ahead log; commits that arrive while an fsync is under
 * way share the next one (group commit). Commits are announced — to live
 * queries, and through `durable()` to whoever acknowledges them — only once
 * they are on disk. Files are written and fsynced before the log record that
 * refers to them.
 *
 * When the log outgrows the last snapshot, a new snapshot is written in the
 * background and the log segments it covers are deleted, so the bytes
 * written per commit stay proportional to what the commit changed.
 *
 * Start-up loads the snapshot and replays the log; a torn last append (a
 * crash mid-write, never acknowledged) is cut off, and damage of any other
 * kind stops the start with a `DataCorruption` naming the file.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { open, rm, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { convexToJson, jsonToConvex, type JSONValue } from "convex/values";
import type { Commit } from "./commits.ts";
import {
  tableNameFromId,
  type DatabaseCounters,
  type StoredDocument,
} from "./convexTestInternals.ts";
import { DataCorruption } from "./dataCorruption.ts";
import type { Engine } from "./engine.ts";
import { fsyncDirectory, writeFileDurably } from "./files.ts";
import { OUTCOME_TTL_MS, type PersistedOutcome } from "./mutationLog.ts";
import { readSnapshot, writeSnapshot } from "./snapshot.ts";
import { encodeFrame, readLog } from "./wal.ts";

const SNAPSHOT_FILE = "snapshot.jsonl";
/** The whole-database file of earlier versions, read once and replaced by a snapshot. */
const LEGACY_FILE = "db.json";
const WAL_FILE = /^wal-(\d+)\.log$/;
/** The log is compacted once it is larger than the snapshot, and at least this large. */
export const DEFAULT_MIN_COMPACTION_BYTES = 4 * 1024 * 1024;

/** One logged commit: its timestamp, each database's id counters and writes, and a client mutation's outcome. */
type LogRecord = {
  ts: string;
  dbs: Record<string, { n: number; c: number; w: Array<[string, JSONValue | null]> }>;
  m?: { s: string; r: number; v: JSONValue; at: number };
};

type Waiter = { seq: number; resolve: () => void; reject: (error: Error) => void };

export type PersistenceStats = {
  /** Bytes appended to the log plus bytes of snapshots written, since start. */
  bytesWritten: number;
  logBytes: number;
  snapshotBytes: number;
  commitsLogged: number;
  fsyncs: number;
  /** Time spent appending and fsyncing the log. */
  fsyncMs: number;
};

export class Persistence {
  private readonly queue: Commit[] = [];
  private appendedSeq = 0;
  private durableSeq = 0;
  /** The newest commit on disk. */
  private durableTs = 0n;
  private readonly waiters: Waiter[] = [];
  private readonly fileWrites = new Set<Promise<void>>();
  private readonly outcomes = new Map<string, PersistedOutcome>();
  private flushScheduled = false;
  private flushing: Promise<void> | null = null;
  private compacting: Promise<void> | null = null;
  private failure: Error | null = null;
  /** Set by `stop`: the log is closed, and a commit after that is never acknowledged. */
  private stopped = false;
  private stopping: Promise<void> | null = null;
  /** Log bytes not yet covered by a snapshot. */
  private logBytes = 0;
  private snapshotBytes = 0;
  private readonly stats: PersistenceStats = {
    bytesWritten: 0,
    logBytes: 0,
    snapshotBytes: 0,
    commitsLogged: 0,
    fsyncs: 0,
    fsyncMs: 0,
  };

  private constructor(
    private readonly engine: Engine,
    private readonly dataDir: string,
    private readonly log: (line: string) => void,
    private readonly minCompactionBytes: number,
    private wal: FileHandle,
    private walSeq: number,
  ) {}

  private get storageDir(): string {
    return path.join(this.dataDir, "storage");
  }

  /** Loads what is on disk into the engine, then logs every commit. */
  static async open(
    engine: Engine,
    dataDir: string,
    log: (line: string) => void,
    minCompactionBytes = DEFAULT_MIN_COMPACTION_BYTES,
  ): Promise<Persistence> {
    mkdirSync(dataDir, { recursive: true });
    const recovered = recover(engine, dataDir, log);
    const wal = await openSegment(dataDir, recovered.walSeq);
    const persistence = new Persistence(
      engine,
      dataDir,
      log,
      minCompactionBytes,
      wal,
      recovered.walSeq,
    );
    persistence.durableTs = engine.lastCommitTs;
    persistence.logBytes = recovered.logBytes;
    persistence.snapshotBytes = recovered.snapshotBytes;
    for (const outcome of recovered.outcomes)
      persistence.outcomes.set(outcomeKey(outcome), outcome);
    persistence.restoreFiles();
    engine.onCommit((commit) => persistence.append(commit));
    engine.onFileStored((storageId, blob) => persistence.storeFile(storageId, blob));
    await engine.rearmScheduledFunctions();
    if (recovered.legacy) {
      // Write the old whole-database file's contents as a snapshot, then retire it.
      await persistence.compactNow();
      rmSync(path.join(dataDir, LEGACY_FILE));
    }
    return persistence;
  }

  /** Client mutation outcomes recovered from disk (for exactly-once across restarts). */
  get recoveredOutcomes(): Iterable<PersistedOutcome> {
    return this.outcomes.values();
  }

  /** Resolves once every commit up to `ts` is on disk (live query results that reflect them may go out). */
  async durableThrough(ts: bigint): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.durableTs >= ts) return;
    await this.durable();
  }

  /** Resolves once every commit and file so far is on disk. */
  async durable(): Promise<void> {
    if (this.fileWrites.size > 0) await Promise.all([...this.fileWrites]);
    if (this.failure) throw this.failure;
    const seq = this.appendedSeq;
    if (this.durableSeq >= seq) return;
    if (this.stopped)
      throw new Error(
        "The local backend is stopping: a commit after its log was closed is not on disk, so it is not acknowledged.",
      );
    await new Promise<void>((resolve, reject) => this.waiters.push({ seq, resolve, reject }));
  }

  getStats(): PersistenceStats {
    return { ...this.stats, logBytes: this.logBytes, snapshotBytes: this.snapshotBytes };
  }

  private append(commit: Commit): void {
    // Counted even after the stop, so that nobody waiting for it is told it is on disk.
    this.appendedSeq++;
    if (this.stopped) {
      this.log(`a commit came after the log was closed: it is not on disk and is not acknowledged`);
      return;
    }
    this.queue.push(commit);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled || this.flushing || this.failure) return;
    this.flushScheduled = true;
    // After the current microtasks: the committing mutation has returned its result by then.
    setImmediate(() => {
      this.flushScheduled = false;
      this.flushing = this.flush().finally(() => {
        this.flushing = null;
        if (this.queue.length > 0) this.scheduleFlush();
      });
    });
  }

  /** Writes every queued commit in one append and one fsync. */
  private async flush(): Promise<void> {
    const batch = this.queue.splice(0);
    const seq = this.appendedSeq;
    const compactionDue =
      !this.compacting &&
      !this.stopped &&
      this.logBytes >= Math.max(this.minCompactionBytes, this.snapshotBytes);
    // The snapshot is of exactly the commits in this batch and before.
    const view = compactionDue ? this.engine.view() : null;
    try {
      if (this.fileWrites.size > 0) await Promise.all([...this.fileWrites]);
      const lines: string[] = [];
      for (const commit of batch) {
        const line = await this.recordOf(commit);
        if (line !== null) lines.push(line);
      }
      if (lines.length > 0) {
        const frame = encodeFrame(lines);
        const started = performance.now();
        await this.wal.write(frame);
        await this.wal.datasync();
        this.stats.fsyncMs += performance.now() - started;
        this.logBytes += frame.length;
        this.stats.bytesWritten += frame.length;
        this.stats.commitsLogged += lines.length;
        this.stats.fsyncs++;
      }
      if (view) await this.rotate();
    } catch (error) {
      this.fail(error as Error);
      return;
    }
    this.durableSeq = seq;
    for (const commit of batch) if (commit.ts > this.durableTs) this.durableTs = commit.ts;
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      if (this.waiters[i].seq <= seq) this.waiters.splice(i, 1)[0].resolve();
    }
    for (const commit of batch) this.removeDeletedFiles(commit);
    if (view) this.compacting = this.compact(view, this.logBytes);
  }

  private async recordOf(commit: Commit): Promise<string | null> {
    const result = commit.request ? await commit.request.result : undefined;
    if (commit.writes.length === 0 && result === undefined) return null;
    const record: LogRecord = { ts: commit.ts.toString(), dbs: {} };
    for (const [mountPath, counters] of commit.counters)
      record.dbs[mountPath] = { n: counters.nextDocId, c: counters.lastCreationTime, w: [] };
    for (const write of commit.writes)
      record.dbs[write.mountPath].w.push([
        write.id,
        write.after && convexToJson(write.after as JSONValue),
      ]);
    if (commit.request && result !== undefined) {
      const outcome: PersistedOutcome = {
        sessionId: commit.request.sessionId,
        requestId: commit.request.requestId,
        value: result,
        ts: record.ts,
        at: Date.now(),
      };
      this.outcomes.set(outcomeKey(outcome), outcome);
      record.m = { s: outcome.sessionId, r: outcome.requestId, v: result, at: outcome.at };
    }
    return JSON.stringify(record);
  }

  /** Continues the log in a new segment; the segments before it are what the coming snapshot covers. */
  private async rotate(): Promise<void> {
    await this.wal.close();
    this.walSeq++;
    this.wal = await openSegment(this.dataDir, this.walSeq);
  }

  /**
   * Writes the snapshot of `view` (taken just before the log was rotated to
   * `this.walSeq`), then deletes the segments it covers.
   */
  private async compact(view: ReturnType<Engine["view"]>, coveredBytes: number): Promise<void> {
    const firstKept = this.walSeq;
    try {
      const bytes = await writeSnapshot(
        path.join(this.dataDir, SNAPSHOT_FILE),
        view,
        firstKept,
        () => Promise.resolve(this.outcomesThrough(view.lastCommitTs)),
      );
      this.snapshotBytes = bytes;
      this.stats.bytesWritten += bytes;
      this.logBytes -= coveredBytes;
      for (const { seq, file } of logSegments(this.dataDir))
        if (seq < firstKept) await rm(file, { force: true });
      await fsyncDirectory(this.dataDir);
    } catch (error) {
      // The log still holds everything; the next flush tries again.
      this.log(`snapshot failed, keeping the log: ${(error as Error).message}`);
    } finally {
      this.compacting = null;
    }
  }

  private async compactNow(): Promise<void> {
    await this.flushing;
    await this.compacting;
    const view = this.engine.view();
    await this.rotate();
    await this.compact(view, this.logBytes);
  }

  private outcomesThrough(ts: bigint): PersistedOutcome[] {
    const oldest = Date.now() - OUTCOME_TTL_MS;
    for (const [key, outcome] of this.outcomes) if (outcome.at < oldest) this.outcomes.delete(key);
    return [...this.outcomes.values()].filter((outcome) => BigInt(outcome.ts) <= ts);
  }

  private fail(error: Error): void {
    this.failure = new Error(
      `The local backend could not write its log in ${this.dataDir} (${error.message}); ` +
        `nothing since is acknowledged. Fix the disk problem and restart it.`,
    );
    this.log(this.failure.message);
    for (const waiter of this.waiters.splice(0)) waiter.reject(this.failure);
  }

  /** Starts writing a stored file; the log record referring to it waits for it. */
  private storeFile(storageId: string, blob: Blob): void {
    if (this.stopped) return;
    const write: Promise<void> = blob
      .arrayBuffer()
      .then((buffer) =>
        writeFileDurably(path.join(this.storageDir, storageId), new Uint8Array(buffer)),
      )
      .catch((error: unknown) => this.fail(error as Error))
      .finally(() => this.fileWrites.delete(write));
    this.fileWrites.add(write);
  }

  /** A file whose `_storage` document is deleted goes once the deletion is on disk. */
  private removeDeletedFiles(commit: Commit): void {
    for (const write of commit.writes) {
      if (
        write.mountPath === "" &&
        write.after === null &&
        tableNameFromId(write.id) === "_storage"
      )
        void rm(path.join(this.storageDir, write.id), { force: true });
    }
  }

  /** Start-up: the files of the `_storage` documents; files without one (a crash before their commit) go. */
  private restoreFiles(): void {
    if (!existsSync(this.storageDir)) return;
    const live = new Set(this.engine.storageIds());
    for (const name of readdirSync(this.storageDir)) {
      const file = path.join(this.storageDir, name);
      if (live.delete(name)) this.engine.restoreFile(name, readFileSync(file));
      else rmSync(file, { force: true });
    }
    for (const missing of live)
      this.log(`stored file ${missing} is missing from ${this.storageDir}`);
  }

  /**
   * The clean stop, once nothing runs any more: every commit so far written and fsynced, then —
   * when the log holds them all — a snapshot of exactly what it holds, so the next start reads
   * one file instead of replaying the log. A commit after this is not logged, so never
   * acknowledged (`durable` refuses it).
   */
  stop(): Promise<void> {
    return (this.stopping ??= this.writeOut());
  }

  private async writeOut(): Promise<void> {
    // Commits may still arrive while a flush or snapshot is awaited: until a turn finds none
    // (after a failure to write the log nothing more is written).
    while (
      !this.failure &&
      (this.flushing || this.flushScheduled || this.queue.length > 0 || this.compacting)
    ) {
      if (this.flushing) await this.flushing;
      else if (this.compacting) await this.compacting;
      else await new Promise((resolve) => setImmediate(resolve));
    }
    // Nothing else runs from here to the view: it is the state the log holds, no more, no less.
    this.stopped = true;
    const logIsWhole = !this.failure && this.durableSeq === this.appendedSeq;
    if (logIsWhole && this.logBytes > 0) {
      const view = this.engine.view();
      await this.rotate();
      await this.compact(view, this.logBytes);
    }
    await this.wal.close();
  }
}

type Recovered = {
  walSeq: number;
  logBytes: number;
  snapshotBytes: number;
  outcomes: PersistedOutcome[];
  legacy: boolean;
};

/** Loads the snapshot (or an older version's `db.json`) and replays the log into the engine. */
function recover(engine: Engine, dataDir: string, log: (line: string) => void): Recovered {
  const snapshotFile = path.join(dataDir, SNAPSHOT_FILE);
  const legacyFile = path.join(dataDir, LEGACY_FILE);
  const outcomes = new Map<string, PersistedOutcome>();
  let walSeq = 1;
  let snapshotBytes = 0;
  let legacy = false;
  if (existsSync(snapshotFile)) {
    const snapshot = readSnapshot(snapshotFile);
    snapshotBytes = statSync(snapshotFile).size;
    walSeq = snapshot.walSeq;
    for (const [mountPath, { counters, documents }] of snapshot.databases)
      restoreDocuments(engine, mountPath, counters, documents);
    engine.restoreLastCommitTs(snapshot.lastCommitTs);
    for (const outcome of snapshot.outcomes) outcomes.set(outcomeKey(outcome), outcome);
  } else if (existsSync(legacyFile)) {
    legacy = true;
    loadLegacy(engine, legacyFile);
  }

  let logBytes = 0;
  const segments = logSegments(dataDir);
  for (const [index, { seq, file }] of segments.entries()) {
    if (seq < walSeq) {
      rmSync(file); // already in the snapshot (a crash came before it was deleted)
      continue;
    }
    const contents = readLog(file);
    if (contents.tornBytes > 0) {
      if (index !== segments.length - 1)
        throw new DataCorruption(
          file,
          "it ends in a damaged record but is not the newest log segment",
        );
      cutTornTail(file, contents.validLength);
      log(
        `${file}: dropped the last ${contents.tornBytes} bytes, an append cut short by a crash (never acknowledged)`,
      );
    }
    for (const [line, text] of contents.records.entries()) {
      let record: LogRecord;
      try {
        record = JSON.parse(text) as LogRecord;
      } catch {
        throw new DataCorruption(
          file,
          `record ${line + 1} is not valid JSON although its checksum matches`,
        );
      }
      replay(engine, record, outcomes);
    }
    logBytes += contents.validLength;
    walSeq = seq;
  }
  const oldest = Date.now() - OUTCOME_TTL_MS;
  return {
    walSeq,
    logBytes,
    snapshotBytes,
    outcomes: [...outcomes.values()].filter((outcome) => outcome.at >= oldest),
    legacy,
  };
}

function replay(engine: Engine, record: LogRecord, outcomes: Map<string, PersistedOutcome>): void {
  for (const [mountPath, { n, c, w }] of Object.entries(record.dbs)) {
    if (!engine.hasDatabase(mountPath)) continue; // a component no longer used
    engine.restoreWrites(
      mountPath,
      { nextDocId: n, lastCreationTime: c },
      w.map(([id, doc]) => [id, doc === null ? null : (jsonToConvex(doc) as StoredDocument)]),
    );
  }
  engine.restoreLastCommitTs(BigInt(record.ts));
  if (record.m) {
    const outcome = {
      sessionId: record.m.s,
      requestId: record.m.r,
      value: record.m.v,
      ts: record.ts,
      at: record.m.at,
    };
    outcomes.set(outcomeKey(outcome), outcome);
  }
}

function restoreDocuments(
  engine: Engine,
  mountPath: string,
  counters: DatabaseCounters,
  documents: JSONValue[],
): void {
  if (!engine.hasDatabase(mountPath)) return;
  engine.restoreWrites(
    mountPath,
    counters,
    documents.map((json) => {
      const doc = jsonToConvex(json) as StoredDocument;
      return [doc._id, doc];
    }),
  );
}

/** `db.json` of earlier versions: `{ lastCommitTs, databases: { [mountPath]: { nextDocId, lastCreationTime, documents } } }`. */
function loadLegacy(engine: Engine, file: string): void {
  let state: {
    lastCommitTs: string;
    databases: Record<string, DatabaseCounters & { documents: JSONValue[] }>;
  };
  try {
    state = JSON.parse(readFileSync(file, "utf8")) as typeof state;
  } catch (error) {
    throw new DataCorruption(file, `it does not parse (${(error as Error).message})`);
  }
  for (const [mountPath, { documents, ...counters }] of Object.entries(state.databases))
    restoreDocuments(engine, mountPath, counters, documents);
  engine.restoreLastCommitTs(BigInt(state.lastCommitTs));
}

function logSegments(dataDir: string): Array<{ seq: number; file: string }> {
  return readdirSync(dataDir)
    .map((name) => ({ match: WAL_FILE.exec(name), name }))
    .filter(({ match }) => match !== null)
    .map(({ match, name }) => ({ seq: Number(match![1]), file: path.join(dataDir, name) }))
    .sort((a, b) => a.seq - b.seq);
}

function segmentFile(dataDir: string, seq: number): string {
  return path.join(dataDir, `wal-${String(seq).padStart(6, "0")}.log`);
}

async function openSegment(dataDir: string, seq: number): Promise<FileHandle> {
  const file = segmentFile(dataDir, seq);
  const created = !existsSync(file);
  const handle = await open(file, "a");
  if (created) await fsyncDirectory(dataDir);
  return handle;
}

function cutTornTail(file: string, validLength: number): void {
  const fd = openSync(file, "r+");
  try {
    ftruncateSync(fd, validLength);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function outcomeKey(outcome: PersistedOutcome): string {
  return `${outcome.sessionId}\u0000${outcome.requestId}`;
}
