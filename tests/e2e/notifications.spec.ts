import { expect, test } from "@playwright/test";
import { mkdir } from "node:fs/promises";
import { DiscoverPage } from "./pages/DiscoverPage.ts";
import { EventPage } from "./pages/EventPage.ts";
import { InvitationPage } from "./pages/InvitationPage.ts";
import { InvitePicker } from "./pages/InvitePicker.ts";
import { NotificationBell } from "./pages/NotificationBell.ts";
import { signUp } from "./support/auth.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { createEventThroughWizard, localDateTime, uniqueToken } from "./support/events.ts";
import { failQueries, overrideMutationResults } from "./support/failQueries.ts";
import { recordPageErrors } from "./support/pageErrors.ts";
import { emailPrefix, uniqueEmail } from "./support/users.ts";
import { newPerson } from "./support/people.ts";

test("a host invites someone from the edit dialog; the guest's bell counts it live and they accept inline", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Rooftop spritz ${uniqueToken()}`;
  const host = await newPerson(browser);
  const guest = await newPerson(browser);
  await signUp(host.page, uniqueEmail("inviter"));
  const guestEmail = uniqueEmail("invitee");
  const guestName = emailPrefix(guestEmail);
  await signUp(guest.page, guestEmail);

  // The guest's bell starts empty.
  const bell = new NotificationBell(guest.page);
  await expect(bell.button).toHaveAccessibleName(NotificationBell.nameFor(0));
  await bell.open();
  await expect(bell.emptyTitle).toBeVisible();
  await expect(bell.emptyBody).toBeVisible();
  await expectNoSeriousA11yViolations(guest.page);
  await bell.close();
  await expect(bell.popover).toBeHidden();

  // The host creates a session and invites the guest from step 4 of the edit dialog.
  const path = await createEventThroughWizard(host.page, {
    title,
    when: { choice: "Specific Time", start: await localDateTime(host.page, 2, 19) },
  });
  const view = new EventPage(host.page);
  await view.editButton.click();
  const next = view.editDialog.getByRole("button", { name: "Next" });
  for (let step = 1; step < 4; step += 1) await next.click();
  await expect(view.editDialog.getByText("Step 4 of 4 · Visibility and invites")).toBeVisible();
  const picker = new InvitePicker(view.editDialog);
  await picker.search.fill("i");
  await expect(view.editDialog.getByText("Type at least 2 characters to search.")).toBeVisible();
  await picker.search.fill(guestName);
  await picker.result(guestName).click();
  await expect(picker.chip(guestName)).toBeVisible();
  await expect(picker.search).toHaveValue("");
  // Once picked, the guest is no longer offered.
  await picker.search.fill(guestName);
  await expect(picker.noOneFound).toBeVisible();
  await expectNoSeriousA11yViolations(host.page);
  await view.editDialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(host.page.getByText("Successfully invited 1 user(s) to the event")).toBeVisible();

  // The guest's bell counts it and a toast says so, without a reload.
  await expect(bell.button).toHaveAccessibleName(NotificationBell.nameFor(1));
  await expect(guest.page.getByText(`invited you to "${title}"`).first()).toBeVisible();

  // On the session page the guest sees the invitation; answering from the bell removes it live.
  await guest.page.goto(path);
  const banner = guest.page.getByRole("region", { name: "Your invitation" });
  await expect(banner).toBeVisible();
  await bell.open();
  const invitation = bell.item(title);
  await expect(invitation).toBeVisible();
  await expect(bell.accept(invitation)).toBeVisible();
  await expectNoSeriousA11yViolations(guest.page);
  await mkdir("screenshots", { recursive: true });
  for (const width of [390, 1280]) {
    await guest.page.setViewportSize({ width, height: 800 });
    await expect(bell.heading).toBeVisible();
    await guest.page.screenshot({ path: `screenshots/notifications-popover-${width}.png` });
  }

  await bell.accept(invitation).click();
  await expect(guest.page.getByText("Invitation accepted!")).toBeVisible();
  await expect(bell.answered(invitation, "accepted")).toBeVisible();
  await expect(bell.accept(invitation)).toHaveCount(0);
  await expect(bell.button).toHaveAccessibleName(NotificationBell.nameFor(0));
  await expect(banner).toBeHidden();

  // The host hears back.
  const hostBell = new NotificationBell(host.page);
  await expect(hostBell.button).toHaveAccessibleName(NotificationBell.nameFor(1));

  expect(host.errors).toEqual([]);
  expect(guest.errors).toEqual([]);
});

test("a bell that fails to load says so in its popover while the page works on, and Try Again brings it back; so does the invitation page", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const person = await newPerson(browser);
  const { username } = await signUp(person.page, uniqueEmail("bellfail"));
  const page = person.page;
  const crash = page.getByRole("heading", { name: "Something went wrong" });

  // The unread count and the list fail (and with the list, the arrival toasts' query).
  const failing = await failQueries(page, ["notifications:unreadCount", "notifications:list"]);
  await page.goto(`/profile/${username}`);
  const bell = new NotificationBell(page);
  await expect(bell.unavailable).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
  await expect(crash).toHaveCount(0);
  await bell.unavailable.click();
  await expect(bell.loadError).toContainText("Failed to load notifications");
  await expectNoSeriousA11yViolations(page);
  await mkdir("screenshots", { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(bell.loadError).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `screenshots/notifications-error-${width}.png` });
  }
  // The page around it works: the nav bar takes the person on.
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Discover" })
    .click();
  await expect(new DiscoverPage(page).heading).toBeVisible();
  await expect(bell.unavailable).toBeVisible();

  // Try Again subscribes again: the bell is back, with its empty list.
  failing.stop();
  await bell.unavailable.click();
  await bell.tryAgain.click();
  await expect(bell.button).toHaveAccessibleName(NotificationBell.nameFor(0));
  await bell.open();
  await expect(bell.emptyTitle).toBeVisible();
  await bell.close();

  // Only the list fails (another tab): the bell counts on; its popover says so in the list's place.
  const second = await page.context().newPage();
  const secondErrors = recordPageErrors(second);
  await failQueries(second, ["notifications:list"]);
  await second.goto("/discover");
  const secondBell = new NotificationBell(second);
  await expect(secondBell.button).toHaveAccessibleName(NotificationBell.nameFor(0));
  await secondBell.open();
  await expect(secondBell.loadError).toContainText("Failed to load notifications");
  await expect(secondBell.markAllRead).toBeVisible();
  await expect(second.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(second);

  // The invitation page: an answer it cannot show (a server newer than this tab) stays on the
  // page as 'Failed to validate invitation link', with Go Back, inside the app.
  const third = await page.context().newPage();
  const thirdErrors = recordPageErrors(third);
  await overrideMutationResults(third, {
    "invitationTokens:process": {
      success: true,
      type: "party",
      action: "accept",
      title: "Party Joined!",
      message: "",
      name: "",
      redirectUrl: "/",
    },
  });
  const invitation = new InvitationPage(third);
  await invitation.goto(`/invitation/crew/accept/crew_accept_${uniqueToken()}`);
  await expect(invitation.heading).toHaveText("Invitation Error");
  await expect(invitation.text("Failed to validate invitation link")).toBeVisible();
  await expect(invitation.goBack).toBeVisible();
  await expect(third.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expectNoSeriousA11yViolations(third);

  // Only the failures this test caused reached the console.
  const injected = (error: string) =>
    error.includes("Injected failure (test)") ||
    error.includes("Cannot read properties of undefined");
  expect(person.errors.filter((error) => !injected(error))).toEqual([]);
  expect(secondErrors.filter((error) => !injected(error))).toEqual([]);
  expect(thirdErrors.filter((error) => !injected(error))).toEqual([]);
});
