import type { Locator, Page } from "@playwright/test";

/** "New version available — Reload" at the foot of any page, once there is a new version. */
export class UpdatePrompt {
  readonly prompt: Locator;
  readonly reload: Locator;

  constructor(page: Page) {
    this.prompt = page.getByRole("status").filter({ hasText: "New version available" });
    this.reload = this.prompt.getByRole("button", { name: "Reload" });
  }
}
