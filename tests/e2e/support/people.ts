import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { serveMapTilesLocally } from "./events.ts";
import { recordPageErrors } from "./pageErrors.ts";

/**
 * Another person with a browser of their own (a fresh context: no shared storage or session),
 * its map tiles served locally (no network in tests), and the errors its page logs recorded.
 */
export async function newPerson(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext(options);
  await serveMapTilesLocally(context);
  const page = await context.newPage();
  return { page, errors: recordPageErrors(page) };
}
