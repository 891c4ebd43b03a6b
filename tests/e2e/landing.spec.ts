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
