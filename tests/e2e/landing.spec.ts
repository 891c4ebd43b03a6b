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

test("a screen whose code fails to load offers a reload inside the shell, which recovers", async ({
  page,
}) => {
  // The not-found screen's chunk cannot be fetched, as for a tab left open across a deployment
  // whose old files are gone: no crash screen, the shell stays and offers the reload.
  const chunk = "**/assets/NotFoundPage-*.js";
  await page.route(chunk, (route) => route.abort());
  await page.goto("/no-such-page");

  await expect(page.getByRole("heading", { name: "This page didn't load" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  const prompt = page.getByRole("status").filter({ hasText: "New version available" });
  await expect(prompt).toBeVisible();

  await page.unroute(chunk);
  await prompt.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(prompt).toBeHidden();
});
