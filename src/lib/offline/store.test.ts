import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { KeptQuery } from "./keptQueries";
import { copyKey, createDeviceCopyStore, type CopyRef, type DeviceCopyStore } from "./store";

const hasTitle = (value: unknown) =>
  typeof value === "object" && value !== null && "title" in value;

function registry(version = 1): ReadonlyMap<string, KeptQuery> {
  return new Map<string, KeptQuery>([
    [
      "events:get",
      { version, paged: false, isReadable: (value) => value === null || hasTitle(value) },
    ],
    [
      "events:attendees",
      {
        version: 1,
        paged: true,
        isReadable: (value) => Array.isArray(value) && value.every(hasTitle),
      },
    ],
  ]);
}

let opened: DeviceCopyStore[] = [];
let dbCount = 0;

/** A store over a fresh database (or `dbName`'s), with a clock the test moves. */
function makeStore(
  options: { dbName?: string; budgetBytes?: number; entryMaxBytes?: number; version?: number } = {},
) {
  const clock = { now: 1_000 };
  const dbName = options.dbName ?? `device-copy-test-${++dbCount}`;
  const store = createDeviceCopyStore({
    dbName,
    budgetBytes: options.budgetBytes,
    entryMaxBytes: options.entryMaxBytes,
    queries: registry(options.version),
    now: () => clock.now,
  });
  opened.push(store);
  return { store, clock, dbName };
}

const ref = (
  userId: string,
  args: string,
  name = "events:get",
  path = "/event/x",
): CopyRef & { path: string } => ({
  userId,
  name,
  args,
  paged: name === "events:attendees",
  path,
});

afterEach(async () => {
  await Promise.all(opened.map((store) => store.close().catch(() => undefined)));
  opened = [];
});

describe("device copy store", () => {
  it("keeps a result per user, function and arguments", async () => {
    const { store } = makeStore();
    await store.write([
      { ...ref("alice", '{"slug":"a"}'), value: { title: "Alice's night" }, savedAt: 500 },
    ]);

    expect(await store.read(ref("alice", '{"slug":"a"}'))).toEqual({
      value: { title: "Alice's night" },
      savedAt: 500,
    });
    // Another user, other arguments, another function: nothing.
    expect(await store.read(ref("bob", '{"slug":"a"}'))).toBeNull();
    expect(await store.read(ref("alice", '{"slug":"b"}'))).toBeNull();
    expect(await store.read(ref("alice", '{"slug":"a"}', "events:attendees"))).toBeNull();
    const keys = (await store.contents()).map((row) => row.key);
    expect(keys).toEqual([copyKey(ref("alice", '{"slug":"a"}'))]);
  });

  it("keeps Convex values (ids, numbers, nested lists) as they were", async () => {
    const { store } = makeStore();
    const value = {
      title: "x",
      count: 3,
      big: 12n,
      nested: [{ a: null }],
      bytes: new ArrayBuffer(2),
    };
    await store.write([{ ...ref("alice", "{}"), value, savedAt: 1 }]);
    expect((await store.read(ref("alice", "{}")))?.value).toEqual(value);
  });

  it("keeps paginated lists as their first page", async () => {
    const { store } = makeStore();
    const page = [{ title: "first" }, { title: "second" }];
    await store.write([
      { ...ref("alice", '[{"eventId":"e1"},20]', "events:attendees"), value: page, savedAt: 1 },
    ]);
    expect(
      (await store.read(ref("alice", '[{"eventId":"e1"},20]', "events:attendees")))?.value,
    ).toEqual(page);
  });

  it("never keeps a query that is not in the registry", async () => {
    const { store } = makeStore();
    await store.write([
      { ...ref("alice", "{}", "secrets:all"), value: { title: "no" }, savedAt: 1 },
    ]);
    expect(await store.contents()).toEqual([]);
  });

  it("evicts the least recently used entries once the byte budget is exceeded", async () => {
    // Each entry's JSON is ~110 bytes: the budget holds three.
    const { store, clock } = makeStore({ budgetBytes: 360 });
    const entry = (slug: string) => ({
      ...ref("alice", slug),
      value: { title: slug.repeat(90 / slug.length) },
      savedAt: clock.now,
    });
    for (const slug of ["aa", "bb", "cc"]) {
      clock.now += 10;
      await store.write([entry(slug)]);
    }
    expect((await store.contents()).map((row) => row.key)).toHaveLength(3);
    // Reading "aa" makes it recently used: "bb" is now the least recently used.
    clock.now += 10;
    expect(await store.read(ref("alice", "aa"))).not.toBeNull();
    clock.now += 10;
    await store.write([entry("dd")]);

    const kept = await store.contents();
    expect(kept.map((row) => row.key).sort()).toEqual(
      ["aa", "cc", "dd"].map((slug) => copyKey(ref("alice", slug))).sort(),
    );
    expect(kept.reduce((sum, row) => sum + row.bytes, 0)).toBeLessThanOrEqual(360);
    expect(await store.read(ref("alice", "bb"))).toBeNull();
  });

  it("counts an entry's size as the UTF-8 bytes of its JSON", async () => {
    const { store } = makeStore();
    await store.write([{ ...ref("alice", "{}"), value: { title: "🍺" }, savedAt: 1 }]);
    const [row] = await store.contents();
    expect(row.bytes).toBe(new TextEncoder().encode('{"title":"🍺"}').length);
  });

  it("does not keep a single result over the per-entry limit", async () => {
    const { store } = makeStore({ entryMaxBytes: 100 });
    await store.write([{ ...ref("alice", "small"), value: { title: "ok" }, savedAt: 1 }]);
    await store.write([
      { ...ref("alice", "small"), value: { title: "x".repeat(200) }, savedAt: 2 },
    ]);
    // The larger result replaces nothing: the old copy is gone rather than left stale.
    expect(await store.contents()).toEqual([]);
  });

  it("drops entries kept under another version of their query", async () => {
    const first = makeStore({ version: 1 });
    await first.store.write([{ ...ref("alice", "{}"), value: { title: "old shape" }, savedAt: 1 }]);
    await first.store.close();

    // The next build bumped the query's version: the entry is never shown, and is swept.
    const next = makeStore({ dbName: first.dbName, version: 2 });
    expect(await next.store.read(ref("alice", "{}"))).toBeNull();
    expect(await next.store.contents()).toEqual([]);
  });

  it("sweeps stale versions when the database opens, before anything is read", async () => {
    const first = makeStore({ version: 1 });
    await first.store.write([
      { ...ref("alice", "a"), value: { title: "a" }, savedAt: 1 },
      { ...ref("alice", "b", "events:attendees"), value: [{ title: "b" }], savedAt: 1 },
    ]);
    await first.store.close();

    const next = makeStore({ dbName: first.dbName, version: 2 });
    // Only the query whose version changed is swept; the other stays.
    expect((await next.store.contents()).map((row) => row.name)).toEqual(["events:attendees"]);
  });

  it("drops a kept value that lacks what its screen reads", async () => {
    const { store } = makeStore();
    await store.write([{ ...ref("alice", "{}"), value: { name: "not a session" }, savedAt: 1 }]);
    expect(await store.read(ref("alice", "{}"))).toBeNull();
    expect(await store.contents()).toEqual([]);
  });

  it("reads back everything a page showed, for its user only, to paint it before the first render", async () => {
    const { store } = makeStore();
    await store.write([
      { ...ref("alice", "a", "events:get", "/event/a"), value: { title: "a" }, savedAt: 1 },
      {
        ...ref("alice", "a", "events:attendees", "/event/a"),
        value: [{ title: "someone" }],
        savedAt: 2,
      },
      { ...ref("alice", "b", "events:get", "/event/b"), value: { title: "b" }, savedAt: 3 },
      { ...ref("bob", "a", "events:get", "/event/a"), value: { title: "bob's" }, savedAt: 4 },
    ]);
    const page = await store.readPage("alice", "/event/a");
    expect(new Map(page)).toEqual(
      new Map([
        [copyKey(ref("alice", "a")), { value: { title: "a" }, savedAt: 1 }],
        [
          copyKey(ref("alice", "a", "events:attendees")),
          { value: [{ title: "someone" }], savedAt: 2 },
        ],
      ]),
    );
    expect(await store.readPage("carol", "/event/a")).toEqual([]);
  });

  it("wipes everything, for every user", async () => {
    const { store } = makeStore();
    await store.write([
      { ...ref("alice", "a"), value: { title: "a" }, savedAt: 1 },
      { ...ref("bob", "b"), value: { title: "b" }, savedAt: 1 },
    ]);
    await store.wipe();
    expect(await store.contents()).toEqual([]);
    expect(await store.read(ref("alice", "a"))).toBeNull();
  });

  it("runs a wipe after the writes queued before it", async () => {
    const { store } = makeStore();
    const write = store.write([{ ...ref("alice", "a"), value: { title: "a" }, savedAt: 1 }]);
    const wipe = store.wipe();
    await Promise.all([write, wipe]);
    expect(await store.contents()).toEqual([]);
  });
});
