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
  _schema: unknown;
  _generateId(table: string): string;
  insert(table: string, value: Record<string, unknown>): string;
  storeFile(storageId: string, blob: Blob): void;
  get(table: string | undefined, id: string): StoredDocument | null;
  startQuery(query: QueryDescription): number;
  paginate(args: { query: QueryDescription }): unknown;
  getFile(storageId: string): Blob | null;
  vectorSearch(indexName: string, ...rest: unknown[]): unknown;
}

export type QueryDescription = {
  source:
    | { type: "FullTableScan"; tableName: string }
    | { type: "IndexRange" | "Search"; indexName: string };
};

export interface TransactionManager {
  _lastCommitTs: bigint;
  commit(isNested: boolean): bigint | null;
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
  const prototype = AsyncLocalStorage.prototype as unknown as {
    run: (...args: unknown[]) => unknown;
  };
  const originalRun = prototype.run;
  let captured: ConvexGlobal | undefined;
  prototype.run = function (this: AsyncLocalStorage<unknown>, store: unknown, ...rest: unknown[]) {
    if (captured === undefined && isConvexGlobal(store)) captured = store;
    return originalRun.call(this, store, ...rest);
  };
  let pending: Promise<unknown>;
  try {
    pending = t.run(() => Promise.resolve(null));
  } finally {
    prototype.run = originalRun;
  }
  await pending;
  if (!captured)
    throw new Error(
      "Could not reach convex-test's state: is the pinned convex-test version installed?",
    );
  return captured;
}

function isConvexGlobal(value: unknown): value is ConvexGlobal {
  return (
    typeof value === "object" &&
    value !== null &&
    "transactionManager" in value &&
    "components" in value
  );
}

/** convex-test ids are a counter followed by the table name. */
export function tableNameFromId(id: string): string {
  return id.replace(/^[0-9]+/, "");
}

export function tableOfQuery(query: QueryDescription): string {
  const source = query.source;
  return source.type === "FullTableScan" ? source.tableName : source.indexName.split(".")[0];
}
