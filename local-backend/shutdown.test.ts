/**
 * A clean stop (SIGTERM, SIGINT, `LocalBackend.stop`) keeps every write it
 * acknowledged, also those it acknowledged after the signal: new work is
 * refused, what is under way is finished and answered, and everything is on
 * disk before the process exits. No scheduled function or cron starts
 * meanwhile; past the deadline the process exits without answering more.
 */
import { EventEmitter, once } from "node:events";
import { ConvexClient } from "convex/browser";
import { afterEach, describe, expect, test, vi } from "vitest";
import WebSocket from "ws";
import { CronRunner } from "./crons.ts";
import type { Engine } from "./engine.ts";
import { api } from "./fixtures/convex/_generated/api.js";
import type { LocalBackend } from "./server.ts";
import { SHUTDOWN_DEADLINE_MS, stopOnSignals } from "./shutdown.ts";
import { backendProcesses, freePort, httpQuery } from "./test/childBackend.ts";
import { httpClient, removeDir, startFixtureBackend, tempDataDir } from "./test/harness.ts";
import { MutationSender } from "./test/mutationSender.ts";
import { WriteLoad, writtenMessages } from "./test/writeLoad.ts";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function dataDirForTest(): string {
  const dataDir = tempDataDir();
  cleanups.push(() => removeDir(dataDir));
  return dataDir;
}

/** Waiting for a condition on a busy 2-core machine (the whole `npm test` runs at once). */
const POLL = { timeout: 15_000 };

const bodies = async (url: string, channel: string) =>
  (await writtenMessages(url)).filter((m) => m.channel === channel).map((m) => m.body);

describe("a clean stop under load (SIGTERM, SIGINT)", () => {
  test("signals at random moments under 20 concurrent writers, and a mutation sent at each signal: every acknowledged write kept, none twice, the same state at every restart", async () => {
    const ROUNDS = 10;
    const dataDir = dataDirForTest();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const restart = backendProcesses(dataDir, port, (kill) => cleanups.push(kill));
    let backend = await restart();
    // Clients of both kinds: sync connections, and the HTTP function API (`ConvexHttpClient`).
    const load = new WriteLoad(url, { sync: 10, http: 10 });
    cleanups.push(() => load.close());

    let acknowledgedAfterSignals = 0;
    const atTheSignal = { acknowledgedAndKept: 0, answeredAfterTheRestart: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const client = new MutationSender(url);
      cleanups.push(() => client.close());
      await client.connected();
      // The test's input: when the signal comes.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2_000));
      const signalledAt = performance.now();
      const connectionsAtSignal = load.connections();
      const body = `round ${round}`;
      // In the same turn as the signal, just before or just after it; or once the backend says it is stopping.
      const send = () => client.mutation("messages:send", { channel: "at-the-signal", body });
      const when = (["before", "after", "while stopping"] as const)[round % 3];
      const sentBefore = when === "before" ? send() : null;
      const exited = backend.signal(round % 2 === 0 ? "SIGTERM" : "SIGINT");
      let sentAtTheSignal = sentBefore ?? (when === "after" ? send() : null);
      if (!sentAtTheSignal) {
        await expect.poll(() => backend.output(), POLL).toMatch(/(SIGTERM|SIGINT): stopping/);
        sentAtTheSignal = send();
      }
      expect(await exited, backend.output()).toBe(0);
      const exitedAt = performance.now();

      backend = await restart();
      // Answered by the stopping backend (its first connection), or re-sent and answered now.
      const { connection } = await sentAtTheSignal;
      if (connection === 1) atTheSignal.acknowledgedAndKept++;
      else atTheSignal.answeredAfterTheRestart++;
      client.close();
      const acknowledged = new Set(load.acknowledged);
      const messages = await writtenMessages(backend.url);
      load.check(messages, acknowledged);
      expect(
        messages.filter((m) => m.body === body).length,
        "the mutation sent at the signal",
      ).toBe(1);
      // By the stopping backend: on a sync writer's connection of then, or (HTTP) before it exited.
      acknowledgedAfterSignals += load.acknowledgements.filter(
        (a) =>
          a.at > signalledAt &&
          (a.writer < connectionsAtSignal.length
            ? a.connection === connectionsAtSignal[a.writer]
            : a.at < exitedAt),
      ).length;
    }
    await load.stop();

    // Quiet now: however it stops, the backend comes back with the very same state.
    const settled = await writtenMessages(backend.url);
    load.check(settled, load.acknowledged);
    for (const stop of ["SIGTERM", "SIGKILL", "SIGINT", "SIGTERM"] as const) {
      if (stop === "SIGKILL") await backend.kill();
      else expect(await backend.signal(stop)).toBe(0);
      backend = await restart();
      expect(await writtenMessages(backend.url)).toEqual(settled);
    }
    console.log(
      `clean stop under load: ${ROUNDS} rounds, ${load.acknowledged.size} writes acknowledged, ` +
        `${acknowledgedAfterSignals} of them by the stopping backend after its signal, 0 lost; ` +
        `the mutation sent at the signal: ${atTheSignal.acknowledgedAndKept}× acknowledged and kept, ` +
        `${atTheSignal.answeredAfterTheRestart}× answered after the restart (applied once)`,
    );
    // The stops really happened under load, with writes under way at each signal.
    expect(load.lastAcknowledged.every((i) => i >= 5)).toBe(true);
    expect(acknowledgedAfterSignals).toBeGreaterThanOrEqual(ROUNDS);
  }, 180_000);

  test("past the deadline the process exits without answering what is still under way; what it acknowledged is kept", async () => {
    const dataDir = dataDirForTest();
    const port = await freePort();
    const restart = backendProcesses(dataDir, port, (kill) => cleanups.push(kill), {
      shutdownDeadlineMs: 300,
    });
    let backend = await restart();
    await httpClient({ cloudUrl: backend.url }).mutation(api.messages.send, {
      channel: "deadline",
      body: "acknowledged",
    });
    // An action that runs until released, which nobody does.
    const socket = new WebSocket(`${backend.url.replace(/^http/, "ws")}/api/1.48.0/sync`);
    cleanups.push(() => socket.terminate());
    const received: string[] = [];
    socket.on("message", (data: Buffer) =>
      received.push((JSON.parse(data.toString()) as { type: string }).type),
    );
    const closed = once(socket, "close");
    await once(socket, "open");
    socket.send(
      JSON.stringify({ type: "Connect", sessionId: crypto.randomUUID(), connectionCount: 0 }),
    );
    socket.send(
      JSON.stringify({
        type: "Action",
        requestId: 0,
        udfPath: "slow:untilReleased",
        args: [{ key: "never" }],
      }),
    );
    await expect.poll(() => bodies(backend.url, "started-never"), POLL).toEqual(["started-never"]);

    expect(await backend.signal("SIGTERM")).toBe(1);
    expect(backend.output()).toMatch(/not stopped after 0\.3 s: exiting without answering/);
    await closed;
    expect(received).not.toContain("ActionResponse");
    backend = await restart();
    expect(await bodies(backend.url, "deadline")).toEqual(["acknowledged"]);
  });
});

describe("what is under way when the stop begins", () => {
  test("a mutation under way is acknowledged and kept; one that arrives after is not, and the Convex client's retry against the restarted backend applies it once", async () => {
    const dataDir = dataDirForTest();
    const port = await freePort();
    let backend = await startFixtureBackend({ dataDir, port, sitePort: 0 });
    cleanups.push(() => backend.stop());
    const client = connectClient(backend.cloudUrl);
    cleanups.push(() => client.close());
    const answered: string[] = [];
    const send = (body: string) =>
      client
        .mutation(api.messages.send, { channel: "under-way", body })
        .then(() => void answered.push(body));

    // The stop begins just as the first mutation commits: it is under way, not yet on disk nor answered.
    const during: { stopped?: Promise<void>; arrivesAfter?: Promise<void> } = {};
    backend.engine.onCommit((commit) => {
      if (during.stopped || !commit.writes.some((w) => w.after?.body === "under way")) return;
      during.stopped = backend.stop();
      during.arrivesAfter = send("arrives after");
    });
    await send("under way");
    await during.stopped;
    expect(answered).toEqual(["under way"]);

    backend = await startFixtureBackend({ dataDir, port, sitePort: 0 });
    await during.arrivesAfter;
    expect(answered).toEqual(["under way", "arrives after"]);
    expect(await bodies(backend.cloudUrl, "under-way")).toEqual(["under way", "arrives after"]);
  });

  test("while stopping, new HTTP calls answer 503 and new connections are turned away; a call under way is answered", async () => {
    const backend = await startFixtureBackend();
    cleanups.push(() => backend.stop());
    const http = httpClient(backend);
    const action = http.action(api.slow.untilReleased, { key: "http" });
    await expect
      .poll(() => http.query(api.messages.list, { channel: "started-http" }), POLL)
      .toEqual(["started-http"]);

    const stopped = backend.stop();
    const refused = await fetch(`${backend.cloudUrl}/api/query`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: "messages:list", args: [{ channel: "x" }] }),
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await refused.json()).toMatchObject({ code: "ServiceUnavailable" });
    expect((await fetch(`${backend.siteUrl}/hello`)).status).toBe(503);
    const socket = new WebSocket(`${backend.cloudUrl.replace(/^http/, "ws")}/api/1.48.0/sync`);
    socket.on("error", () => {});
    const [, response] = (await once(socket, "unexpected-response")) as [
      unknown,
      { statusCode: number },
    ];
    expect(response.statusCode).toBe(503);

    await release(backend, "http");
    expect(await action).toBe("released");
    await stopped;
  });

  test("a scheduled function whose time comes during the stop does not start; it runs once after the restart", async () => {
    const dataDir = dataDirForTest();
    const logged: string[] = [];
    const backend = await startFixtureBackend({ dataDir, log: (line) => logged.push(line) });
    const jobStates: string[] = [];
    const during: { stopped?: Promise<void> } = {};
    backend.engine.onCommit((commit) => {
      for (const write of commit.writes)
        if (write.after?.name === "messages:sendInternal")
          jobStates.push((write.after.state as { kind: string }).kind);
      // The stop begins as the mutation that schedules the job (at once) commits.
      if (jobStates.length > 0) during.stopped ??= backend.stop();
    });
    await httpClient(backend).mutation(api.messages.sendLater, {
      channel: "later",
      body: "later",
      delayMs: 0,
    });
    await during.stopped;
    await expect
      .poll(() => logged.join("\n"), POLL)
      .toMatch(
        /scheduled function messages:sendInternal \(\w+\) not started: the backend is stopping/,
      );
    expect(jobStates).toEqual(["pending"]);

    const restarted = await startFixtureBackend({ dataDir });
    cleanups.push(() => restarted.stop());
    await expect
      .poll(() => httpQuery(restarted.cloudUrl, "messages:jobs"), POLL)
      .toEqual([{ name: "messages:sendInternal", state: "success" }]);
    expect(await bodies(restarted.cloudUrl, "later")).toEqual(["later"]);
  });
});

describe("crons during the stop", () => {
  test("no cron job starts once the backend stops; a run under way is finished first", async () => {
    vi.useFakeTimers();
    cleanups.push(() => void vi.useRealTimers());
    let finishRun = () => {};
    const runs: string[] = [];
    const engine = {
      loadFunctionModule: () =>
        Promise.resolve({
          default: {
            crons: {
              tick: {
                name: "messages:sendInternal",
                args: [{}],
                schedule: { type: "interval", seconds: 1 },
              },
            },
          },
        }),
      describeFunction: () => Promise.resolve({ kind: "mutation", visibility: "internal" }),
      decodeArgs: () => Promise.resolve({}),
      runFunction: () => {
        runs.push("started");
        return new Promise<null>((resolve) => (finishRun = () => resolve(null)));
      },
    } as unknown as Engine;
    const crons = new CronRunner(engine, () => {});
    await crons.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toEqual(["started"]);

    let stopped = false;
    const stopping = crons.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(stopped).toBe(false);
    finishRun();
    await stopping;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toEqual(["started"]);
    await crons.start(); // a code reload after the stop arms nothing
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toEqual(["started"]);
  });
});

describe("the signal handler", () => {
  function handler(stop: () => Promise<void>) {
    vi.useFakeTimers();
    cleanups.push(() => void vi.useRealTimers());
    const signals = new EventEmitter();
    const exits: number[] = [];
    stopOnSignals(
      { stop },
      {
        signals: signals as unknown as NodeJS.Process,
        exit: (code) => void exits.push(code),
        log: () => {},
      },
    );
    return { exits, signal: (name: string) => signals.emit(name, name) };
  }

  test("the stop ends the process with 0; a repeat of the signal within a second is its echo (npm's), a later one exits at once", async () => {
    let finish = () => {};
    const { exits, signal } = handler(() => new Promise<void>((resolve) => (finish = resolve)));
    signal("SIGINT");
    await vi.advanceTimersByTimeAsync(500);
    signal("SIGINT");
    expect(exits).toEqual([]);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(exits).toEqual([0]);

    const second = handler(() => new Promise<void>(() => {}));
    second.signal("SIGTERM");
    await vi.advanceTimersByTimeAsync(1_500);
    second.signal("SIGTERM");
    expect(second.exits).toEqual([1]);
  });

  test("past the deadline (10 s) it exits with 1", async () => {
    const { exits, signal } = handler(() => new Promise<void>(() => {}));
    signal("SIGHUP");
    await vi.advanceTimersByTimeAsync(SHUTDOWN_DEADLINE_MS - 1);
    expect(exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(exits).toEqual([1]);
  });
});

/** The unmodified Convex client, quiet about its reconnects. */
function connectClient(url: string): ConvexClient {
  return new ConvexClient(url, {
    webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
    unsavedChangesWarning: false,
    logger: false,
  });
}

/** Lets `slow:untilReleased` with this key return (written past the server, which refuses requests while stopping). */
async function release(backend: LocalBackend, key: string): Promise<void> {
  await backend.engine.runInTransaction(async (ctx) => {
    await ctx.db.insert("messages", { channel: `release-${key}`, body: "" });
  });
}
