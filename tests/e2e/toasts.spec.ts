import { expect, test } from "@playwright/test";
import { anyApi } from "convex/server";
import { EventPage } from "./pages/EventPage.ts";
import { clientAs } from "./support/apiClient.ts";
import { signUp } from "./support/auth.ts";
import { uniqueToken } from "./support/events.ts";
import { unexpectedErrors } from "./support/pageErrors.ts";
import { newPerson } from "./support/people.ts";
import { uniqueEmail } from "./support/users.ts";

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

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
  const { path } = (await (
    await clientAs(host.page)
  ).mutation(anyApi.events.create, {
    title: `Toast room ${uniqueToken()}`,
    durationType: "specific_time",
    startTime: Date.now() + 24 * 3600_000,
    drinkType: "beer",
    vibe: "casual",
    isPublic: true,
    timeZone: "UTC",
  })) as { path: string };

  for (const { width, page, errors } of guests) {
    await page.goto(path);
    const view = new EventPage(page);
    await view.joinButton.click();
    await expect(page.getByText("Hell yeah! You're in!")).toBeVisible();
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

    const leave = (await view.joinButton.boundingBox())!;
    const toasts = await page.locator("[data-sonner-toast]").all();
    expect(toasts.length).toBeGreaterThanOrEqual(2);
    for (const toast of toasts) {
      const box = (await toast.boundingBox())!;
      expect(
        overlaps(box, leave),
        `toast ${JSON.stringify(box)} over Leave Event at ${width} px`,
      ).toBe(false);
    }
    await page.screenshot({ path: `screenshots/toasts-after-join-${width}.png` });
    // No waiting for the toasts to go: the button takes the click now.
    await view.joinButton.click({ timeout: 2_000 });
    await expect(view.joinButton).toHaveText(/Join the Party/);
    expect(unexpectedErrors(errors)).toEqual([]);
  }
});
