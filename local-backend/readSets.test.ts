/**
 * Live queries are re-run by what they read: a commit re-runs a query only
 * when it wrote a document the query fetched or one inside an index range it
 * read (cut where it stopped reading), and each distinct query runs once per
 * commit however many connections watch it.
 */
import type { ConvexClient } from "convex/browser";
import type { FunctionReference } from "convex/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api } from "./fixtures/convex/_generated/api.js";
import type { Id } from "./fixtures/convex/_generated/dataModel.js";
import { pageOf, rangeContains, rangeOf } from "./readSets.ts";
import type { LocalBackend } from "./server.ts";
import { connect, startFixtureBackend } from "./test/harness.ts";
import { startIssuer, token } from "./test/issuer.ts";

let issuer: Awaited<ReturnType<typeof startIssuer>>;
let backend: LocalBackend;
const clients: ConvexClient[] = [];
beforeAll(async () => {
  issuer = await startIssuer();
  process.env.TEST_ISSUER = issuer.url; // read by the fixture's auth.config.ts
  backend = await startFixtureBackend();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await backend.stop();
  await issuer.close();
});

function client(subject?: string): ConvexClient {
  const c = connect(backend);
  clients.push(c);
  if (subject) c.setAuth(() => token(issuer.privateKey, { iss: issuer.url, sub: subject }));
  return c;
}

/** Resolves once the connection's token has been accepted (its queries run as `subject`). */
async function signedIn(c: ConvexClient, subject: string): Promise<void> {
  await watch<string | null>(c, api.messages.whoami, {}).until((v) => v === subject);
}

/** A live query's latest value, and a way to wait for one that matches. */
function watch<T>(
  on: ConvexClient,
  query: FunctionReference<"query">,
  args: Record<string, unknown>,
) {
  let latest: T | undefined;
  let waiter: { accept: (value: T) => boolean; resolve: () => void } | null = null;
  on.onUpdate(query, args, (value: T) => {
    latest = value;
    if (waiter?.accept(value)) waiter.resolve();
  });
  return {
    latest: () => latest,
    until: (accept: (value: T) => boolean) =>
      new Promise<void>((resolve) => {
        if (latest !== undefined && accept(latest)) return resolve();
        waiter = { accept, resolve };
      }),
  };
}

/** Query executions the hub made while `write` ran (its mutation answers once they are done). */
/**
 * Query runs a write caused: from a settled hub to the end of the flush that delivered it (the
 * writer is answered as soon as its own connection has its changes, maybe before the others).
 */
async function runsDuring(write: () => Promise<unknown>): Promise<number> {
  await backend.hub.flushedThrough(backend.engine.lastCommitTs);
  const before = backend.hub.stats.queryRuns;
  await write();
  await backend.hub.flushedThrough(backend.engine.lastCommitTs);
  return backend.hub.stats.queryRuns - before;
}

const send = (c: ConvexClient, channel: string, body: string) =>
  c.mutation(api.messages.send, { channel, body });

describe("read-set invalidation", () => {
  test("a write re-runs only the queries whose index range it touched", async () => {
    const c = client();
    const a = watch<string[]>(c, api.messages.list, { channel: "range-a" });
    const b = watch<string[]>(c, api.messages.list, { channel: "range-b" });
    await Promise.all([a.until((v) => v.length === 0), b.until((v) => v.length === 0)]);

    expect(await runsDuring(() => send(c, "range-a", "one"))).toBe(1);
    expect(a.latest()).toEqual(["one"]);
    expect(b.latest()).toEqual([]);
  });

  test("a query that stopped reading early is not re-run by writes past where it stopped", async () => {
    const c = client();
    const firstId = await send(c, "early", "m0");
    const first = watch<string | null>(c, api.messages.first, { channel: "early" });
    await first.until((v) => v === "m0");

    expect(await runsDuring(() => send(c, "early", "m1"))).toBe(0);
    expect(await runsDuring(() => c.mutation(api.messages.edit, { id: firstId, body: "M0" }))).toBe(
      1,
    );
    expect(first.latest()).toBe("M0");
    expect(await runsDuring(() => c.mutation(api.messages.remove, { id: firstId }))).toBe(1);
    expect(first.latest()).toBe("m1");
  });

  test("a document read by id re-runs its query only when that document changes", async () => {
    const c = client();
    const watched = await send(c, "by-id", "watched");
    const other = await send(c, "by-id", "other");
    const get = watch<string | null>(c, api.messages.get, { id: watched });
    await get.until((v) => v === "watched");

    expect(await runsDuring(() => c.mutation(api.messages.edit, { id: other, body: "x" }))).toBe(0);
    expect(
      await runsDuring(() => c.mutation(api.messages.edit, { id: watched, body: "changed" })),
    ).toBe(1);
    expect(get.latest()).toBe("changed");
  });

  test("a page is re-run for writes inside it, not after it", async () => {
    const c = client();
    const ids: Id<"messages">[] = [];
    for (let i = 0; i < 4; i++) ids.push(await send(c, "paged", `p${i}`));
    const page = watch<{ page: Array<{ body: string }> }>(c, api.messages.page, {
      channel: "paged",
      paginationOpts: { numItems: 2, cursor: null },
    });
    await page.until((v) => v.page.length === 2);

    expect(await runsDuring(() => send(c, "paged", "p4"))).toBe(0);
    expect(await runsDuring(() => c.mutation(api.messages.edit, { id: ids[3], body: "x" }))).toBe(
      0,
    );
    expect(await runsDuring(() => c.mutation(api.messages.edit, { id: ids[1], body: "P1" }))).toBe(
      1,
    );
    expect(page.latest()!.page.map((m) => m.body)).toEqual(["p0", "P1"]);
  });

  test("a query many connections watch runs once per commit; one that asks who the user is runs per user", async () => {
    const watchers = [
      ...Array.from({ length: 10 }, () => client()),
      client("alice"),
      client("bob"),
    ];
    const lists = watchers.map((c) => watch<string[]>(c, api.messages.list, { channel: "shared" }));
    const mine = watchers.map((c) => watch<string[]>(c, api.messages.mine, { channel: "shared" }));
    await Promise.all([...lists, ...mine].map((w) => w.until(() => true)));
    await signedIn(watchers[10], "alice");
    await signedIn(watchers[11], "bob");
    const liveBefore = backend.hub.liveQueryCount;

    // One list for everyone; `mine` for the anonymous, alice and bob.
    const alice = watchers[10];
    expect(await runsDuring(() => send(alice, "shared", "hi from alice"))).toBe(4);
    await Promise.all(lists.map((w) => w.until((v) => v.includes("hi from alice"))));
    await mine[10].until((v) => v.includes("hi from alice"));
    expect(mine[11].latest()).toEqual([]);
    expect(mine[0].latest()).toEqual([]);
    expect(backend.hub.liveQueryCount).toBe(liveBefore);
  });

  test("a refreshed token of the same user re-runs none of the connection's queries", async () => {
    // The client fetches a fresh token once its first is accepted (and before each expiry).
    let askedAgain!: () => void;
    const refetching = new Promise<void>((resolve) => (askedAgain = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const first = await token(issuer.privateKey, { iss: issuer.url, sub: "carol" });
    const fresh = await token(issuer.privateKey, {
      iss: issuer.url,
      sub: "carol",
      expiresIn: "2h",
    });
    let fetches = 0;
    const c = connect(backend);
    clients.push(c);
    c.setAuth(async () => {
      if (++fetches === 1) return first;
      askedAgain();
      await released;
      return fresh;
    });
    await signedIn(c, "carol");
    const mine = watch<string[]>(c, api.messages.mine, { channel: "refresh" });
    await mine.until((v) => v.length === 0);
    await refetching;

    const runs = await runsDuring(async () => {
      release();
      // The client sends the new token once its fetch settles: after this turn's promise jobs.
      await new Promise((resolve) => setImmediate(resolve));
      // Answered after the token, which this connection handles first.
      await send(c, "elsewhere", "after the refresh");
    });
    expect(fetches).toBe(2);
    expect(runs).toBe(0);
    await send(c, "refresh", "still carol");
    await mine.until((v) => v.includes("still carol"));
  });

  test("a shared query that starts asking who the user is splits into one per user", async () => {
    const [anonymous, alice, bob] = [client(), client("alice"), client("bob")];
    await signedIn(alice, "alice");
    await signedIn(bob, "bob");
    const greetings = [anonymous, alice, bob].map((c) =>
      watch<string>(c, api.messages.greeting, { channel: "greet" }),
    );
    await Promise.all(greetings.map((g) => g.until((v) => v === "hello")));
    const liveBefore = backend.hub.liveQueryCount;

    await send(anonymous, "greet", "personal");
    await Promise.all([
      greetings[0].until((v) => v === "stranger"),
      greetings[1].until((v) => v === "alice"),
      greetings[2].until((v) => v === "bob"),
    ]);
    expect(backend.hub.liveQueryCount).toBe(liveBefore + 2);
  });
});

describe("ranges", () => {
  const doc = (n: number) => ({ _id: `${10000 + n}messages`, _creationTime: n, channel: "c" });
  const descending = rangeOf(
    "",
    {
      source: {
        type: "IndexRange",
        indexName: "messages.by_creation_time",
        range: [{ type: "Lt", fieldPath: "_creationTime", value: 50 }],
        order: "desc",
      },
      operators: [],
    },
    () => undefined,
  );

  test("bounds follow the reading direction", () => {
    // A descending page read from 40 down to 30: 35 is in it, 45 and 25 are not.
    const page = pageOf(
      descending,
      JSON.stringify([JSON.stringify(40), JSON.stringify("10040messages")]),
      null,
      {
        isDone: false,
        continueCursor: JSON.stringify([JSON.stringify(30), JSON.stringify("10030messages")]),
      },
    );
    expect(rangeContains(page, doc(35))).toBe(true);
    expect(rangeContains(page, doc(30))).toBe(true);
    expect(rangeContains(page, doc(40))).toBe(false);
    expect(rangeContains(page, doc(45))).toBe(false);
    expect(rangeContains(page, doc(25))).toBe(false);
  });

  test("the range's own conditions apply before any bound", () => {
    expect(rangeContains(descending, doc(49))).toBe(true);
    expect(rangeContains(descending, doc(50))).toBe(false);
  });
});
