/**
 * Everything the local backend builds on inside `convex-test`, written against convex-test
 * 0.0.60 (`CONVEX_TEST_VERSION`). A test fails as soon as another version is installed: an
 * upgrade means reviewing this file, and only this file.
 *
 * `convex-test` runs Convex functions in-process against an in-memory database. To serve a
 * whole deployment from it the backend needs its per-instance state, which it does not export:
 * the databases (to persist and index them, and to watch what queries read), the transaction
 * manager (to learn about every commit) and the syscalls (local storage URLs). They are picked
 * up as `convexTest` enters its context and hooked here, along with the formats of its ids,
 * cursors and scheduled-function documents. The rest of local-backend/ uses what this file
 * exports, and convex-test's documented API (`ConvexTestRuntime.t`), which is typed, so the
 * type checker follows it across versions.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { convexTest, type TestConvex } from "convex-test";
import {
  makeFunctionReference,
  type GenericDataModel,
  type GenericMutationCtx,
  type GenericSchema,
  type SchemaDefinition,
} from "convex/server";
import { jsonToConvex, type JSONValue, type Value } from "convex/values";

/** The convex-test version this file is written against. */
export const CONVEX_TEST_VERSION = "0.0.60";

export type StoredDocument = Record<string, unknown> & { _id: string; _creationTime: number };

type RangeExpression = { type: string; fieldPath: string; value: JSONValue };

export type QueryDescription = {
  source:
    | { type: "FullTableScan"; tableName: string; order?: "asc" | "desc" }
    | { type: "IndexRange"; indexName: string; range: RangeExpression[]; order?: "asc" | "desc" }
    | { type: "Search"; indexName: string; filters: RangeExpression[]; order?: undefined };
  operators: Array<{ limit?: number; filter?: unknown }>;
};

/** A database's id counters, saved and restored with its documents. */
export type DatabaseCounters = { nextDocId: number; lastCreationTime: number };

/** One document a commit wrote: what it was before and is after (null: absent). */
export type DocumentWrite = {
  /** The database: "" is the app's, otherwise a component's mount path. */
  mountPath: string;
  id: string;
  before: StoredDocument | null;
  after: StoredDocument | null;
};

/** A `_scheduled_functions` document (convex-test moves it through pending, inProgress, then success, failed or canceled). */
export type ScheduledJob = StoredDocument & {
  name: string;
  args: [Record<string, Value>];
  scheduledTime: number;
  state: { kind: string };
};

export type ModuleRecord = Record<string, () => Promise<Record<string, unknown>>>;

type Schema = SchemaDefinition<GenericSchema, boolean>;

/** convex-test ids are a counter followed by the table name. */
export function tableNameFromId(id: string): string {
  return id.replace(/^[0-9]+/, "");
}

/**
 * The key a convex-test cursor stands for: a JSON array with each key value as JSON text (null
 * for undefined). Null for no cursor and for "_end_cursor", the end of the range.
 */
export function cursorKey(cursor: string | null | undefined): Array<Value | undefined> | null {
  if (!cursor || cursor === "_end_cursor") return null;
  return (JSON.parse(cursor) as Array<string | null>).map((key) =>
    key === null ? undefined : jsonToConvex(JSON.parse(key) as JSONValue),
  );
}

/** What a database reports of the functions running against it (every call is synchronous). */
export type DatabaseHooks = {
  /** A function fetched a document by id (convex-test's own fetches while it scans for a query are left out). */
  documentRead(id: string): void;
  /**
   * A query stream opened (`streamId` is unique until the transaction ends). `unread` holds its
   * results and stays live: convex-test takes one off the front at each read. `limit` is the
   * `.take(n)`/`.first()` the query asked for.
   */
  streamOpened(
    streamId: number,
    query: QueryDescription,
    unread: StoredDocument[],
    limit: number | null,
  ): void;
  streamRead(streamId: number, doc: StoredDocument): void;
  /** A page was read from `cursor` (null: the start) through its end. */
  pageRead(
    query: QueryDescription,
    cursor: string | null,
    endCursor: string | null | undefined,
    page: { isDone: boolean; continueCursor: string },
  ): void;
  vectorSearched(table: string): void;
  fileStored(storageId: string, blob: Blob): void;
  /**
   * The committed ids a query's scan of `table` goes through, instead of every document of the
   * database: within the range of `indexRange` when the scan resolves an index range query,
   * otherwise the whole table. The documents the open transaction wrote are added to them.
   */
  scanCandidates(
    table: string,
    indexRange: { index: string; query: QueryDescription } | null,
  ): Iterable<string>;
};

/** What the transaction manager reports; only top-level transactions are reported. */
export type TransactionHooks = {
  /** Before the transaction waits for the lock: a promise holds it back until it resolves. */
  beforeBegin(): Promise<void> | null;
  /**
   * The transaction holds the lock. False: it is rolled back and its function waits for good
   * (a scheduled function's job stays pending, on disk too, as after a crash).
   */
  begun(): boolean;
  rolledBack(): void;
  /** A commit, with each document it wrote as it was before and is now. */
  committed(ts: bigint, writes: DocumentWrite[]): void;
};

export type SyscallHooks = {
  /** Before each syscall that writes to the database (only a mutation's open transaction makes them). */
  beforeWrite(): Promise<void> | null;
  /** URL a client uploads a file to (`generateUploadUrl`). */
  uploadUrl(): string;
  /** URL a stored file is served from (`getUrl`). */
  fileUrl(storageId: string): string;
};

/** Syscalls that write to the database. */
const DATABASE_WRITE_OPS = new Set([
  "1.0/insert",
  "1.0/shallowMerge",
  "1.0/replace",
  "1.0/remove",
  "1.0/schedule",
  "1.0/cancel_job",
]);

interface DatabaseFake {
  _documents: Record<string, StoredDocument>;
  _storage: Record<string, Blob>;
  _nextDocId: number;
  _lastCreationTime: number;
  _writes: Array<Record<string, StoredDocument | null>>;
  _queryResults: Record<number, StoredDocument[]>;
  _schema: { schemaValidation: boolean; tables: Map<string, TableSchema> } | null;
  _generateId(table: string): string;
  insert(table: string, value: Record<string, unknown>): string;
  storeFile(storageId: string, blob: Blob): void;
  get(table: string | undefined, id: string): StoredDocument | null;
  startQuery(query: QueryDescription): number;
  queryNext(queryId: number): { value: StoredDocument | null; done: boolean };
  paginate(args: PaginateArgs): { isDone: boolean; continueCursor: string };
  _iterateDocs(table: string, callback: (doc: StoredDocument) => void): void;
  _resolveQuerySource(query: QueryDescription): unknown;
  vectorSearch(indexName: string, ...rest: unknown[]): unknown;
}

type TableSchema = { indexes: Array<{ indexDescriptor: string; fields: string[] }> };

type PaginateArgs = { query: QueryDescription; cursor: string | null; endCursor?: string | null };

interface TransactionManager {
  _lastCommitTs: bigint;
  begin(isNested: boolean, limits?: unknown): Promise<void>;
  commit(isNested: boolean): bigint | null;
  rollback(isNested: boolean): void;
}

interface ConvexGlobal {
  components: Record<
    string,
    { db: DatabaseFake; modules: (path: string) => Promise<Record<string, unknown>> }
  >;
  transactionManager: TransactionManager;
  asyncSyscall: (op: string, jsonArgs: string) => Promise<string>;
  jsSyscall: (op: string, args: unknown) => Promise<unknown>;
}

type AnyTestConvex = TestConvex<Schema> & {
  /** Present at runtime (untyped): `t.run` inside a mounted component. */
  runInComponent(
    mountPath: string,
    handler: (ctx: GenericMutationCtx<GenericDataModel>) => Promise<void>,
  ): Promise<void>;
};

/** What convex-test knows about the request a function runs for; a scheduled function's names its job. */
type RequestMetadata = { requestId: string; scheduledFunctionId: string | null };

/** Auth prototypes whose `getUserIdentity` reports reads (convex-test has one, shared by every instance). */
const identityHooked = new WeakSet<object>();

/** One `convexTest` instance: its databases, and hooks into its transactions and syscalls. */
export class ConvexTestRuntime {
  private readonly wrappers = new Map<DatabaseFake, ConvexTestDatabase>();
  /** The content type of the file being stored in this async context (convex-test drops it). */
  private readonly storedContentType = new AsyncLocalStorage<string>();
  private readonly originalAsyncSyscall: ConvexGlobal["asyncSyscall"];

  private constructor(
    /** convex-test's documented API: functions, `run` transactions, HTTP actions, components. */
    readonly t: TestConvex<Schema>,
    private readonly convexGlobal: ConvexGlobal,
    private readonly requestMetadata: AsyncLocalStorage<RequestMetadata>,
  ) {
    this.originalAsyncSyscall = convexGlobal.asyncSyscall;
    this.keepStoredContentTypes();
  }

  static async create(schema: Schema | null, modules: ModuleRecord): Promise<ConvexTestRuntime> {
    const t = convexTest(schema ?? undefined, modules) as AnyTestConvex;
    return new ConvexTestRuntime(t, await captureConvexGlobal(t), await captureRequestMetadata(t));
  }

  get lastCommitTs(): bigint {
    return this.convexGlobal.transactionManager._lastCommitTs;
  }

  /** Start-up: the timestamp of the last saved commit. */
  set lastCommitTs(ts: bigint) {
    this.convexGlobal.transactionManager._lastCommitTs = ts;
  }

  /** The app's database and each mounted component's, the app's first. */
  databases(): ConvexTestDatabase[] {
    return Object.entries(this.convexGlobal.components).map(([mountPath, component]) =>
      this.wrap(mountPath, component.db),
    );
  }

  /** The database at `mountPath` ("" is the app's), if one is mounted there. */
  database(mountPath: string): ConvexTestDatabase | undefined {
    const component = this.convexGlobal.components[mountPath];
    return component && this.wrap(mountPath, component.db);
  }

  get app(): ConvexTestDatabase {
    return this.database("")!;
  }

  private wrap(mountPath: string, db: DatabaseFake): ConvexTestDatabase {
    let wrapper = this.wrappers.get(db);
    if (!wrapper)
      this.wrappers.set(
        db,
        (wrapper = new ConvexTestDatabase(mountPath, db, this.storedContentType)),
      );
    return wrapper;
  }

  /** Mounts a component; returns its database. */
  registerComponent(
    mountPath: string,
    schema: Schema | null,
    modules: ModuleRecord,
  ): ConvexTestDatabase {
    this.t.registerComponent(mountPath, schema as Schema, modules);
    return this.database(mountPath)!;
  }

  /** A module of the code the database at `mountPath` runs; throws when there is none. */
  async loadModule(mountPath: string, modulePath: string): Promise<Record<string, unknown>> {
    return await this.convexGlobal.components[mountPath].modules(modulePath);
  }

  /** New code for the app: its modules (by module path without extension) and schema, on the same database. */
  replaceAppCode(
    schema: Schema | null,
    modules: Map<string, () => Promise<Record<string, unknown>>>,
  ): void {
    const component = this.convexGlobal.components[""];
    component.modules = async (modulePath) => {
      const load = modules.get(modulePath);
      if (!load) throw new Error(`Could not find module for: "${modulePath}"`);
      return await load();
    };
    component.db._schema = schema
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
  }

  /** The job id of the scheduled function whose transaction runs in this async context, if it is one. */
  currentScheduledFunctionId(): string | null {
    return this.requestMetadata.getStore()?.scheduledFunctionId ?? null;
  }

  /** From inside a syscall: the job id of the scheduled function making it, asked as the function would ask. */
  async scheduledFunctionIdOfRequest(): Promise<string | null> {
    const request = JSON.parse(await this.originalAsyncSyscall("1.0/getRequestMetadata", "{}")) as {
      scheduledFunctionId: string | null;
    };
    return request.scheduledFunctionId;
  }

  /** Schedules `job` of the database at `mountPath` again, under its own id so stored job ids stay valid. */
  async scheduleAgain(mountPath: string, job: ScheduledJob): Promise<void> {
    const db = this.convexGlobal.components[mountPath].db;
    delete db._documents[job._id];
    const generateId = db._generateId.bind(db);
    db._generateId = () => {
      db._generateId = generateId;
      return job._id;
    };
    await (this.t as AnyTestConvex).runInComponent(mountPath, async (ctx) => {
      await ctx.scheduler.runAt(
        job.scheduledTime,
        makeFunctionReference<"mutation">(job.name),
        job.args[0],
      );
    });
  }

  /** Calls `onRead` whenever a function asks who the user is. */
  async onIdentityRead(onRead: () => void): Promise<void> {
    const auth = await captureAuthPrototype(this.t);
    if (identityHooked.has(auth)) return;
    identityHooked.add(auth);
    const getUserIdentity = auth.getUserIdentity;
    auth.getUserIdentity = function (this: unknown) {
      onRead();
      return getUserIdentity.call(this);
    };
  }

  hookTransactions(hooks: TransactionHooks): void {
    const tm = this.convexGlobal.transactionManager;
    const begin = tm.begin.bind(tm);
    tm.begin = async (isNested, limits) => {
      const waiting = isNested ? null : hooks.beforeBegin();
      if (waiting) await waiting;
      await begin(isNested, limits);
      // Holding the lock: nothing changes under the hook.
      if (isNested || hooks.begun()) return;
      tm.rollback(false);
      return await new Promise<never>(() => {});
    };
    const rollback = tm.rollback.bind(tm);
    tm.rollback = (isNested) => {
      rollback(isNested);
      if (isNested) return;
      hooks.rolledBack();
      this.forgetQueryStreams();
    };
    const commit = tm.commit.bind(tm);
    tm.commit = (isNested) => {
      if (isNested) return commit(isNested);
      this.forgetQueryStreams();
      const writes: DocumentWrite[] = [];
      for (const [mountPath, { db }] of Object.entries(this.convexGlobal.components)) {
        const outermost = db._writes[db._writes.length - 1] ?? {};
        for (const id of Object.keys(outermost))
          writes.push({ mountPath, id, before: db._documents[id] ?? null, after: null });
      }
      const ts = commit(isNested)!;
      for (const write of writes)
        write.after = this.convexGlobal.components[write.mountPath].db._documents[write.id] ?? null;
      hooks.committed(ts, writes);
      return ts;
    };
  }

  /** Serves local storage URLs, and reports database writes. */
  hookSyscalls(hooks: SyscallHooks): void {
    const db = this.convexGlobal.components[""].db;
    const asyncSyscall = this.convexGlobal.asyncSyscall;
    this.convexGlobal.asyncSyscall = async (op, jsonArgs) => {
      if (DATABASE_WRITE_OPS.has(op)) {
        const pending = hooks.beforeWrite();
        if (pending) await pending;
      }
      if (op === "1.0/storageGenerateUploadUrl") return JSON.stringify(hooks.uploadUrl());
      if (op === "1.0/storageGetUrl") {
        const { storageId } = JSON.parse(jsonArgs) as { storageId: string };
        const exists =
          tableNameFromId(storageId) === "_storage" && db.get("_storage", storageId) !== null;
        return JSON.stringify(exists ? hooks.fileUrl(storageId) : null);
      }
      return await asyncSyscall(op, jsonArgs);
    };
  }

  /**
   * Real Convex records the uploaded content type; convex-test does not. It goes into the
   * `_storage` document as it is inserted (`ConvexTestDatabase.hook`).
   */
  private keepStoredContentTypes(): void {
    const jsSyscall = this.convexGlobal.jsSyscall;
    this.convexGlobal.jsSyscall = async (op, args) => {
      const type = op === "storage/storeBlob" ? (args as { blob: Blob }).blob.type : "";
      if (!type) return await jsSyscall(op, args);
      return await this.storedContentType.run(type, () => jsSyscall(op, args));
    };
  }

  /**
   * convex-test keeps every query stream's unread results for good; once a top-level
   * transaction ends (they are serialised), none is open any more.
   */
  private forgetQueryStreams(): void {
    for (const { db } of Object.values(this.convexGlobal.components)) db._queryResults = {};
  }
}

/** One database of a `ConvexTestRuntime`: the app's, or a component's. */
export class ConvexTestDatabase {
  private hooked = false;

  constructor(
    /** "" for the app's database, otherwise the component's mount path. */
    readonly mountPath: string,
    private readonly db: DatabaseFake,
    private readonly storedContentType: AsyncLocalStorage<string>,
  ) {}

  /** A committed document, or null. */
  document(id: string): StoredDocument | null {
    return this.db._documents[id] ?? null;
  }

  documents(): StoredDocument[] {
    return Object.values(this.db._documents);
  }

  documentIds(): string[] {
    return Object.keys(this.db._documents);
  }

  /** A committed `_scheduled_functions` document, or null. */
  scheduledJob(id: string): ScheduledJob | null {
    if (tableNameFromId(id) !== "_scheduled_functions") return null;
    return (this.db._documents[id] as ScheduledJob | undefined) ?? null;
  }

  scheduledJobs(): ScheduledJob[] {
    return Object.values(this.db._documents).filter(
      (doc) => tableNameFromId(doc._id) === "_scheduled_functions",
    ) as ScheduledJob[];
  }

  get counters(): DatabaseCounters {
    return { nextDocId: this.db._nextDocId, lastCreationTime: this.db._lastCreationTime };
  }

  /** Start-up: sets a committed document (null: removes it), outside any transaction. */
  setDocument(id: string, doc: StoredDocument | null): void {
    if (doc) this.db._documents[id] = doc;
    else delete this.db._documents[id];
  }

  /** Start-up: the saved id counters. */
  setCounters(counters: DatabaseCounters): void {
    this.db._nextDocId = counters.nextDocId;
    this.db._lastCreationTime = counters.lastCreationTime;
  }

  /** The fields of an index of the current schema. */
  indexFields(table: string, index: string): string[] | undefined {
    return this.db._schema?.tables.get(table)?.indexes.find((i) => i.indexDescriptor === index)
      ?.fields;
  }

  /** A stored file and the content type it was uploaded with, or null. */
  file(storageId: string): { blob: Blob; contentType: string | undefined } | null {
    if (tableNameFromId(storageId) !== "_storage") return null;
    const doc = this.db._documents[storageId];
    const blob = this.db._storage[storageId];
    if (!doc || !blob) return null;
    return { blob, contentType: typeof doc.contentType === "string" ? doc.contentType : undefined };
  }

  /** Start-up: a stored file's contents. */
  restoreFile(storageId: string, bytes: Uint8Array): void {
    const doc = this.db._documents[storageId];
    const type = typeof doc?.contentType === "string" ? doc.contentType : "";
    this.db._storage[storageId] = new Blob([new Uint8Array(bytes)], { type });
  }

  /** The ids of the `_storage` documents. */
  storageIds(): string[] {
    return Object.keys(this.db._documents).filter((id) => tableNameFromId(id) === "_storage");
  }

  /** Reports what functions do with this database to `hooks` (once per database). */
  hook(hooks: DatabaseHooks): void {
    if (this.hooked) return;
    this.hooked = true;
    const db = this.db;
    // convex-test's own fetches while it runs a query are not reads of their own.
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
    this.narrowScans(get, hooks);
    db.get = (table, id) => {
      if (scanning === 0) hooks.documentRead(id);
      return get(table, id);
    };
    const startQuery = db.startQuery.bind(db);
    db.startQuery = (query) => {
      const queryId = scan(() => startQuery(query));
      const limit = query.operators.find((operator) => operator.limit !== undefined)?.limit;
      hooks.streamOpened(queryId, query, db._queryResults[queryId], limit ?? null);
      return queryId;
    };
    const queryNext = db.queryNext.bind(db);
    db.queryNext = (queryId) => {
      const next = queryNext(queryId);
      if (next.value) hooks.streamRead(queryId, next.value);
      return next;
    };
    const paginate = db.paginate.bind(db);
    db.paginate = (args) => {
      const result = scan(() => paginate(args));
      hooks.pageRead(args.query, args.cursor, args.endCursor, result);
      return result;
    };
    const vectorSearch = db.vectorSearch.bind(db);
    db.vectorSearch = (indexName, ...rest) => {
      hooks.vectorSearched(indexName.split(".")[0]);
      return scan(() => vectorSearch(indexName, ...rest));
    };
    const storeFile = db.storeFile.bind(db);
    db.storeFile = (storageId, blob) => {
      storeFile(storageId, blob);
      hooks.fileStored(storageId, blob);
    };
    const insert = db.insert.bind(db);
    db.insert = (table, value) => {
      const contentType = table === "_storage" ? this.storedContentType.getStore() : undefined;
      return insert(table, contentType ? { ...value, contentType } : value);
    };
  }

  /**
   * convex-test finds a table's documents by going through every document of the database, and
   * an index range's by going through every document of the table, for every query. Here a
   * scan goes through the committed ids `scanCandidates` gives instead, and the documents the open
   * transaction wrote (new ones, and changed ones whose key may have moved).
   */
  private narrowScans(
    get: DatabaseFake["get"],
    hooks: Pick<DatabaseHooks, "scanCandidates">,
  ): void {
    const db = this.db;
    // The index range query convex-test is resolving (it calls _iterateDocs inside).
    let resolving: { table: string; index: string; query: QueryDescription } | null = null;
    const resolveQuerySource = db._resolveQuerySource.bind(db);
    db._resolveQuerySource = (query) => {
      const source = query.source;
      if (source.type === "IndexRange") {
        const [table, index] = source.indexName.split(".");
        resolving = { table, index, query };
      }
      try {
        return resolveQuerySource(query);
      } finally {
        resolving = null;
      }
    };
    db._iterateDocs = (table, callback) => {
      const range = resolving?.table === table ? resolving : null;
      const ids = hooks.scanCandidates(table, range && { index: range.index, query: range.query });
      for (const id of ids) {
        const doc = get(table, id);
        if (doc !== null) callback(doc);
      }
      const visited = ids instanceof Set ? (ids as Set<string>) : new Set(ids);
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
}

/** Runs a no-op through `t` and returns the state object it runs against. */
async function captureConvexGlobal(t: AnyTestConvex): Promise<ConvexGlobal> {
  const captured = await captureStorage(t, isConvexGlobal);
  if (!captured)
    throw new Error(
      "Could not reach convex-test's state: is the pinned convex-test version installed?",
    );
  return captured.store;
}

/**
 * Where convex-test keeps the request metadata of the function running in an async context:
 * a scheduled function runs with its job's id there, from the transaction that starts it
 * (moving the job to "inProgress") to the one that records its end.
 */
async function captureRequestMetadata(
  t: AnyTestConvex,
): Promise<AsyncLocalStorage<RequestMetadata>> {
  const captured = await captureStorage(t, isRequestMetadata);
  if (!captured)
    throw new Error(
      "Could not reach convex-test's request metadata: is the pinned convex-test version installed?",
    );
  return captured.storage;
}

/** Runs a no-op through `t` and returns the first async-local store it enters that `isStore` accepts, with its storage. */
async function captureStorage<T>(
  t: AnyTestConvex,
  isStore: (store: unknown) => store is T,
): Promise<{ storage: AsyncLocalStorage<T>; store: T } | undefined> {
  const prototype = AsyncLocalStorage.prototype as unknown as {
    run: (...args: unknown[]) => unknown;
  };
  const originalRun = prototype.run;
  let captured: { storage: AsyncLocalStorage<T>; store: T } | undefined;
  prototype.run = function (this: AsyncLocalStorage<unknown>, store: unknown, ...rest: unknown[]) {
    if (captured === undefined && isStore(store))
      captured = { storage: this as AsyncLocalStorage<T>, store };
    return originalRun.call(this, store, ...rest);
  };
  let pending: Promise<unknown>;
  try {
    pending = t.run(() => Promise.resolve(null));
  } finally {
    prototype.run = originalRun;
  }
  await pending;
  return captured;
}

/** The prototype of convex-test's `ctx.auth` (its `AuthFake`). */
async function captureAuthPrototype(t: TestConvex<Schema>): Promise<{
  getUserIdentity: (this: unknown) => Promise<unknown>;
}> {
  let prototype: { getUserIdentity: (this: unknown) => Promise<unknown> } | undefined;
  await t.run((ctx) => {
    prototype = Object.getPrototypeOf(ctx.auth) as typeof prototype;
    return Promise.resolve();
  });
  return prototype!;
}

function isConvexGlobal(value: unknown): value is ConvexGlobal {
  return (
    typeof value === "object" &&
    value !== null &&
    "transactionManager" in value &&
    "components" in value
  );
}

function isRequestMetadata(value: unknown): value is RequestMetadata {
  return (
    typeof value === "object" &&
    value !== null &&
    "scheduledFunctionId" in value &&
    "requestId" in value
  );
}
