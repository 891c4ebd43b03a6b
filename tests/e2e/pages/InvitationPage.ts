import type { Locator, Page } from "@playwright/test";

/** /invitation/{type}/{action}/{token} and /invitation/{token}: the answer to an e-mail's link. */
export class InvitationPage {
  readonly heading: Locator;
  readonly goBack: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole("main").getByRole("heading", { level: 1 });
    this.goBack = page.getByRole("main").getByRole("button", { name: "Go Back" });
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
  }

  text(value: string): Locator {
    return this.page.getByRole("main").getByText(value, { exact: true });
  }

  view(label: "View Crew" | "View Profile" | "View Session" | "View Sessions"): Locator {
    return this.page.getByRole("main").getByRole("button", { name: label });
  }
}
