import "fake-indexeddb/auto";
import { ConvexError } from "convex/values";
import { afterEach, describe, expect, it } from "vitest";
import { createOutboxStore, type OutboxStore, type QueuedAction } from "./outboxStore";
import { createSender, OUTBOX_MAX_AGE_MS, OUTBOX_TOO_OLD_MESSAGE } from "./sender";

let dbCount = 0;
let stores: OutboxStore[] = [];
afterEach(async () => {
  await Promise.all(stores.map((store) => store.close()));
  stores = [];
});

function newStore(dbName = `outbox-test-${++dbCount}`): OutboxStore {
  const store = createOutboxStore(dbName);
  stores.push(store);
  return store;
}

const NOW = Date.UTC(2026, 10, 20, 21, 4);
function action(key: string, userId = "ana", queuedAt = NOW): QueuedAction {
  return { key, userId, name: "events:join", args: { eventId: key }, queuedAt };
}

/** A sender whose sends are recorded and answered by `answer`; runs until `done` is true. */
async function runUntil(
  store: OutboxStore,
  answer: (action: QueuedAction) => Promise<unknown>,
  done: (settled: [string, string | null][]) => boolean,
  userId: () => string | null = () => "ana",
) {
  const sent: string[] = [];
  const settled: [string, string | null][] = [];
  const sender = createSender({
    store,
    userId,
    now: () => NOW,
    send: (queued) => {
      sent.push(queued.key);
      return answer(queued);
    },
    settled: (queued, refusal) => {
      settled.push([queued.key, refusal]);
      if (done(settled)) sender.stop();
    },
  });
  await sender.run();
  return { sent, settled };
}

describe("the outbox on the device", () => {
  it("keeps each user's actions in the order they were queued, across a reopen", async () => {
    const dbName = `outbox-test-${++dbCount}`;
    const store = newStore(dbName);
    await store.add(action("b"));
    await store.add(action("x", "sam"));
    await store.add(action("a"));
    await store.close();
    const reopened = newStore(dbName);
    expect((await reopened.list("ana")).map((queued) => queued.key)).toEqual(["b", "a"]);
    expect((await reopened.list("sam")).map((queued) => queued.key)).toEqual(["x"]);
    await reopened.remove("b");
    expect((await reopened.list("ana")).map((queued) => queued.key)).toEqual(["a"]);
    await reopened.wipe();
    expect(await reopened.list("sam")).toEqual([]);
  });
});

describe("sending the outbox", () => {
  it("sends in order, one after the other, and empties the outbox", async () => {
    const store = newStore();
    for (const key of ["1", "2", "3"]) await store.add(action(key));
    let inFlight = 0;
    const { sent, settled } = await runUntil(
      store,
      async () => {
        inFlight += 1;
        expect(inFlight).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight -= 1;
      },
      (done) => done.length === 3,
    );
    expect(sent).toEqual(["1", "2", "3"]);
    expect(settled).toEqual([
      ["1", null],
      ["2", null],
      ["3", null],
    ]);
    expect(await store.list("ana")).toEqual([]);
  });

  it("a refusal leaves the outbox with the server's message, and the next action still goes", async () => {
    const store = newStore();
    await store.add(action("deleted-session"));
    await store.add(action("fine"));
    const { settled } = await runUntil(
      store,
      (queued) =>
        queued.key === "deleted-session"
          ? Promise.reject(new ConvexError({ code: "NOT_FOUND", message: "Event not found" }))
          : Promise.resolve(),
      (done) => done.length === 2,
    );
    expect(settled).toEqual([
      ["deleted-session", "Event not found"],
      ["fine", null],
    ]);
    expect(await store.list("ana")).toEqual([]);
  });

  it("an error without a message of ours is still reported, never dropped silently", async () => {
    const store = newStore();
    await store.add(action("crashes"));
    const { settled } = await runUntil(
      store,
      () => Promise.reject(new Error("Server Error")),
      (done) => done.length === 1,
    );
    expect(settled).toEqual([["crashes", "The server could not apply it."]]);
  });

  it("keeps the action when the server no longer knows the user, and waits", async () => {
    const store = newStore();
    await store.add(action("later"));
    const sent: string[] = [];
    const sender = createSender({
      store,
      userId: () => "ana",
      now: () => NOW,
      send: (queued) => {
        sent.push(queued.key);
        return Promise.reject(new ConvexError({ code: "NOT_AUTHENTICATED", message: "Sign in" }));
      },
      settled: () => expect.unreachable("nothing settles"),
    });
    const running = sender.run();
    await expect.poll(() => sent.length).toBe(1);
    sender.stop();
    await running;
    expect((await store.list("ana")).map((queued) => queued.key)).toEqual(["later"]);
  });

  it("does not send an action queued more than a week ago (its key may be forgotten)", async () => {
    const store = newStore();
    await store.add(action("stale", "ana", NOW - OUTBOX_MAX_AGE_MS - 1));
    const { sent, settled } = await runUntil(
      store,
      () => Promise.resolve(),
      (done) => done.length === 1,
    );
    expect(sent).toEqual([]);
    expect(settled).toEqual([["stale", OUTBOX_TOO_OLD_MESSAGE]]);
  });

  it("sends only the signed-in user's actions, and waits for a wake when there are none", async () => {
    const store = newStore();
    await store.add(action("theirs", "sam"));
    const sent: string[] = [];
    const sender = createSender({
      store,
      userId: () => "ana",
      now: () => NOW,
      send: (queued) => {
        sent.push(queued.key);
        return Promise.resolve();
      },
      settled: () => sender.stop(),
    });
    const running = sender.run();
    await store.add(action("mine"));
    sender.wake();
    await running;
    expect(sent).toEqual(["mine"]);
    expect((await store.list("sam")).map((queued) => queued.key)).toEqual(["theirs"]);
  });
});
