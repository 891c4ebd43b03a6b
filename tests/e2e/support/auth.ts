import { expect, type Page } from "@playwright/test";
import { LoginPage } from "../pages/LoginPage.ts";
import { MailboxPage } from "../pages/MailboxPage.ts";

/**
 * Requests a magic link for `email` on the login page (already open, or /login),
 * reads it in the local mailbox through the 'Open the local mailbox' link, and
 * opens it. Resolves once the app has moved off /auth/callback.
 */
export async function signInWithMagicLink(
  page: Page,
  email: string,
  options: { openLogin?: boolean } = {},
): Promise<void> {
  const login = new LoginPage(page);
  if (options.openLogin ?? true) await login.goto();
  await login.requestLink(email);
  await expect(login.checkEmailHeading).toBeVisible();
  await login.localMailboxLink.click();
  const mailbox = new MailboxPage(page);
  await mailbox.signInLinkFor(email).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/auth/callback"), { timeout: 15_000 });
}

/**
 * A newcomer signs up through the real UI and lands on their profile.
 * Returns their username (from the profile's address).
 */
export async function signUp(page: Page, email: string): Promise<{ email: string; username: string }> {
  await signInWithMagicLink(page, email);
  await expect(page).toHaveURL(/\/profile\/[a-z0-9_]+$/);
  const username = new URL(page.url()).pathname.split("/").pop()!;
  return { email, username };
}
