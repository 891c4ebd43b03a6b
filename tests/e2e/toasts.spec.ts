import { expect, test, type Locator, type Page } from "@playwright/test";
import { EventPage } from "./pages/EventPage.ts";
import { signUp } from "./support/auth.ts";
import { createSessionByApi, uniqueToken } from "./support/events.ts";
import { unexpectedErrors } from "./support/pageErrors.ts";
import { newPerson } from "./support/people.ts";
import { uniqueEmail } from "./support/users.ts";

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** No toast on screen lies over `control` (one that has just left is not on screen). */
async function expectToastsClearOf(page: Page, control: Locator, what: string): Promise<void> {
  const used = (await control.boundingBox())!;
  for (const toast of await page.locator("[data-sonner-toast]").all()) {
    const box = await toast.boundingBox();
    if (box === null) continue;
    expect(overlaps(box, used), `toast ${JSON.stringify(box)} over ${what}`).toBe(false);
  }
}

/*
 * A first join raises the RSVP toast and the badge celebrations at once. They must not lie over
 * the button just pressed, which now says Leave Event: on a phone and on a wide screen the
 * guest leaves straight away with the pointer.
 */
test("after a first join the toasts stay clear of Leave Event, which works at once (390 and 1280 px)", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const host = await newPerson(browser);
  const guests = await Promise.all(
    [390, 1280].map(async (width) => ({
      width,
      ...(await newPerson(browser, { viewport: { width, height: width === 390 ? 844 : 800 } })),
    })),
  );
  await Promise.all([
    signUp(host.page, uniqueEmail("toasthost")),
    ...guests.map((guest) => signUp(guest.page, uniqueEmail(`toast${guest.width}`))),
  ]);
  const { path } = await createSessionByApi(host.page, { title: `Toast room ${uniqueToken()}` });

  for (const { width, page, errors } of guests) {
    await page.goto(path);
    const view = new EventPage(page);
    await view.joinButton.click();
    // Each toast is checked as it shows: the RSVP toast (5 s) may be gone before the badge
    // celebration, which waits for the server's award, arrives.
    await expect(page.getByText("Hell yeah! You're in!")).toBeVisible();
    await expectToastsClearOf(page, view.joinButton, `the join button at ${width} px`);
    await expect(page.getByTestId("badge-celebration").first()).toBeVisible({ timeout: 15_000 });
    // The pointer moves off and back, as a hand does: the button offers Leave Event.
    await page.mouse.move(0, 0);
    await view.joinButton.hover();
    await expect(view.joinButton).toHaveText(/Leave Event/);

    // Said once, by sonner's polite list; the app's live region does not repeat it.
    await expect(page.getByRole("region", { name: /^Notifications alt/ })).toHaveAttribute(
      "aria-live",
      "polite",
    );
    await expect(page.locator("#live-region").getByText("Hell yeah! You're in!")).toHaveCount(0);

    await expectToastsClearOf(page, view.joinButton, `Leave Event at ${width} px`);
    await page.screenshot({ path: `screenshots/toasts-after-join-${width}.png` });
    // No waiting for the toasts to go: the button takes the click now.
    await view.joinButton.click({ timeout: 2_000 });
    await expect(view.joinButton).toHaveText(/Join the Party/);
    expect(unexpectedErrors(errors)).toEqual([]);
  }
});
