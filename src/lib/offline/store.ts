/**
 * The device copy in IndexedDB: the last result of each kept query (keptQueries.ts), per user,
 * function and arguments. Loaded lazily (the landing page never needs it).
 *
 * - Bounded: after each write the least recently used entries (read or written last the longest
 *   ago) go until what is kept fits DEVICE_COPY_BUDGET_BYTES, counted as the UTF-8 bytes of each
 *   result's JSON. A single result over ENTRY_MAX_BYTES is not kept at all.
 * - Versioned: an entry kept under another version of its query, of a query no longer kept, or
 *   whose value lacks the keys its screen reads, is dropped when read and swept at start.
 * - One user at a time: keys start with the user's id, so a read never crosses users, and
 *   signing out, deleting the account or another user signing in wipes everything.
 *
 * Two object stores: `results` holds the values; `usage` the small records (size, last use,
 * when seen live) that eviction and sweeping scan without reading the values.
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from "idb";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { KEPT_QUERIES, type KeptQuery } from "./keptQueries";

/** What the device keeps in all: 5 MB, a few hundred screens' worth. */
const DEVICE_COPY_BUDGET_BYTES = 5 * 1024 * 1024;
/** A result larger than this (a fifth of the budget) is not kept. */
const ENTRY_MAX_BYTES = 1024 * 1024;
const DEVICE_COPY_DB = "clink-device-copy";

/** Which kept result: `args` is the JSON text of the query's arguments (and page size). */
export type CopyRef = { userId: string; name: string; args: string; paged: boolean };
/** A kept result and when it was last seen live (ms since the epoch). */
export type Kept = { value: Value; savedAt: number };
/** A live result to keep, and the page (address path) showing it. */
export type Keeping = CopyRef & Kept & { path: string };

type ResultRow = { key: string; json: string };
type UsageRow = {
  key: string;
  userId: string;
  name: string;
  version: number;
  bytes: number;
  usedAt: number;
  savedAt: number;
  /** The page (address path) that last showed it. */
  path: string;
};

interface CopySchema extends DBSchema {
  results: { key: string; value: ResultRow };
  usage: { key: string; value: UsageRow; indexes: { usedAt: number; page: [string, string] } };
}

export function copyKey(ref: CopyRef): string {
  return JSON.stringify([ref.userId, ref.name, ref.args, ref.paged]);
}

const encoder = new TextEncoder();

export type DeviceCopyStore = {
  read(ref: CopyRef): Promise<Kept | null>;
  write(entries: Keeping[]): Promise<void>;
  /** What a page (address path) showed when it was last open, by copyKey. */
  readPage(userId: string, path: string): Promise<[string, Kept][]>;
  remove(ref: CopyRef): Promise<void>;
  /** Everything, for everyone. */
  wipe(): Promise<void>;
  /** What is kept: keys (as copyKey) with their size, for tests and the benchmark. */
  contents(): Promise<{ key: string; userId: string; name: string; bytes: number }[]>;
  close(): Promise<void>;
};

type DeviceCopyOptions = {
  dbName?: string;
  budgetBytes?: number;
  entryMaxBytes?: number;
  queries?: ReadonlyMap<string, KeptQuery>;
  now?: () => number;
};

export function createDeviceCopyStore(options: DeviceCopyOptions = {}): DeviceCopyStore {
  const {
    dbName = DEVICE_COPY_DB,
    budgetBytes = DEVICE_COPY_BUDGET_BYTES,
    entryMaxBytes = ENTRY_MAX_BYTES,
    queries = KEPT_QUERIES,
    now = Date.now,
  } = options;
  let opening: Promise<IDBPDatabase<CopySchema>> | null = null;

  const open = () =>
    (opening ??= openDB<CopySchema>(dbName, 2, {
      upgrade(db, oldVersion, _newVersion, tx) {
        if (oldVersion < 1) {
          db.createObjectStore("results", { keyPath: "key" });
          db.createObjectStore("usage", { keyPath: "key" }).createIndex("usedAt", "usedAt");
        }
        // Version 2: what each page showed (entries kept before have no page, and are not in it).
        if (oldVersion < 2) tx.objectStore("usage").createIndex("page", ["userId", "path"]);
      },
      // A newer build in another tab wants to upgrade the database: let it.
      blocking() {
        void opening?.then((db) => db.close());
        opening = null;
      },
      terminated() {
        opening = null;
      },
    }).then(async (db) => {
      // A failed sweep leaves stale entries to be dropped when read.
      await sweep(db).catch(() => undefined);
      return db;
    }));

  const isCurrent = (row: UsageRow) => {
    const kept = queries.get(row.name);
    return kept !== undefined && kept.version === row.version;
  };

  /** Drops what this build no longer reads: queries not kept any more, other versions. */
  async function sweep(db: IDBPDatabase<CopySchema>) {
    const tx = db.transaction(["results", "usage"], "readwrite");
    const stale = (await tx.objectStore("usage").getAll()).filter((row) => !isCurrent(row));
    await Promise.all(
      stale.flatMap((row) => [
        tx.objectStore("results").delete(row.key),
        tx.objectStore("usage").delete(row.key),
      ]),
    );
    await tx.done;
  }

  /**
   * A kept entry as its screen may show it, now used; or null, the entry dropped, when it is of
   * another version or shape (or half of it is missing). `paged`: what the reader expects, if
   * it knows.
   */
  async function checked(
    tx: IDBPTransaction<CopySchema, ("results" | "usage")[], "readwrite">,
    row: ResultRow | undefined,
    use: UsageRow | undefined,
    paged?: boolean,
  ): Promise<Kept | null> {
    const kept = use === undefined ? undefined : queries.get(use.name);
    if (
      row !== undefined &&
      use !== undefined &&
      kept !== undefined &&
      (paged === undefined || kept.paged === paged) &&
      isCurrent(use)
    ) {
      let value: Value | undefined;
      try {
        value = jsonToConvex(JSON.parse(row.json) as JSONValue);
      } catch {
        value = undefined;
      }
      if (value !== undefined && kept.isReadable(value)) {
        await tx.objectStore("usage").put({ ...use, usedAt: now() });
        return { value, savedAt: use.savedAt };
      }
    }
    const key = row?.key ?? use?.key;
    if (key !== undefined)
      await Promise.all([
        tx.objectStore("results").delete(key),
        tx.objectStore("usage").delete(key),
      ]);
    return null;
  }

  // Every operation runs after the previous one: a wipe is never overtaken by a write queued
  // before it, nor a read by the wipe queued after it.
  let queue: Promise<unknown> = Promise.resolve();
  function serially<T>(operation: (db: IDBPDatabase<CopySchema>) => Promise<T>): Promise<T> {
    const result = queue.then(async () => operation(await open()));
    queue = result.catch(() => undefined);
    return result;
  }

  return {
    read: (ref) =>
      serially(async (db) => {
        const key = copyKey(ref);
        const tx = db.transaction(["results", "usage"], "readwrite");
        const [row, use] = await Promise.all([
          tx.objectStore("results").get(key),
          tx.objectStore("usage").get(key),
        ]);
        const found = await checked(tx, row, use, ref.paged);
        await tx.done;
        return found;
      }),

    readPage: (userId, path) =>
      serially(async (db) => {
        const tx = db.transaction(["results", "usage"], "readwrite");
        const uses = await tx.objectStore("usage").index("page").getAll([userId, path]);
        const rows = await Promise.all(uses.map((use) => tx.objectStore("results").get(use.key)));
        const found: [string, Kept][] = [];
        for (const [index, use] of uses.entries()) {
          const kept = await checked(tx, rows[index], use);
          if (kept !== null) found.push([use.key, kept]);
        }
        await tx.done;
        return found;
      }),

    write: (entries) =>
      serially(async (db) => {
        const tx = db.transaction(["results", "usage"], "readwrite");
        const results = tx.objectStore("results");
        const usage = tx.objectStore("usage");
        const writes: Promise<unknown>[] = [];
        for (const entry of entries) {
          const kept = queries.get(entry.name);
          if (kept === undefined || kept.paged !== entry.paged) continue;
          const key = copyKey(entry);
          let json: string;
          try {
            json = JSON.stringify(convexToJson(entry.value));
          } catch {
            continue; // Not a Convex value: nothing a query returned.
          }
          const bytes = encoder.encode(json).length;
          if (bytes > entryMaxBytes) {
            writes.push(results.delete(key), usage.delete(key));
            continue;
          }
          const at = now();
          writes.push(
            results.put({ key, json }),
            usage.put({
              key,
              userId: entry.userId,
              name: entry.name,
              version: kept.version,
              bytes,
              usedAt: at,
              savedAt: entry.savedAt,
              path: entry.path,
            }),
          );
        }
        await Promise.all(writes);
        // Least recently used first, until the rest fits the budget.
        const rows = await usage.getAll();
        let total = rows.reduce((sum, row) => sum + row.bytes, 0);
        if (total > budgetBytes) {
          let cursor = await usage.index("usedAt").openCursor();
          while (cursor !== null && total > budgetBytes) {
            total -= cursor.value.bytes;
            await results.delete(cursor.value.key);
            await cursor.delete();
            cursor = await cursor.continue();
          }
        }
        await tx.done;
      }),

    remove: (ref) =>
      serially(async (db) => {
        const key = copyKey(ref);
        const tx = db.transaction(["results", "usage"], "readwrite");
        await Promise.all([
          tx.objectStore("results").delete(key),
          tx.objectStore("usage").delete(key),
        ]);
        await tx.done;
      }),

    wipe: () =>
      serially(async (db) => {
        const tx = db.transaction(["results", "usage"], "readwrite");
        await Promise.all([tx.objectStore("results").clear(), tx.objectStore("usage").clear()]);
        await tx.done;
      }),

    contents: () =>
      serially(async (db) =>
        (await db.getAll("usage")).map(({ key, userId, name, bytes }) => ({
          key,
          userId,
          name,
          bytes,
        })),
      ),

    close: () =>
      serially((db) => {
        db.close();
        opening = null;
        return Promise.resolve();
      }),
  };
}

/** The app's device copy. */
export const deviceCopy = createDeviceCopyStore();
