/**
 * The sessions review: link-preview images, 'Not Going' on the event page, the error
 * states of lists that fail to load, and signing in from the comments back to the session.
 */
import { expect, test } from "@playwright/test";
import { EventPage } from "./pages/EventPage.ts";
import { EventRecapSection } from "./pages/EventRecapSection.ts";
import { LoginPage } from "./pages/LoginPage.ts";
import { signInWithMagicLink, signUp } from "./support/auth.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { siteUrl } from "./support/env.ts";
import { createEventThroughWizard, localDateTimeFromNow, uniqueToken } from "./support/events.ts";
import { failQueries } from "./support/failQueries.ts";
import { uniqueEmail } from "./support/users.ts";
import { newPerson } from "./support/people.ts";

/** The width and height in a JPEG's start-of-frame segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1];
    if (marker >= 0xc0 && marker <= 0xc2) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return null;
}

function metaContent(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return match ? match[1].replace(/&amp;/g, "&") : null;
}

test("previews carry a 1200×630 JPEG; 'Not Going'; lists that fail say so and retry; sign in from comments comes back", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const title = `Review night ${uniqueToken()}`;

  // The host's session started 3 hours ago and is still on: its recap (photos, comments) is open.
  const host = await newPerson(browser);
  const hostEmail = uniqueEmail("reviewhost");
  const { username: hostUsername } = await signUp(host.page, hostEmail);
  const path = await createEventThroughWizard(host.page, {
    title,
    vibe: "Party",
    when: {
      choice: "Custom",
      start: await localDateTimeFromNow(host.page, -180),
      end: await localDateTimeFromNow(host.page, 60),
    },
  });
  const slug = path.split("/").pop()!;

  // Link previews: the share page's image is a raster the big apps show, at the size it declares.
  const share = await request.get(`${siteUrl}/share/event/${slug}`);
  expect(share.status()).toBe(200);
  const html = await share.text();
  const imageUrl = metaContent(html, "og:image");
  expect(imageUrl).toMatch(/\/covers\/party\.jpg$/);
  expect(metaContent(html, "twitter:image")).toBe(imageUrl);
  expect(metaContent(html, "og:image:width")).toBe("1200");
  expect(metaContent(html, "og:image:height")).toBe("630");
  const image = await request.get(imageUrl!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/jpeg");
  expect(jpegSize(await image.body())).toEqual({ width: 1200, height: 630 });

  // Error states: every list whose query fails says so in place, and Try Again re-subscribes.
  const failing = await failQueries(host.page, [
    "events:mine",
    "events:forProfile",
    "events:attendees",
    "photos:list",
    "comments:list",
  ]);
  await host.page.goto("/events");
  const sessionsAlert = host.page.getByRole("main").getByRole("alert");
  await expect(sessionsAlert).toHaveText(/Failed to load events\. Please try again\./);
  await host.page.goto(`/profile/${hostUsername}`);
  await expect(host.page.getByRole("main").getByRole("alert").first()).toContainText(
    "Failed to load events. Please try again.",
  );
  await host.page.goto(path);
  const recap = new EventRecapSection(host.page);
  await expect(recap.photos.getByRole("alert")).toContainText("Failed to load photos");
  await expect(recap.comments.getByRole("alert")).toContainText("Failed to load comments");
  await expectNoSeriousA11yViolations(host.page);
  await new EventPage(host.page).manageCoHosts.click();
  const coHosts = host.page.getByRole("dialog", { name: "Manage co-hosts" });
  await expect(coHosts.getByRole("alert")).toContainText("Failed to load attendees");
  failing.stop();
  await coHosts.getByRole("button", { name: "Try Again" }).click();
  await expect(coHosts.getByText("Host", { exact: true })).toBeVisible();
  await coHosts.press("Escape");
  await recap.comments.getByRole("button", { name: "Try Again" }).click();
  await expect(recap.comments.getByText("No comments yet.")).toBeVisible();

  // A visitor signs in from the comments and comes back to the session.
  const guest = await newPerson(browser);
  await guest.page.goto(path);
  const guestRecap = new EventRecapSection(guest.page);
  await guestRecap.comments.getByRole("link", { name: "Sign in" }).click();
  await expect(guest.page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
  await expect(new LoginPage(guest.page).heading).toBeVisible();
  await signInWithMagicLink(guest.page, uniqueEmail("reviewguest"), { openLogin: false });
  await expect(guest.page).toHaveURL(path);

  // 'Not Going' from the event page (any status can be set there), kept across a reload.
  const guestView = new EventPage(guest.page);
  const notGoing = guest.page.getByRole("main").getByRole("button", { name: "Not Going" });
  await notGoing.click();
  await expect(guest.page.getByText("RSVP updated!")).toBeVisible();
  await expect(notGoing).toHaveAttribute("aria-pressed", "true");
  await expect(guestView.maybeButton).toHaveAttribute("aria-pressed", "false");
  await guest.page.reload();
  await expect(notGoing).toHaveAttribute("aria-pressed", "true");
  await expectNoSeriousA11yViolations(guest.page);

  // Only the failures this test injected reached the console.
  expect(guest.errors).toEqual([]);
  expect(host.errors.filter((error) => !error.includes("Injected failure (test)"))).toEqual([]);
});
