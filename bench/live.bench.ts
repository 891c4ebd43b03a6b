/**
 * `npm run bench:live`: live updates on the real app's functions. The local
 * backend runs `convex/` with the demo world; 50 signed-in connections each
 * watch discover (first page), one event page and their own profile (the
 * profile and its stats); one more user joins and leaves the first discover
 * event, one write at a time. For every subscriber update a write causes we
 * time it from the write's acknowledgement and from the call, and we count
 * the query runs, query time and fsync time per write on the server.
 *
 * `BENCH_SUBSCRIBERS` (default 50) and `BENCH_WRITES` (default 40) change the load.
 * The browser-to-browser half of the issue's benchmark (Playwright) is not here yet.
 */
import path from "node:path";
import { ConvexClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { importPKCS8, SignJWT } from "jose";
import WebSocket from "ws";
import { startLocalBackend } from "../local-backend/server.ts";
import { removeDir, tempDataDir } from "../local-backend/test/harness.ts";

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 50);
const WRITES = Number(process.env.BENCH_WRITES ?? 40);
const PAUSE_MS = 150;
const projectDir = path.resolve(import.meta.dirname, "..");

const ref = <T extends "query" | "mutation">(name: string) => makeFunctionReference<T>(name);
const discover = ref<"query">("events:discover");
const eventPage = ref<"query">("events:get");
const profile = ref<"query">("profiles:byUsername");
const profileStats = ref<"query">("profiles:stats");
const DISCOVER_ARGS = { paginationOpts: { numItems: 20, cursor: null } };

const dataDir = tempDataDir();
const backend = await startLocalBackend({
  projectDir,
  dataDir,
  port: 0,
  watch: false,
  log: () => {},
});
await backend.engine.runMutation("seed:demoWorld", {}, null);

// Users signed in the way @convex-dev/auth signs them: subject "<userId>|<sessionId>".
const privateKey = await importPKCS8(process.env.JWT_PRIVATE_KEY!, "RS256");
const tokenFor = (userId: string) =>
  new SignJWT({ sub: `${userId}|bench` })
    .setProtectedHeader({ alg: "RS256" })
    .setIssuedAt()
    .setIssuer(backend.siteUrl)
    .setAudience("convex")
    .setExpirationTime("2h")
    .sign(privateKey);
const userIds = await backend.engine.runInTransaction(async (ctx) => {
  const ids: string[] = [];
  for (let i = 0; i <= SUBSCRIBERS; i++)
    ids.push(await ctx.db.insert("users", { email: `bench${i}@example.com`, name: `Bench ${i}` }));
  return ids;
});
const clients = await Promise.all(
  userIds.map(async (userId) => {
    const client = new ConvexClient(backend.cloudUrl, {
      webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket,
      unsavedChangesWarning: false,
    });
    const token = await tokenFor(userId);
    client.setAuth(() => Promise.resolve(token));
    const { profile: own } = (await client.mutation(
      ref<"mutation">("profiles:ensureMine"),
      {},
    )) as {
      profile: { username: string };
    };
    return { client, username: own.username };
  }),
);
const writer = clients.pop()!;

type Card = Record<string, unknown>;
const firstPage = (await backend.engine.runQuery("events:discover", DISCOVER_ARGS, null)) as {
  page: Card[];
};
const eventIds = firstPage.page.map((card) => String(card._id ?? card.eventId ?? card.id));
const target = eventIds[0];

// Every subscription's updates, with when they arrived.
const updates: Array<{ at: number; query: string }> = [];
let ready = 0;
const subscriptions = clients.flatMap(({ client, username }, i) =>
  (
    [
      ["discover", discover, DISCOVER_ARGS],
      ["event page", eventPage, { slugOrCodeOrId: eventIds[i % eventIds.length] }],
      ["profile", profile, { username }],
      ["profile stats", profileStats, { username }],
    ] as const
  ).map(([name, query, args]) => {
    let first = true;
    return client.onUpdate(
      query,
      args,
      () => {
        if (first) {
          first = false;
          ready++;
        } else updates.push({ at: performance.now(), query: name });
      },
      (error) => console.error(`${name}: ${error.message}`),
    );
  }),
);
while (ready < subscriptions.length) await new Promise((resolve) => setTimeout(resolve, 50));
await new Promise((resolve) => setTimeout(resolve, 500));
updates.length = 0;

// Time inside the mutations themselves (convex-test executing join/leave).
let mutationMs = 0;
const runMutation = backend.engine.runMutation.bind(backend.engine);
backend.engine.runMutation = async (...args) => {
  const started = performance.now();
  try {
    return await runMutation(...args);
  } finally {
    mutationMs += performance.now() - started;
  }
};

const fromAck: number[] = [];
const fromCall: number[] = [];
const byQuery = new Map<string, number>();
const hubBefore = backend.hub.stats;
const persistenceBefore = backend.persistence.getStats();
for (let i = 0; i < WRITES; i++) {
  const calledAt = performance.now();
  await writer.client.mutation(ref<"mutation">(i % 2 === 0 ? "events:join" : "events:leave"), {
    eventId: target,
  });
  const ackedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  for (const update of updates.splice(0)) {
    fromAck.push(update.at - ackedAt);
    fromCall.push(update.at - calledAt);
    byQuery.set(update.query, (byQuery.get(update.query) ?? 0) + 1);
  }
}
const hub = backend.hub.stats;
const persistence = backend.persistence.getStats();

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const percentile = (values: number[], p: number) =>
  values[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const describe = (values: number[]) => {
  const s = sorted(values);
  return `p50 ${percentile(s, 50).toFixed(1)} ms, p95 ${percentile(s, 95).toFixed(1)} ms, max ${s.at(-1)!.toFixed(1)} ms`;
};
console.log(
  `${clients.length} signed-in connections × 4 live queries (discover, an event page, own profile and stats); ${hub.liveQueries} distinct live queries`,
);
console.log(
  `${WRITES} writes: join / leave "${target}" (${eventIds.length} events on discover's first page)`,
);
console.log(
  `subscriber updates: ${fromAck.length} (${[...byQuery].map(([q, n]) => `${q} ${n}`).join(", ")})`,
);
console.log(
  `write acknowledged → subscriber update: ${describe(fromAck)}  (negative: before the writer's acknowledgement)`,
);
console.log(`write called → subscriber update: ${describe(fromCall)}`);
console.log(
  `per write on the server: mutation ${(mutationMs / WRITES).toFixed(1)} ms, ${((hub.queryRuns - hubBefore.queryRuns) / WRITES).toFixed(1)} query runs (${((hub.queryMs - hubBefore.queryMs) / WRITES).toFixed(1)} ms), ` +
    `log append + fsync ${((persistence.fsyncMs - persistenceBefore.fsyncMs) / WRITES).toFixed(1)} ms`,
);

for (const unsubscribe of subscriptions) unsubscribe();
await Promise.all([...clients, writer].map(({ client }) => client.close()));
await backend.stop();
removeDir(dataDir);
process.exit(0);
