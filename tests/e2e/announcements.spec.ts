import { expect, test, type Page } from "@playwright/test";
import { mkdir } from "node:fs/promises";
import { AnnouncementsSection } from "./pages/AnnouncementsSection.ts";
import { EventPage } from "./pages/EventPage.ts";
import { MailboxPage } from "./pages/MailboxPage.ts";
import { NotificationBell } from "./pages/NotificationBell.ts";
import { signUp } from "./support/auth.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { createEventThroughWizard, localDateTime, uniqueToken } from "./support/events.ts";
import { newPerson } from "./support/people.ts";
import { uniqueEmail } from "./support/users.ts";

test("a host's announcement to going guests reaches a guest live in the bell, on the session page and by e-mail", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Quiz night ${uniqueToken()}`;
  const host = await newPerson(browser);
  const guest = await newPerson(browser);
  await signUp(host.page, uniqueEmail("announcer"));
  const guestEmail = uniqueEmail("listener");
  await signUp(guest.page, guestEmail);

  const path = await createEventThroughWizard(host.page, {
    title,
    when: { choice: "Specific Time", start: await localDateTime(host.page, 2, 19) },
  });
  const hostView = new AnnouncementsSection(host.page);
  await expect(hostView.remaining).toHaveText("5 of 5 left today");

  // B joins: going.
  const guestPage = new EventPage(guest.page);
  await guestPage.goto(path);
  await guestPage.joinButton.click();
  await expect(guestPage.joinButton).toHaveText(/Joined!|Leave Event/);
  // A guest sees no composer, and no section while there is nothing to read.
  const guestView = new AnnouncementsSection(guest.page);
  await expect(guestView.section).toHaveCount(0);
  const bell = new NotificationBell(guest.page);
  await expect(bell.button).toHaveAccessibleName(NotificationBell.nameFor(0));

  // A refuses an empty announcement at the field, then posts to going guests only.
  await hostView.send.click();
  await expect(hostView.section.getByText("Please write an announcement")).toBeVisible();
  const text = `Table 4 at the back ${uniqueToken()}`;
  await hostView.post(text, ["Going"]);
  await expect(host.page.getByText("Announcement sent")).toBeVisible();
  await expect(hostView.item(text)).toContainText("To: Going");
  await expect(hostView.remaining).toHaveText("4 of 5 left today");
  await expectNoSeriousA11yViolations(host.page);

  // B: live in the bell and on the page, without a reload.
  await expect(bell.button).toHaveAccessibleName(NotificationBell.nameFor(1));
  await expect(guestView.item(text)).toBeVisible();
  await expect(guestView.text).toHaveCount(0);
  await bell.open();
  await expect(bell.item(text)).toBeVisible();
  await bell.close();
  await expectNoSeriousA11yViolations(guest.page);
  // On a phone the page fits its width, long names (the hosts' usernames here) included.
  await guest.page.setViewportSize({ width: 390, height: 844 });
  await expect(guestView.section).toBeVisible();
  expect(
    await guest.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
  ).toBe(true);
  await guest.page.setViewportSize({ width: 1280, height: 720 });

  // B's local mailbox has it, with the one-click unsubscribe of its category.
  const mailbox = new MailboxPage(guest.page);
  await mailbox.goto();
  await expect(mailbox.messageTo(guestEmail)).toContainText(`${title}: an announcement from`);
  await expect(
    mailbox.linkFor(guestEmail, /\/email\/unsubscribe\?.*category=host_announcement/).first(),
  ).toBeAttached();
  // With CLINK_SCREENSHOTS=1: the composer and the list at phone and laptop widths, to look at.
  if (process.env.CLINK_SCREENSHOTS) {
    await hostView.post(`Second round on me.\nBring cash, the card machine is down.`, [
      "Going",
      "Maybe",
    ]);
    await expect(hostView.remaining).toHaveText("3 of 5 left today");
    await screenshots(host.page, "announcements-host", hostView);
    await guestPage.goto(path);
    await screenshots(guest.page, "announcements-guest", guestView);
  }
  expect(host.errors).toEqual([]);
  expect(guest.errors).toEqual([]);
});

async function screenshots(page: Page, name: string, view: AnnouncementsSection): Promise<void> {
  await mkdir("screenshots", { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await view.section.scrollIntoViewIfNeeded();
    // Long names and words wrap: nothing inside the section is wider than the section.
    expect(
      await view.section.evaluate((section) => section.scrollWidth <= section.clientWidth),
    ).toBe(true);
    await page.screenshot({ path: `screenshots/${name}-${width}.png` });
    await view.section.screenshot({ path: `screenshots/${name}-section-${width}.png` });
  }
}
