import type { Page } from "@playwright/test";
import { ConvexHttpClient } from "convex/browser";
import { backendUrl } from "./env.ts";

/** A Convex client signed in as the user of `page` (its stored session token), for test set-up only. */
export async function clientAs(page: Page): Promise<ConvexHttpClient> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith("__convexAuthJWT"));
    return key === undefined ? null : localStorage.getItem(key);
  });
  if (token === null) throw new Error("not signed in");
  const client = new ConvexHttpClient(process.env.CLINK_E2E_BACKEND_URL ?? backendUrl);
  client.setAuth(token);
  return client;
}
