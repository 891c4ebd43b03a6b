/**
 * `npm run bench:live`: live updates on the real app's functions. The local backend runs
 * `convex/` with the demo world on this thread; 50 signed-in connections (a worker thread, see
 * lib/liveClients.ts) each watch discover (first page), one event page and their own profile
 * and its stats.
 *
 * 1. One more connection joins and leaves the first discover event, one write at a time: every
 *    subscriber update is timed from the write's call and its acknowledgement, and the server's
 *    time per write is split into the mutation, query re-runs, delivery and the log's fsync.
 * 2. While the 50 keep watching, two browsers (Playwright, the production build) open that
 *    event's page: one clicks Join / Leave, and we time from the click to the other page's
 *    "Who's Coming" changing on screen, and count the query runs by function.
 *
 * `BENCH_SUBSCRIBERS` (default 50), `BENCH_WRITES` (40) and `BENCH_CLICKS` (20) change the load;
 * `BENCH_BROWSER=0` skips the browsers.
 */
import path from "node:path";
import { Worker } from "node:worker_threads";
import { importPKCS8, SignJWT } from "jose";
import { chromium } from "playwright-core";
import { startLocalBackend } from "../local-backend/server.ts";
import { removeDir, tempDataDir } from "../local-backend/test/harness.ts";
import { chromiumLaunchArgs, findChromium } from "../scripts/lib/chromium.ts";
import type { LiveClientsCommand, LiveClientsInput, LiveClientsReport } from "./lib/liveClients.ts";
import { previewProductionBuild } from "./lib/servedApp.ts";
import { signInByMagicLink } from "./lib/signIn.ts";

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 50);
const WRITES = Number(process.env.BENCH_WRITES ?? 40);
const CLICKS = Number(process.env.BENCH_CLICKS ?? 20);
const WITH_BROWSER = process.env.BENCH_BROWSER !== "0";
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
// A worker's entry must be JavaScript: it loads the TypeScript module through tsx's API.
const clientsModule = JSON.stringify(new URL("./lib/liveClients.ts", import.meta.url).href);
const worker = new Worker(
  `import("tsx/esm/api").then(({ tsImport }) => tsImport(${clientsModule}, ${clientsModule}))`,
  { eval: true, workerData: input },
);
const reports: LiveClientsReport[] = [];
let reported: (() => void) | null = null;
worker.on("message", (report: LiveClientsReport) => {
  reports.push(report);
  reported?.();
});
worker.on("error", (error) => {
  console.error(error);
  process.exit(1);
});
async function next<T extends LiveClientsReport["type"]>(type: T) {
  for (;;) {
    const index = reports.findIndex((report) => report.type === type);
    if (index >= 0) return reports.splice(index, 1)[0] as Extract<LiveClientsReport, { type: T }>;
    await new Promise<void>((resolve) => (reported = resolve));
  }
}
const command = (message: LiveClientsCommand) => worker.postMessage(message);
await next("ready");

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
    `browser click (Join / Leave) → the other browser's "Who's Coming" on screen, ${SUBSCRIBERS} connections watching, ${CLICKS} clicks: ${leg("total")}`,
  );
  console.log(`  click → mutation sent on the socket: ${leg("toSocket")}`);
  console.log(`  sent → the other browser receives the update: ${leg("throughServer")}`);
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

type Marks = { click: number[]; sent: number[]; received: number[]; shown: number[] };
type ClickTiming = { total: number; toSocket: number; throughServer: number; toScreen: number };

/**
 * Both pages mark, on the wall clock (timeOrigin + now, comparable across pages): clicks, the
 * mutation frames their socket sends, the query updates it receives, and frames in which
 * "Who's Coming" changed.
 */
function installMarks(): void {
  const marks: Marks = { click: [], sent: [], received: [], shown: [] };
  // No named helper in here: tsx would wrap it in a `__name` call the page does not have.
  (window as unknown as { benchMarks: Marks }).benchMarks = marks;
  document.addEventListener(
    "click",
    () => marks.click.push(performance.timeOrigin + performance.now()),
    { capture: true },
  );
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (typeof event.data === "string" && event.data.includes('"QueryUpdated"'))
          marks.received.push(performance.timeOrigin + performance.now());
      });
    }
    send(data: Parameters<WebSocket["send"]>[0]): void {
      if (typeof data === "string" && data.includes('"type":"Mutation"'))
        marks.sent.push(performance.timeOrigin + performance.now());
      super.send(data);
    }
  };
}

/** Each click in one browser, to the frame the other browser shows it in, in three legs. */
async function timeBrowserToBrowser(): Promise<ClickTiming[]> {
  const app = await previewProductionBuild({
    backendUrl: backend.cloudUrl,
    siteUrl: backend.siteUrl,
    appPort,
  });
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: chromiumLaunchArgs,
  });
  try {
    const open = async (email: string) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(installMarks);
      const page = await context.newPage();
      await signInByMagicLink(page, app.appUrl, email);
      await page.goto(new URL(target.path, app.appUrl).href);
      return page;
    };
    const joiner = await open("bench-joiner@example.com");
    const watcher = await open("bench-watcher@example.com");
    const whosComing = watcher.getByRole("main").getByRole("region", { name: /Who's Coming/ });
    await whosComing.evaluate((region) => {
      const { shown } = (window as unknown as { benchMarks: Marks }).benchMarks;
      let text = region.textContent;
      new MutationObserver(() => {
        if (region.textContent === text) return;
        text = region.textContent;
        requestAnimationFrame(() => shown.push(performance.timeOrigin + performance.now()));
      }).observe(region, { childList: true, subtree: true, characterData: true });
    });
    const button = joiner.getByRole("main").getByRole("button", {
      name: /^(Join the Party|Joined!|Leave Event)$/,
    });
    const marksOf = (page: typeof joiner) =>
      page.evaluate(() => (window as unknown as { benchMarks: Marks }).benchMarks);
    const timings: ClickTiming[] = [];
    queryRuns.clear();
    for (let i = 0; i < CLICKS; i++) {
      const joining = i % 2 === 0;
      await button.filter({ hasText: joining ? "Join the Party" : "Joined!" }).waitFor();
      // From the keyboard (focus turns 'Joined!' into 'Leave Event'): a badge toast may cover the button.
      await button.focus();
      await joiner.keyboard.press("Enter");
      const { click, sent } = await marksOf(joiner);
      const clickAt = click.at(-1)!;
      // The first change after the click (one click may change the list more than once).
      await watcher.waitForFunction(
        (after) =>
          (window as unknown as { benchMarks: Marks }).benchMarks.shown.some((at) => at > after),
        clickAt,
      );
      const { received, shown } = await marksOf(watcher);
      const sentAt = sent.find((at) => at >= clickAt)!;
      const receivedAt = received.find((at) => at >= sentAt)!;
      const shownAt = shown.find((at) => at > clickAt)!;
      timings.push({
        total: shownAt - clickAt,
        toSocket: sentAt - clickAt,
        throughServer: receivedAt - sentAt,
        toScreen: shownAt - receivedAt,
      });
    }
    return timings;
  } finally {
    await browser.close();
    await app.stop();
  }
}
