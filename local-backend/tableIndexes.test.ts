/**
 * Index range queries start from the documents in their range (tableIndexes.ts) and give the
 * same results convex-test's scan of the whole table gave, including what the transaction
 * itself wrote and has not committed yet.
 */
import { compareValues } from "convex/values";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { StoredDocument } from "./convexTestInternals.ts";
import { rangeContains, type RangeRead } from "./readSets.ts";
import type { LocalBackend } from "./server.ts";
import { TableIndexes } from "./tableIndexes.ts";
import { startFixtureBackend } from "./test/harness.ts";

describe("TableIndexes", () => {
  const docs = new Map<string, StoredDocument>();
  const indexes = new TableIndexes((id) => docs.get(id) ?? null);
  const keyFields = ["channel", "rank", "_creationTime", "_id"];
  const write = (id: string, doc: StoredDocument | null) => {
    if (doc) docs.set(id, doc);
    else docs.delete(id);
    indexes.noteWrite("messages", id, doc);
  };
  const channels = ["a", "b", "c", undefined];
  // A small deterministic generator: the same documents on every run.
  let seed = 7;
  const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
  const makeDoc = (i: number): StoredDocument => ({
    _id: `${i}messages`,
    _creationTime: 1000 + i,
    ...(channels[random(4)] !== undefined ? { channel: channels[random(3)] } : {}),
    rank: random(10),
  });

  const ranges: Array<Pick<RangeRead, "filters">> = [
    { filters: [] },
    { filters: [{ type: "Eq", fieldPath: "channel", value: "b" }] },
    { filters: [{ type: "Eq", fieldPath: "channel", value: undefined }] },
    {
      filters: [
        { type: "Eq", fieldPath: "channel", value: "a" },
        { type: "Gt", fieldPath: "rank", value: 3 },
      ],
    },
    {
      filters: [
        { type: "Eq", fieldPath: "channel", value: "c" },
        { type: "Gte", fieldPath: "rank", value: 2 },
        { type: "Lt", fieldPath: "rank", value: 7 },
      ],
    },
    {
      filters: [
        { type: "Eq", fieldPath: "channel", value: "a" },
        { type: "Lte", fieldPath: "rank", value: 4 },
      ],
    },
    { filters: [{ type: "Gte", fieldPath: "channel", value: "b" }] },
  ];
  const full = (range: Pick<RangeRead, "filters">): RangeRead => ({
    table: "messages",
    keyFields,
    direction: 1,
    after: null,
    through: null,
    ...range,
  });
  /** What a scan of every document finds, in key order. */
  const scanned = (range: RangeRead) =>
    [...docs.values()]
      .filter((doc) => rangeContains(range, doc))
      .sort((a, b) => {
        for (const field of keyFields) {
          const cmp = compareValues(a[field] as never, b[field] as never);
          if (cmp !== 0) return cmp;
        }
        return 0;
      })
      .map((doc) => doc._id);

  test("finds exactly the documents a full scan finds, in key order, as writes land", () => {
    for (let i = 0; i < 200; i++) write(`${i}messages`, makeDoc(i));
    for (const range of ranges.map(full))
      expect(indexes.idsInRange("messages", "by_channel_rank", range)).toEqual(scanned(range));
    // The index is kept up to date: inserts, updates that move a key, deletes.
    for (let i = 0; i < 300; i++) {
      const id = `${random(260)}messages`;
      const action = random(3);
      if (action === 0) write(id, null);
      else write(id, { ...makeDoc(Number.parseInt(id)), _id: id });
    }
    for (const range of ranges.map(full))
      expect(indexes.idsInRange("messages", "by_channel_rank", range)).toEqual(scanned(range));
    expect(new Set(indexes.idsOf("messages"))).toEqual(new Set(docs.keys()));
  });
});

describe("index range queries on the engine", () => {
  let backend: LocalBackend;
  beforeAll(async () => {
    backend = await startFixtureBackend();
  });
  afterAll(async () => {
    await backend.stop();
  });
  const byChannel = (
    ctx: Parameters<Parameters<LocalBackend["engine"]["runInTransaction"]>[0]>[0],
    channel: string,
  ) =>
    ctx.db
      .query("messages")
      .withIndex("by_channel", (q) => q.eq("channel", channel))
      .collect()
      .then((rows) => rows.map((row) => row.body));

  test("see committed documents and the transaction's own uncommitted writes", async () => {
    const engine = backend.engine;
    const [first, second] = await engine.runInTransaction(async (ctx) => [
      await ctx.db.insert("messages", { channel: "red", body: "one" }),
      await ctx.db.insert("messages", { channel: "blue", body: "two" }),
    ]);
    expect(await engine.runInTransaction((ctx) => byChannel(ctx, "red"))).toEqual(["one"]);

    const insideTransaction = await engine.runInTransaction(async (ctx) => {
      await ctx.db.insert("messages", { channel: "red", body: "three" });
      await ctx.db.patch(second, { channel: "red" }); // moves into the range
      await ctx.db.patch(first, { channel: "green" }); // moves out of it
      return await byChannel(ctx, "red");
    });
    expect(insideTransaction.sort()).toEqual(["three", "two"]);
    // Committed: the index moved the documents too.
    expect((await engine.runInTransaction((ctx) => byChannel(ctx, "red"))).sort()).toEqual([
      "three",
      "two",
    ]);
    expect(await engine.runInTransaction((ctx) => byChannel(ctx, "green"))).toEqual(["one"]);

    await engine.runInTransaction(async (ctx) => {
      await ctx.db.delete(second);
    });
    expect(await engine.runInTransaction((ctx) => byChannel(ctx, "red"))).toEqual(["three"]);
  });

  test("a rolled-back transaction leaves the index as it was", async () => {
    const engine = backend.engine;
    await expect(
      engine.runInTransaction(async (ctx) => {
        await ctx.db.insert("messages", { channel: "violet", body: "never" });
        expect(await byChannel(ctx, "violet")).toEqual(["never"]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await engine.runInTransaction((ctx) => byChannel(ctx, "violet"))).toEqual([]);
  });
});
