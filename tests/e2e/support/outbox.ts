import type { BrowserContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { chromiumLaunchArgs, locateChromium } from "../../../scripts/lib/chromium.ts";
import { appUrl } from "./env.ts";

/** One tap waiting in the app's outbox (IndexedDB `clink-outbox`). */
type QueuedTap = { key: string; userId: string; name: string };

/** What waits in the outbox on this device. An absent database reads as empty. */
export async function queuedOnDevice(page: Page): Promise<QueuedTap[]> {
  return await page.evaluate(async () => {
    const name = "clink-outbox";
    if (!(await indexedDB.databases()).some((db) => db.name === name)) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error(String(request.error)));
    });
    try {
      if (!db.objectStoreNames.contains("actions")) return [];
      return await new Promise<QueuedTap[]>((resolve, reject) => {
        const request = db.transaction("actions").objectStore("actions").getAll();
        request.onsuccess = () =>
          resolve(
            (request.result as QueuedTap[]).map(({ key, userId, name }) => ({ key, userId, name })),
          );
        request.onerror = () => reject(new Error(String(request.error)));
      });
    } finally {
      db.close();
    }
  });
}

/**
 * A browser with a profile on disk, as a phone's browser keeps one: closing it and launching it
 * again on the same directory finds the same storage (IndexedDB, service worker, local storage).
 */
export async function launchPersistentBrowser(
  playwright: PlaywrightWorkerArgs["playwright"],
  userDataDir: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await playwright.chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? locateChromium(),
    args: chromiumLaunchArgs,
    headless: true,
    baseURL: appUrl,
    timezoneId: process.env.CLINK_E2E_TIME_ZONE,
    serviceWorkers: "allow",
    viewport: { width: 1280, height: 720 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}
