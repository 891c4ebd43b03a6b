import { expect, test, type Page } from "@playwright/test";
import { parseCalendar, type ParsedCalendarEvent } from "../support/icalendar.ts";
import { CrewPage } from "./pages/CrewPage.ts";
import { EventPage } from "./pages/EventPage.ts";
import { ProfilePage } from "./pages/ProfilePage.ts";
import { SettingsPage } from "./pages/SettingsPage.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { signUp } from "./support/auth.ts";
import {
  createEventThroughWizard,
  eventIdOf,
  localDateTime,
  uniqueToken,
} from "./support/events.ts";
import { uniqueEmail } from "./support/users.ts";

/** A `datetime-local` value as the instant it means in the browser's time zone. */
async function instantOf(page: Page, local: string): Promise<number> {
  return await page.evaluate((value) => new Date(value).getTime(), local);
}

/** The Calendar section in the middle of the window (clear of the sticky nav bar), at `width`. */
async function screenshotSection(
  page: Page,
  section: SettingsPage["calendar"],
  name: string,
  width: number,
) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await section.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: `screenshots/${name}-${width}.png` });
}

/** The feed as a calendar app reads it; fails unless it answers 200 with iCalendar. */
async function readFeed(page: Page, url: string) {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  return parseCalendar(await response.text());
}

/** A toast on screen (its words are also said once in the app's live region, which is not it). */
function toast(page: Page, text: string) {
  return page.getByRole("region", { name: /^Notifications/ }).getByText(text);
}

async function sessionIn(page: Page, url: string, eventId: string): Promise<ParsedCalendarEvent> {
  const feed = await readFeed(page, url);
  const event = feed.events.find((candidate) => candidate.uid.startsWith(`${eventId}@`));
  if (event === undefined) throw new Error(`Session ${eventId} is not in the feed`);
  return event;
}

test("Settings › Calendar: the feed lists a new session, follows its new time, and a regenerated link retires the old one; a crew's members get the crew's feed", async ({
  page,
  browser,
}) => {
  test.slow();
  await signUp(page, uniqueEmail("calendar"));
  const title = `Feed Pints ${uniqueToken()}`;
  const start = await localDateTime(page, 2, 19);
  const path = await createEventThroughWizard(page, {
    title,
    when: { choice: "Specific Time", start },
  });
  const eventId = await eventIdOf(path.split("/").pop() ?? "");

  const settings = new SettingsPage(page);
  await settings.goto();
  await expect(settings.calendar).toContainText("every session you host, co-host or are going to");
  await expect(settings.createCalendarLink).toBeVisible();
  await screenshotSection(page, settings.calendar, "settings-calendar-empty", 390);
  await settings.createCalendarLink.click();
  await expect(toast(page, "Calendar link ready")).toBeVisible();
  await expect(settings.calendarLink).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await settings.calendarLink.inputValue();
  await expect(settings.subscribe).toHaveAttribute("href", url.replace(/^https?:/, "webcal:"));
  await expectNoSeriousA11yViolations(page);

  await expect(toast(page, "Calendar link ready")).toBeHidden();
  for (const width of [390, 1280]) {
    await screenshotSection(page, settings.calendar, "settings-calendar", width);
  }

  const listed = await sessionIn(page, url, eventId);
  expect(listed).toMatchObject({ summary: title, status: "CONFIRMED", utc: true });
  expect(listed.start).toBe(await instantOf(page, start));

  // The host moves the session a day later: the feed moves it, as a newer version.
  const view = new EventPage(page);
  await page.goto(path);
  await view.editButton.click();
  const newStart = await localDateTime(page, 3, 20);
  const newEnd = await localDateTime(page, 3, 23);
  await view.editDialog.getByLabel("Starts").fill(newStart);
  await view.editDialog.getByLabel(/^Ends/).fill(newEnd);
  const next = view.editDialog.getByRole("button", { name: "Next" });
  for (let step = 1; step < 4; step += 1) await next.click();
  await view.editDialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Changes saved")).toBeVisible();
  const moved = await sessionIn(page, url, eventId);
  expect(moved.uid).toBe(listed.uid);
  expect(moved.start).toBe(await instantOf(page, newStart));
  expect(moved.end).toBe(await instantOf(page, newEnd));
  expect(moved.sequence).toBeGreaterThan(listed.sequence);

  // Regenerating asks first; then the old address answers like one that never existed.
  await settings.goto();
  await settings.regenerateCalendarLink.click();
  await expect(settings.regenerateDialog).toContainText("The old link stops working at once");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "screenshots/settings-calendar-regenerate-390.png" });
  await settings.regenerateDialog.getByRole("button", { name: "Regenerate link" }).click();
  await expect(toast(page, "New calendar link ready. The old one no longer works.")).toBeVisible();
  await expect(settings.regenerateDialog).toBeHidden();
  await expect(settings.calendarLink).not.toHaveValue(url);
  const fresh = await settings.calendarLink.inputValue();

  const old = await page.request.get(url);
  const neverIssued = await page.request.get(
    url.replace(/[A-Za-z0-9_-]{43}\.ics$/, `${"x".repeat(43)}.ics`),
  );
  expect(old.status()).toBe(404);
  expect(neverIssued.status()).toBe(404);
  expect(await old.text()).toBe(await neverIssued.text());
  expect((await sessionIn(page, fresh, eventId)).start).toBe(await instantOf(page, newStart));

  // The host deletes the session: the feed keeps it, cancelled, so calendars remove it.
  await page.goto(path);
  await view.deleteButton.click();
  await view.deleteDialog.getByRole("button", { name: "Delete Session" }).click();
  await expect(page).toHaveURL(/\/discover$/);
  // Attendees' feeds are told by the deletion's clean-up batches: wait for them.
  await expect.poll(async () => (await sessionIn(page, fresh, eventId)).status).toBe("CANCELLED");
  const cancelled = await sessionIn(page, fresh, eventId);
  expect(cancelled.uid).toBe(listed.uid);
  expect(cancelled.sequence).toBeGreaterThan(moved.sequence);

  // A crew's page offers its members their own feed of the crew's sessions; visitors get none.
  const crewName = `Calendar Crew ${uniqueToken()}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/profile");
  await new ProfilePage(page).buildCrew.click();
  const crewPage = new CrewPage(page);
  await crewPage.wizard.name.fill(crewName);
  await crewPage.wizard.next.click();
  await crewPage.wizard.create.click();
  await expect(crewPage.heading).toHaveText(crewName);
  await crewPage.calendarFeed.click();
  await crewPage.calendarDialog.getByRole("button", { name: "Create calendar link" }).click();
  const crewLink = crewPage.calendarDialog.getByRole("textbox", {
    name: "Your private calendar link",
  });
  await expect(crewLink).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await page.screenshot({ path: "screenshots/crew-calendar-feed-1280.png" });
  const crewFeed = await readFeed(page, await crewLink.inputValue());
  expect(crewFeed.name).toBe(`Clink: ${crewName}`);
  expect(await crewLink.inputValue()).not.toBe(fresh);

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const visitorView = new CrewPage(visitorPage);
  await visitorView.goto(crewPage.crewId());
  await expect(visitorView.heading).toHaveText(crewName);
  await expect(visitorView.actions).toBeVisible();
  await expect(visitorView.calendarFeed).toHaveCount(0);
  await visitor.close();
});
