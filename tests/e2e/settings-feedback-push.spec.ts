import { expect, test, type Page } from "@playwright/test";
import webpush from "web-push";
import { SettingsPage } from "./pages/SettingsPage.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { signUp } from "./support/auth.ts";
import { overrideQueries } from "./support/failQueries.ts";
import { recordPageErrors } from "./support/pageErrors.ts";
import { uniqueEmail } from "./support/users.ts";

// This spec is about the service worker, which the other specs block.
test.use({ serviceWorkers: "allow" });

type Played = { tones: number; vibrations: number[][]; pulses: (string | undefined)[][] };

/**
 * Counts the oscillators the feedback player starts, records navigator.vibrate calls (desktop
 * Chromium has no vibration motor to observe) and the transforms of each Web Animation started on
 * the Try it button (a pulse is over in well under a second: read as it starts, not sampled).
 */
async function recordFeedback(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const played: Played = { tones: 0, vibrations: [], pulses: [] };
    Object.assign(window, { __played: played });
    const animate = Object.getOwnPropertyDescriptor(Element.prototype, "animate")
      ?.value as Element["animate"];
    Element.prototype.animate = function (this: Element, keyframes, options) {
      if (Array.isArray(keyframes) && this.textContent?.includes("Try it"))
        played.pulses.push(keyframes.map((frame) => frame.transform as string | undefined));
      return animate.call(this, keyframes, options);
    };
    const prototype = AudioContext.prototype;
    const createOscillator = Object.getOwnPropertyDescriptor(
      BaseAudioContext.prototype,
      "createOscillator",
    )?.value as (this: BaseAudioContext) => OscillatorNode;
    prototype.createOscillator = function (this: AudioContext) {
      played.tones += 1;
      return createOscillator.call(this);
    };
    Object.defineProperty(navigator, "vibrate", {
      configurable: true,
      value: (pattern: number[]) => {
        played.vibrations.push(pattern);
        return true;
      },
    });
  });
}

const played = (page: Page) =>
  page.evaluate(() => (window as unknown as { __played: Played }).__played);

/** The keyframes' transforms of the last pulse played, once there are `count` of them. */
const pulse = async (page: Page, count: number) => {
  const { pulses } = await played(page);
  return pulses.length === count ? pulses[count - 1] : null;
};

test("feedback settings are stored in this browser and played as set; push says it is off without VAPID keys", async ({
  page,
}) => {
  // Signing up takes a good part of a minute when the shared machine is busy.
  const errors = recordPageErrors(page);
  await recordFeedback(page);
  await signUp(page, uniqueEmail("fern"));
  const settings = new SettingsPage(page);
  await settings.goto();

  // Defaults: everything on, medium, normal; nothing stored yet.
  await expect(settings.sound).toBeChecked();
  await expect(settings.vibration).toBeChecked();
  await expect(settings.visualPulse).toBeChecked();
  await expect(settings.vibrationStrength.getByRole("radio", { name: "Medium" })).toBeChecked();
  await expect(settings.intensity.getByRole("radio", { name: "Normal" })).toBeChecked();
  expect(await settings.storedFeedback()).toBeNull();

  // Push is off on this backend (no VAPID keys): said plainly, no prompt, no subscription.
  await expect(settings.push).toContainText("Push notifications are off on this server");
  await expect(settings.turnOnPush).toHaveCount(0);
  expect(await settings.pushSubscribed()).toBe(false);

  await expectNoSeriousA11yViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `screenshots/settings-feedback-push-${width}.png`,
      fullPage: true,
    });
  }

  // Heavy and intense: the badge feedback plays a sound, a stretched vibration and a pulse.
  await settings.vibrationStrength.getByText("Heavy").click();
  await settings.intensity.getByText("Intense").click();
  await settings.tryFeedback.click();
  await expect.poll(() => pulse(page, 1)).toContain("scale(1.084)");
  expect((await played(page)).tones).toBeGreaterThan(0);
  expect((await played(page)).vibrations).toEqual([[84, 60, 84, 60, 168]]);

  // Under reduced motion the pulse glows without moving: every keyframe at its own size.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await settings.tryFeedback.click();
  await expect.poll(() => pulse(page, 2)).toEqual(["scale(1)", "scale(1)", "scale(1)"]);
  await page.emulateMedia({ reducedMotion: "no-preference" });

  // Sound off: the next one vibrates but plays no tone.
  await settings.sound.click();
  const tonesBefore = (await played(page)).tones;
  await settings.tryFeedback.click();
  await expect.poll(async () => (await played(page)).vibrations.length).toBe(3);
  expect((await played(page)).tones).toBe(tonesBefore);

  expect(await settings.storedFeedback()).toEqual({
    sound: false,
    haptic: true,
    visual: true,
    hapticIntensity: "heavy",
    intensity: "intense",
  });

  // Kept across a reload.
  await page.reload();
  await settings.heading.waitFor();
  await expect(settings.sound).not.toBeChecked();
  await expect(settings.vibrationStrength.getByRole("radio", { name: "Heavy" })).toBeChecked();
  await expect(settings.intensity.getByRole("radio", { name: "Intense" })).toBeChecked();

  // Everything off: nothing to try, and strength and intensity wait until a channel is back.
  await settings.vibration.click();
  await settings.visualPulse.click();
  await expect(settings.feedback.getByText("All feedback is off.")).toBeVisible();
  await expect(settings.tryFeedback).toBeDisabled();
  await expect(settings.vibrationStrength.getByRole("radio", { name: "Light" })).toBeDisabled();
  await expect(settings.intensity.getByRole("radio", { name: "Subtle" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  expect(errors).toEqual([]);
});

test("with VAPID keys the push section prompts, and subscribing waits for permission", async ({
  page,
}) => {
  const errors = recordPageErrors(page);
  // As a deployment with VAPID keys answers (this backend has none).
  await overrideQueries(page, {
    "push:config": { publicKey: webpush.generateVAPIDKeys().publicKey },
  });
  await signUp(page, uniqueEmail("pia"));
  const settings = new SettingsPage(page);
  await settings.goto();

  await expect(settings.push).toContainText(
    "Get invitations, session reminders and badge awards on this device",
  );
  await expect(settings.turnOnPush).toBeVisible();
  expect(await settings.pushSubscribed()).toBe(false);
  await expectNoSeriousA11yViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `screenshots/settings-push-prompt-${width}.png`,
      fullPage: true,
    });
  }

  // The person blocks the browser's prompt: said so, and still no subscription.
  await page.evaluate(() =>
    Object.defineProperty(Notification, "requestPermission", {
      configurable: true,
      value: () => Promise.resolve("denied"),
    }),
  );
  await settings.turnOnPush.click();
  await expect(page.getByText("Notifications are blocked for Clink in this browser")).toBeVisible();
  expect(await settings.pushSubscribed()).toBe(false);

  // Allowed: /sw.js is registered and active; this offline browser has no push service to
  // subscribe with.
  await page.context().grantPermissions(["notifications"]);
  await page.evaluate(() =>
    Object.defineProperty(Notification, "requestPermission", {
      configurable: true,
      value: () => Promise.resolve("granted"),
    }),
  );
  await settings.turnOnPush.click();
  await expect(page.getByText(/^Couldn't turn on push notifications/)).toBeVisible();
  expect(await settings.serviceWorkerRegistered()).toBe(true);

  // Chromium's own note on that failure (Playwright contexts are incognito) is expected.
  expect(errors.filter((error) => !error.includes("Push API in incognito mode"))).toEqual([]);
});
