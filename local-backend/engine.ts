/**
 * The function engine: the project's `convex/` modules running on the official `convex-test`
 * engine (reached through convexTestInternals.ts), plus what a deployment needs on top of it —
 * knowing which tables every query read and which every commit wrote (for live updates), hot
 * reload, storage URLs, state export for persistence.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import {
  makeFunctionReference,
  type GenericDataModel,
  type GenericMutationCtx,
  type GenericSchema,
  type SchemaDefinition,
  type UserIdentity,
} from "convex/server";
import type { JSONValue, Value } from "convex/values";
import { ClientRequests, type Commit, type MutationRequest } from "./commits.ts";
import { discoverComponents } from "./components.ts";
import {
  ConvexTestRuntime,
  tableNameFromId,
  type ConvexTestDatabase,
  type DatabaseCounters,
  type DocumentWrite,
  type StoredDocument,
} from "./convexTestInternals.ts";
import { databaseHooks, noteIdentityRead, queryReads } from "./databaseHooks.ts";
import { asFailure, type FunctionFailure } from "./failures.ts";
import { FunctionDirectory, type FunctionKind, type Visibility } from "./functionDirectory.ts";
import {
  listFunctionModules,
  ModuleLoader,
  moduleRecord,
  modulePathWithoutExtension,
} from "./modules.ts";
import { ReadSet } from "./readSets.ts";
import { ScheduledFunctions } from "./scheduledFunctions.ts";
import { TableIndexes } from "./tableIndexes.ts";

/** The committed state at one moment, for a snapshot (documents are never changed in place). */
export type EngineView = {
  lastCommitTs: bigint;
  databases: Array<{ mountPath: string; counters: DatabaseCounters; documents: StoredDocument[] }>;
};

export type EngineOptions = {
  functionsDir: string;
  /** URL a client uploads a file to (`generateUploadUrl`). */
  uploadUrl: () => string;
  /** URL a stored file is served from (`getUrl`). */
  fileUrl: (storageId: string) => string;
  log?: (line: string) => void;
};

type Schema = SchemaDefinition<GenericSchema, boolean>;

export class Engine {
  private readonly clientRequests = new ClientRequests();
  private readonly commitListeners = new Set<(commit: Commit) => void>();
  private readonly fileListeners = new Set<(storageId: string, blob: Blob) => void>();
  private readonly tableIndexes = new Map<ConvexTestDatabase, TableIndexes>();
  private readonly functions: FunctionDirectory;
  private readonly scheduled: ScheduledFunctions;
  private generation = 0;
  private backgroundGate: (() => Promise<void>) | null = null;
  private httpRouter: { generation: number; exists: boolean } | null = null;

  private constructor(
    private readonly options: EngineOptions,
    private readonly runtime: ConvexTestRuntime,
    private loader: ModuleLoader,
  ) {
    this.functions = new FunctionDirectory(runtime);
    this.scheduled = new ScheduledFunctions({
      runtime,
      isMutation: async (name, mountPath) =>
        (await this.describeFunction(name, mountPath))?.kind === "mutation",
      jobIds: (db) => this.tableIndexes.get(db)!.idsOf("_scheduled_functions"),
      log: options.log,
    });
    this.hookTransactions();
    this.hookDatabase(runtime.app);
  }

  static async create(options: EngineOptions): Promise<Engine> {
    const loader = new ModuleLoader(0);
    const schema = await loadSchema(options.functionsDir, loader);
    const runtime = await ConvexTestRuntime.create(
      schema,
      moduleRecord(options.functionsDir, loader),
    );
    const engine = new Engine(options, runtime, loader);
    await runtime.onIdentityRead(noteIdentityRead);
    await engine.registerComponents();
    return engine;
  }

  /** Mounts the components of `convex.config.ts` that are not mounted yet (from their installed packages). */
  private async registerComponents(): Promise<void> {
    for (const component of discoverComponents(this.options.functionsDir)) {
      if (this.runtime.database(component.path)) continue;
      const schema = await loadSchema(component.dir, this.loader);
      this.hookDatabase(
        this.runtime.registerComponent(
          component.path,
          schema,
          moduleRecord(component.dir, this.loader),
        ),
      );
    }
  }

  get lastCommitTs(): bigint {
    return this.runtime.lastCommitTs;
  }

  /**
   * Functions a client's mutation scheduled (badge checks, notifications…) start a transaction
   * only once `gate` resolves. The server passes "every commit so far has reached its
   * subscribers": on this one thread, background work then never delays the update people are
   * watching (measured: a join's badge check held the other browser's update back 50–100 ms).
   */
  setBackgroundGate(gate: () => Promise<void>): void {
    this.backgroundGate = gate;
  }

  onCommit(listener: (commit: Commit) => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  onFileStored(listener: (storageId: string, blob: Blob) => void): () => void {
    this.fileListeners.add(listener);
    return () => this.fileListeners.delete(listener);
  }

  /** Records queries' reads in `db`, narrows its scans to its table indexes, reports its stored files. */
  private hookDatabase(db: ConvexTestDatabase): void {
    if (this.tableIndexes.has(db)) return;
    const indexes = new TableIndexes((id) => db.document(id));
    this.tableIndexes.set(db, indexes);
    for (const id of db.documentIds()) indexes.noteWrite(tableNameFromId(id), id, db.document(id));
    db.hook(
      databaseHooks(db, indexes, (storageId, blob) => {
        for (const listener of this.fileListeners) listener(storageId, blob);
      }),
    );
  }

  /** Keeps a database's table indexes up to date with a committed (or restored) write. */
  private noteWrite(db: ConvexTestDatabase, id: string, doc: StoredDocument | null): void {
    this.tableIndexes.get(db)!.noteWrite(tableNameFromId(id), id, doc);
  }

  /** Learns about every commit and the tables it wrote; serves local storage URLs. */
  private hookTransactions(): void {
    this.runtime.hookTransactions({
      beforeBegin: () => {
        const scheduledByClient = this.clientRequests.scheduledByClient();
        return scheduledByClient && !queryReads.getStore() && this.backgroundGate
          ? this.backgroundGate()
          : null;
      },
      begun: () => {
        if (!this.scheduled.transactionBegun()) return false;
        // Transactions are serialised: a query sees exactly the last commit.
        const reads = queryReads.getStore();
        if (reads) reads.snapshotTs = this.runtime.lastCommitTs;
        return true;
      },
      rolledBack: () => this.scheduled.transactionRolledBack(),
      committed: (ts, writes) => this.committed(ts, writes),
    });
    this.runtime.hookSyscalls({
      beforeWrite: () => this.scheduled.beforeWrite(),
      uploadUrl: this.options.uploadUrl,
      fileUrl: this.options.fileUrl,
    });
  }

  private committed(ts: bigint, writes: DocumentWrite[]): void {
    const counters = new Map<string, DatabaseCounters>();
    for (const write of writes) {
      const db = this.runtime.database(write.mountPath)!;
      this.noteWrite(db, write.id, write.after);
      counters.set(write.mountPath, db.counters);
    }
    const success = this.scheduled.committed(writes);
    if (success) {
      writes.push(success);
      counters.set(success.mountPath, this.runtime.database(success.mountPath)!.counters);
    }
    // Every commit advances the timestamp clients wait for, even one that wrote nothing.
    const event: Commit = {
      ts,
      writes: writes.filter((write) => write.before !== null || write.after !== null),
      counters,
      request: this.clientRequests.claim(),
    };
    for (const listener of this.commitListeners) listener(event);
  }

  /**
   * The backend is stopping: from now on no scheduled function starts. One whose time comes
   * stays pending (and runs after the restart); one already running goes on to its end.
   */
  stopStartingScheduledFunctions(): void {
    this.scheduled.stopStarting();
  }

  /** Resolves once no scheduled function is running (none is "inProgress"). */
  async scheduledFunctionsSettled(): Promise<void> {
    while (this.scheduled.running() > 0) {
      await new Promise<void>((resolve) => {
        const stopListening = this.onCommit(() => {
          stopListening();
          resolve();
        });
      });
    }
  }

  get moduleLoader(): ModuleLoader {
    return this.loader;
  }

  /** A module of the current code, loaded through the current (hot-reloadable) namespace. */
  async loadFunctionModule(
    modulePath: string,
    mountPath = "",
  ): Promise<Record<string, unknown> | null> {
    return await this.functions.loadModule(modulePath, mountPath);
  }

  /** What kind of function `udfPath` (of the app, or of the component at `mountPath`) names and who may call it, or null if there is none. */
  async describeFunction(
    udfPath: string,
    mountPath = "",
  ): Promise<{ kind: FunctionKind; visibility: Visibility } | null> {
    return await this.functions.describe(udfPath, mountPath);
  }

  /** A caller's arguments decoded for `udfPath` once they pass its validator (`FunctionDirectory.decodeArgs`). */
  async decodeArgs(
    udfPath: string,
    args: JSONValue,
    mountPath = "",
  ): Promise<Record<string, Value>> {
    return await this.functions.decodeArgs(udfPath, args, mountPath);
  }

  /** Convex's answer to `args` that do not pass `udfPath`'s validator, or null. */
  async argumentsProblem(udfPath: string, args: JSONValue, mountPath = ""): Promise<string | null> {
    return await this.functions.argumentsProblem(udfPath, args, mountPath);
  }

  private accessor(identity: UserIdentity | null) {
    return identity ? this.runtime.t.withIdentity(identity) : this.runtime.t;
  }

  async runQuery(
    udfPath: string,
    args: Record<string, Value>,
    identity: UserIdentity | null,
  ): Promise<Value> {
    return await asFailure<Value>(() =>
      this.accessor(identity).query(makeFunctionReference<"query">(udfPath), args),
    );
  }

  /** Runs a query and records what it read, also when it fails. */
  async runTrackedQuery(
    udfPath: string,
    args: Record<string, Value>,
    identity: UserIdentity | null,
  ): Promise<{ value: Value; reads: ReadSet } | { failure: FunctionFailure; reads: ReadSet }> {
    const reads = new ReadSet();
    try {
      const value = await queryReads.run(reads, () => this.runQuery(udfPath, args, identity));
      return { value, reads: reads.finish() };
    } catch (error) {
      return { failure: error as FunctionFailure, reads: reads.finish() };
    }
  }

  /**
   * Runs a mutation. With `request` (a client's mutation), its commit carries
   * the request and the result, so both are stored together.
   */
  async runMutation(
    udfPath: string,
    args: Record<string, Value>,
    identity: UserIdentity | null,
    request?: MutationRequest,
  ): Promise<{ value: Value; ts: bigint }> {
    return await this.clientRequests.run(
      request,
      () =>
        asFailure<Value>(() =>
          this.accessor(identity).mutation(makeFunctionReference<"mutation">(udfPath), args),
        ),
      (value) => ({ value, ts: this.lastCommitTs }),
    );
  }

  async runAction(
    udfPath: string,
    args: Record<string, Value>,
    identity: UserIdentity | null,
  ): Promise<Value> {
    return await asFailure<Value>(() =>
      this.accessor(identity).action(makeFunctionReference<"action">(udfPath), args),
    );
  }

  async runFunction(
    kind: FunctionKind,
    udfPath: string,
    args: Record<string, Value>,
    identity: UserIdentity | null,
  ): Promise<Value> {
    if (kind === "query") return await this.runQuery(udfPath, args, identity);
    if (kind === "mutation") return (await this.runMutation(udfPath, args, identity)).value;
    return await this.runAction(udfPath, args, identity);
  }

  /** Serves an HTTP action from `convex/http.ts`. */
  async fetchHttp(
    pathAndQuery: string,
    init: RequestInit,
    identity: UserIdentity | null,
  ): Promise<Response> {
    return await this.accessor(identity).fetch(pathAndQuery, init);
  }

  /** Whether the current code has `convex/http.ts`; looked up once per code version, as listing the modules reads every file. */
  hasHttpRouter(): boolean {
    if (this.httpRouter?.generation !== this.generation)
      this.httpRouter = {
        generation: this.generation,
        exists: listFunctionModules(this.options.functionsDir).some(
          (p) => modulePathWithoutExtension(p) === "http",
        ),
      };
    return this.httpRouter.exists;
  }

  /** Runs `handler` as one transaction of the app's database, like `t.run` (benchmarks seed data with it). */
  async runInTransaction<T>(
    handler: (ctx: GenericMutationCtx<GenericDataModel>) => Promise<T>,
  ): Promise<T> {
    return await this.runtime.t.run(handler as never);
  }

  /** Stores an uploaded file as `ctx.storage.store` would; returns its storage id. */
  async storeFile(blob: Blob): Promise<string> {
    return await this.runtime.t.action(async (ctx) => await ctx.storage.store(blob));
  }

  getFile(storageId: string): { blob: Blob; contentType: string | undefined } | null {
    return this.runtime.app.file(storageId);
  }

  /**
   * Loads the current `convex/` source: new modules and schema on the same
   * database, so data, files and timers survive an edit.
   */
  async reload(): Promise<void> {
    const loader = new ModuleLoader(++this.generation);
    const schema = await loadSchema(this.options.functionsDir, loader);
    const record = moduleRecord(this.options.functionsDir, loader);
    const byModulePath = new Map(
      Object.entries(record).map(([abs, load]) => [
        modulePathWithoutExtension(
          path.relative(this.options.functionsDir, abs).split(path.sep).join("/"),
        ),
        load,
      ]),
    );
    this.runtime.replaceAppCode(schema, byModulePath);
    const old = this.loader;
    this.loader = loader;
    await old.dispose();
    await this.registerComponents();
  }

  /** The committed state now; documents are shared, not copied (committed documents are never changed in place). */
  view(): EngineView {
    return {
      lastCommitTs: this.lastCommitTs,
      databases: this.runtime.databases().map((db) => ({
        mountPath: db.mountPath,
        counters: db.counters,
        documents: this.scheduled.withLoggedSuccesses(db.mountPath, db.documents()),
      })),
    };
  }

  /** Start-up: whether `mountPath` is a database of the current code (a component may have been removed). */
  hasDatabase(mountPath: string): boolean {
    return this.runtime.database(mountPath) !== undefined;
  }

  /** Start-up: applies saved writes (a snapshot's documents or a logged commit's) to a database. */
  restoreWrites(
    mountPath: string,
    counters: DatabaseCounters,
    writes: Iterable<[id: string, doc: StoredDocument | null]>,
  ): void {
    const db = this.runtime.database(mountPath)!;
    for (const [id, doc] of writes) {
      db.setDocument(id, doc);
      this.noteWrite(db, id, doc);
    }
    db.setCounters(counters);
  }

  /** Start-up: the timestamp of the last saved commit. */
  restoreLastCommitTs(ts: bigint): void {
    if (ts > this.runtime.lastCommitTs) this.runtime.lastCommitTs = ts;
  }

  /** Start-up: the stored files' contents. */
  restoreFile(storageId: string, bytes: Uint8Array): void {
    this.runtime.app.restoreFile(storageId, bytes);
  }

  /** `_storage` documents of the app (their files are kept on disk). */
  storageIds(): string[] {
    return this.runtime.app.storageIds();
  }

  /**
   * Start-up: pending scheduled functions are armed again. Of the ones that were running when
   * the backend stopped, a mutation never committed (its commit logs its success) and runs
   * again, as Convex runs a scheduled mutation exactly once; an action may have had effects,
   * and failed.
   */
  async rearmScheduledFunctions(): Promise<void> {
    await this.scheduled.rearm();
  }

  async dispose(): Promise<void> {
    await this.loader.dispose();
  }
}

async function loadSchema(functionsDir: string, loader: ModuleLoader): Promise<Schema | null> {
  for (const name of ["schema.ts", "schema.js"]) {
    const file = path.join(functionsDir, name);
    if (existsSync(file)) return ((await loader.load(file)).default as Schema) ?? null;
  }
  return null;
}
