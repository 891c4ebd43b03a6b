/**
 * Scheduled functions across stops and crashes. Once the backend stops, none starts (its job
 * stays pending and runs after the restart); a scheduled mutation's success is logged with its
 * own writes, so it runs exactly once whenever a crash comes; at start-up, pending jobs are
 * armed again and the interrupted ones run again (mutations) or fail (actions).
 */
import type {
  ConvexTestDatabase,
  ConvexTestRuntime,
  DocumentWrite,
  ScheduledJob,
  StoredDocument,
} from "./convexTestInternals.ts";

type JobRef = { mountPath: string; id: string };

export type ScheduledFunctionsOptions = {
  runtime: ConvexTestRuntime;
  /** Whether `name` (of the database at `mountPath`) is a mutation of the current code. */
  isMutation: (name: string, mountPath: string) => Promise<boolean>;
  /** The committed ids of a database's `_scheduled_functions`. */
  jobIds: (db: ConvexTestDatabase) => Iterable<string>;
  log?: (line: string) => void;
};

export class ScheduledFunctions {
  /**
   * The open top-level transaction: whether its request was looked at yet, and the scheduled
   * mutation it runs, if it is one (see `successOf`).
   */
  private openTransaction: { checked: boolean; job: JobRef | null } | null = null;
  /** Scheduled mutations committed with their success logged, not yet marked so in memory. */
  private readonly loggedSuccesses = new Map<string, StoredDocument>();
  /** Set when the backend stops: no scheduled function starts any more. */
  private stopping = false;

  constructor(private readonly options: ScheduledFunctionsOptions) {}

  /**
   * A top-level transaction holds the lock (so the job's state cannot change under this
   * check). False when it would start a scheduled function while the backend stops: it is left
   * pending, on disk too, as after a crash.
   */
  transactionBegun(): boolean {
    const held = this.stopping ? this.starting() : null;
    if (held) {
      this.options.log?.(
        `scheduled function ${held.name} (${held._id}) not started: the backend is stopping; it runs after the restart`,
      );
      return false;
    }
    this.openTransaction = { checked: false, job: null };
    return true;
  }

  transactionRolledBack(): void {
    this.openTransaction = null;
  }

  /** Before a database write: the first one of a transaction learns whether it runs a scheduled mutation. */
  beforeWrite(): Promise<void> | null {
    const open = this.openTransaction;
    if (!open || open.checked) return null;
    open.checked = true;
    return (async () => {
      open.job = await this.mutationOfRequest();
    })();
  }

  /**
   * A top-level commit: its writes supersede logged successes; returns the write that logs the
   * success of the scheduled mutation it ran, if it ran one.
   */
  committed(writes: DocumentWrite[]): DocumentWrite | null {
    for (const write of writes) this.loggedSuccesses.delete(jobKey(write));
    const success = this.successOf(writes);
    this.openTransaction = null;
    return success;
  }

  /** A scheduled mutation's logged success stands in for its job's in-memory state. */
  withLoggedSuccesses(mountPath: string, documents: StoredDocument[]): StoredDocument[] {
    if (this.loggedSuccesses.size === 0) return documents;
    return documents.map(
      (doc) => this.loggedSuccesses.get(jobKey({ mountPath, id: doc._id })) ?? doc,
    );
  }

  /**
   * The backend is stopping: from now on no scheduled function starts. One whose time comes
   * stays pending (and runs after the restart); one already running goes on to its end.
   */
  stopStarting(): void {
    this.stopping = true;
  }

  /** How many scheduled functions are running ("inProgress"). */
  running(): number {
    let running = 0;
    for (const db of this.options.runtime.databases())
      for (const id of this.options.jobIds(db))
        if (db.scheduledJob(id)?.state.kind === "inProgress") running++;
    return running;
  }

  /**
   * Start-up: pending scheduled functions are armed again. Of the ones that were running when
   * the backend stopped, a mutation never committed (its commit logs its success) and runs
   * again, as Convex runs a scheduled mutation exactly once; an action may have had effects,
   * and failed.
   */
  async rearm(): Promise<void> {
    for (const db of this.options.runtime.databases()) {
      for (const job of db.scheduledJobs()) {
        const rerun =
          job.state.kind === "pending" ||
          (job.state.kind === "inProgress" &&
            (await this.options.isMutation(job.name, db.mountPath)));
        if (job.state.kind === "inProgress" && !rerun) {
          db.setDocument(job._id, { ...job, state: { kind: "failed" } });
          continue;
        }
        if (rerun) await this.options.runtime.scheduleAgain(db.mountPath, job);
      }
    }
  }

  /** The job of the scheduled function the transaction about to run would start (its job is still pending), if it is one. */
  private starting(): ScheduledJob | null {
    const id = this.options.runtime.currentScheduledFunctionId();
    if (!id) return null;
    for (const db of this.options.runtime.databases()) {
      const job = db.scheduledJob(id);
      if (job) return job.state.kind === "pending" ? job : null;
    }
    return null;
  }

  /**
   * The scheduled mutation whose request makes this write, if it is one. Only the mutation's
   * own transaction writes through syscalls in its request (convex-test moves the job's state
   * in transactions of its own, without them).
   */
  private async mutationOfRequest(): Promise<JobRef | null> {
    const id = await this.options.runtime.scheduledFunctionIdOfRequest();
    if (!id) return null;
    for (const db of this.options.runtime.databases()) {
      const job = db.scheduledJob(id);
      if (job?.state.kind !== "inProgress") continue;
      return (await this.options.isMutation(job.name, db.mountPath))
        ? { mountPath: db.mountPath, id }
        : null;
    }
    return null;
  }

  /**
   * A scheduled mutation's success, logged with its writes. convex-test marks the job
   * succeeded in a commit of its own, after the mutation's; a crash in between would leave it
   * "in progress" on disk with its writes kept. Logged in the same commit instead, the job is
   * done exactly once whenever the crash comes: a job still in progress after a restart never
   * committed, and runs again (`rearm`). Memory keeps "inProgress" until convex-test's own
   * commit, which expects it.
   */
  private successOf(writes: DocumentWrite[]): DocumentWrite | null {
    const job = this.openTransaction?.job;
    if (!job || writes.some((write) => jobKey(write) === jobKey(job))) return null;
    const before = this.options.runtime.database(job.mountPath)!.scheduledJob(job.id);
    if (before?.state.kind !== "inProgress") return null;
    const after = { ...before, state: { kind: "success" } };
    this.loggedSuccesses.set(jobKey(job), after);
    return { ...job, before, after };
  }
}

function jobKey({ mountPath, id }: JobRef): string {
  return `${mountPath}/${id}`;
}
