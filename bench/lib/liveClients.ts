/**
 * The client side of `npm run bench:live`, in a worker thread so that fifty clients decoding
 * their updates do not run on the backend's event loop (on a deployment they are other
 * machines). Subscribers each watch discover, one event page, their own profile and its stats;
 * the writer joins and leaves one event, one write at a time, and every subscriber update it
 * causes is timed from the write's call and from its acknowledgement: when the subscriber's
 * socket receives it, and when its client has applied it (fifty clients take turns on this
 * one thread, so that also counts the wait for the others' turns).
 */
import { parentPort, workerData } from "node:worker_threads";
import { ConvexClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import WebSocket from "ws";

export interface LiveClientsInput {
  cloudUrl: string;
  /** One signed token per client; the last one writes. */
  tokens: string[];
  eventIds: string[];
  target: string;
}

export type LiveClientsCommand =
  { type: "write"; writes: number; pauseMs: number } | { type: "close" };

export type LiveClientsReport =
  | { type: "ready"; subscriptions: number }
  | {
      type: "written";
      fromAck: number[];
      fromCall: number[];
      receivedFromCall: number[];
      acknowledged: number[];
      byQuery: Record<string, number>;
    }
  | { type: "closed" };

const input = workerData as LiveClientsInput;
const port = parentPort!;
const report = (message: LiveClientsReport) => port.postMessage(message);
const ref = <T extends "query" | "mutation">(name: string) => makeFunctionReference<T>(name);
const DISCOVER_ARGS = { paginationOpts: { numItems: 20, cursor: null } };

/** A socket that notes when the last query update (a Transition frame) arrived. */
function timedSocket(arrival: { at: number }) {
  return class extends WebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      // Registered before the client's own handler, so it runs first.
      this.on("message", (data: Buffer) => {
        if (data.subarray(0, 40).includes('"Transition"')) arrival.at = performance.now();
      });
    }
  };
}

const clients = await Promise.all(
  input.tokens.map(async (token) => {
    const arrival = { at: 0 };
    const client = new ConvexClient(input.cloudUrl, {
      webSocketConstructor: timedSocket(arrival) as unknown as typeof globalThis.WebSocket,
      unsavedChangesWarning: false,
    });
    client.setAuth(() => Promise.resolve(token));
    const { profile } = (await client.mutation(ref<"mutation">("profiles:ensureMine"), {})) as {
      profile: { username: string };
    };
    return { client, arrival, username: profile.username };
  }),
);
const writer = clients.pop()!;

const updates: Array<{ at: number; receivedAt: number; query: string }> = [];
let ready = 0;
const subscriptions = clients.flatMap(({ client, arrival, username }, i) =>
  (
    [
      ["discover", "events:discover", DISCOVER_ARGS],
      ["event page", "events:get", { slugOrCodeOrId: input.eventIds[i % input.eventIds.length] }],
      ["profile", "profiles:byUsername", { username }],
      ["profile stats", "profiles:stats", { username }],
    ] as const
  ).map(([name, query, args]) => {
    let first = true;
    return client.onUpdate(
      ref<"query">(query),
      args,
      () => {
        if (first) {
          first = false;
          ready++;
        } else updates.push({ at: performance.now(), receivedAt: arrival.at, query: name });
      },
      (error) => console.error(`${name}: ${error.message}`),
    );
  }),
);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
while (ready < subscriptions.length) await pause(50);
await pause(500);
updates.length = 0;
report({ type: "ready", subscriptions: subscriptions.length });

async function writeAndTime(writes: number, pauseMs: number): Promise<void> {
  const fromAck: number[] = [];
  const fromCall: number[] = [];
  const receivedFromCall: number[] = [];
  const acknowledged: number[] = [];
  const byQuery: Record<string, number> = {};
  for (let i = 0; i < writes; i++) {
    const calledAt = performance.now();
    await writer.client.mutation(ref<"mutation">(i % 2 === 0 ? "events:join" : "events:leave"), {
      eventId: input.target,
    });
    const ackedAt = performance.now();
    acknowledged.push(ackedAt - calledAt);
    await pause(pauseMs);
    for (const update of updates.splice(0)) {
      fromAck.push(update.at - ackedAt);
      fromCall.push(update.at - calledAt);
      receivedFromCall.push(update.receivedAt - calledAt);
      byQuery[update.query] = (byQuery[update.query] ?? 0) + 1;
    }
  }
  report({ type: "written", fromAck, fromCall, receivedFromCall, acknowledged, byQuery });
}

port.on("message", (command: LiveClientsCommand) => {
  if (command.type === "write") void writeAndTime(command.writes, command.pauseMs);
  else
    void (async () => {
      for (const unsubscribe of subscriptions) unsubscribe();
      await Promise.all([...clients, writer].map(({ client }) => client.close()));
      report({ type: "closed" });
    })();
});
