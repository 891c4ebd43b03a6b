import type { Locator, Page } from "@playwright/test";

/** The public landing page at `/`. */
export class LandingPage {
  readonly mainHeading: Locator;
  readonly startNight: Locator;
  readonly discoverEvents: Locator;

  constructor(private readonly page: Page) {
    this.mainHeading = page.getByRole("heading", { level: 1 });
    this.startNight = page.getByRole("main").getByRole("link", { name: "Start a Night" });
    this.discoverEvents = page.getByRole("main").getByRole("link", { name: "Discover Events" });
  }

  async goto(): Promise<void> {
    await this.page.goto("/");
  }
}
