import type { Locator, Page } from "@playwright/test";

/** "Offline — showing what you saw at 21:04", under the nav bar while the app is cut off. */
export class OfflineBanner {
  readonly banner: Locator;

  constructor(page: Page) {
    this.banner = page
      .getByRole("status")
      .filter({ hasText: /^Offline — showing what you saw (at|on .+ at) \d\d:\d\d$/ });
  }
}
