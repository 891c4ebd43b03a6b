/**
 * The few `convex-test` internals the local backend builds on.
 *
 * `convex-test` runs Convex functions in-process against an in-memory
 * database. To serve a whole deployment from it we need its per-instance
 * state: the database (to persist it and watch what queries read) and the
 * transaction manager (to learn about every commit). They are not exported,
 * so we pick them up as `convexTest` enters its context. This is tied to the
 * exact `convex-test` version, which `versions.ts` checks at start-up.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { TestConvex } from "convex-test";
import type { JSONValue } from "convex/values";
import type {
  GenericDataModel,
  GenericMutationCtx,
  GenericSchema,
  SchemaDefinition,
} from "convex/server";

export type StoredDocument = Record<string, unknown> & { _id: string; _creationTime: number };

export interface DatabaseFake {
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
  getFile(storageId: string): Blob | null;
  _iterateDocs(table: string, callback: (doc: StoredDocument) => void): void;
  _resolveQuerySource(query: QueryDescription): unknown;
  vectorSearch(indexName: string, ...rest: unknown[]): unknown;
}

export type TableSchema = { indexes: Array<{ indexDescriptor: string; fields: string[] }> };

type RangeExpression = { type: string; fieldPath: string; value: JSONValue };

export type QueryDescription = {
  source:
    | { type: "FullTableScan"; tableName: string; order?: "asc" | "desc" }
    | { type: "IndexRange"; indexName: string; range: RangeExpression[]; order?: "asc" | "desc" }
    | { type: "Search"; indexName: string; filters: RangeExpression[]; order?: undefined };
  operators: Array<{ limit?: number; filter?: unknown }>;
};

export type PaginateArgs = {
  query: QueryDescription;
  cursor: string | null;
  endCursor?: string | null;
};

export interface TransactionManager {
  _lastCommitTs: bigint;
  begin(isNested: boolean, limits?: unknown): Promise<void>;
  commit(isNested: boolean): bigint | null;
  rollback(isNested: boolean): void;
}

export interface ConvexGlobal {
  components: Record<
    string,
    { db: DatabaseFake; modules: (path: string) => Promise<Record<string, unknown>> }
  >;
  transactionManager: TransactionManager;
  asyncSyscall: (op: string, jsonArgs: string) => Promise<string>;
  jsSyscall: (op: string, args: unknown) => Promise<unknown>;
}

export type AnyTestConvex = TestConvex<SchemaDefinition<GenericSchema, boolean>> & {
  /** Present at runtime (untyped): `t.run` inside a mounted component. */
  runInComponent(
    mountPath: string,
    handler: (ctx: GenericMutationCtx<GenericDataModel>) => Promise<void>,
  ): Promise<void>;
};

/** Runs a no-op through `t` and returns the state object it runs against. */
export async function captureConvexGlobal(t: AnyTestConvex): Promise<ConvexGlobal> {
  const captured = await captureStorage(t, isConvexGlobal);
  if (!captured)
    throw new Error(
      "Could not reach convex-test's state: is the pinned convex-test version installed?",
    );
  return captured.store;
}

/** What convex-test knows about the request a function runs for; a scheduled function's names its job. */
export type RequestMetadata = { requestId: string; scheduledFunctionId: string | null };

/**
 * Where convex-test keeps the request metadata of the function running in an async context:
 * a scheduled function runs with its job's id there, from the transaction that starts it
 * (moving the job to "inProgress") to the one that records its end.
 */
export async function captureRequestMetadata(
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

/**
 * The prototype of convex-test's `ctx.auth` (its `AuthFake`), so the backend
 * can notice which queries ask who the user is.
 */
export async function captureAuthPrototype(t: AnyTestConvex): Promise<{
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
