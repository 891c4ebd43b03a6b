/**
 * The documents of each table, and of each index in key order, for one database.
 *
 * convex-test answers an index range query by going through every document of the table and
 * keeping those in the range; the cost of a query grew with the table, not with what it read
 * (measured: a third of the server's time per RSVP in `npm run bench:live`). `idsInRange`
 * narrows that to the committed documents whose key lies in the range, found by binary search
 * in an index kept sorted as commits land. convex-test still applies its own range check and
 * sort to what we hand it, so the results are the same, only the candidates are fewer.
 */
import { compareValues, type Value } from "convex/values";
import type { StoredDocument } from "./convexTestInternals.ts";
import { fieldValue, type RangeRead } from "./readSets.ts";

type Key = Array<Value | undefined>;
type Entry = { key: Key; id: string };

export class TableIndexes {
  private readonly tables = new Map<string, Set<string>>();
  /** Indexes are sorted on their first use ("table.index" → entries), then kept up to date. */
  private readonly indexes = new Map<string, SortedIndex>();

  constructor(private readonly committed: (id: string) => StoredDocument | null) {}

  /** Every committed document's id in `table`. */
  idsOf(table: string): ReadonlySet<string> {
    return this.tables.get(table) ?? new Set();
  }

  /** A committed write (or a restored one): `doc` is the document now, null once deleted. */
  noteWrite(table: string, id: string, doc: StoredDocument | null): void {
    let ids = this.tables.get(table);
    if (!ids) this.tables.set(table, (ids = new Set()));
    if (doc) ids.add(id);
    else ids.delete(id);
    for (const index of this.indexes.values()) if (index.table === table) index.update(id, doc);
  }

  /**
   * The committed documents of `index` whose key may lie in `range` (a superset: the caller
   * still checks each), in key order. `range.keyFields` is the index's key.
   */
  idsInRange(table: string, index: string, range: RangeRead): string[] {
    const name = `${table}.${index}`;
    let sorted = this.indexes.get(name);
    if (!sorted) {
      sorted = new SortedIndex(table, range.keyFields);
      sorted.build(this.idsOf(table), this.committed);
      this.indexes.set(name, sorted);
    }
    return sorted.idsIn(range);
  }
}

class SortedIndex {
  private entries: Entry[] = [];
  private readonly keys = new Map<string, Key>();

  constructor(
    readonly table: string,
    private readonly keyFields: string[],
  ) {}

  build(ids: Iterable<string>, committed: (id: string) => StoredDocument | null): void {
    for (const id of ids) {
      const doc = committed(id);
      if (doc) this.entries.push({ key: this.remember(doc), id });
    }
    this.entries.sort((a, b) => compareKeys(a.key, b.key));
  }

  update(id: string, doc: StoredDocument | null): void {
    const old = this.keys.get(id);
    if (old) {
      this.entries.splice(this.firstAtOrAfter(old, true), 1);
      this.keys.delete(id);
    }
    if (doc) {
      const key = this.remember(doc);
      this.entries.splice(this.firstAtOrAfter(key, true), 0, { key, id });
    }
  }

  idsIn(range: RangeRead): string[] {
    const equal: Key = [];
    let lower: { key: Key; inclusive: boolean } | null = null;
    let upper: { key: Key; inclusive: boolean } | null = null;
    for (const filter of range.filters) {
      if (filter.type === "Eq") equal.push(filter.value);
      else if (filter.type === "Gt" || filter.type === "Gte")
        lower = { key: [...equal, filter.value], inclusive: filter.type === "Gte" };
      else upper = { key: [...equal, filter.value], inclusive: filter.type === "Lte" };
    }
    lower ??= { key: equal, inclusive: true };
    upper ??= { key: equal, inclusive: true };
    const start = this.firstAtOrAfter(lower.key, lower.inclusive);
    const end = this.firstAtOrAfter(upper.key, !upper.inclusive);
    const ids: string[] = [];
    for (let i = start; i < end; i++) ids.push(this.entries[i].id);
    return ids;
  }

  private remember(doc: StoredDocument): Key {
    const key = this.keyFields.map((field) => fieldValue(doc, field));
    this.keys.set(doc._id, key);
    return key;
  }

  /**
   * Binary search: the first entry whose key, cut to the bound's length, is at or after the
   * bound (`inclusive`) or strictly after it.
   */
  private firstAtOrAfter(bound: Key, inclusive: boolean): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const cmp = compareKeys(this.entries[middle].key, bound);
      if (cmp > 0 || (inclusive && cmp === 0)) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}

/** Compares two keys on the fields both have (a bound may be a prefix). */
function compareKeys(a: Key, b: Key): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const cmp = compareValues(a[i], b[i]);
    if (cmp !== 0) return cmp;
  }
  return 0;
}
