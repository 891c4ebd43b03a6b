/**
 * The browser side of `npm run bench:live`, in a worker thread: Playwright's client handles every
 * page event (each WebSocket frame, each evaluation) on its own event loop, and on the backend's
 * it took a third of the thread while the clicks were timed. People's browsers are not on the
 * server's thread either.
 *
 * Two signed-in browsers open one event's page; one presses Join / Leave, and each press is timed
 * to the frame in which the other page's "Who's Coming" changed, in three legs. The first presses
 * (the first join earns a badge, and the code paths run cold) are warm-up and not timed.
 */
import { parentPort, workerData } from "node:worker_threads";
import { chromium, type Page } from "playwright-core";
import { chromiumLaunchArgs, findChromium } from "../../scripts/lib/chromium.ts";
import { previewProductionBuild } from "./servedApp.ts";
import { signInByMagicLink } from "./signIn.ts";

export interface LiveBrowsersInput {
  backendUrl: string;
  siteUrl: string;
  appPort: number;
  eventPath: string;
  clicks: number;
  warmUpClicks: number;
  /** Who presses Join / Leave, and who watches. */
  joinerEmail: string;
  watcherEmail: string;
}

/** Durations in ms; `sentAt` and `receivedAt` on the wall clock, to match the server's marks. */
export type ClickTiming = {
  total: number;
  toSocket: number;
  throughServer: number;
  toScreen: number;
  sentAt: number;
  receivedAt: number;
};

/** To the benchmark: warmed up (wait for "time"), then the timed clicks. */
export type LiveBrowsersReport = { type: "warmedUp" } | { type: "timed"; timings: ClickTiming[] };

export type LiveBrowsersCommand = { type: "time" };

type Marks = { click: number[]; sent: number[]; received: number[]; shown: number[] };

const input = workerData as LiveBrowsersInput;
const port = parentPort!;
const report = (message: LiveBrowsersReport) => port.postMessage(message);

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

const marksOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { benchMarks: Marks }).benchMarks);

const app = await previewProductionBuild({
  backendUrl: input.backendUrl,
  siteUrl: input.siteUrl,
  appPort: input.appPort,
});
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumLaunchArgs });
try {
  const open = async (email: string) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(installMarks);
    const page = await context.newPage();
    await signInByMagicLink(page, app.appUrl, email);
    await page.goto(new URL(input.eventPath, app.appUrl).href);
    return page;
  };
  const joiner = await open(input.joinerEmail);
  const watcher = await open(input.watcherEmail);
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

  /** One press of Join or Leave, timed to the watcher's frame showing it. */
  const press = async (joining: boolean): Promise<ClickTiming> => {
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
    return {
      total: shownAt - clickAt,
      toSocket: sentAt - clickAt,
      throughServer: receivedAt - sentAt,
      toScreen: shownAt - receivedAt,
      sentAt,
      receivedAt,
    };
  };

  // An even number, so the timed presses start with a join as well.
  const warmUps = input.warmUpClicks + (input.warmUpClicks % 2);
  for (let i = 0; i < warmUps; i++) await press(i % 2 === 0);
  report({ type: "warmedUp" });
  await new Promise<void>((resolve) => port.once("message", () => resolve()));
  const timings: ClickTiming[] = [];
  for (let i = 0; i < input.clicks; i++) timings.push(await press(i % 2 === 0));
  report({ type: "timed", timings });
} finally {
  await browser.close();
  await app.stop();
}
