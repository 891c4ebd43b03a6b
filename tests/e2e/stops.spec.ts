import { expect, test, type Page } from "@playwright/test";
import { mkdir } from "node:fs/promises";
import { EventPage } from "./pages/EventPage.ts";
import { NotificationBell } from "./pages/NotificationBell.ts";
import { StopsSection } from "./pages/StopsSection.ts";
import { signUp } from "./support/auth.ts";
import { switchableLiveConnection } from "./support/deviceCopy.ts";
import { queuedOnDevice } from "./support/outbox.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { createEventThroughWizard, uniqueToken } from "./support/events.ts";
import { newPerson } from "./support/people.ts";
import { uniqueEmail } from "./support/users.ts";

test("the host builds a crawl and moves it on; both guests going follow it live and one hears of it in the bell", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `Soho crawl ${uniqueToken()}`;
  const host = await newPerson(browser);
  const guests = [await newPerson(browser), await newPerson(browser)];
  await signUp(host.page, uniqueEmail("crawlhost"));
  for (const [index, guest] of guests.entries())
    await signUp(guest.page, uniqueEmail(`crawler${index}`));

  // A session happening now: the host builds the crawl from the places search and free text.
  const path = await createEventThroughWizard(host.page, { title, when: { choice: "Right Now" } });
  const hostView = new StopsSection(host.page);
  await expect(hostView.section).toBeVisible();
  await hostView.add.click();
  await expect(hostView.section.getByText("Pick a place or type where the stop is")).toBeVisible();
  await hostView.addStop("Crown Anchor", "The Crown & Anchor");
  await expect(hostView.section.getByText("Add at least one more stop")).toBeVisible();
  await hostView.addStop("Jo's flat, 3rd floor");
  await hostView.addStop("Nightjar", "Nightjar");
  // Reordered with the keyboard: Nightjar up one, before Jo's flat.
  await hostView.stop("Nightjar").getByRole("button", { name: "Move Nightjar up" }).focus();
  await host.page.keyboard.press("Enter");
  await expect
    .poll(() => hostView.names())
    .toEqual(["The Crown & Anchor", "Nightjar", "Jo's flat, 3rd floor"]);
  await expect(hostView.card).toContainText("First stop");
  await expect(hostView.card.getByRole("link", { name: /Open in maps/ })).toHaveAttribute(
    "href",
    "https://www.google.com/maps/search/?api=1&query=51.5143%2C-0.1262",
  );

  // Both guests join and see the plan, with no host controls.
  const guestViews: StopsSection[] = [];
  for (const guest of guests) {
    const page = new EventPage(guest.page);
    await page.goto(path);
    await page.joinButton.click();
    await expect(page.joinButton).toHaveText(/Joined!|Leave Event/);
    const view = new StopsSection(guest.page);
    await expect(view.card).toContainText("The Crown & Anchor");
    await expect(view.weAreHere).toHaveCount(0);
    await expect(view.add).toHaveCount(0);
    guestViews.push(view);
  }

  // "We're here": every page shows it live, and a guest's bell says where the crew went.
  await hostView.weAreHere.click();
  await expect(hostView.card).toContainText("The crew is at");
  for (const view of guestViews) {
    await expect(view.card).toContainText("The crew is at");
    await expect(view.card).toContainText("The Crown & Anchor");
    await expect(view.card).toContainText("Next up: Nightjar");
  }
  const bell = new NotificationBell(guests[0].page);
  await expect(bell.button).toHaveAccessibleName(NotificationBell.nameFor(1));
  await bell.open();
  await expect(bell.popover.getByText("The crew moved to The Crown & Anchor")).toBeVisible();
  await bell.close();

  // "Moving on": the next stop, live, without a reload.
  await hostView.movingOn.click();
  for (const view of [hostView, ...guestViews]) {
    await expect(view.card).toContainText("The crew is at");
    await expect(view.card).toContainText("Nightjar");
    await expect(view.card).toContainText("Next up: Jo's flat, 3rd floor");
    await expect(view.stop("Nightjar")).toHaveAttribute("aria-current", "location");
  }
  await expectNoSeriousA11yViolations(host.page);
  await expectNoSeriousA11yViolations(guests[1].page);

  if (process.env.CLINK_SCREENSHOTS) {
    await screenshots(host.page, "stops-host", hostView);
    await screenshots(guests[1].page, "stops-guest", guestViews[1]);
  }
  expect(host.errors).toEqual([]);
  for (const guest of guests) expect(guest.errors).toEqual([]);
});

test("a host's 'Moving on' tapped with no signal shows at once, waits on the device, and reaches the guests once back online", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const host = await newPerson(browser);
  const guest = await newPerson(browser);
  const live = await switchableLiveConnection(host.page);
  await signUp(host.page, uniqueEmail("offlinehost"));
  await signUp(guest.page, uniqueEmail("offlineguest"));
  const path = await createEventThroughWizard(host.page, { title: `Crawl ${uniqueToken()}` });
  const hostView = new StopsSection(host.page);
  await hostView.addStop("The corner pub");
  await hostView.addStop("Karaoke upstairs");
  await hostView.weAreHere.click();
  const guestPage = new EventPage(guest.page);
  await guestPage.goto(path);
  const guestView = new StopsSection(guest.page);
  await expect(guestView.card).toContainText("The corner pub");

  // In the bar with no signal: the host's card moves on at once and says it waits to send.
  live.cut();
  await host.page.context().setOffline(true);
  await hostView.movingOn.click();
  await expect(hostView.card).toContainText("Karaoke upstairs");
  await expect(hostView.card.getByTestId("waiting-to-send")).toBeVisible();
  expect(await queuedOnDevice(host.page)).toHaveLength(1);
  await expect(guestView.card).toContainText("The corner pub");

  // Signal again: sent once, and the guest's page follows without a reload.
  // The sockets pass again before the browser says it is online, as when a network returns:
  // the client reconnects at once on the "online" event, not after its back-off.
  live.restore();
  await host.page.context().setOffline(false);
  await expect(guestView.card).toContainText("Karaoke upstairs");
  await expect.poll(() => queuedOnDevice(host.page)).toEqual([]);
  await expect(hostView.card.getByTestId("waiting-to-send")).toBeHidden();
  expect(host.errors.filter((error) => !/WebSocket|ERR_INTERNET_DISCONNECTED/.test(error))).toEqual(
    [],
  );
  expect(guest.errors).toEqual([]);
});

async function screenshots(page: Page, name: string, view: StopsSection): Promise<void> {
  const dir = process.env.CLINK_SCREENSHOTS_DIR ?? "screenshots";
  await mkdir(dir, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await view.section.scrollIntoViewIfNeeded();
    expect(
      await view.section.evaluate((section) => section.scrollWidth <= section.clientWidth),
    ).toBe(true);
    await view.section.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
}
