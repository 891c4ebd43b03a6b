/**
 * Hostile input never takes the local backend down. The backend
 * runs in its own process, so a crash shows as a death instead of taking the
 * test with it. Named cases first (the frames and bodies that used to kill it
 * or answer 500), then fuzzing from a fixed, printed seed: random and damaged
 * sync frames and HTTP function-API requests, while a normal client on its own
 * connection keeps a live query and writes — it must see every write arrive,
 * and nothing may be lost. Arguments a function's validator refuses (object
 * arguments set to null, fields named like inherited properties) must be
 * answered with Convex's validator error naming the field, never a crash of
 * the check.
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
/**
 * Batches of 6 connections or 12 requests at once, each batch with one write
 * of the normal client: 450 connections (about 2,700 frames) and 1,008
 * requests, under a minute on a loaded 2-core machine.
 */
const SYNC_BATCHES = 75;
const CONNECTIONS_PER_BATCH = 6;
const HTTP_BATCHES = 84;
const REQUESTS_PER_BATCH = 12;
const CLOSE_TIMEOUT_MS = 15_000;
/**
 * No shrinking: once the backend is dead every run fails alike, so the report
 * names the batch that failed first; the seed and the printed path replay it.
 */
const FUZZ = { seed: SEED, endOnFailure: true };

const CLOSE_NORMAL = 1000; // after an AuthError
const CLOSE_PROTOCOL_ERROR = 1002;
const CLOSE_ABNORMAL = 1006; // no close frame: the client was still writing an oversized frame
const CLOSE_INVALID_UTF8 = 1007;
const CLOSE_TOO_BIG = 1009;

/**
 * A request the backend answers only after everything the connection sent
 * before it (a connection's mutations run in order); its request ids count
 * down from the largest, far from the generated ones.
 */
const probe = (requestId: number) =>
  JSON.stringify({ type: "Mutation", requestId, udfPath: "fuzz:probe", args: [{}] });
const FIRST_PROBE_ID = 2 ** 32 - 1;

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
 * Sends a connection's frames one at a time, each followed by a probe so the
 * backend has finished with it before the next (otherwise the first malformed
 * frame of a burst would end the connection before the valid ones before it
 * ran), then a malformed frame; resolves with how the backend closed the
 * connection and how many of the frames went out.
 */
async function play(frames: Array<Pick<Frame, "data" | "binary">>): Promise<Ending> {
  const socket = new WebSocket(`${backend.url.replace(/^http/, "ws")}/api/1.48.0/sync`);
  const errors: string[] = [];
  let answered: (requestId: number) => void = () => {};
  socket.on("message", (data: Buffer) => {
    const message = JSON.parse(data.toString("utf8")) as {
      type: string;
      error?: string;
      requestId?: number;
    };
    if (message.type === "FatalError" || message.type === "AuthError")
      errors.push(`${message.type}: ${message.error}`);
    if (message.type === "MutationResponse") answered(message.requestId!);
  });
  // Writing after the backend closed fails; kept for the report, the close code tells what happened.
  socket.on("error", (error) => errors.push(`socket: ${error.message}`));
  const closed = new Promise<Omit<Ending, "sent">>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: reason.toString(), errors })),
  );
  await once(socket, "open").catch((error: Error) => failBatch(error.message));
  const settle = (requestId: number) => {
    const probed = new Promise<void>(
      (resolve) => (answered = (id) => (id === requestId ? resolve() : undefined)),
    );
    socket.send(probe(requestId));
    return Promise.race([probed, closed]);
  };
  let sent = 0;
  for (const frame of frames) {
    if (socket.readyState !== WebSocket.OPEN) break;
    socket.send(frame.data, { binary: frame.binary });
    sent++;
    if (socket.readyState === WebSocket.OPEN) await settle(FIRST_PROBE_ID - sent);
  }
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
  const failure =
    status === 560 ? (JSON.parse(body) as { errorMessage: string }).errorMessage : null;
  // Arguments the validator refuses are the caller's mistake: never a crash inside the check.
  if (failure !== null && CHECK_CRASHED.test(failure))
    return `the argument check crashed: ${failure}`;
  if (request.failsWith && !(failure !== null && request.failsWith.test(failure)))
    return `${status} instead of an error matching ${String(request.failsWith)}: ${body}`;
  return null;
}

/** What a JavaScript error inside an argument check (rather than a validator error) looks like. */
const CHECK_CRASHED = /TypeError|Cannot convert undefined or null to object|Cannot read properties/;

describe("what used to take the backend down", () => {
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

  test("an object argument set to null is a validator error naming the field, not a crash of the check", async () => {
    const answer = await call(
      post(
        "/api/mutation",
        JSON.stringify({ path: "args:subscribe", args: [{ endpoint: "e", keys: null }] }),
      ),
    );
    expect(answer.status).toBe(560);
    expect(JSON.parse(answer.body)).toMatchObject({
      errorMessage: expect.stringMatching(
        /^ArgumentValidationError: Value does not match validator\.\nPath: \.keys\nValue: null\n/,
      ) as unknown,
    });
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

/**
 * A well-behaved user on its own connection: a live query on its channel and
 * one write per fuzz batch, each of which must show in the live query by the
 * time it is acknowledged; what it wrote must be what is stored.
 */
class NormalClient {
  private readonly client = connect({ cloudUrl: backend.url });
  private channel: { name: string; live: string[]; written: string[]; stop: () => void } | null =
    null;
  writes = 0;

  async write(): Promise<void> {
    const channel = (this.channel ??= await this.watch(`normal-${crypto.randomUUID()}`));
    const body = `m${channel.written.length}`;
    await this.client.mutation(api.messages.send, { channel: channel.name, body });
    channel.written.push(body);
    this.writes++;
    if (channel.live.join() !== channel.written.join())
      throw new Error(
        `after writing ${body} the live query showed ${JSON.stringify(channel.live)}`,
      );
    // `messages:list` shows 100 messages: a new channel before that.
    if (channel.written.length === 90) {
      await this.expectStored();
      channel.stop();
      this.channel = null;
    }
  }

  /** Nothing lost: the channel as stored is exactly what was written. */
  async expectStored(): Promise<void> {
    if (!this.channel) return;
    const { name, written } = this.channel;
    const stored = await httpClient({ cloudUrl: backend.url }).query(api.messages.list, {
      channel: name,
    });
    if (stored.join() !== written.join())
      throw new Error(`wrote ${JSON.stringify(written)}, stored ${JSON.stringify(stored)}`);
  }

  /** How many times it connected: 1 unless the backend dropped it. */
  connections(): number {
    return this.client.connectionState().connectionCount;
  }

  close(): Promise<void> {
    return this.client.close();
  }

  private async watch(name: string) {
    const channel = { name, live: [] as string[], written: [] as string[], stop: () => {} };
    channel.stop = this.client.onUpdate(api.messages.list, { channel: name }, (v) => {
      channel.live = v;
    });
    await nextValue<string[]>(
      (cb, err) => this.client.onUpdate(api.messages.list, { channel: name }, cb, err),
      () => true,
    );
    return channel;
  }
}

test(`fuzz: thousands of hostile frames and requests, seed ${SEED}`, async () => {
  const totals = { frames: 0, connections: 0, requests: 0, malformedArguments: 0 };
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const normal = new NormalClient();
  let syncSeconds = "unfinished";
  let normalConnections = 0;
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.array(connectionScript, {
          minLength: CONNECTIONS_PER_BATCH,
          maxLength: CONNECTIONS_PER_BATCH,
        }),
        async (scripts) => {
          const [endings] = await Promise.all([Promise.all(scripts.map(play)), normal.write()]);
          for (const [i, frames] of scripts.entries()) {
            totals.frames += endings[i].sent;
            totals.connections++;
            const wrong = wrongEnding(frames, endings[i]);
            if (wrong) await failBatch(wrong);
          }
          expectAlive();
        },
      ),
      { ...FUZZ, numRuns: SYNC_BATCHES },
    );
    syncSeconds = seconds();
    await fc.assert(
      fc.asyncProperty(
        fc.array(httpRequest, { minLength: REQUESTS_PER_BATCH, maxLength: REQUESTS_PER_BATCH }),
        async (requests) => {
          const [responses] = await Promise.all([Promise.all(requests.map(call)), normal.write()]);
          totals.requests += requests.length;
          totals.malformedArguments += requests.filter((r) => r.failsWith).length;
          for (const [i, request] of requests.entries()) {
            const wrong = wrongResponse(request, responses[i]);
            if (wrong) await failBatch(`${request.method} ${request.path}: ${wrong}`);
          }
          expectAlive();
        },
      ),
      { ...FUZZ, numRuns: HTTP_BATCHES },
    );
    await normal.expectStored();
  } finally {
    normalConnections = normal.connections();
    console.log(
      `protocol fuzz, seed ${SEED}: ${totals.frames} frames on ${totals.connections} connections, ` +
        `${totals.requests} HTTP requests (${totals.malformedArguments} with object arguments null or extra inherited-name fields); normal client: ${normal.writes} writes on ` +
        `${normalConnections} connection(s); backend deaths: ${backend.alive() ? 0 : 1} ` +
        `(sync ${syncSeconds} s, in all ${seconds()} s)`,
    );
    await normal.close();
  }
  expect(backend.alive(), "the backend died").toBe(true);
  // Never dropped: the normal client's first connection served it throughout.
  expect(normalConnections).toBe(1);
  expect(totals.frames).toBeGreaterThanOrEqual(2_000);
  expect(totals.requests).toBeGreaterThanOrEqual(1_000);
  expect(totals.malformedArguments).toBeGreaterThanOrEqual(100);
  // Every protocol error is logged, and no connection more than once (whatever else it sent).
  const logged = () => backend.output().match(/^sync: /gm)?.length ?? 0;
  expect(await eventually(() => logged() >= played.protocolErrors)).toBe(true);
  expect(logged()).toBeLessThanOrEqual(played.connections);
}, 120_000);

/** Fails the batch; as a death when that is what it was (the backend's exit may not have been seen yet). */
async function failBatch(wrong: string): Promise<never> {
  await eventually(() => !backend.alive());
  expectAlive();
  throw new Error(wrong);
}

/** Fails with the end of the backend's log (its last words name what killed it) once it has died. */
function expectAlive(): void {
  if (!backend.alive())
    throw new Error(
      `the backend died during this batch or just before it:\n${backend.output().slice(-4000)}`,
    );
}

/** Whether `condition` comes to hold within 5 s (checked every 20 ms). */
function eventually(condition: () => boolean): Promise<boolean> {
  const deadline = performance.now() + 5_000;
  return new Promise((resolve) => {
    const check = () =>
      condition() || performance.now() > deadline
        ? resolve(condition())
        : void setTimeout(check, 20);
    check();
  });
}
