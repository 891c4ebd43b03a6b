import { mkdir } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { CheckInSection } from "./pages/CheckInSection.ts";
import { EventPage } from "./pages/EventPage.ts";
import { NotificationBell } from "./pages/NotificationBell.ts";
import { runCheckInStepsNow } from "./support/admin.ts";
import { signUp } from "./support/auth.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { waitForServiceWorker } from "./support/deployment.ts";
import { switchableLiveConnection } from "./support/deviceCopy.ts";
import { createEventThroughWizard, eventIdOf, uniqueToken } from "./support/events.ts";
import { queuedOnDevice } from "./support/outbox.ts";
import { unexpectedErrors } from "./support/pageErrors.ts";
import { newPerson } from "./support/people.ts";
import { emailPrefix, uniqueEmail } from "./support/users.ts";

// The reminder and the alert come from the server's scheduler at the person's time and 15
// minutes after it; here the backend's operator runs each step now (a test-only internal
// function, debug pages only), so the test neither sleeps nor depends on the clock.

async function shoot(page: Page, name: string, target = page.getByRole("main")) {
  await mkdir("screenshots", { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await target.screenshot({ path: `screenshots/check-in-${name}-${width}.png` });
  }
}

async function join(page: Page, path: string) {
  const view = new EventPage(page);
  await view.goto(path);
  await view.joinButton.click();
  await expect(view.joinButton).toHaveText(/Joined!|Leave Event/);
}

test("B checks in with A and C as buddies; the time passes, both are alerted live, A says B is fine and the alert closes for C too", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const a = await newPerson(browser);
  const b = await newPerson(browser);
  const c = await newPerson(browser);
  const [aEmail, bEmail, cEmail] = [uniqueEmail("ana"), uniqueEmail("ben"), uniqueEmail("cleo")];
  const [aName, bName, cName] = [aEmail, bEmail, cEmail].map(emailPrefix);
  await signUp(a.page, aEmail);
  await signUp(b.page, bEmail);
  await signUp(c.page, cEmail);
  const title = `Crawl home ${uniqueToken()}`;
  const path = await createEventThroughWizard(a.page, { title });
  const eventId = await eventIdOf(path.split("/").pop()!);
  await join(b.page, path);
  await join(c.page, path);

  // B turns on a check-in with A and C as buddies, at the time offered (an hour after the end).
  const bCheck = new CheckInSection(b.page);
  await bCheck.turnOn.click();
  await expect(bCheck.time).toHaveValue(/^\d\d:\d\d$/);
  await bCheck.save.click();
  await expect(bCheck.section.getByText("Pick at least one buddy")).toBeVisible();
  await bCheck.buddy(aName).check();
  await bCheck.buddy(cName).check();
  await shoot(b.page, "form", bCheck.section);
  await bCheck.save.click();
  await expect(bCheck.section.getByText(/^Check in by \d\d:\d\d\. Buddies: /)).toBeVisible();
  await expect(bCheck.homeSafe).toBeVisible();
  await expectNoSeriousA11yViolations(b.page);
  await shoot(b.page, "open", bCheck.section);

  // A, the host and a buddy, sees it live on the session page; C waits on Discover.
  const aCheck = new CheckInSection(a.page);
  await expect(aCheck.buddiesCheckIns).toContainText(`${bName} checks in by`);
  await c.page.goto("/discover");
  const cCheck = new CheckInSection(c.page);
  await expect(cCheck.banner).toBeHidden();

  // B's time passes without a Home safe: B is reminded, with Home safe in the bell.
  expect(await runCheckInStepsNow(eventId)).toBe(1);
  await expect(bCheck.section).toContainText("has passed");
  const bBell = new NotificationBell(b.page);
  await bBell.open();
  await expect(bBell.list.getByText("Home safe? 🏠")).toBeVisible();
  await expect(bBell.list.getByRole("button", { name: "Home safe", exact: true })).toBeVisible();
  await shoot(b.page, "bell", bBell.popover);
  await b.page.keyboard.press("Escape");

  // 15 minutes later: both buddies are alerted, live, with the last stop.
  expect(await runCheckInStepsNow(eventId)).toBe(1);
  await expect(aCheck.buddiesCheckIns).toContainText(`${bName} hasn't checked in`);
  await expect(cCheck.banner).toContainText(`${bName} hasn't checked in`);
  await expect(bCheck.section).toContainText("were told you haven't checked in");
  await expectNoSeriousA11yViolations(a.page);
  await shoot(a.page, "alert", aCheck.section);
  await shoot(c.page, "banner-alert", cCheck.banner);

  // A is with B: the alert closes for everyone, live.
  await aCheck.markFine.click();
  await expect(aCheck.buddiesCheckIns).toContainText(`${aName} says ${bName} is fine`);
  await expect(cCheck.banner).toBeHidden();
  await expect(bCheck.section).toContainText(`${aName} said you're fine`);
  await expect(bCheck.homeSafe).toBeHidden();
  expect(await runCheckInStepsNow(eventId)).toBe(0);

  for (const person of [a, b, c]) expect(unexpectedErrors(person.errors)).toEqual([]);
});

test("Home safe tapped with no signal waits on the device and reaches the buddy once the network is back", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const a = await newPerson(browser);
  // B's phone keeps the app's files (its service worker), as a phone that opened it before does.
  const b = await newPerson(browser, { serviceWorkers: "allow" });
  const [aEmail, bEmail] = [uniqueEmail("ada"), uniqueEmail("bo")];
  const bName = emailPrefix(bEmail);
  const live = await switchableLiveConnection(b.page);
  await signUp(a.page, aEmail);
  await signUp(b.page, bEmail);
  const path = await createEventThroughWizard(a.page, { title: `Last orders ${uniqueToken()}` });
  await join(b.page, path);
  const bCheck = new CheckInSection(b.page);
  await bCheck.turnOn.click();
  await bCheck.buddy(emailPrefix(aEmail)).check();
  await bCheck.save.click();
  await expect(bCheck.homeSafe).toBeVisible();

  // On the way home: the banner carries Home safe on every screen.
  await b.page.goto("/discover");
  const homeSafe = bCheck.banner.getByRole("button", { name: /Home safe/ });
  await expect(homeSafe).toBeVisible();
  await shoot(b.page, "banner", bCheck.banner);
  await waitForServiceWorker(b.page);

  // No signal: the tap is kept on the device and shown as waiting.
  live.cut();
  await b.page.context().setOffline(true);
  await homeSafe.click();
  await expect(
    bCheck.banner.getByRole("button", { name: "Home safe: waiting for signal" }),
  ).toBeDisabled();
  await expect(bCheck.banner.getByTestId("waiting-to-send")).toBeVisible();
  expect(await queuedOnDevice(b.page)).toHaveLength(1);
  const aCheck = new CheckInSection(a.page);
  await expect(aCheck.buddiesCheckIns).toContainText(`${bName} checks in by`);

  // Signal again: sent once; A hears it live and B's banner goes.
  // The sockets pass again before the browser says it is online, as when a network returns:
  // the client reconnects at once on the "online" event, not after its back-off.
  live.restore();
  await b.page.context().setOffline(false);
  await expect(aCheck.buddiesCheckIns).toContainText(`${bName} got home safe`);
  await expect(bCheck.banner).toBeHidden();
  await expect.poll(() => queuedOnDevice(b.page)).toEqual([]);

  for (const person of [a, b]) expect(unexpectedErrors(person.errors)).toEqual([]);
});
