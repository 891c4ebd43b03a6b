import type { Locator, Page } from "@playwright/test";

/** Settings › Email preferences: a switch per category, the frequency choice and Save. */
export class EmailPreferencesSection {
  readonly region: Locator;
  readonly save: Locator;

  constructor(page: Page) {
    this.region = page.getByRole("main").getByRole("region", { name: "Email preferences" });
    this.save = this.region.getByRole("button", { name: "Save preferences" });
  }

  /** 'Session invitations', 'Session reminders', 'Crew invitations', 'Announcements from hosts', 'News and offers'. */
  category(label: string): Locator {
    return this.region.getByRole("switch", { name: label });
  }

  /** 'Immediately', 'Daily digest', 'Weekly digest', 'Never'. */
  frequency(label: string): Locator {
    return this.region.getByRole("radio", { name: label });
  }
}
