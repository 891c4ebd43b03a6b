import type { Page } from "playwright-core";

/** Signs `email` in as a person does on the local backend: magic link, read in the local mailbox. */
export async function signInByMagicLink(page: Page, appUrl: string, email: string): Promise<void> {
  await page.goto(new URL("/login", appUrl).href);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await page.getByRole("link", { name: "Open the local mailbox" }).click();
  await page
    .getByRole("article", { name: `to ${email}` })
    .first()
    .getByRole("link", { name: /\/auth\/callback\?/ })
    .click();
  await page.waitForURL((url) => /^\/profile\/[^/]+$/.test(url.pathname), { timeout: 30_000 });
}
