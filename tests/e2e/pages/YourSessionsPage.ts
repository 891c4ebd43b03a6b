import type { Locator, Page } from "@playwright/test";

/** /events, "Your Sessions". */
export class YourSessionsPage {
  readonly heading: Locator;
  readonly createSession: Locator;
  readonly upcoming: Locator;
  readonly past: Locator;
  readonly timeline: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole("main");
    this.heading = main.getByRole("heading", { level: 1, name: "Your Sessions" });
    this.createSession = main
      .getByRole("button", { name: /Create Session|Create a Session/ })
      .first();
    this.upcoming = main.getByRole("button", { name: "Upcoming" });
    this.past = main.getByRole("button", { name: "Past" });
    this.timeline = main.getByRole("button", { name: "Timeline" });
  }

  async goto(): Promise<void> {
    await this.page.goto("/events");
  }

  cardLink(title: string): Locator {
    return this.page.getByRole("main").getByRole("link", { name: title, exact: true });
  }
}
