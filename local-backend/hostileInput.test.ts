/**
 * Hostile input never takes the local backend down (issue 16). The backend
 * runs in its own process, so a crash shows as a death instead of taking the
 * test with it. Named cases first (the frames and bodies that used to kill it
 * or answer 500), then fuzzing from a fixed, printed seed: random and damaged
 * sync frames and HTTP function-API requests, while a normal client on its own
 * connection keeps a live query and writes — it must see every write arrive,
 * and nothing may be lost.
 *
 * Another seed: `FUZZ_SEED=<n> npx vitest run local-backend/hostileInput.test.ts`.
 */
import { once } from "node:events";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import WebSocket from "ws";
import { api } from "./fixtures/convex/_generated/api.js";
import { MAX_MESSAGE_BYTES } from "./inbound.ts";
import { freePort, spawnBackend, type ChildBackend } from "./test/childBackend.ts";
import { connect, httpClient, nextValue, removeDir, tempDataDir } from "./test/harness.ts";
import {
  connectionScript,
  httpRequest,
  type Frame,
  type HttpRequest,
} from "./test/hostileInput.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 16_016);
/** Runs of a few connections (or requests) each: about 5,000 frames and 1,500 requests. */
const SYNC_RUNS = 160;
const HTTP_RUNS = 200;
const CLOSE_TIMEOUT_MS = 15_000;

const CLOSE_NORMAL = 1000; // after an AuthError
const CLOSE_PROTOCOL_ERROR = 1002;
const CLOSE_ABNORMAL = 1006; // no close frame: the client was still writing an oversized frame
const CLOSE_INVALID_UTF8 = 1007;
const CLOSE_TOO_BIG = 1009;

/** A request the backend answers only after everything the connection sent before it (mutations run in order). */
const PROBE = JSON.stringify({
  type: "Mutation",
  requestId: 2 ** 32 - 1,
  udfPath: "fuzz:probe",
  args: [{}],
});

let dataDir: string;
let backend: ChildBackend;
beforeAll(async () => {
  dataDir = tempDataDir();
  backend = await spawnBackend(dataDir, await freePort());
});
afterAll(async () => {
  await backend?.kill();
  removeDir(dataDir);
});

type Ending = { code: number; reason: string; errors: string[]; sent: number };

/** Every connection this file plays, to check that the backend logs at most one line each. */
const played = { connections: 0, protocolErrors: 0 };

/**
 * Sends a connection's frames, lets the backend finish what they started
 * (the probe), then sends a malformed frame; resolves with how the backend
 * closed the connection and how many of the frames went out.
 */
async function play(frames: Array<Pick<Frame, "data" | "binary">>): Promise<Ending> {
  const socket = new WebSocket(`${backend.url.replace(/^http/, "ws")}/api/1.48.0/sync`);
  const errors: string[] = [];
  let answered = () => {};
  const probeAnswered = new Promise<void>((resolve) => (answered = resolve));
  socket.on("message", (data: Buffer) => {
    const message = JSON.parse(data.toString("utf8")) as {
      type: string;
      error?: string;
      requestId?: number;
    };
    if (message.type === "FatalError" || message.type === "AuthError")
      errors.push(`${message.type}: ${message.error}`);
    if (message.type === "MutationResponse" && message.requestId === 2 ** 32 - 1) answered();
  });
  // Writing after the backend closed fails; kept for the report, the close code tells what happened.
  socket.on("error", (error) => errors.push(`socket: ${error.message}`));
  const closed = new Promise<Omit<Ending, "sent">>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: reason.toString(), errors })),
  );
  await once(socket, "open");
  let sent = 0;
  for (const frame of frames) {
    if (socket.readyState !== WebSocket.OPEN) break;
    socket.send(frame.data, { binary: frame.binary });
    sent++;
  }
  if (socket.readyState === WebSocket.OPEN) socket.send(PROBE);
  await Promise.race([probeAnswered, closed]);
  if (socket.readyState === WebSocket.OPEN) socket.send("null");
  const ending = await within(closed, CLOSE_TIMEOUT_MS, "the backend never closed");
  played.connections++;
  if (ending.code === CLOSE_PROTOCOL_ERROR) played.protocolErrors++;
  return { ...ending, sent };
}

/** Why an ending is not one the backend may give these frames, or null. */
function wrongEnding(frames: Frame[], { code, reason, errors }: Ending): string | null {
  const fatal = errors.some((e) => e.startsWith("FatalError: ProtocolError: "));
  if (code === CLOSE_PROTOCOL_ERROR && reason.startsWith("ProtocolError: ") && fatal) return null;
  if (code === CLOSE_NORMAL && errors.some((e) => e.startsWith("AuthError: "))) return null;
  const oversized = frames.some((f) => f.oversized);
  if (oversized && (code === CLOSE_TOO_BIG || code === CLOSE_ABNORMAL)) return null;
  const invalidUtf8 = frames.some((f) => typeof f.data !== "string" && !f.binary);
  if (invalidUtf8 && code === CLOSE_INVALID_UTF8) return null;
  return `closed with ${code} "${reason}" after ${JSON.stringify(errors)}`;
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(what)), ms))),
  ]);
}

const connectFrame = (): Frame => ({
  data: JSON.stringify({ type: "Connect", sessionId: crypto.randomUUID(), connectionCount: 0 }),
  binary: false,
  oversized: false,
});
const text = (value: unknown): Frame => ({
  data: JSON.stringify(value),
  binary: false,
  oversized: false,
});

async function call(request: HttpRequest): Promise<{ status: number; body: string }> {
  const response = await fetch(`${backend.url}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  return { status: response.status, body: await response.text() };
}

const post = (path: string, body: string): HttpRequest => ({
  path,
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body,
  oversized: false,
});

/** Why a response is not one the backend may give this request, or null. */
function wrongResponse(request: HttpRequest, { status, body }: { status: number; body: string }) {
  if (request.oversized !== (status === 413))
    return `${status} for a body of ${request.oversized ? "over" : "under"} the limit`;
  if (![200, 204, 400, 401, 404, 413, 560].includes(status)) return `${status}: ${body}`;
  if (status === 400 || status === 413) {
    const error = JSON.parse(body) as { code?: unknown; message?: unknown };
    if (typeof error.code !== "string" || typeof error.message !== "string")
      return `${status} without a JSON error: ${body}`;
  }
  return null;
}

describe("what used to take the backend down (issue 16)", () => {
  test("a malformed frame closes only its own connection, with a protocol error and a reason", async () => {
    const bystander = connect({ cloudUrl: backend.url });
    const cases: Array<[string, Frame[]]> = [
      ["the JSON value null", [text(null)]],
      [
        "an Action without udfPath",
        [connectFrame(), text({ type: "Action", requestId: 0, args: [{}] })],
      ],
      [
        "a Mutation before Connect",
        [text({ type: "Mutation", requestId: 0, udfPath: "messages:send", args: [{}] })],
      ],
      [
        "a binary frame",
        [connectFrame(), { data: Uint8Array.of(1, 2), binary: true, oversized: false }],
      ],
    ];
    for (const [name, frames] of cases) {
      // No probe answer or sentinel is needed: the first malformed frame ends it.
      const ending = await play(frames);
      expect(ending.code, name).toBe(CLOSE_PROTOCOL_ERROR);
      expect(ending.reason, name).toMatch(/^ProtocolError: /);
    }
    const tooBig = await play([
      connectFrame(),
      { data: "x".repeat(MAX_MESSAGE_BYTES + 1), binary: false, oversized: true },
    ]);
    expect([CLOSE_TOO_BIG, CLOSE_ABNORMAL]).toContain(tooBig.code);
    expect(backend.alive()).toBe(true);
    expect(await bystander.query(api.messages.list, { channel: "nobody" })).toEqual([]);
    await bystander.close();
  });

  test("a malformed HTTP function call is the caller's 400 with a JSON error; a too large one 413", async () => {
    const requests = [
      post("/api/query", "{not json"),
      post("/api/query", JSON.stringify({ path: 42, args: [{}] })),
      post("/api/mutation", JSON.stringify({ path: "messages:send", args: {} })),
      post("/api/function", JSON.stringify({ path: "messages:list", args: [] })),
      post("/api/query", "[".repeat(100_000)),
    ];
    const answers = await Promise.all(requests.map(call));
    for (const [i, answer] of answers.entries()) {
      expect(answer.status, answer.body).toBe(400);
      expect(wrongResponse(requests[i], answer)).toBeNull();
    }
    expect(answers[1].body).toMatch(/"message":"Invalid request body: path: /);
    const tooLarge = await call({
      ...post("/api/mutation", "x".repeat(MAX_MESSAGE_BYTES + 1)),
      oversized: true,
    });
    expect(tooLarge.status).toBe(413);
  });
});

/** A well-behaved user: a live query on its channel and one write at a time, each of which it must see arrive live. */
class NormalClient {
  private readonly client = connect({ cloudUrl: backend.url });
  private stopped = false;
  writes = 0;

  /** Writes until stopped; rejects at the first write it does not see, or any that is lost. */
  async run(): Promise<void> {
    while (!this.stopped) await this.fillChannel(`normal-${crypto.randomUUID()}`);
  }

  stop(): { connections: number } {
    this.stopped = true;
    return { connections: this.client.connectionState().connectionCount };
  }

  close(): Promise<void> {
    return this.client.close();
  }

  /** Up to 90 writes in one channel (`messages:list` shows 100). */
  private async fillChannel(channel: string): Promise<void> {
    let live: string[] = [];
    const unsubscribe = this.client.onUpdate(api.messages.list, { channel }, (v) => (live = v));
    await nextValue<string[]>(
      (cb, err) => this.client.onUpdate(api.messages.list, { channel }, cb, err),
      () => true,
    );
    const written: string[] = [];
    while (!this.stopped && written.length < 90) {
      const body = `m${written.length}`;
      await this.client.mutation(api.messages.send, { channel, body });
      written.push(body);
      this.writes++;
      // The live query shows a write by the time the write is acknowledged.
      if (live.join() !== written.join())
        throw new Error(`after writing ${body} the live query showed ${JSON.stringify(live)}`);
    }
    unsubscribe();
    const stored = await httpClient({ cloudUrl: backend.url }).query(api.messages.list, {
      channel,
    });
    if (stored.join() !== written.join())
      throw new Error(`wrote ${JSON.stringify(written)}, stored ${JSON.stringify(stored)}`);
  }
}

test(`fuzz: thousands of hostile frames and requests, seed ${SEED}`, async () => {
  const totals = { frames: 0, connections: 0, requests: 0 };
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const normal = new NormalClient();
  const normalRun = normal.run().then(
    () => null,
    (error: Error) => error,
  );
  let syncSeconds = "";
  let normalConnections: number;
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.array(connectionScript, { minLength: 1, maxLength: 6 }),
        async (scripts) => {
          const endings = await Promise.all(scripts.map(play));
          scripts.forEach((frames, i) => {
            totals.frames += endings[i].sent;
            totals.connections++;
            const wrong = wrongEnding(frames, endings[i]);
            if (wrong) throw new Error(wrong);
          });
          expectAlive();
        },
      ),
      { seed: SEED, numRuns: SYNC_RUNS },
    );
    syncSeconds = seconds();
    await fc.assert(
      fc.asyncProperty(fc.array(httpRequest, { minLength: 1, maxLength: 12 }), async (requests) => {
        const responses = await Promise.all(requests.map(call));
        totals.requests += requests.length;
        requests.forEach((request, i) => {
          const wrong = wrongResponse(request, responses[i]);
          if (wrong) throw new Error(`${request.method} ${request.path}: ${wrong}`);
        });
        expectAlive();
      }),
      { seed: SEED, numRuns: HTTP_RUNS },
    );
  } finally {
    normalConnections = normal.stop().connections;
    await normalRun;
    await normal.close();
  }
  const deaths = backend.alive() ? 0 : 1;
  console.log(
    `protocol fuzz, seed ${SEED}: ${totals.frames} frames on ${totals.connections} connections, ` +
      `${totals.requests} HTTP requests; normal client: ${normal.writes} writes, all seen live, ` +
      `on ${normalConnections} connection; backend deaths: ${deaths} ` +
      `(sync ${syncSeconds} s, in all ${seconds()} s)`,
  );
  expect(deaths).toBe(0);
  expect(await normalRun).toBeNull();
  expect(normal.writes).toBeGreaterThan(0);
  // Never dropped: the normal client's first connection served it throughout.
  expect(normalConnections).toBe(1);
  expect(totals.frames).toBeGreaterThanOrEqual(3_000);
  expect(totals.requests).toBeGreaterThanOrEqual(1_000);
  // Every protocol error is logged, and no connection more than once (whatever else it sent).
  const logged = () => backend.output().match(/^sync: /gm)?.length ?? 0;
  await until(() => logged() >= played.protocolErrors, "the protocol errors are logged");
  expect(logged()).toBeLessThanOrEqual(played.connections);
}, 120_000);

function expectAlive(): void {
  if (!backend.alive()) throw new Error(`the backend died:\n${backend.output().slice(-4000)}`);
}

/** Resolves once `condition` holds (checked every 20 ms), or fails after 5 s. */
function until(condition: () => boolean, what: string): Promise<void> {
  return within(
    new Promise<void>((resolve) => {
      const check = () => (condition() ? resolve() : void setTimeout(check, 20));
      check();
    }),
    5_000,
    `timed out waiting until ${what}`,
  );
}
