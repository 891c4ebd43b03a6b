/**
 * What the engine does as functions use a database: it records what each query reads
 * (`ReadSet`: documents fetched by id, the index ranges its streams and pages covered, whether
 * it asked who the user is), narrows convex-test's scans to the table indexes of
 * tableIndexes.ts, and reports stored files.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { ConvexTestDatabase, DatabaseHooks } from "./convexTestInternals.ts";
import { pageOf, rangeOf, type ReadSet, wholeTable } from "./readSets.ts";
import type { TableIndexes } from "./tableIndexes.ts";

/** The reads of the query running in this async context (shared by every engine in the process). */
export const queryReads = new AsyncLocalStorage<ReadSet>();

/** A query that asks who the user is gives a per-user result; one that does not can be shared. */
export function noteIdentityRead(): void {
  const reads = queryReads.getStore();
  if (reads) reads.readsAuth = true;
}

export function databaseHooks(
  db: ConvexTestDatabase,
  indexes: TableIndexes,
  fileStored: (storageId: string, blob: Blob) => void,
): DatabaseHooks {
  const { mountPath } = db;
  const indexFields = (table: string, index: string) => db.indexFields(table, index);
  const streamKey = (streamId: number) => `${mountPath}:${streamId}`;
  return {
    documentRead: (id) => queryReads.getStore()?.addDocument(mountPath, id),
    streamOpened: (streamId, query, unread, limit) =>
      queryReads
        .getStore()
        ?.openStream(streamKey(streamId), rangeOf(mountPath, query, indexFields), unread, limit),
    streamRead: (streamId, doc) => queryReads.getStore()?.readFromStream(streamKey(streamId), doc),
    pageRead: (query, cursor, endCursor, page) =>
      queryReads
        .getStore()
        ?.addRange(pageOf(rangeOf(mountPath, query, indexFields), cursor, endCursor, page)),
    vectorSearched: (table) => queryReads.getStore()?.addRange(wholeTable(mountPath, table)),
    fileStored,
    // A query starts from the documents its range may hold, not from every document of the table.
    scanCandidates: (table, indexRange) =>
      indexRange
        ? indexes.idsInRange(table, indexRange.index, rangeOf("", indexRange.query, indexFields))
        : indexes.idsOf(table),
  };
}
