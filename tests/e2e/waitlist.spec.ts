import { expect, test } from "@playwright/test";
import { mkdir } from "node:fs/promises";
import { EventPage } from "./pages/EventPage.ts";
import { NotificationBell } from "./pages/NotificationBell.ts";
import { signUp } from "./support/auth.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { createEventThroughWizard, localDateTime, uniqueToken } from "./support/events.ts";
import { newPerson } from "./support/people.ts";
import { uniqueEmail } from "./support/users.ts";

test("a full session: the third person joins the waitlist at place 1, and is promoted live when a guest leaves", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `Tiny bar ${uniqueToken()}`;
  const host = await newPerson(browser);
  const guest = await newPerson(browser);
  const waiter = await newPerson(browser);
  await signUp(host.page, uniqueEmail("host"));
  await signUp(guest.page, uniqueEmail("guest"));
  await signUp(waiter.page, uniqueEmail("waiter"));

  // The host makes a session and gives it 2 spots (theirs and one more) in the edit dialog.
  const path = await createEventThroughWizard(host.page, {
    title,
    when: { choice: "Specific Time", start: await localDateTime(host.page, 1, 20) },
  });
  const hostView = new EventPage(host.page);
  await hostView.editButton.click();
  const next = hostView.editDialog.getByRole("button", { name: "Next" });
  for (let step = 1; step < 4; step += 1) await next.click();
  await hostView.editDialog.getByLabel("Capacity").fill("1");
  await hostView.editDialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(hostView.editDialog.getByText("Capacity must be between 2 and 500")).toBeVisible();
  await hostView.editDialog.getByLabel("Capacity").fill("2");
  await hostView.editDialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(host.page.getByText("Changes saved")).toBeVisible();
  await expect(host.page.getByTestId("seat-count")).toHaveText("1 / 2 going");

  // The guest takes the last spot.
  const guestView = new EventPage(guest.page);
  await guestView.goto(path);
  await guestView.joinButton.click();
  await expect(guestView.joinButton).toHaveText(/Joined!|Leave Event/);
  await expect(guest.page.getByTestId("seat-count")).toHaveText("2 / 2 going");

  // The third person finds it full and joins the waitlist.
  await waiter.page.goto(path);
  const waitlistButton = waiter.page.getByRole("button", { name: "Join the waitlist" });
  await expect(waitlistButton).toBeVisible();
  const rsvpArea = waiter.page.getByRole("region", { name: "Your RSVP" });
  await mkdir("screenshots", { recursive: true });
  for (const width of [390, 1280]) {
    await waiter.page.setViewportSize({ width, height: 900 });
    await rsvpArea.screenshot({ path: `screenshots/waitlist-full-${width}.png` });
  }
  await waitlistButton.click();
  await expect(waiter.page.getByText("You're on the waitlist")).toBeVisible();
  await expect(waiter.page.getByText("Place 1 on the waitlist")).toBeVisible();
  await expect(waiter.page.getByTestId("seat-count")).toHaveText("2 / 2 going · 1 waiting");
  await expectNoSeriousA11yViolations(waiter.page);
  for (const width of [390, 1280]) {
    await waiter.page.setViewportSize({ width, height: 900 });
    await rsvpArea.screenshot({ path: `screenshots/waitlist-waiting-${width}.png` });
  }

  // The host sees who waits, live.
  await expect(host.page.getByRole("region", { name: "Waitlist (1)" })).toBeVisible();

  // The guest leaves: the waiter is promoted in the same write and told live.
  const bell = new NotificationBell(waiter.page);
  // (The pointer still rests on the button from joining, so a mouse click leaves at once.)
  await guestView.joinButton.click();
  await expect(guest.page.getByText("Left the session")).toBeVisible();
  await expect(bell.button).toHaveAccessibleName(NotificationBell.nameFor(1));
  const waiterView = new EventPage(waiter.page);
  await expect(waiterView.joinButton).toHaveText(/Joined!/);
  await expect(waiter.page.getByText("You're on the waitlist")).toBeHidden();
  await bell.open();
  await expect(
    waiter.page.getByText(`A spot opened up: you're going to "${title}"`).first(),
  ).toBeVisible();
  await expect(host.page.getByTestId("seat-count")).toHaveText("2 / 2 going");

  for (const person of [host, guest, waiter]) expect(person.errors).toEqual([]);
});
