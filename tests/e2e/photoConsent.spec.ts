import { expect, test } from "@playwright/test";
import { mkdir } from "node:fs/promises";
import { EventPage } from "./pages/EventPage.ts";
import { EventRecapSection } from "./pages/EventRecapSection.ts";
import { signUp } from "./support/auth.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { createEventThroughWizard, localDateTimeFromNow, uniqueToken } from "./support/events.ts";
import { gradientPng } from "./support/images.ts";
import { emailPrefix, uniqueEmail } from "./support/users.ts";
import { newPerson } from "./support/people.ts";

const SHOTS = process.env.CLINK_SHOTS_DIR ?? "screenshots";

test("don't show it: a photo one guest asks to hide leaves another's gallery live; the host who shared it sees why", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const token = uniqueToken();
  const caption = `Group shot ${token}`;

  // A hosts a public session that started 3 hours ago (its recap is open) and shares a photo.
  const a = await newPerson(browser);
  await signUp(a.page, uniqueEmail("sharer"));
  const path = await createEventThroughWizard(a.page, {
    title: `Consent night ${token}`,
    when: {
      choice: "Custom",
      start: await localDateTimeFromNow(a.page, -180),
      end: await localDateTimeFromNow(a.page, 60),
    },
  });
  const aRecap = new EventRecapSection(a.page);
  await aRecap.photoInput.setInputFiles({
    name: "group.png",
    mimeType: "image/png",
    buffer: gradientPng(240),
  });
  await aRecap.caption.fill(caption);
  await aRecap.uploadPhoto.click();
  await expect(aRecap.photo(caption)).toBeVisible();

  // B joins (they are in the photo); C only looks at the public gallery.
  const b = await newPerson(browser);
  const bEmail = uniqueEmail("inphoto");
  await signUp(b.page, bEmail);
  await b.page.goto(path);
  await new EventPage(b.page).joinButton.click();
  await expect(b.page.getByText("Hell yeah! You're in!")).toBeVisible();
  const c = await newPerson(browser);
  await signUp(c.page, uniqueEmail("looker"));
  await c.page.goto(path);
  const cRecap = new EventRecapSection(c.page);
  await expect(cRecap.photo(caption)).toBeVisible();
  await expect(cRecap.photos).toContainText("1 photo");

  // B opens it and asks not to show it.
  const bRecap = new EventRecapSection(b.page);
  await bRecap.photo(caption).click();
  await expect(bRecap.viewer).toBeVisible();
  await expect(bRecap.dontShowIt).toBeVisible();
  if (process.env.CLINK_SHOTS_DIR) {
    await mkdir(SHOTS, { recursive: true });
    await b.page.setViewportSize({ width: 390, height: 844 });
    await bRecap.viewer.evaluate((el) =>
      Promise.allSettled(el.ownerDocument.getAnimations().map((animation) => animation.finished)),
    );
    await b.page.screenshot({ path: `${SHOTS}/photo-consent-ask-390.png` });
  }
  await bRecap.dontShowIt.click();
  await expect(bRecap.viewer.getByText("Hidden: you asked not to show it")).toBeVisible();
  await expect(bRecap.showItAgain).toBeVisible();

  // C's gallery loses it without a reload; the count follows.
  await expect(cRecap.photo(caption)).toHaveCount(0);
  await expect(cRecap.photos.getByText("No photos yet.")).toBeVisible();
  await expect(cRecap.photos).toContainText("0 photos");

  // A (who shared it, and hosts) still sees it, marked, with who asked.
  const reason = `Hidden: ${emailPrefix(bEmail)} asked not to show it`;
  await expect(aRecap.photos).toContainText("0 photos · 1 hidden");
  await expect(aRecap.photo(caption)).toContainText("Hidden");
  await aRecap.photo(caption).click();
  await expect(aRecap.viewer.getByText(reason)).toBeVisible();
  await expect(aRecap.viewer.getByRole("button", { name: "Delete photo" })).toBeVisible();
  await expect(aRecap.dontShowIt).toHaveCount(0);
  await expectNoSeriousA11yViolations(a.page);

  if (process.env.CLINK_SHOTS_DIR) {
    await mkdir(SHOTS, { recursive: true });
    for (const width of [390, 1280]) {
      await a.page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await aRecap.viewer.evaluate((el) =>
        Promise.allSettled(el.ownerDocument.getAnimations().map((animation) => animation.finished)),
      );
      await a.page.screenshot({ path: `${SHOTS}/photo-consent-viewer-${width}.png` });
      await b.page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await b.page.screenshot({ path: `${SHOTS}/photo-consent-objector-${width}.png` });
    }
    await a.page.keyboard.press("Escape");
    for (const width of [390, 1280]) {
      await a.page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await aRecap.photos.screenshot({ path: `${SHOTS}/photo-consent-gallery-${width}.png` });
    }
  }

  // B lifts it: C sees the photo again, live.
  await bRecap.showItAgain.click();
  await expect(cRecap.photo(caption)).toBeVisible();
  await expect(cRecap.photos).toContainText("1 photo");
  await expect(bRecap.dontShowIt).toBeVisible();

  expect(a.errors).toEqual([]);
  expect(b.errors).toEqual([]);
  expect(c.errors).toEqual([]);
});
