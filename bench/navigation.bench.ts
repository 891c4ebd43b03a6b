/**
 * `npm run bench:navigation`: a signed-in user on Discover opens an event — the in-app
 * navigation code splitting must not slow down. Production build against a fresh local backend
 * with the demo world (bench/lib/servedApp.ts); Chromium with a 4× slower CPU and 40 ms
 * round trips (a phone on 4G). Each of RUNS fresh tabs loads /discover, waits for the cards,
 * settles for a second (as a reader would), then clicks the first card; we time from the click
 * to the event's heading on screen, and print the median and each run. Then RUNS cold loads
 * of an event page by a visitor (as from an invitation link): from navigation start to the
 * event's heading on screen. BENCH_RUNS changes RUNS.
 */
import { setTimeout as delay } from "node:timers/promises";
import { chromium, type Page } from "playwright-core";
import { chromiumLaunchArgs, findChromium } from "../scripts/lib/chromium.ts";
import { serveProductionApp } from "./lib/servedApp.ts";
import { signInByMagicLink } from "./lib/signIn.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const BASE_PORT = 3710;
const EMAIL = "bench-navigation@example.com";

/** A phone on 4G: a 4× slower CPU and 40 ms round trips. */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 40,
    downloadThroughput: (9 * 1024 * 1024) / 8,
    uploadThroughput: (1.5 * 1024 * 1024) / 8,
  });
}

/** Milliseconds from the click on the first event card to that event's <h1> on screen. */
async function timeDiscoverToEvent(page: Page, appUrl: string): Promise<number> {
  await throttle(page);
  await page.goto(new URL("/discover", appUrl).href);
  const firstCard = page.getByRole("main").getByRole("article").first().getByRole("link").first();
  await firstCard.waitFor();
  const title = (await firstCard.textContent())?.trim() ?? "";
  await page.waitForLoadState("networkidle");
  await delay(1_000);
  // Timestamps taken inside the page: the click, and the frame the heading first shows in.
  await page.evaluate((expected) => {
    const w = window as unknown as { benchClickAt?: number; benchShownAt?: number };
    document.addEventListener("click", () => (w.benchClickAt = performance.now()), {
      capture: true,
      once: true,
    });
    new MutationObserver((_, observer) => {
      const heading = document.querySelector("h1");
      if (w.benchClickAt !== undefined && heading?.textContent?.trim() === expected) {
        requestAnimationFrame(() => (w.benchShownAt = performance.now()));
        observer.disconnect();
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, title);
  await firstCard.click();
  await page.waitForFunction(
    () => (window as { benchShownAt?: number }).benchShownAt !== undefined,
  );
  return page.evaluate(() => {
    const w = window as unknown as { benchClickAt: number; benchShownAt: number };
    return w.benchShownAt - w.benchClickAt;
  });
}

/** Milliseconds from navigation start to the event page's <h1> on screen (the skeleton has none). */
async function timeColdEventPage(page: Page, url: string): Promise<number> {
  await throttle(page);
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector("main h1")?.textContent?.trim()) return;
      requestAnimationFrame(() => {
        (window as { benchShownAt?: number }).benchShownAt = performance.now();
      });
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(url);
  await page.waitForFunction(
    () => (window as { benchShownAt?: number }).benchShownAt !== undefined,
  );
  return page.evaluate(() => (window as unknown as { benchShownAt: number }).benchShownAt);
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return (
    `median ${Math.round(sorted[Math.floor(times.length / 2)])} ms ` +
    `(each: ${times.map((ms) => Math.round(ms)).join(", ")} ms)`
  );
}

const app = await serveProductionApp(BASE_PORT);
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumLaunchArgs });
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const signInPage = await context.newPage();
  await signInByMagicLink(signInPage, app.appUrl, EMAIL);
  await signInPage.close();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const page = await context.newPage();
    times.push(await timeDiscoverToEvent(page, app.appUrl));
    await page.close();
  }
  console.log(
    `\nDiscover → event page, signed in (4× CPU, 40 ms RTT), ${RUNS} runs: ${summary(times)}`,
  );
  const coldTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    coldTimes.push(
      await timeColdEventPage(await visitor.newPage(), new URL(app.eventPath, app.appUrl).href),
    );
    await visitor.close();
  }
  console.log(
    `A visitor opens an event page (4× CPU, 40 ms RTT), navigation start → heading, ${RUNS} runs: ${summary(coldTimes)}`,
  );
} finally {
  await browser.close();
  await app.stop();
}
