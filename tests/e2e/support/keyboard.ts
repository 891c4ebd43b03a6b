import { expect, type Locator, type Page } from "@playwright/test";
import { LoginPage } from "../pages/LoginPage.ts";
import { MailboxPage } from "../pages/MailboxPage.ts";

/** The app's one polite live region (the shell's), where `announce()` speaks. */
export const liveRegion = (page: Page): Locator => page.locator("#live-region");

/** Focus is on something, never on the page itself. */
export async function expectFocusKept(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.tagName ?? "none"))
    .not.toMatch(/^(BODY|none)$/);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user walks the page; fails
 * when it is not reached in `max` presses. Focus never falls to the page on the way.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, max = 40 }: { backwards?: boolean; max?: number } = {},
): Promise<void> {
  await target.waitFor();
  const trail: string[] = [];
  for (let presses = 0; presses <= max; presses++) {
    const focused = await target.evaluate((element) => element === document.activeElement);
    if (focused) return;
    trail.push(
      await page.evaluate(() => {
        const active = document.activeElement;
        return `${active?.tagName ?? "none"}:${(active?.getAttribute("aria-label") ?? active?.textContent ?? "").slice(0, 20)}`;
      }),
    );
    if (presses === max) break;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(
    `${String(target)} was not reached with ${max} presses of Tab: ${trail.join(" → ")}`,
  );
}

/** Presses `key` until `done` holds (an arrow key through a radio group or a menu). */
export async function pressUntil(
  page: Page,
  key: string,
  done: () => Promise<boolean>,
  max = 8,
): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await done()) return;
    await page.keyboard.press(key);
  }
  expect(await done()).toBe(true);
}

/**
 * Signs in by keyboard: the e-mail typed into the login form and sent with Enter, then the
 * magic link read in the local mailbox and opened by its address. Returns the username when the
 * person is new (they land on their profile).
 */
export async function signInByKeyboard(page: Page, email: string): Promise<string> {
  const login = new LoginPage(page);
  await login.goto();
  await tabTo(page, login.emailInput);
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  await expect(login.checkEmailHeading).toBeVisible();
  const mailbox = new MailboxPage(page);
  await mailbox.goto();
  const link = await mailbox.signInLinkFor(email).getAttribute("href");
  await page.goto(link!);
  await expect(page).toHaveURL(/\/profile\/[a-z0-9_]+$/, { timeout: 15_000 });
  return new URL(page.url()).pathname.split("/").pop()!;
}

/**
 * The keys that type a `datetime-local` value `minutes` from now (browser time) into Chromium's
 * en-US field: month, day, year, then (a four-digit year waits for more) →, hour, minute, AM/PM.
 */
export async function dateTimeKeys(page: Page, minutes: number): Promise<string[]> {
  const parts = await page.evaluate((m) => {
    const date = new Date(Date.now() + m * 60_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    const hour = date.getHours() % 12 === 0 ? 12 : date.getHours() % 12;
    return [
      pad(date.getMonth() + 1),
      pad(date.getDate()),
      String(date.getFullYear()),
      pad(hour),
      pad(date.getMinutes()),
      date.getHours() < 12 ? "A" : "P",
    ];
  }, minutes);
  const [month, day, year, hour, minute, half] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return [...`${month}${day}${year}`, "ArrowRight", ...`${hour}${minute}`, half];
}
