import type { Locator, Page } from "@playwright/test";

/** /settings: one region per section (e-mail preferences, push notifications, calendar, feedback). */
export class SettingsPage {
  readonly heading: Locator;
  readonly feedback: Locator;
  readonly sound: Locator;
  readonly vibration: Locator;
  readonly visualPulse: Locator;
  readonly vibrationStrength: Locator;
  readonly intensity: Locator;
  readonly tryFeedback: Locator;
  readonly push: Locator;
  readonly turnOnPush: Locator;
  readonly calendar: Locator;
  readonly createCalendarLink: Locator;
  readonly calendarLink: Locator;
  readonly subscribe: Locator;
  readonly regenerateCalendarLink: Locator;
  readonly regenerateDialog: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole("main");
    this.heading = main.getByRole("heading", { name: "Settings", level: 1 });
    this.feedback = main.getByRole("region", { name: "Feedback" });
    this.sound = this.feedback.getByRole("switch", { name: "Sound" });
    this.vibration = this.feedback.getByRole("switch", { name: "Vibration" });
    this.visualPulse = this.feedback.getByRole("switch", { name: "Visual pulse" });
    this.vibrationStrength = this.feedback.getByRole("group", { name: "Vibration strength" });
    this.intensity = this.feedback.getByRole("group", { name: "Intensity" });
    this.tryFeedback = this.feedback.getByRole("button", { name: "Try it" });
    this.push = main.getByRole("region", { name: "Push notifications" });
    this.turnOnPush = this.push.getByRole("button", { name: "Turn on push notifications" });
    this.calendar = main.getByRole("region", { name: "Calendar" });
    this.createCalendarLink = this.calendar.getByRole("button", { name: "Create calendar link" });
    this.calendarLink = this.calendar.getByRole("textbox", { name: "Your private calendar link" });
    this.subscribe = this.calendar.getByRole("link", { name: "Subscribe" });
    this.regenerateCalendarLink = this.calendar.getByRole("button", { name: "Regenerate link" });
    this.regenerateDialog = page.getByRole("dialog", { name: "Regenerate your calendar link?" });
  }

  async goto(): Promise<void> {
    await this.page.goto("/settings");
    await this.heading.waitFor();
  }

  /** The feedback settings this browser has stored (null before the first change). */
  async storedFeedback(): Promise<unknown> {
    return await this.page.evaluate(() => {
      const raw = localStorage.getItem("feedbackSettings");
      return raw === null ? null : (JSON.parse(raw) as unknown);
    });
  }

  /** Whether a service worker is registered for the app (the app registers it on start). */
  async serviceWorkerRegistered(): Promise<boolean> {
    return await this.page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration("/")) !== undefined,
    );
  }

  /** Whether this browser holds a push subscription for the app (none before an opt-in). */
  async pushSubscribed(): Promise<boolean> {
    return await this.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration("/");
      return (await registration?.pushManager.getSubscription()) != null;
    });
  }
}
