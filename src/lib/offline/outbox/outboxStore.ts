/**
 * The outbox on the device (IndexedDB): taps that change something on the server, kept until
 * the server has answered them, so a reload, a closed tab or a restarted browser loses none.
 *
 * Each action carries the idempotency key it is sent with: sending it again after a lost answer
 * (the tab closed while it was on its way) is recognised by the server and changes nothing.
 * Actions are read back in the order they were queued (`seq`, an auto-incremented key).
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { JSONValue } from "convex/values";

const OUTBOX_DB = "clink-outbox";

/** A queued call of a public mutation, by the user who made it. */
export type QueuedAction = {
  /** The idempotency key the server records (also the action's identity on the device). */
  key: string;
  userId: string;
  /** The mutation's function name (`getFunctionName`). */
  name: string;
  /** Its arguments as Convex JSON, without the idempotency key. */
  args: JSONValue;
  queuedAt: number;
};

type Row = QueuedAction & { seq?: number };

interface OutboxSchema extends DBSchema {
  actions: { key: number; value: Row; indexes: { byKey: string; byUser: string } };
}

export type OutboxStore = {
  add(action: QueuedAction): Promise<void>;
  /** The user's actions, oldest first. */
  list(userId: string): Promise<QueuedAction[]>;
  remove(key: string): Promise<void>;
  /** Every action of every user (sign-out, account deletion, another user signing in). */
  wipe(): Promise<void>;
  close(): Promise<void>;
};

export function createOutboxStore(dbName = OUTBOX_DB): OutboxStore {
  let opening: Promise<IDBPDatabase<OutboxSchema>> | null = null;
  const open = () =>
    (opening ??= openDB<OutboxSchema>(dbName, 1, {
      upgrade(db) {
        const actions = db.createObjectStore("actions", { keyPath: "seq", autoIncrement: true });
        actions.createIndex("byKey", "key", { unique: true });
        actions.createIndex("byUser", "userId");
      },
      // A newer build in another tab wants to upgrade the database: let it.
      blocking() {
        void opening?.then((db) => db.close());
        opening = null;
      },
      terminated() {
        opening = null;
      },
    }));

  return {
    async add(action) {
      await (await open()).add("actions", { ...action });
    },
    async list(userId) {
      // The index keeps rows of one user in primary key (queuing) order.
      const rows = await (await open()).getAllFromIndex("actions", "byUser", userId);
      return rows.map(({ seq: _seq, ...action }) => action);
    },
    async remove(key) {
      const db = await open();
      const tx = db.transaction("actions", "readwrite");
      const seq = await tx.store.index("byKey").getKey(key);
      if (seq !== undefined) await tx.store.delete(seq);
      await tx.done;
    },
    async wipe() {
      await (await open()).clear("actions");
    },
    async close() {
      if (opening) (await opening).close();
      opening = null;
    },
  };
}
