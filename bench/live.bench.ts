/**
 * `npm run bench:live`: live updates on the real app's functions. The local backend runs
 * `convex/` with the demo world on this thread; 50 signed-in connections (a worker thread, see
 * lib/liveClients.ts) each watch discover (first page), one event page and their own profile
 * and its stats.
 *
 * 1. One more connection joins and leaves the first discover event, one write at a time: every
 *    subscriber update is timed from the write's call and its acknowledgement, and the server's
 *    time per write is split into the mutation, query re-runs, delivery and the log's fsync.
 * 2. While the 50 keep watching, two browsers (Playwright, the production build, driven from
 *    another worker thread: lib/liveBrowsers.ts) open that event's page: one clicks Join / Leave,
 *    and we time from the click to the other page's "Who's Coming" changing on screen, in legs
 *    (the joiner's socket, the way in, the server until the watcher's connection is handed the
 *    update, the way out, the watcher's render), and count the query runs by function.
 *
 * `BENCH_SUBSCRIBERS` (default 50), `BENCH_WRITES` (40) and `BENCH_CLICKS` (40) change the load;
 * `BENCH_BROWSER=0` skips the browsers.
 */
import path from "node:path";
import { Worker } from "node:worker_threads";
import { importPKCS8, SignJWT } from "jose";
import { startLocalBackend } from "../local-backend/server.ts";
import { removeDir, tempDataDir } from "../local-backend/test/harness.ts";
import type {
  ClickTiming,
  LiveBrowsersCommand,
  LiveBrowsersInput,
  LiveBrowsersReport,
} from "./lib/liveBrowsers.ts";
import type { LiveClientsCommand, LiveClientsInput, LiveClientsReport } from "./lib/liveClients.ts";
import type { UserIdentity } from "convex/server";
import type { QuerySubscriber } from "../local-backend/queryHub.ts";

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 50);
const WRITES = Number(process.env.BENCH_WRITES ?? 40);
const CLICKS = Number(process.env.BENCH_CLICKS ?? 40);
const WITH_BROWSER = process.env.BENCH_BROWSER !== "0";
const WARM_UP_CLICKS = 4;
const JOINER_EMAIL = "bench-joiner@example.com";
const WATCHER_EMAIL = "bench-watcher@example.com";
const PAUSE_MS = 150;
// Fixed ports: the production build is made for this backend's URLs.
const BASE_PORT = 3730;
const appPort = BASE_PORT + 2;
const projectDir = path.resolve(import.meta.dirname, "..");

const dataDir = tempDataDir();
const backend = await startLocalBackend({
  projectDir,
  dataDir,
  port: BASE_PORT,
  sitePort: BASE_PORT + 1,
  appUrl: `http://localhost:${appPort}`,
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

type Card = { _id: string; path: string };
const firstPage = (await backend.engine.runQuery(
  "events:discover",
  { paginationOpts: { numItems: 20, cursor: null } },
  null,
)) as { page: Card[] };
const target = firstPage.page[0];

const input: LiveClientsInput = {
  cloudUrl: backend.cloudUrl,
  tokens: await Promise.all(userIds.map(tokenFor)),
  eventIds: firstPage.page.map((card) => card._id),
  target: target._id,
};
/**
 * A worker thread running one of lib/'s TypeScript modules, and `next(type)`: its next report of
 * that type (kept if it came before anyone asked).
 */
function startWorker<Report extends { type: string }>(module: string, workerData: unknown) {
  const url = JSON.stringify(new URL(module, import.meta.url).href);
  // A worker's entry must be JavaScript: it loads the TypeScript module through tsx's API.
  const worker = new Worker(
    `import("tsx/esm/api").then(({ tsImport }) => tsImport(${url}, ${url}))`,
    { eval: true, workerData },
  );
  worker.on("error", (error) => {
    console.error(error);
    process.exit(1);
  });
  const reports: Report[] = [];
  let reported: (() => void) | null = null;
  worker.on("message", (report: Report) => {
    reports.push(report);
    reported?.();
  });
  async function next<T extends Report["type"]>(type: T) {
    for (;;) {
      const index = reports.findIndex((report) => report.type === type);
      if (index >= 0) return reports.splice(index, 1)[0] as Extract<Report, { type: T }>;
      await new Promise<void>((resolve) => (reported = resolve));
    }
  }
  return { worker, next };
}
const { worker, next } = startWorker<LiveClientsReport>("./lib/liveClients.ts", input);
const command = (message: LiveClientsCommand) => worker.postMessage(message);
await next("ready");

/**
 * The server's marks by user, on the wall clock like the pages' marks (so a click's "sent →
 * received" splits into the way in, the server, and the way out): when their mutations start,
 * and when their connections are handed query updates.
 */
const wallClock = () => performance.timeOrigin + performance.now();
const userOf = (identity: UserIdentity | null) => identity?.subject.split("|")[0];
const mark = (marks: Map<string, number[]>, user: string | undefined) => {
  if (!user) return;
  const at = wallClock();
  const list = marks.get(user);
  if (list) list.push(at);
  else marks.set(user, [at]);
};
const mutationStarts = new Map<string, number[]>();
const deliveries = new Map<string, number[]>();
const userOfSubscriber = new Map<QuerySubscriber, string | undefined>();
const watchDeliveries = (subscriber: QuerySubscriber, identity: UserIdentity | null) => {
  if (!userOfSubscriber.has(subscriber)) {
    const deliver = subscriber.deliver.bind(subscriber);
    subscriber.deliver = (changes, ts) => {
      mark(deliveries, userOfSubscriber.get(subscriber));
      deliver(changes, ts);
    };
  }
  userOfSubscriber.set(subscriber, userOf(identity));
};
const modify = backend.hub.modify.bind(backend.hub);
backend.hub.modify = (subscriber, identity, ...rest) => {
  watchDeliveries(subscriber, identity);
  return modify(subscriber, identity, ...rest);
};
const reidentify = backend.hub.reidentify.bind(backend.hub);
backend.hub.reidentify = (subscriber, identity) => {
  watchDeliveries(subscriber, identity);
  return reidentify(subscriber, identity);
};

// Time inside the mutations themselves (convex-test executing join/leave).
let mutationMs = 0;
const runMutation = backend.engine.runMutation.bind(backend.engine);
backend.engine.runMutation = async (...args) => {
  mark(mutationStarts, userOf(args[2]));
  const started = performance.now();
  try {
    return await runMutation(...args);
  } finally {
    mutationMs += performance.now() - started;
  }
};

/** Query runs per function and their time, counted from `queryRuns.clear()`: where a click's server time goes. */
const queryRuns = new Map<string, { count: number; ms: number }>();
const runTrackedQuery = backend.engine.runTrackedQuery.bind(backend.engine);
backend.engine.runTrackedQuery = async (udfPath, ...rest) => {
  const started = performance.now();
  try {
    return await runTrackedQuery(udfPath, ...rest);
  } finally {
    const run = queryRuns.get(udfPath) ?? { count: 0, ms: 0 };
    run.count++;
    run.ms += performance.now() - started;
    queryRuns.set(udfPath, run);
  }
};

const hubBefore = backend.hub.stats;
const persistenceBefore = backend.persistence.getStats();
command({ type: "write", writes: WRITES, pauseMs: PAUSE_MS });
const { fromAck, fromCall, receivedFromCall, acknowledged, byQuery } = await next("written");
const hub = backend.hub.stats;
const persistence = backend.persistence.getStats();

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const describe = (values: number[]) => {
  if (values.length === 0) return "none";
  const s = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(s, 50).toFixed(1)} ms, p95 ${percentile(s, 95).toFixed(1)} ms, max ${s.at(-1)!.toFixed(1)} ms`;
};
const perWrite = (total: number) => (total / WRITES).toFixed(1);
console.log(
  `${SUBSCRIBERS} signed-in connections × 4 live queries (discover, an event page, own profile and stats); ${hub.liveQueries} distinct live queries`,
);
console.log(
  `${WRITES} writes: join / leave "${target._id}" (${input.eventIds.length} events on discover's first page)`,
);
console.log(
  `subscriber updates: ${fromAck.length} (${Object.entries(byQuery)
    .map(([query, n]) => `${query} ${n}`)
    .join(", ")})`,
);
console.log(`write called → the writer's acknowledgement: ${describe(acknowledged)}`);
console.log(
  `write acknowledged → subscriber update: ${describe(fromAck)}  (negative: before the writer's acknowledgement)`,
);
console.log(
  `write called → subscriber's socket receives the update: ${describe(receivedFromCall)}`,
);
console.log(
  `write called → subscriber's client has applied it (${SUBSCRIBERS} clients share one thread): ${describe(fromCall)}`,
);
console.log(
  `per write on the server: mutation ${perWrite(mutationMs)} ms, ` +
    `${perWrite(hub.queryRuns - hubBefore.queryRuns)} query runs (${perWrite(hub.queryMs - hubBefore.queryMs)} ms), ` +
    `delivering results ${perWrite(hub.deliverMs - hubBefore.deliverMs)} ms, ` +
    `log append + fsync ${perWrite(persistence.fsyncMs - persistenceBefore.fsyncMs)} ms`,
);

if (WITH_BROWSER) {
  const clicks = await timeBrowserToBrowser();
  const leg = (name: keyof ClickTiming) => describe(clicks.map((timing) => timing[name]));
  console.log(
    `browser click (Join / Leave) → the other browser's "Who's Coming" on screen, ${SUBSCRIBERS} connections watching, ${CLICKS} clicks after ${WARM_UP_CLICKS} warm-up clicks: ${leg("total")}`,
  );
  console.log(`  click → mutation sent on the socket: ${leg("toSocket")}`);
  console.log(`  sent → the other browser receives the update: ${leg("throughServer")}`);
  const split = await splitAtTheServer(clicks);
  const part = (name: keyof (typeof split)[number]) => describe(split.map((legs) => legs[name]));
  console.log(`    sent → the server starts the mutation: ${part("wayIn")}`);
  console.log(
    `    the mutation starts → the watcher's connection is handed the update (server): ${part("server")}`,
  );
  console.log(`    handed → the watcher's page receives it: ${part("wayOut")}`);
  console.log(`  received → on screen (decode, render, next frame): ${leg("toScreen")}`);
  console.log(
    `  query runs per click, by function: ${[...queryRuns]
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, 5)
      .map(
        ([name, { count, ms }]) =>
          `${name} ${(count / CLICKS).toFixed(1)} × ${(ms / count).toFixed(1)} ms`,
      )
      .join(", ")}`,
  );
}

command({ type: "close" });
await next("closed");
await worker.terminate();
await backend.stop();
removeDir(dataDir);
process.exit(0);

/**
 * Each click's "sent → received", split at the server's marks: the joiner's mutation starting,
 * and the watcher's connection being handed the update.
 */
async function splitAtTheServer(clicks: ClickTiming[]) {
  const userIdOf = (email: string) =>
    backend.engine.runInTransaction(async (ctx) => {
      const user = await ctx.db
        .query("users")
        .withIndex("email", (q) => q.eq("email", email))
        .unique();
      return user!._id as string;
    });
  const joiner = mutationStarts.get(await userIdOf(JOINER_EMAIL)) ?? [];
  const watcher = deliveries.get(await userIdOf(WATCHER_EMAIL)) ?? [];
  return clicks.map(({ sentAt, receivedAt }) => {
    // The pages' clock and this process's may differ by a rounding.
    const started = joiner.find((at) => at >= sentAt - 1) ?? NaN;
    const handed = watcher.find((at) => at >= started);
    if (handed === undefined) throw new Error("A click left no mark on the server.");
    return { wayIn: started - sentAt, server: handed - started, wayOut: receivedAt - handed };
  });
}

/** Clicks in one browser, to the frame the other browser shows them in (lib/liveBrowsers.ts). */
async function timeBrowserToBrowser(): Promise<ClickTiming[]> {
  const browsers = startWorker<LiveBrowsersReport>("./lib/liveBrowsers.ts", {
    backendUrl: backend.cloudUrl,
    siteUrl: backend.siteUrl,
    appPort,
    eventPath: target.path,
    clicks: CLICKS,
    warmUpClicks: WARM_UP_CLICKS,
    joinerEmail: JOINER_EMAIL,
    watcherEmail: WATCHER_EMAIL,
  } satisfies LiveBrowsersInput);
  await browsers.next("warmedUp");
  queryRuns.clear();
  browsers.worker.postMessage({ type: "time" } satisfies LiveBrowsersCommand);
  const { timings } = await browsers.next("timed");
  await new Promise((resolve) => browsers.worker.once("exit", resolve));
  return timings;
}
