import { expect, test } from "@playwright/test";
import { LandingPage } from "./pages/LandingPage.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { recordPageErrors } from "./support/pageErrors.ts";

test("the landing page renders its pitch and calls to action without errors", async ({ page }) => {
  const errors = recordPageErrors(page);
  const landing = new LandingPage(page);

  await landing.goto();

  await expect(page).toHaveTitle("Clink – Tap. Drink. Repeat.");
  await expect(landing.mainHeading).toBeVisible();
  await expect(landing.startNight).toBeVisible();
  await expect(landing.discoverEvents).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});

test("a new page opens at the top, and back returns to where the landing page was left", async ({
  page,
}) => {
  const landing = new LandingPage(page);
  const scrollY = () => page.evaluate(() => window.scrollY);
  // A short window, so the next page is taller than it and would keep a scroll left over.
  await page.setViewportSize({ width: 390, height: 320 });
  await landing.goto();

  const closingLink = page.getByRole("main").getByRole("link", { name: "See what's on nearby" });
  await closingLink.scrollIntoViewIfNeeded();
  const leftAt = await scrollY();
  expect(leftAt).toBeGreaterThan(0);
  await closingLink.click();
  await expect(page).toHaveURL("/discover");
  await expect.poll(scrollY).toBe(0);

  await page.goBack();
  await expect(landing.mainHeading).toBeVisible();
  await expect.poll(scrollY).toBe(leftAt);
});

test("a page that fails to load shows the crash screen inside the shell; another page recovers", async ({
  page,
}) => {
  // The not-found screen's chunk cannot be fetched: rendering it throws.
  await page.route("**/assets/NotFoundPage-*.js", (route) => route.abort());
  await page.goto("/no-such-page");

  const crashHeading = page.getByRole("heading", { name: "Something went wrong" });
  await expect(crashHeading).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

  await page.getByRole("main").getByRole("link", { name: "Go Home" }).click();
  await expect(new LandingPage(page).mainHeading).toBeVisible();
  await expect(crashHeading).toBeHidden();
});
