/**
 * `npm run bench:offline`: a signed-in user reopens a session page they have seen, with no
 * network. Production build against a fresh local backend with the demo world
 * (bench/lib/servedApp.ts), in Chromium. The user signs in, opens a public session of the demo
 * world and waits until its page is kept on the device (IndexedDB) and the service worker
 * controls the page; then the browser goes offline and RUNS fresh tabs load that page. We time
 * from navigation start to the first frame showing both its title and who's coming, and print
 * p50, p95 and each run. BENCH_RUNS changes RUNS; BENCH_CPU=4 slows the CPU like a phone.
 *
 * Then the reconnect leg: back online, the user's tab is cut off again (browser offline and its
 * live connection closed), they tap Join (or Leave) on that page, which waits in the outbox; a
 * second browser (signed out) watches the same page. We time from the network coming back to the
 * frame in which the second browser's attendee count has moved: the outbox flushed, the server
 * applied the tap, and the change reached another screen. RUNS runs, p50 and p95 (target ≤ 1 s).
 */
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { chromiumLaunchArgs, findChromium } from "../scripts/lib/chromium.ts";
import { serveProductionApp } from "./lib/servedApp.ts";
import { signInByMagicLink } from "./lib/signIn.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU ?? 1);
const BASE_PORT = 3750;
const EMAIL = "bench-offline@example.com";
const WHO_HEADING = "Who's Coming";

type Shown = { title: string; who: string };

/** In the page: whether the event page shows `title` and at least one person under `who`. */
function showsTitleAndWho({ title, who }: Shown): boolean {
  if (document.querySelector("main h1")?.textContent?.trim() !== title) return false;
  return Array.from(document.querySelectorAll("main section h2")).some(
    (heading) =>
      heading.textContent?.trim() === who &&
      heading.closest("section")?.querySelector("li") !== null,
  );
}

/** In the page, from its first script on: notes the frame in which `shows(expected)` first holds. */
function noteWhenShown(shows: (expected: Shown) => boolean, expected: Shown): void {
  new MutationObserver((_, observer) => {
    if (!shows(expected)) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      (window as { benchShownAt?: number }).benchShownAt = performance.now();
    });
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Milliseconds from navigation start to the frame the title and who's coming are first shown in. */
async function timeOfflineReload(page: Page, url: string, expected: Shown): Promise<number> {
  if (CPU_SLOWDOWN > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  }
  await page.addInitScript({
    content: `(${noteWhenShown.toString()})(${showsTitleAndWho.toString()}, ${JSON.stringify(expected)});`,
  });
  const response = await page.goto(url);
  if (!response?.fromServiceWorker())
    throw new Error("The page did not come from the service worker");
  await page.waitForFunction(
    () => (window as { benchShownAt?: number }).benchShownAt !== undefined,
    undefined,
    { timeout: 10_000 },
  );
  return page.evaluate(() => (window as unknown as { benchShownAt: number }).benchShownAt);
}

/** Whether the device keeps the event page (its details, with who's coming). */
async function keptOnDevice(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === "clink-device-copy")) return false;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open("clink-device-copy");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error(String(request.error)));
    });
    try {
      const names = await new Promise<string[]>((resolve, reject) => {
        const request = db.transaction("usage").objectStore("usage").getAll();
        request.onsuccess = () =>
          resolve((request.result as { name: string }[]).map((row) => row.name));
        request.onerror = () => reject(new Error(String(request.error)));
      });
      return names.includes("events:get");
    } finally {
      db.close();
    }
  });
}

/** The attendee count the event page shows ("3 attending"), or null. */
function attendingCount(): number | null {
  const match = /(\d+) attending/.exec(document.querySelector("main")?.textContent ?? "");
  return match ? Number(match[1]) : null;
}

/** In the page: notes (as epoch ms) the frame in which the attendee count first reads `count`. */
function noteCount(count: number): void {
  const bench = window as { benchCountAt?: number };
  bench.benchCountAt = undefined;
  new MutationObserver((_, observer) => {
    const match = /(\d+) attending/.exec(document.querySelector("main")?.textContent ?? "");
    if (match === null || Number(match[1]) !== count) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      bench.benchCountAt = performance.timeOrigin + performance.now();
    });
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * A tab whose live connection (the Convex sync WebSocket) can be cut and restored, as a lost
 * network would (the browser's offline switch does not close WebSockets).
 */
async function switchableTab(context: BrowserContext) {
  const page = await context.newPage();
  let cut = false;
  const open = new Set<() => Promise<unknown>>();
  await page.routeWebSocket(/\/api\/[^/]+\/sync$/, (socket) => {
    if (cut) {
      void socket.close();
      return;
    }
    const server = socket.connectToServer();
    open.add(() => Promise.all([socket.close(), server.close()]));
  });
  return {
    page,
    async goOffline() {
      cut = true;
      await Promise.all([...open].map((close) => close()));
      open.clear();
      await context.setOffline(true);
    },
    async goOnline() {
      cut = false;
      await context.setOffline(false);
    },
  };
}

/** Milliseconds from the network's return to another browser showing the queued tap's effect. */
async function timeReconnect(
  tab: Awaited<ReturnType<typeof switchableTab>>,
  watcher: Page,
): Promise<number> {
  const before = await watcher.evaluate(attendingCount);
  if (before === null) throw new Error("The watching browser shows no attendee count");
  await tab.goOffline();
  const button = tab.page
    .getByRole("main")
    .getByRole("button", { name: /^(Join the Party|Joined!|Leave Event)$/ });
  const joining = (await button.textContent())?.includes("Join the Party") ?? false;
  await button.click();
  await tab.page.getByTestId("rsvp-waiting").waitFor();
  await watcher.evaluate(noteCount, before + (joining ? 1 : -1));
  const backAt = Date.now();
  await tab.goOnline();
  await watcher.waitForFunction(
    () => (window as { benchCountAt?: number }).benchCountAt !== undefined,
    undefined,
    { timeout: 15_000 },
  );
  const shownAt = await watcher.evaluate(() => (window as { benchCountAt?: number }).benchCountAt!);
  await tab.page.getByTestId("rsvp-waiting").waitFor({ state: "hidden" });
  return shownAt - backAt;
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return (
    `p50 ${Math.round(percentile(sorted, 0.5))} ms, p95 ${Math.round(percentile(sorted, 0.95))} ms ` +
    `(each: ${times.map((ms) => Math.round(ms)).join(", ")} ms)`
  );
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)];
}

const app = await serveProductionApp(BASE_PORT);
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumLaunchArgs });
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInByMagicLink(page, app.appUrl, EMAIL);
  const url = new URL(app.eventPath, app.appUrl).href;
  await page.goto(url);
  const heading = page.getByRole("main").getByRole("heading", { level: 1 });
  await heading.waitFor();
  const expected = { title: (await heading.textContent())?.trim() ?? "", who: WHO_HEADING };
  await page.waitForFunction(showsTitleAndWho, expected);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  for (let tries = 0; !(await keptOnDevice(page)); tries++) {
    if (tries === 50) throw new Error("The session page was not kept on the device");
    await page.waitForTimeout(100);
  }
  await page.close();

  await context.setOffline(true);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const tab = await context.newPage();
    times.push(await timeOfflineReload(tab, url, expected));
    await tab.close();
  }
  console.log(
    `\nOffline reload of a seen session page, navigation start → title and who's coming ` +
      `(${CPU_SLOWDOWN > 1 ? `${CPU_SLOWDOWN}× CPU` : "this machine's CPU"}), ${RUNS} runs: ` +
      summary(times),
  );

  await context.setOffline(false);
  const tab = await switchableTab(context);
  await tab.page.goto(url);
  await tab.page.waitForFunction(showsTitleAndWho, expected);
  const watcher = await (await browser.newContext()).newPage();
  await watcher.goto(url);
  await watcher.waitForFunction(attendingCount);
  const reconnects: number[] = [];
  for (let run = 0; run < RUNS; run++) reconnects.push(await timeReconnect(tab, watcher));
  console.log(
    `Reconnect → outbox flushed → another browser's count updated, ${RUNS} runs: ` +
      summary(reconnects),
  );
} finally {
  await browser.close();
  await app.stop();
}
