import { expect, test } from "@playwright/test";
import { mkdir } from "node:fs/promises";
import { CreateEventWizard } from "./pages/CreateEventWizard.ts";
import { DiscoverPage } from "./pages/DiscoverPage.ts";
import { EventPage } from "./pages/EventPage.ts";
import { ProfilePage } from "./pages/ProfilePage.ts";
import { YourSessionsPage } from "./pages/YourSessionsPage.ts";
import { signUp } from "./support/auth.ts";
import {
  createEventThroughWizard,
  eventIdOf,
  localDateTime,
  serveMapTilesLocally,
  uniqueToken,
} from "./support/events.ts";
import { uniqueEmail } from "./support/users.ts";

/**
 * Screenshots of the events screens at phone and laptop widths, to look at
 * (not compared): `CLINK_SCREENSHOTS=1 npm run test:e2e -- events-screenshots`.
 * They land in screenshots/ (git-ignored).
 */
test.skip(!process.env.CLINK_SCREENSHOTS, "set CLINK_SCREENSHOTS=1 to take the events screenshots");

test("events screens at 390 and 1280 px", async ({ page, context }) => {
  test.setTimeout(180_000);
  await serveMapTilesLocally(context);
  await mkdir("screenshots", { recursive: true });
  const { username } = await signUp(page, uniqueEmail("shots"));
  const title = `Rooftop negronis ${uniqueToken()}`;
  const path = await createEventThroughWizard(page, {
    title,
    when: { choice: "Specific Time", start: await localDateTime(page, 0, 23) },
    placeSearch: { query: "sky garden", pick: "Sky Garden Bar" },
    placeNickname: "The roof",
    drink: "Cocktails",
    vibe: "Classy",
    notes: "Negronis on the roof. Bring a jacket, it gets windy up there.",
    cover: true,
  });
  await createEventThroughWizard(page, {
    title: `Pub quiz ${uniqueToken()}`,
    drink: "Beer",
    vibe: "Chill",
  });
  const eventId = await eventIdOf(path.split("/").pop()!);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    const discover = new DiscoverPage(page);
    await discover.goto();
    await expect(discover.countLine).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `screenshots/events-discover-${width}.png`, fullPage: true });
    await discover.listView.click();
    await page.screenshot({
      path: `screenshots/events-discover-list-${width}.png`,
      fullPage: true,
    });
    await discover.gridView.click();
    await discover.filtersButton.click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `screenshots/events-filters-${width}.png` });
    await page.keyboard.press("Escape");

    await page.goto(`/events/${eventId}`);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(title);
    await page.screenshot({ path: `screenshots/events-older-page-${width}.png`, fullPage: true });

    await page.goto(path);
    await expect(new EventPage(page).heading).toHaveText(title);
    await page.waitForTimeout(800);
    await page.screenshot({ path: `screenshots/events-page-${width}.png`, fullPage: true });
    const eventPage = new EventPage(page);
    await eventPage.shareButton.click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `screenshots/events-share-${width}.png` });
    await page.keyboard.press("Escape");
    await eventPage.editButton.click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `screenshots/events-edit-${width}.png` });
    await page.keyboard.press("Escape");

    const sessions = new YourSessionsPage(page);
    await sessions.goto();
    await expect(sessions.heading).toBeVisible();
    await page.screenshot({
      path: `screenshots/events-your-sessions-${width}.png`,
      fullPage: true,
    });
    const profile = new ProfilePage(page);
    await profile.goto(username);
    await expect(profile.upcomingTab).toContainText("2");
    await page.waitForTimeout(800);
    await page.screenshot({ path: `screenshots/events-profile-${width}.png`, fullPage: true });
    await sessions.goto();
    await sessions.timeline.click();
    await page.screenshot({ path: `screenshots/events-timeline-${width}.png`, fullPage: true });
    await page.getByRole("main").getByRole("button", { name: "Cards" }).click();
    await sessions.createSession.click();
    const wizard = new CreateEventWizard(page);
    await wizard.title.fill("Friday pints");
    await wizard.timeChoice("Custom").click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `screenshots/events-wizard-1-${width}.png` });
    await wizard.next.click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `screenshots/events-wizard-2-${width}.png` });
    await wizard.next.click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `screenshots/events-wizard-3-${width}.png` });
    await page.keyboard.press("Escape");
  }
});
