/**
 * What a query read, as Convex tracks it: the documents it fetched by id and
 * the index ranges it scanned — cut where it stopped reading (`take`,
 * `first`, a page's end) — and whether it asked who the user is. A commit
 * invalidates a query only when a document it wrote, before or after the
 * write, is one of those documents or lies in one of those ranges.
 */
import { compareValues, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { cursorKey, type QueryDescription, type StoredDocument } from "./convexTestInternals.ts";

type Bound = Array<Value | undefined>;

export type RangeRead = {
  /** Qualified table: "<mount path>/<table>" for a component's. */
  table: string;
  /** The index's equality and range conditions (a full scan has none). */
  filters: Array<{ type: RangeFilterType; fieldPath: string; value: Value | undefined }>;
  /** The index's sort key, `_id` last; empty when the order is not by key (search). */
  keyFields: string[];
  /** 1 ascending, -1 descending: the direction `after` and `through` are in. */
  direction: 1 | -1;
  /** Reading started after this key (exclusive), or at the start of the range. */
  after: Bound | null;
  /** Reading stopped at this key (inclusive), or ran to the end of the range. */
  through: Bound | null;
};

type RangeFilterType = "Eq" | "Gt" | "Gte" | "Lt" | "Lte";

/** A query stream being read: how far the function got decides where the range read ends. */
type OpenStream = {
  range: RangeRead;
  /** The stream's unread results: a live array that loses its first document at each read. */
  remaining: StoredDocument[];
  lastRead: StoredDocument | null;
  /** The last document when `.take(n)`/`.first()` cut the results short. */
  lastOfLimit: StoredDocument | null;
};

export class ReadSet {
  readonly documents = new Set<string>();
  readonly ranges: RangeRead[] = [];
  readsAuth = false;
  /** The commit the query saw (it runs between commits). */
  snapshotTs = 0n;
  private readonly streams = new Map<string, OpenStream>();

  get isEmpty(): boolean {
    return this.documents.size === 0 && this.ranges.length === 0;
  }

  addDocument(mountPath: string, id: string): void {
    this.documents.add(documentKey(mountPath, id));
  }

  /** A query stream started (`startQuery`): which range it reads is settled in `finish`. */
  openStream(
    streamKey: string,
    range: RangeRead,
    results: StoredDocument[],
    limit: number | null,
  ): void {
    const lastOfLimit =
      limit !== null && results.length >= limit ? results[results.length - 1] : null;
    this.streams.set(streamKey, { range, remaining: results, lastRead: null, lastOfLimit });
  }

  readFromStream(streamKey: string, doc: StoredDocument): void {
    const stream = this.streams.get(streamKey);
    if (stream) stream.lastRead = doc;
  }

  addRange(range: RangeRead): void {
    this.ranges.push(range);
  }

  /** Cuts each stream's range at the last document the function read. */
  finish(): this {
    for (const { range, remaining, lastRead, lastOfLimit } of this.streams.values()) {
      const stoppedAt = remaining.length > 0 ? (lastRead ?? remaining[0]) : lastOfLimit;
      this.ranges.push(
        stoppedAt && range.keyFields.length > 0
          ? { ...range, through: keyOf(stoppedAt, range.keyFields) }
          : range,
      );
    }
    this.streams.clear();
    return this;
  }
}

export function documentKey(mountPath: string, id: string): string {
  return mountPath ? `${mountPath}/${id}` : id;
}

export function qualifiedTable(mountPath: string, table: string): string {
  return mountPath ? `${mountPath}/${table}` : table;
}

/**
 * The range a query description reads, before any cut: `indexFields` are the
 * fields of the named index (from the schema), for an index range.
 */
export function rangeOf(
  mountPath: string,
  query: QueryDescription,
  indexFields: (table: string, index: string) => string[] | undefined,
): RangeRead {
  const source = query.source;
  const direction = (source.order ?? "asc") === "asc" ? 1 : -1;
  if (source.type === "FullTableScan") {
    return {
      table: qualifiedTable(mountPath, source.tableName),
      filters: [],
      keyFields: ["_creationTime", "_id"],
      direction,
      after: null,
      through: null,
    };
  }
  const [table, index] = source.indexName.split(".");
  if (source.type === "Search") {
    // Search results are ordered by relevance, not a key: only the filter fields narrow what was read.
    return {
      table: qualifiedTable(mountPath, table),
      filters: source.filters.filter((f) => f.type === "Eq").map(toFilter),
      keyFields: [],
      direction,
      after: null,
      through: null,
    };
  }
  const keyFields =
    index === "by_creation_time"
      ? ["_creationTime", "_id"]
      : index === "by_id"
        ? ["_id"]
        : [...(indexFields(table, index) ?? []), "_creationTime", "_id"];
  return {
    table: qualifiedTable(mountPath, table),
    filters: source.range.map(toFilter),
    keyFields,
    direction,
    after: null,
    through: null,
  };
}

/** A whole table (vector search). */
export function wholeTable(mountPath: string, table: string): RangeRead {
  return {
    table: qualifiedTable(mountPath, table),
    filters: [],
    keyFields: [],
    direction: 1,
    after: null,
    through: null,
  };
}

/** A paginated read: from after `cursor` through the page's end (the end cursor, when it is done). */
export function pageOf(
  range: RangeRead,
  cursor: string | null,
  endCursor: string | null | undefined,
  result: { isDone: boolean; continueCursor: string },
): RangeRead {
  if (range.keyFields.length === 0) return range;
  return {
    ...range,
    after: cursorKey(cursor),
    through: cursorKey(result.isDone ? endCursor : result.continueCursor),
  };
}

/** Whether `doc` is in the part of a range that was read. */
export function rangeContains(range: RangeRead, doc: StoredDocument): boolean {
  for (const filter of range.filters) {
    const cmp = compareValues(fieldValue(doc, filter.fieldPath), filter.value);
    const holds =
      filter.type === "Eq"
        ? cmp === 0
        : filter.type === "Gt"
          ? cmp > 0
          : filter.type === "Gte"
            ? cmp >= 0
            : filter.type === "Lt"
              ? cmp < 0
              : cmp <= 0;
    if (!holds) return false;
  }
  if (range.after && compareKey(doc, range, range.after) <= 0) return false;
  if (range.through && compareKey(doc, range, range.through) > 0) return false;
  return true;
}

/** Sign of `doc`'s position against a bound, in the range's reading direction. */
function compareKey(doc: StoredDocument, range: RangeRead, bound: Bound): number {
  for (let i = 0; i < range.keyFields.length && i < bound.length; i++) {
    const cmp = compareValues(fieldValue(doc, range.keyFields[i]), bound[i]);
    if (cmp !== 0) return cmp * range.direction;
  }
  return 0;
}

function keyOf(doc: StoredDocument, keyFields: string[]): Bound {
  return keyFields.map((field) => fieldValue(doc, field));
}

export function fieldValue(doc: StoredDocument, fieldPath: string): Value | undefined {
  let value: unknown = doc;
  for (const part of fieldPath.split(".")) {
    value =
      value !== null && typeof value === "object" && !Array.isArray(value)
        ? (value as Record<string, unknown>)[part]
        : undefined;
  }
  return value as Value | undefined;
}

function toFilter(filter: { type: string; fieldPath: string; value: JSONValue }) {
  const value = filter.value;
  return {
    type: filter.type as RangeFilterType,
    fieldPath: filter.fieldPath,
    value:
      typeof value === "object" && value !== null && "$undefined" in value
        ? undefined
        : jsonToConvex(value),
  };
}
