import type { Locator, Page } from "@playwright/test";

/** The host's Nudge button on the session page, with the line under it. */
export class NudgeControl {
  readonly button: Locator;

  constructor(private readonly page: Page) {
    this.button = page.getByRole("main").getByRole("button", { name: "Nudge", exact: true });
  }

  hint(text: string | RegExp): Locator {
    return this.page.getByRole("main").getByText(text);
  }
}
