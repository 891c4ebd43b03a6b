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
  type GenericSchema,
  type SchemaDefinition,
  type UserIdentity,
} from "convex/server";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import {
  captureConvexGlobal,
  tableNameFromId,
  tableOfQuery,
  type AnyTestConvex,
  type ConvexGlobal,
  type DatabaseFake,
  type StoredDocument,
} from "./convexTestInternals.ts";
import { discoverComponents } from "./components.ts";
import {
  listFunctionModules,
  ModuleLoader,
  moduleRecord,
  modulePathWithoutExtension,
} from "./modules.ts";

export type FunctionKind = "query" | "mutation" | "action";
export type Visibility = "public" | "internal";
export type Commit = { ts: bigint; tables: Set<string> };

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

type DatabaseState = { nextDocId: number; lastCreationTime: number; documents: JSONValue[] };

/** Everything to persist: the app's database and each component's, by mount path ("" is the app). */
export type EngineState = { lastCommitTs: string; databases: Record<string, DatabaseState> };

type RegisteredFunction = {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isPublic?: boolean;
  isInternal?: boolean;
};

export class Engine {
  private readonly reads = new AsyncLocalStorage<Set<string>>();
  private readonly commitListeners = new Set<(commit: Commit) => void>();
  private readonly fileListeners = new Set<(storageId: string, blob: Blob) => void>();
  private readonly instrumented = new WeakSet<DatabaseFake>();
  private generation = 0;

  private constructor(
    private readonly options: EngineOptions,
    private t: AnyTestConvex,
    private convexGlobal: ConvexGlobal,
    private loader: ModuleLoader,
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
    const engine = new Engine(options, t, await captureConvexGlobal(t), loader);
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

  onCommit(listener: (commit: Commit) => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  onFileStored(listener: (storageId: string, blob: Blob) => void): () => void {
    this.fileListeners.add(listener);
    return () => this.fileListeners.delete(listener);
  }

  /**
   * Records which tables a query reads. A component's tables are named
   * "<mount path>/<table>" so they never collide with the app's.
   */
  private instrumentDatabase(db: DatabaseFake, mountPath: string): void {
    if (this.instrumented.has(db)) return;
    this.instrumented.add(db);
    const reads = this.reads;
    const track = (table: string) => reads.getStore()?.add(qualifiedTable(mountPath, table));

    const get = db.get.bind(db);
    db.get = (table, id) => {
      track(table ?? tableNameFromId(id));
      return get(table, id);
    };
    const startQuery = db.startQuery.bind(db);
    db.startQuery = (query) => {
      track(tableOfQuery(query));
      return startQuery(query);
    };
    const paginate = db.paginate.bind(db);
    db.paginate = (args) => {
      track(tableOfQuery(args.query));
      return paginate(args);
    };
    const vectorSearch = db.vectorSearch.bind(db);
    db.vectorSearch = (indexName, ...rest) => {
      track(indexName.split(".")[0]);
      return vectorSearch(indexName, ...rest);
    };
    const storeFile = (db as unknown as { storeFile(id: string, blob: Blob): void }).storeFile.bind(
      db,
    );
    (db as unknown as { storeFile(id: string, blob: Blob): void }).storeFile = (
      storageId,
      blob,
    ) => {
      storeFile(storageId, blob);
      // Real Convex records the uploaded content type; convex-test does not.
      const doc = db._documents[storageId];
      if (doc && blob.type) doc.contentType = blob.type;
      for (const listener of this.fileListeners) listener(storageId, blob);
    };
  }

  /** Learns about every commit and the tables it wrote; serves local storage URLs. */
  private instrumentTransactions(): void {
    const db = this.db;
    const tm = this.convexGlobal.transactionManager;
    const commit = tm.commit.bind(tm);
    tm.commit = (isNested) => {
      const tables = new Set<string>();
      if (!isNested) {
        for (const [mountPath, database] of this.databases) {
          const outermost = database._writes[database._writes.length - 1] ?? {};
          for (const id of Object.keys(outermost))
            tables.add(qualifiedTable(mountPath, tableNameFromId(id)));
        }
      }
      const ts = commit(isNested);
      // Every commit advances the timestamp clients wait for, even one that wrote nothing.
      if (ts !== null) {
        for (const listener of this.commitListeners) listener({ ts, tables });
      }
      return ts;
    };

    const asyncSyscall = this.convexGlobal.asyncSyscall;
    this.convexGlobal.asyncSyscall = async (op, jsonArgs) => {
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

  /** A module of the current code, loaded through the current (hot-reloadable) namespace. */
  async loadFunctionModule(modulePath: string): Promise<Record<string, unknown> | null> {
    try {
      return await this.convexGlobal.components[""].modules(modulePath);
    } catch {
      return null;
    }
  }

  get moduleLoader(): ModuleLoader {
    return this.loader;
  }

  /** What kind of function `udfPath` names and who may call it, or null if there is none. */
  async describeFunction(
    udfPath: string,
  ): Promise<{ kind: FunctionKind; visibility: Visibility } | null> {
    const [modulePath, exportName = "default"] = udfPath.split(":");
    const module = await this.loadFunctionModule(modulePath);
    const fn = module?.[exportName] as RegisteredFunction | undefined;
    if (!fn || (typeof fn !== "object" && typeof fn !== "function")) return null;
    const kind = fn.isQuery ? "query" : fn.isMutation ? "mutation" : fn.isAction ? "action" : null;
    if (!kind) return null;
    return { kind, visibility: fn.isPublic ? "public" : "internal" };
  }

  private accessor(identity: UserIdentity | null) {
    return identity ? this.t.withIdentity(identity) : this.t;
  }

  async runQuery(
    udfPath: string,
    args: Record<string, Value>,
    identity: UserIdentity | null,
  ): Promise<{ value: Value; readTables: Set<string> }> {
    const readTables = new Set<string>();
    const value: Value = await this.reads.run(readTables, () =>
      asFailure<Value>(() =>
        this.accessor(identity).query(makeFunctionReference<"query">(udfPath), args),
      ),
    );
    return { value, readTables };
  }

  async runMutation(
    udfPath: string,
    args: Record<string, Value>,
    identity: UserIdentity | null,
  ): Promise<{ value: Value; ts: bigint }> {
    const value = await asFailure<Value>(() =>
      this.accessor(identity).mutation(makeFunctionReference<"mutation">(udfPath), args),
    );
    return { value, ts: this.lastCommitTs };
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
    if (kind === "query") return (await this.runQuery(udfPath, args, identity)).value;
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

  hasHttpRouter(): boolean {
    return listFunctionModules(this.options.functionsDir).some(
      (p) => modulePathWithoutExtension(p) === "http",
    );
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

  /** Storage ids whose file is still referenced by a `_storage` document. */
  liveStorageIds(): Set<string> {
    return new Set(
      Object.keys(this.db._documents).filter((id) => tableNameFromId(id) === "_storage"),
    );
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
              (table as unknown as { export(): unknown }).export(),
            ]),
          ),
        }
      : null;
    const old = this.loader;
    this.loader = loader;
    await old.dispose();
    await this.registerComponents();
  }

  exportState(): EngineState {
    const databases: Record<string, DatabaseState> = {};
    for (const [mountPath, db] of this.databases) {
      databases[mountPath] = {
        nextDocId: db._nextDocId,
        lastCreationTime: db._lastCreationTime,
        documents: Object.values(db._documents).map((doc) => convexToJson(doc as Value)),
      };
    }
    return { lastCommitTs: this.lastCommitTs.toString(), databases };
  }

  /** Restores exported state and files; pending scheduled functions are armed again. */
  async importState(state: EngineState, files: Map<string, Blob>): Promise<void> {
    for (const [mountPath, saved] of Object.entries(state.databases)) {
      const db = this.convexGlobal.components[mountPath]?.db;
      if (!db) continue; // a component no longer used
      db._documents = {};
      for (const json of saved.documents) {
        const doc = jsonToConvex(json) as StoredDocument;
        db._documents[doc._id] = doc;
      }
      db._nextDocId = saved.nextDocId;
      db._lastCreationTime = saved.lastCreationTime;
    }
    this.convexGlobal.transactionManager._lastCommitTs = BigInt(state.lastCommitTs);
    for (const [storageId, blob] of files) this.db._storage[storageId] = blob;
    for (const [mountPath, db] of this.databases) await this.rearmScheduledFunctions(db, mountPath);
  }

  private async rearmScheduledFunctions(db: DatabaseFake, mountPath: string): Promise<void> {
    const jobs = Object.values(db._documents).filter(
      (doc) => tableNameFromId(doc._id) === "_scheduled_functions",
    ) as Array<
      StoredDocument & {
        name: string;
        args: [Record<string, Value>];
        scheduledTime: number;
        state: { kind: string };
      }
    >;
    for (const job of jobs) {
      if (job.state.kind === "inProgress") {
        // It was running when the backend stopped; like a crash, it failed.
        job.state = { kind: "failed" };
        continue;
      }
      if (job.state.kind !== "pending") continue;
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

function qualifiedTable(mountPath: string, table: string): string {
  return mountPath ? `${mountPath}/${table}` : table;
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
