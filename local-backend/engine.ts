/**
 * The function engine: the project's `convex/` modules running on the
 * official `convex-test` engine, plus what a deployment needs on top of it —
 * knowing which tables every query read and which every commit wrote (for
 * live updates), hot reload, storage URLs, state export for persistence.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { existsSync } from "node:fs";
import path from "node:path";
import { convexTest } from "convex-test";
import {
  makeFunctionReference,
  type GenericDataModel,
  type GenericMutationCtx,
  type GenericSchema,
  type SchemaDefinition,
  type UserIdentity,
} from "convex/server";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { argumentsProblem, type ValidatorJson } from "./argumentValidation.ts";
import {
  captureAuthPrototype,
  captureConvexGlobal,
  captureRequestMetadata,
  type AnyTestConvex,
  type TableSchema,
  type ConvexGlobal,
  type DatabaseFake,
  type RequestMetadata,
  type StoredDocument,
} from "./convexTestInternals.ts";
import { discoverComponents } from "./components.ts";
import {
  pageOf,
  rangeOf,
  ReadSet,
  tableNameFromId,
  wholeTable,
  type RangeRead,
} from "./readSets.ts";
import { TableIndexes } from "./tableIndexes.ts";
import {
  listFunctionModules,
  ModuleLoader,
  moduleRecord,
  modulePathWithoutExtension,
} from "./modules.ts";

/** The reads of the query running in this async context (shared by every engine in the process). */
const queryReads = new AsyncLocalStorage<ReadSet>();

export type FunctionKind = "query" | "mutation" | "action";
export type Visibility = "public" | "internal";

/** One document a commit wrote: what it was before and is after (null: absent). */
export type DocumentWrite = {
  /** The database: "" is the app's, otherwise a component's mount path. */
  mountPath: string;
  id: string;
  before: StoredDocument | null;
  after: StoredDocument | null;
};

export type DatabaseCounters = { nextDocId: number; lastCreationTime: number };

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

/** The committed state at one moment, for a snapshot (documents are never changed in place). */
export type EngineView = {
  lastCommitTs: bigint;
  databases: Array<{ mountPath: string; counters: DatabaseCounters; documents: StoredDocument[] }>;
};

/** A failure as Convex reports it: the message, and `ConvexError` data when there is some. */
export class FunctionFailure extends Error {
  constructor(
    message: string,
    readonly errorData: JSONValue | undefined,
  ) {
    super(message);
  }
}

export type EngineOptions = {
  functionsDir: string;
  /** URL a client uploads a file to (`generateUploadUrl`). */
  uploadUrl: () => string;
  /** URL a stored file is served from (`getUrl`). */
  fileUrl: (storageId: string) => string;
  log?: (line: string) => void;
};

type PendingRequest = MutationRequest & {
  claimed: boolean;
  settle?: (value: JSONValue | undefined) => void;
};

/** Syscalls that write to the database: only a mutation's open transaction makes them. */
const DATABASE_WRITE_OPS = new Set([
  "1.0/insert",
  "1.0/shallowMerge",
  "1.0/replace",
  "1.0/remove",
  "1.0/schedule",
  "1.0/cancel_job",
]);

/** A `_scheduled_functions` document (convex-test moves it through pending, inProgress, then success, failed or canceled). */
type ScheduledJob = StoredDocument & {
  name: string;
  args: [Record<string, Value>];
  scheduledTime: number;
  state: { kind: string };
};

type JobRef = { mountPath: string; id: string };

type RegisteredFunction = {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isPublic?: boolean;
  isInternal?: boolean;
  /** The `args` validator as JSON text (`{"type":"any"}` when there is none). */
  exportArgs?: () => string;
};

export class Engine {
  private readonly requests = new AsyncLocalStorage<PendingRequest>();
  private readonly storedContentType = new AsyncLocalStorage<string>();
  private readonly commitListeners = new Set<(commit: Commit) => void>();
  private readonly fileListeners = new Set<(storageId: string, blob: Blob) => void>();
  private readonly instrumented = new WeakSet<DatabaseFake>();
  private readonly tableIndexes = new Map<DatabaseFake, TableIndexes>();
  private generation = 0;
  private backgroundGate: (() => Promise<void>) | null = null;
  private httpRouter: { generation: number; exists: boolean } | null = null;
  /**
   * The open top-level transaction: whether its request was looked at yet, and the scheduled
   * mutation it runs, if it is one (see `scheduledMutationSuccess`).
   */
  private openTransaction: { checked: boolean; job: JobRef | null } | null = null;
  /** Scheduled mutations committed with their success logged, not yet marked so in memory. */
  private readonly loggedSuccesses = new Map<string, StoredDocument>();
  /** Set when the backend stops: no scheduled function starts any more. */
  private stopping = false;

  private constructor(
    private readonly options: EngineOptions,
    private t: AnyTestConvex,
    private convexGlobal: ConvexGlobal,
    private loader: ModuleLoader,
    private readonly requestMetadata: AsyncLocalStorage<RequestMetadata>,
  ) {
    this.instrumentTransactions();
    this.instrumentDatabase(this.db, "");
  }

  static async create(options: EngineOptions): Promise<Engine> {
    const loader = new ModuleLoader(0);
    const schema = await loadSchema(options.functionsDir, loader);
    const t = convexTest(
      schema ?? undefined,
      moduleRecord(options.functionsDir, loader),
    ) as AnyTestConvex;
    const engine = new Engine(
      options,
      t,
      await captureConvexGlobal(t),
      loader,
      await captureRequestMetadata(t),
    );
    trackIdentityReads(await captureAuthPrototype(t));
    await engine.registerComponents();
    return engine;
  }

  /** Mounts the components of `convex.config.ts` that are not mounted yet (from their installed packages). */
  private async registerComponents(): Promise<void> {
    for (const component of discoverComponents(this.options.functionsDir)) {
      if (this.convexGlobal.components[component.path]) continue;
      const schema = await loadSchema(component.dir, this.loader);
      this.t.registerComponent(
        component.path,
        schema as SchemaDefinition<GenericSchema, boolean>,
        moduleRecord(component.dir, this.loader),
      );
      this.instrumentDatabase(this.convexGlobal.components[component.path].db, component.path);
    }
  }

  private get databases(): Array<[string, DatabaseFake]> {
    return Object.entries(this.convexGlobal.components).map(([mountPath, component]) => [
      mountPath,
      component.db,
    ]);
  }

  private get db(): DatabaseFake {
    return this.convexGlobal.components[""].db;
  }

  get lastCommitTs(): bigint {
    return this.convexGlobal.transactionManager._lastCommitTs;
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

  /**
   * Records what a query reads (`ReadSet`): documents fetched by id, and the
   * index ranges its streams and pages covered. The scans convex-test does
   * inside a range (it fetches every document of the table) are not reads of
   * their own.
   */
  private instrumentDatabase(db: DatabaseFake, mountPath: string): void {
    if (this.instrumented.has(db)) return;
    this.instrumented.add(db);
    const indexFields = (table: string, index: string) =>
      db._schema?.tables.get(table)?.indexes.find((i) => i.indexDescriptor === index)?.fields;
    let scanning = 0;
    const scan = <T>(run: () => T): T => {
      scanning++;
      try {
        return run();
      } finally {
        scanning--;
      }
    };

    const get = db.get.bind(db);
    this.indexTables(db, get, indexFields);
    db.get = (table, id) => {
      if (scanning === 0) queryReads.getStore()?.addDocument(mountPath, id);
      return get(table, id);
    };
    const startQuery = db.startQuery.bind(db);
    db.startQuery = (query) => {
      const queryId = scan(() => startQuery(query));
      const limit = query.operators.find((operator) => operator.limit !== undefined)?.limit;
      queryReads
        .getStore()
        ?.openStream(
          `${mountPath}:${queryId}`,
          rangeOf(mountPath, query, indexFields),
          db._queryResults[queryId],
          limit ?? null,
        );
      return queryId;
    };
    const queryNext = db.queryNext.bind(db);
    db.queryNext = (queryId) => {
      const next = queryNext(queryId);
      if (next.value) queryReads.getStore()?.readFromStream(`${mountPath}:${queryId}`, next.value);
      return next;
    };
    const paginate = db.paginate.bind(db);
    db.paginate = (args) => {
      const result = scan(() => paginate(args));
      queryReads
        .getStore()
        ?.addRange(
          pageOf(rangeOf(mountPath, args.query, indexFields), args.cursor, args.endCursor, result),
        );
      return result;
    };
    const vectorSearch = db.vectorSearch.bind(db);
    db.vectorSearch = (indexName, ...rest) => {
      queryReads.getStore()?.addRange(wholeTable(mountPath, indexName.split(".")[0]));
      return scan(() => vectorSearch(indexName, ...rest));
    };
    const storeFile = db.storeFile.bind(db);
    db.storeFile = (storageId, blob) => {
      storeFile(storageId, blob);
      for (const listener of this.fileListeners) listener(storageId, blob);
    };
    // Real Convex records the uploaded content type; convex-test does not. It
    // goes into the `_storage` document as it is inserted (see `storeBlob` below).
    const insert = db.insert.bind(db);
    db.insert = (table, value) => {
      const contentType = table === "_storage" ? this.storedContentType.getStore() : undefined;
      return insert(table, contentType ? { ...value, contentType } : value);
    };
  }

  /**
   * convex-test finds a table's documents by going through every document of the database,
   * and an index range's by going through every document of the table, for every query. Each
   * database gets its tables' ids and sorted indexes (tableIndexes.ts) instead: a query starts
   * from the documents its range may hold.
   */
  private indexTables(
    db: DatabaseFake,
    get: DatabaseFake["get"],
    indexFields: (table: string, index: string) => string[] | undefined,
  ): void {
    const indexes = new TableIndexes((id) => db._documents[id] ?? null);
    this.tableIndexes.set(db, indexes);
    for (const [id, doc] of Object.entries(db._documents))
      indexes.noteWrite(tableNameFromId(id), id, doc);
    // The index range of the query convex-test is resolving (it calls _iterateDocs inside).
    let resolving: { table: string; index: string; range: RangeRead } | null = null;
    const resolveQuerySource = db._resolveQuerySource.bind(db);
    db._resolveQuerySource = (query) => {
      const source = query.source;
      if (source.type === "IndexRange") {
        const [table, index] = source.indexName.split(".");
        resolving = { table, index, range: rangeOf("", query, indexFields) };
      }
      try {
        return resolveQuerySource(query);
      } finally {
        resolving = null;
      }
    };
    db._iterateDocs = (table, callback) => {
      const range = resolving?.table === table ? resolving : null;
      const candidates = range
        ? indexes.idsInRange(table, range.index, range.range)
        : indexes.idsOf(table);
      for (const id of candidates) {
        const doc = get(table, id);
        if (doc !== null) callback(doc);
      }
      // Documents this transaction wrote: new ones, and changed ones whose key may have moved.
      const visited = candidates instanceof Set ? candidates : new Set(candidates);
      const pending = new Set<string>();
      for (const layer of db._writes)
        for (const id of Object.keys(layer))
          if (!visited.has(id) && tableNameFromId(id) === table) pending.add(id);
      for (const id of pending) {
        const doc = get(table, id);
        if (doc !== null) callback(doc);
      }
    };
  }

  /** Keeps `indexTables`'s ids and indexes up to date with a committed (or restored) write. */
  private noteWrite(db: DatabaseFake, id: string, doc: StoredDocument | null): void {
    this.tableIndexes.get(db)!.noteWrite(tableNameFromId(id), id, doc);
  }

  /** Learns about every commit and the tables it wrote; serves local storage URLs. */
  private instrumentTransactions(): void {
    const db = this.db;
    const tm = this.convexGlobal.transactionManager;
    const begin = tm.begin.bind(tm);
    tm.begin = async (isNested, limits) => {
      // A claimed request context is inherited by what that request's mutation scheduled.
      const scheduledByClient = this.requests.getStore()?.claimed === true;
      if (!isNested && scheduledByClient && !queryReads.getStore() && this.backgroundGate)
        await this.backgroundGate();
      await begin(isNested, limits);
      // Holding the lock, so the job's state cannot change under this check.
      const held = !isNested && this.stopping ? this.scheduledFunctionStarting() : null;
      if (held) {
        tm.rollback(false);
        this.options.log?.(
          `scheduled function ${held.name} (${held._id}) not started: the backend is stopping; it runs after the restart`,
        );
        // Left pending, on disk too, as after a crash.
        return await new Promise<never>(() => {});
      }
      if (!isNested) this.openTransaction = { checked: false, job: null };
      // Transactions are serialised: a query sees exactly the last commit.
      const reads = queryReads.getStore();
      if (reads && !isNested) reads.snapshotTs = tm._lastCommitTs;
    };
    const rollback = tm.rollback.bind(tm);
    tm.rollback = (isNested) => {
      rollback(isNested);
      if (isNested) return;
      this.openTransaction = null;
      this.forgetQueryStreams();
    };
    const commit = tm.commit.bind(tm);
    tm.commit = (isNested) => {
      if (isNested) return commit(isNested);
      this.forgetQueryStreams();
      const writes: DocumentWrite[] = [];
      for (const [mountPath, database] of this.databases) {
        const outermost = database._writes[database._writes.length - 1] ?? {};
        for (const id of Object.keys(outermost))
          writes.push({ mountPath, id, before: database._documents[id] ?? null, after: null });
      }
      const ts = commit(isNested)!;
      const counters = new Map<string, DatabaseCounters>();
      for (const write of writes) {
        const database = this.convexGlobal.components[write.mountPath].db;
        write.after = database._documents[write.id] ?? null;
        this.noteWrite(database, write.id, write.after);
        counters.set(write.mountPath, countersOf(database));
        this.loggedSuccesses.delete(jobKey(write));
      }
      const success = this.scheduledMutationSuccess(writes);
      this.openTransaction = null;
      if (success) {
        writes.push(success);
        const database = this.convexGlobal.components[success.mountPath].db;
        counters.set(success.mountPath, countersOf(database));
      }
      // Every commit advances the timestamp clients wait for, even one that wrote nothing.
      const event: Commit = {
        ts,
        writes: writes.filter((write) => write.before !== null || write.after !== null),
        counters,
        request: this.claimRequest(),
      };
      for (const listener of this.commitListeners) listener(event);
      return ts;
    };

    const jsSyscall = this.convexGlobal.jsSyscall;
    this.convexGlobal.jsSyscall = async (op, args) => {
      const type = op === "storage/storeBlob" ? (args as { blob: Blob }).blob.type : "";
      if (!type) return await jsSyscall(op, args);
      return await this.storedContentType.run(type, () => jsSyscall(op, args));
    };

    const asyncSyscall = this.convexGlobal.asyncSyscall;
    this.convexGlobal.asyncSyscall = async (op, jsonArgs) => {
      const open = this.openTransaction;
      if (open && !open.checked && DATABASE_WRITE_OPS.has(op)) {
        open.checked = true;
        open.job = await this.scheduledMutationOfRequest(asyncSyscall);
      }
      if (op === "1.0/storageGenerateUploadUrl") return JSON.stringify(this.options.uploadUrl());
      if (op === "1.0/storageGetUrl") {
        const { storageId } = JSON.parse(jsonArgs) as { storageId: string };
        const exists =
          tableNameFromId(storageId) === "_storage" && db.get("_storage", storageId) !== null;
        return JSON.stringify(exists ? this.options.fileUrl(storageId) : null);
      }
      return await asyncSyscall(op, jsonArgs);
    };
  }

  /**
   * The scheduled mutation whose request makes this write, if it is one. Only the mutation's
   * own transaction writes through syscalls in its request (convex-test moves the job's state
   * in transactions of its own, without them).
   */
  private async scheduledMutationOfRequest(
    asyncSyscall: ConvexGlobal["asyncSyscall"],
  ): Promise<JobRef | null> {
    const request = JSON.parse(await asyncSyscall("1.0/getRequestMetadata", "{}")) as {
      scheduledFunctionId: string | null;
    };
    const id = request.scheduledFunctionId;
    if (!id || tableNameFromId(id) !== "_scheduled_functions") return null;
    for (const [mountPath, db] of this.databases) {
      const job = db._documents[id] as ScheduledJob | undefined;
      if (job?.state.kind !== "inProgress") continue;
      const isMutation = (await this.describeFunction(job.name, mountPath))?.kind === "mutation";
      return isMutation ? { mountPath, id } : null;
    }
    return null;
  }

  /**
   * A scheduled mutation's success, logged with its writes. convex-test marks the job
   * succeeded in a commit of its own, after the mutation's; a crash in between would leave it
   * "in progress" on disk with its writes kept. Logged in the same commit instead, the job is
   * done exactly once whenever the crash comes: a job still in progress after a restart never
   * committed, and runs again (`rearmScheduledFunctions`). Memory keeps "inProgress" until
   * convex-test's own commit, which expects it.
   */
  private scheduledMutationSuccess(writes: DocumentWrite[]): DocumentWrite | null {
    const job = this.openTransaction?.job;
    if (!job || writes.some((write) => jobKey(write) === jobKey(job))) return null;
    const before = this.convexGlobal.components[job.mountPath].db._documents[job.id];
    if ((before as ScheduledJob | undefined)?.state.kind !== "inProgress") return null;
    const after = { ...before, state: { kind: "success" } };
    this.loggedSuccesses.set(jobKey(job), after);
    return { ...job, before, after };
  }

  /**
   * convex-test keeps every query stream's unread results for good; once a
   * top-level transaction ends (they are serialised), none is open any more.
   */
  private forgetQueryStreams(): void {
    for (const [, db] of this.databases) db._queryResults = {};
  }

  /**
   * The backend is stopping: from now on no scheduled function starts. One whose time comes
   * stays pending (and runs after the restart); one already running goes on to its end.
   */
  stopStartingScheduledFunctions(): void {
    this.stopping = true;
  }

  /** The job of the scheduled function the transaction about to run would start (its job is still pending), if it is one. */
  private scheduledFunctionStarting(): ScheduledJob | null {
    const id = this.requestMetadata.getStore()?.scheduledFunctionId;
    if (!id || tableNameFromId(id) !== "_scheduled_functions") return null;
    for (const [, db] of this.databases) {
      const job = db._documents[id] as ScheduledJob | undefined;
      if (job) return job.state.kind === "pending" ? job : null;
    }
    return null;
  }

  /** Resolves once no scheduled function is running (none is "inProgress"). */
  async scheduledFunctionsSettled(): Promise<void> {
    while (this.runningScheduledFunctions() > 0) {
      await new Promise<void>((resolve) => {
        const stopListening = this.onCommit(() => {
          stopListening();
          resolve();
        });
      });
    }
  }

  private runningScheduledFunctions(): number {
    let running = 0;
    for (const [, db] of this.databases)
      for (const id of this.tableIndexes.get(db)!.idsOf("_scheduled_functions"))
        if ((db._documents[id] as ScheduledJob | undefined)?.state.kind === "inProgress") running++;
    return running;
  }

  /** A module of the current code, loaded through the current (hot-reloadable) namespace. */
  async loadFunctionModule(
    modulePath: string,
    mountPath = "",
  ): Promise<Record<string, unknown> | null> {
    try {
      return await this.convexGlobal.components[mountPath].modules(modulePath);
    } catch {
      return null;
    }
  }

  get moduleLoader(): ModuleLoader {
    return this.loader;
  }

  /** What kind of function `udfPath` (of the app, or of the component at `mountPath`) names and who may call it, or null if there is none. */
  async describeFunction(
    udfPath: string,
    mountPath = "",
  ): Promise<{ kind: FunctionKind; visibility: Visibility } | null> {
    const fn = await this.registeredFunction(udfPath, mountPath);
    const kind = fn?.isQuery
      ? "query"
      : fn?.isMutation
        ? "mutation"
        : fn?.isAction
          ? "action"
          : null;
    if (!kind) return null;
    return { kind, visibility: fn!.isPublic ? "public" : "internal" };
  }

  private async registeredFunction(
    udfPath: string,
    mountPath: string,
  ): Promise<RegisteredFunction | null> {
    const [modulePath, exportName = "default"] = udfPath.split(":");
    const module = await this.loadFunctionModule(modulePath, mountPath);
    const fn = module?.[exportName] as RegisteredFunction | undefined;
    if (!fn || (typeof fn !== "object" && typeof fn !== "function")) return null;
    return fn;
  }

  /**
   * A caller's arguments (as they came over the network, Convex-encoded JSON) decoded for
   * `udfPath`, once they pass its `args` validator; a `FunctionFailure` with Convex's message
   * when they cannot be decoded or do not pass. convex-test checks arguments too, but not as
   * Convex does: it crashes on an object argument that is null and accepts extra fields named
   * like `Object.prototype`'s properties (`constructor`, `toString`…).
   */
  async decodeArgs(
    udfPath: string,
    args: JSONValue,
    mountPath = "",
  ): Promise<Record<string, Value>> {
    let decoded: Value;
    try {
      decoded = jsonToConvex(args);
    } catch (error) {
      throw new FunctionFailure((error as Error).message, undefined);
    }
    const problem = await this.argumentsProblem(udfPath, args, mountPath);
    if (problem !== null) throw new FunctionFailure(problem, undefined);
    return decoded as Record<string, Value>;
  }

  /** Convex's answer to `args` (decodable, as `decodeArgs` takes them) that do not pass `udfPath`'s validator, or null. */
  async argumentsProblem(udfPath: string, args: JSONValue, mountPath = ""): Promise<string | null> {
    const fn = await this.registeredFunction(udfPath, mountPath);
    if (typeof fn?.exportArgs !== "function") return null;
    let validator = argsValidators.get(fn);
    if (!validator)
      argsValidators.set(fn, (validator = JSON.parse(fn.exportArgs()) as ValidatorJson));
    return argumentsProblem(validator, args);
  }

  private accessor(identity: UserIdentity | null) {
    return identity ? this.t.withIdentity(identity) : this.t;
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
    const pending: PendingRequest | undefined = request && { ...request, claimed: false };
    const run = () =>
      asFailure<Value>(() =>
        this.accessor(identity).mutation(makeFunctionReference<"mutation">(udfPath), args),
      );
    try {
      const value = await (pending ? this.requests.run(pending, run) : run());
      pending?.settle?.(convexToJson(value));
      return { value, ts: this.lastCommitTs };
    } finally {
      if (pending) {
        // Nothing that runs later in this context (scheduled functions) is this request's commit.
        pending.claimed = true;
        pending.settle?.(undefined);
      }
    }
  }

  /**
   * The first top-level commit inside `runMutation(…, request)` is that
   * mutation's own; later ones in the same async context (functions it
   * scheduled, which inherit the context) are not.
   */
  private claimRequest(): Commit["request"] {
    const pending = this.requests.getStore();
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
    return await this.t.run(handler as never);
  }

  /** Stores an uploaded file as `ctx.storage.store` would; returns its storage id. */
  async storeFile(blob: Blob): Promise<string> {
    return await this.t.action(async (ctx) => await ctx.storage.store(blob));
  }

  getFile(storageId: string): { blob: Blob; contentType: string | undefined } | null {
    if (tableNameFromId(storageId) !== "_storage") return null;
    const doc = this.db._documents[storageId];
    const blob = this.db._storage[storageId];
    if (!doc || !blob) return null;
    return { blob, contentType: typeof doc.contentType === "string" ? doc.contentType : undefined };
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
    const component = this.convexGlobal.components[""];
    component.modules = async (modulePath) => {
      const load = byModulePath.get(modulePath);
      if (!load) throw new Error(`Could not find module for: "${modulePath}"`);
      return await load();
    };
    this.db._schema = schema
      ? {
          schemaValidation: schema.schemaValidation,
          tables: new Map(
            Object.entries(schema.tables).map(([name, table]) => [
              name,
              (table as unknown as { export(): TableSchema }).export(),
            ]),
          ),
        }
      : null;
    const old = this.loader;
    this.loader = loader;
    await old.dispose();
    await this.registerComponents();
  }

  /** The committed state now; documents are shared, not copied (committed documents are never changed in place). */
  view(): EngineView {
    return {
      lastCommitTs: this.lastCommitTs,
      databases: this.databases.map(([mountPath, db]) => ({
        mountPath,
        counters: countersOf(db),
        documents: this.withLoggedSuccesses(mountPath, Object.values(db._documents)),
      })),
    };
  }

  /** A scheduled mutation's logged success stands in for its job's in-memory state. */
  private withLoggedSuccesses(mountPath: string, documents: StoredDocument[]): StoredDocument[] {
    if (this.loggedSuccesses.size === 0) return documents;
    return documents.map(
      (doc) => this.loggedSuccesses.get(jobKey({ mountPath, id: doc._id })) ?? doc,
    );
  }

  /** Start-up: whether `mountPath` is a database of the current code (a component may have been removed). */
  hasDatabase(mountPath: string): boolean {
    return this.convexGlobal.components[mountPath] !== undefined;
  }

  /** Start-up: applies saved writes (a snapshot's documents or a logged commit's) to a database. */
  restoreWrites(
    mountPath: string,
    counters: DatabaseCounters,
    writes: Iterable<[id: string, doc: StoredDocument | null]>,
  ): void {
    const db = this.convexGlobal.components[mountPath].db;
    for (const [id, doc] of writes) {
      if (doc) db._documents[id] = doc;
      else delete db._documents[id];
      this.noteWrite(db, id, doc);
    }
    db._nextDocId = counters.nextDocId;
    db._lastCreationTime = counters.lastCreationTime;
  }

  /** Start-up: the timestamp of the last saved commit. */
  restoreLastCommitTs(ts: bigint): void {
    const tm = this.convexGlobal.transactionManager;
    if (ts > tm._lastCommitTs) tm._lastCommitTs = ts;
  }

  /** Start-up: the stored files' contents. */
  restoreFile(storageId: string, bytes: Uint8Array): void {
    const doc = this.db._documents[storageId];
    const type = typeof doc?.contentType === "string" ? doc.contentType : "";
    this.db._storage[storageId] = new Blob([new Uint8Array(bytes)], { type });
  }

  /** `_storage` documents of the app (their files are kept on disk). */
  storageIds(): string[] {
    return Object.keys(this.db._documents).filter((id) => tableNameFromId(id) === "_storage");
  }

  /**
   * Start-up: pending scheduled functions are armed again. Of the ones that were running when
   * the backend stopped, a mutation never committed (its commit logs its success) and runs
   * again, as Convex runs a scheduled mutation exactly once; an action may have had effects,
   * and failed.
   */
  async rearmScheduledFunctions(): Promise<void> {
    for (const [mountPath, db] of this.databases)
      await this.rearmScheduledFunctionsOf(db, mountPath);
  }

  private async rearmScheduledFunctionsOf(db: DatabaseFake, mountPath: string): Promise<void> {
    const jobs = Object.values(db._documents).filter(
      (doc) => tableNameFromId(doc._id) === "_scheduled_functions",
    ) as ScheduledJob[];
    for (const job of jobs) {
      const rerun =
        job.state.kind === "pending" ||
        (job.state.kind === "inProgress" &&
          (await this.describeFunction(job.name, mountPath))?.kind === "mutation");
      if (job.state.kind === "inProgress" && !rerun) {
        db._documents[job._id] = { ...job, state: { kind: "failed" } };
        continue;
      }
      if (!rerun) continue;
      // Schedule it again under its own id, so stored job ids stay valid.
      delete db._documents[job._id];
      const generateId = db._generateId.bind(db);
      db._generateId = () => {
        db._generateId = generateId;
        return job._id;
      };
      await this.t.runInComponent(mountPath, async (ctx) => {
        await ctx.scheduler.runAt(
          job.scheduledTime,
          makeFunctionReference<"mutation">(job.name),
          job.args[0],
        );
      });
    }
  }

  async dispose(): Promise<void> {
    await this.loader.dispose();
  }
}

/** Each function's `args` validator, parsed once (a reload brings new function objects). */
const argsValidators = new WeakMap<RegisteredFunction, ValidatorJson>();

const identityTracked = new WeakSet<object>();

/** A query that asks who the user is gives a per-user result; one that does not can be shared. */
function trackIdentityReads(auth: { getUserIdentity: (this: unknown) => Promise<unknown> }): void {
  if (identityTracked.has(auth)) return;
  identityTracked.add(auth);
  const getUserIdentity = auth.getUserIdentity;
  auth.getUserIdentity = function (this: unknown) {
    const reads = queryReads.getStore();
    if (reads) reads.readsAuth = true;
    return getUserIdentity.call(this);
  };
}

function jobKey({ mountPath, id }: JobRef): string {
  return `${mountPath}/${id}`;
}

function countersOf(db: DatabaseFake): DatabaseCounters {
  return { nextDocId: db._nextDocId, lastCreationTime: db._lastCreationTime };
}

async function loadSchema(
  functionsDir: string,
  loader: ModuleLoader,
): Promise<SchemaDefinition<GenericSchema, boolean> | null> {
  for (const name of ["schema.ts", "schema.js"]) {
    const file = path.join(functionsDir, name);
    if (existsSync(file))
      return (
        ((await loader.load(file)).default as SchemaDefinition<GenericSchema, boolean>) ?? null
      );
  }
  return null;
}

/** Runs a function call, turning whatever it throws into a `FunctionFailure`. */
async function asFailure<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toFailure(error);
  }
}

export function toFailure(error: unknown): FunctionFailure {
  if (error instanceof FunctionFailure) return error;
  if (typeof error === "object" && error !== null && Symbol.for("ConvexError") in error) {
    const data = (error as { data: Value }).data;
    return new FunctionFailure(
      `Uncaught ConvexError: ${(error as Error).message}`,
      convexToJson(data),
    );
  }
  const message =
    error instanceof Error
      ? `Uncaught ${error.name}: ${error.message}`
      : `Uncaught ${String(error)}`;
  return new FunctionFailure(message, undefined);
}
