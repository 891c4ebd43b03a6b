import type { FileHandle } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ConvexError } from "convex/values";
import WebSocket from "ws";
import { api } from "./fixtures/convex/_generated/api.js";
import type { LocalBackend } from "./server.ts";
import {
  connect,
  httpClient,
  nextValue,
  removeDir,
  startFixtureBackend,
  tempDataDir,
} from "./test/harness.ts";

let backend: LocalBackend;
beforeAll(async () => {
  backend = await startFixtureBackend();
});
afterAll(async () => {
  await backend.stop();
});

const channel = () => `channel-${Math.random().toString(36).slice(2)}`;

describe("live queries over the sync protocol", () => {
  test("a subscriber sees its own mutation", async () => {
    const client = connect(backend);
    const c = channel();
    const updated = nextValue<string[]>(
      (cb, err) => client.onUpdate(api.messages.list, { channel: c }, cb, err),
      (v) => v.includes("hello"),
    );
    await client.mutation(api.messages.send, { channel: c, body: "hello" });
    expect(await updated).toEqual(["hello"]);
    await client.close();
  });

  test("a mutation's promise resolves after its data is visible to the caller", async () => {
    const client = connect(backend);
    const c = channel();
    let latest: string[] = [];
    const unsubscribe = client.onUpdate(api.messages.list, { channel: c }, (v) => (latest = v));
    await nextValue<string[]>(
      (cb, err) => client.onUpdate(api.messages.list, { channel: c }, cb, err),
      () => true,
    );
    await client.mutation(api.messages.send, { channel: c, body: "first" });
    expect(latest).toEqual(["first"]);
    unsubscribe();
    await client.close();
  });

  test("a subscriber sees another connection's write only once it is on disk", async () => {
    const writer = connect(backend);
    const watcher = connect(backend);
    const c = channel();
    await nextValue<string[]>(
      (cb, err) => watcher.onUpdate(api.messages.list, { channel: c }, cb, err),
      () => true,
    );
    // A slow disk: the log's fsync takes 300 ms (queries re-run meanwhile).
    const events: string[] = [];
    const wal = (backend.persistence as unknown as { wal: FileHandle }).wal;
    const datasync = wal.datasync.bind(wal);
    wal.datasync = async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await datasync();
      events.push("on disk");
    };
    const seen = nextValue<string[]>(
      (cb, err) => watcher.onUpdate(api.messages.list, { channel: c }, cb, err),
      (v) => v.includes("durable"),
    ).then(() => events.push("seen"));
    try {
      await writer.mutation(api.messages.send, { channel: c, body: "durable" });
      await seen;
    } finally {
      wal.datasync = datasync;
    }
    expect(events.slice(0, 2)).toEqual(["on disk", "seen"]);
    await Promise.all([writer.close(), watcher.close()]);
  });

  test("a writer's acknowledgement waits for its own queries, not for other people's", async () => {
    const writer = connect(backend);
    const alsoWatching = connect(backend);
    const slowWatcher = connect(backend);
    const c = channel();
    // The writer's query has two watchers, so it re-runs before the single watcher's slow one.
    const stops = await Promise.all(
      [writer, alsoWatching].map(
        (client) =>
          new Promise<() => void>((resolve) => {
            const stop: () => void = client.onUpdate(api.messages.list, { channel: c }, () =>
              resolve(stop),
            );
          }),
      ),
    );
    const events: string[] = [];
    let slowWatcherSaw: (bodies: string[]) => void = () => {};
    const firstResult = new Promise<void>((resolve) => (slowWatcherSaw = () => resolve()));
    const stopWatching = slowWatcher.onUpdate(api.messages.all, {}, (messages) =>
      slowWatcherSaw(messages.map((m) => m.body)),
    );
    await firstResult;
    const slowSeen = new Promise<void>(
      (resolve) =>
        (slowWatcherSaw = (bodies) => {
          if (!bodies.includes("quick")) return;
          events.push("slow watcher updated");
          resolve();
        }),
    );
    const runTrackedQuery = backend.engine.runTrackedQuery.bind(backend.engine);
    backend.engine.runTrackedQuery = async (udfPath, ...rest) => {
      const run = await runTrackedQuery(udfPath, ...rest);
      if (udfPath === "messages:all") {
        await new Promise((resolve) => setTimeout(resolve, 300));
        events.push("slow query ran");
      }
      return run;
    };
    try {
      events.push("write sent");
      await writer.mutation(api.messages.send, { channel: c, body: "quick" });
      events.push("writer acknowledged");
      await slowSeen;
    } finally {
      backend.engine.runTrackedQuery = runTrackedQuery;
      for (const stop of [stopWatching, ...stops]) stop();
    }
    expect(events.slice(events.indexOf("write sent") + 1)).toEqual([
      "writer acknowledged",
      "slow query ran",
      "slow watcher updated",
    ]);
    await Promise.all([writer.close(), alsoWatching.close(), slowWatcher.close()]);
  });

  test("two connections see each other's writes", async () => {
    const alice = connect(backend);
    const bob = connect(backend);
    const c = channel();
    const bobSees = nextValue<string[]>(
      (cb, err) => bob.onUpdate(api.messages.list, { channel: c }, cb, err),
      (v) => v.includes("from alice"),
    );
    const aliceSees = nextValue<string[]>(
      (cb, err) => alice.onUpdate(api.messages.list, { channel: c }, cb, err),
      (v) => v.includes("from bob"),
    );
    await alice.mutation(api.messages.send, { channel: c, body: "from alice" });
    await bob.mutation(api.messages.send, { channel: c, body: "from bob" });
    expect(await bobSees).toContain("from alice");
    expect(await aliceSees).toEqual(["from alice", "from bob"]);
    await Promise.all([alice.close(), bob.close()]);
  });

  test("an action's mutation reaches subscribers", async () => {
    const client = connect(backend);
    const watcher = connect(backend);
    const c = channel();
    const seen = nextValue<string[]>(
      (cb, err) => watcher.onUpdate(api.messages.list, { channel: c }, cb, err),
      (v) => v.includes("via action"),
    );
    expect(
      await client.action(api.messages.sendViaAction, { channel: c, body: "via action" }),
    ).toBe("sent");
    expect(await seen).toEqual(["via action"]);
    await Promise.all([client.close(), watcher.close()]);
  });

  test("a scheduled function's writes reach subscribers", async () => {
    const client = connect(backend);
    const c = channel();
    const seen = nextValue<string[]>(
      (cb, err) => client.onUpdate(api.messages.list, { channel: c }, cb, err),
      (v) => v.includes("later"),
    );
    await client.mutation(api.messages.sendLater, { channel: c, body: "later", delayMs: 200 });
    expect(await seen).toEqual(["later"]);
    await client.close();
  });

  test("what a client's mutation scheduled starts only once that mutation's commit reached its subscribers", async () => {
    const client = connect(backend);
    const c = channel();
    // For each commit that writes a message on this channel: had the hub delivered everything
    // before it when it was made?
    const deliveredBefore: boolean[] = [];
    let previousTs = backend.hub.currentTs;
    const stop = backend.engine.onCommit(({ ts, writes }) => {
      if (writes.some(({ after }) => after?.channel === c))
        deliveredBefore.push(backend.hub.currentTs >= previousTs);
      previousTs = ts;
    });
    const seen = nextValue<string[]>(
      (cb, err) => client.onUpdate(api.messages.list, { channel: c }, cb, err),
      (v) => v.includes("at once"),
    );
    await client.mutation(api.messages.sendLater, { channel: c, body: "at once", delayMs: 0 });
    expect(await seen).toEqual(["at once"]);
    stop();
    expect(deliveredBefore).toEqual([true]);
    await client.close();
  });

  test("crons run on real time", async () => {
    const client = connect(backend);
    const ticks = await nextValue<string[]>(
      (cb, err) => client.onUpdate(api.messages.list, { channel: "cron" }, cb, err),
      (v) => v.length >= 1,
    );
    expect(ticks[0]).toBe("tick");
    await client.close();
  });

  test("a paginated page keeps its boundaries as rows are inserted", async () => {
    const client = connect(backend);
    const c = channel();
    for (const body of ["a", "b", "c", "d"])
      await client.mutation(api.messages.send, { channel: c, body });
    type Page = { page: { body: string }[]; continueCursor: string; isDone: boolean };
    const pages: Page[] = [];
    const unsubscribe = client.onUpdate(
      api.messages.page,
      { channel: c, paginationOpts: { numItems: 2, cursor: null } },
      (value) => pages.push(value as Page),
    );
    const first = await nextValue<Page>(
      (cb, err) =>
        client.onUpdate(
          api.messages.page,
          { channel: c, paginationOpts: { numItems: 2, cursor: null } },
          (v) => cb(v as Page),
          err,
        ),
      () => true,
    );
    expect(first.page.map((m) => m.body)).toEqual(["a", "b"]);
    // A row inserted after the page's end stays out of it…
    await client.mutation(api.messages.send, { channel: c, body: "e" });
    // …and the page still ends where it did.
    expect(pages.at(-1)!.page.map((m) => m.body)).toEqual(["a", "b"]);
    expect(pages.at(-1)!.continueCursor).toBe(first.continueCursor);
    unsubscribe();
    await client.close();
  });
});

describe("errors as Convex reports them", () => {
  test("ConvexError data reaches the client", async () => {
    const client = connect(backend);
    const error = await client.mutation(api.messages.refuse, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConvexError);
    expect((error as ConvexError<{ code: string; message: string }>).data).toEqual({
      code: "NOPE",
      message: "You shall not pass",
    });
    await client.close();
  });

  test("argument validation failures carry a message and write nothing", async () => {
    const client = connect(backend);
    const c = channel();
    const error = await client
      .mutation(api.messages.send, { channel: c, body: 42 as unknown as string })
      .catch((e: unknown) => e as Error);
    expect(String((error as Error).message)).toContain(
      "ArgumentValidationError: Value does not match validator.\nPath: .body\nValue: 42.0\nValidator: v.string()",
    );
    expect(await httpClient(backend).query(api.messages.list, { channel: c })).toEqual([]);
    await client.close();
  });

  test("a failing query is a failed query, and the connection keeps working", async () => {
    const client = connect(backend);
    const failed = await new Promise<Error>((resolve) => {
      client.onUpdate(api.messages.list, { channel: 7 as unknown as string }, () => {}, resolve);
    });
    expect(failed.message).toMatch(/ArgumentValidationError: Value does not match validator/);
    expect(await client.query(api.messages.list, { channel: "nothing-here" })).toEqual([]);
    await client.close();
  });

  test("internal functions are refused to clients", async () => {
    const client = connect(backend);
    const internalRef = "messages:sendInternal" as unknown as typeof api.messages.send;
    await expect(client.mutation(internalRef, { channel: "x", body: "y" })).rejects.toThrow(
      /Could not find public function/,
    );
    await expect(
      httpClient(backend).mutation(internalRef, { channel: "x", body: "y" }),
    ).rejects.toThrow(/Could not find public function/);
    await client.close();
  });
});

describe("HTTP", () => {
  test("ConvexHttpClient runs queries, mutations and actions", async () => {
    const http = httpClient(backend);
    const c = channel();
    await http.mutation(api.messages.send, { channel: c, body: "over http" });
    expect(await http.action(api.messages.sendViaAction, { channel: c, body: "and action" })).toBe(
      "sent",
    );
    expect(await http.query(api.messages.list, { channel: c })).toEqual([
      "over http",
      "and action",
    ]);
    const error = await http.mutation(api.messages.refuse, {}).catch((e: unknown) => e);
    expect((error as ConvexError<{ code: string }>).data.code).toBe("NOPE");
  });

  test("HTTP actions are served on the site origin", async () => {
    await httpClient(backend).mutation(api.messages.send, { channel: "http", body: "hi" });
    const response = await fetch(`${backend.siteUrl}/hello?name=clink`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ hello: "clink", messages: ["hi"] });
    expect((await fetch(`${backend.siteUrl}/nowhere`)).status).toBe(404);
  });
});

describe("file storage", () => {
  test("upload, reference and download a file", async () => {
    const client = connect(backend);
    const uploadUrl = await client.mutation(api.files.generateUploadUrl, {});
    expect(uploadUrl.startsWith(backend.cloudUrl)).toBe(true);
    const upload = await fetch(uploadUrl, {
      method: "POST",
      headers: { "Content-Type": "image/png" },
      body: new Uint8Array([137, 80, 78, 71]),
    });
    const { storageId } = (await upload.json()) as { storageId: string };
    await client.mutation(api.files.save, { storageId: storageId as never });
    const latest = await client.query(api.files.latest, {});
    expect(latest).toMatchObject({ size: 4, contentType: "image/png" });
    const download = await fetch(latest!.url!);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
    // An upload URL works once.
    expect((await fetch(uploadUrl, { method: "POST", body: "again" })).status).toBe(401);
    await client.close();
  });

  test("uploads over the limit are refused clearly", async () => {
    const small = await startFixtureBackend({ maxUploadBytes: 1024 });
    try {
      const uploadUrl = await httpClient(small).mutation(api.files.generateUploadUrl, {});
      const response = await fetch(uploadUrl, { method: "POST", body: new Uint8Array(4096) });
      expect(response.status).toBe(413);
      expect(((await response.json()) as { message: string }).message).toMatch(/larger than/);
    } finally {
      await small.stop();
    }
  });
});

describe("reconnection", () => {
  test("a mutation whose response was lost is applied exactly once after reconnecting", async () => {
    let dropped = false;
    class LossySocket extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols);
        const deliver = (data: WebSocket.RawData) => {
          const message = JSON.parse((data as Buffer).toString("utf8")) as { type: string };
          if (!dropped && message.type === "MutationResponse") {
            dropped = true;
            this.terminate(); // the response never arrives; the client reconnects and re-sends
            return true;
          }
          return false;
        };
        const on = this.on.bind(this);
        this.on = ((event: string, listener: (...args: unknown[]) => void) =>
          on(
            event,
            event === "message"
              ? (data: WebSocket.RawData, isBinary: boolean) =>
                  deliver(data) || listener(data, isBinary)
              : listener,
          )) as typeof this.on;
      }
    }
    const client = connect(backend, LossySocket as unknown as typeof WebSocket);
    const c = channel();
    await client.mutation(api.messages.send, { channel: c, body: "once" });
    expect(dropped).toBe(true);
    expect(await httpClient(backend).query(api.messages.list, { channel: c })).toEqual(["once"]);
    await client.close();
  });
});

describe("components", () => {
  test("a component from convex.config.ts runs, with live queries over its tables", async () => {
    const client = connect(backend);
    const key = channel();
    const exhausted = nextValue<boolean>(
      (cb, err) => client.onUpdate(api.limited.remaining, { key }, cb, err),
      (ok) => !ok,
    );
    expect(await client.mutation(api.limited.shout, { key })).toBe("shouted");
    expect(await client.mutation(api.limited.shout, { key })).toBe("shouted");
    const error = await client.mutation(api.limited.shout, { key }).catch((e: unknown) => e);
    expect((error as ConvexError<{ kind: string }>).data.kind).toBe("RateLimited");
    expect(await exhausted).toBe(false);
    await client.close();
  });
});

describe("admin access", () => {
  test("the operator's admin key runs internal functions; without it they are refused", async () => {
    const { runAsAdmin } = await import("./run.ts");
    const dataDir = backend.dataDir;
    const c = channel();
    await runAsAdmin({
      url: backend.cloudUrl,
      dataDir,
      functionPath: "messages:sendInternal",
      args: { channel: c, body: "by admin" },
    });
    expect(await httpClient(backend).query(api.messages.list, { channel: c })).toEqual([
      "by admin",
    ]);
    const strangerDir = tempDataDir(); // holds a different admin key
    try {
      await expect(
        runAsAdmin({
          url: backend.cloudUrl,
          dataDir: strangerDir,
          functionPath: "messages:sendInternal",
          args: { channel: c, body: "x" },
        }),
      ).rejects.toThrow(/Could not find public function/);
    } finally {
      removeDir(strangerDir);
    }
  });
});
