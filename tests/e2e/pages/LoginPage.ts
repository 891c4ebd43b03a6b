import type { Locator, Page } from "@playwright/test";

/** /login (and /auth): Google, the magic-link form and the 'Check Your Email' view. */
export class LoginPage {
  readonly heading: Locator;
  readonly emailInput: Locator;
  readonly sendMagicLink: Locator;
  readonly googleButton: Locator;
  readonly errorAlert: Locator;
  readonly checkEmailHeading: Locator;
  readonly tryDifferentEmail: Locator;
  readonly localMailboxLink: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole("main");
    this.heading = main.getByRole("heading", { level: 1 });
    this.emailInput = main.getByLabel("Email address");
    this.sendMagicLink = main.getByRole("button", { name: "Send Magic Link" });
    this.googleButton = main.getByRole("button", { name: "Continue with Google" });
    this.errorAlert = main.getByRole("alert");
    this.checkEmailHeading = main.getByRole("heading", { name: "Check Your Email" });
    this.tryDifferentEmail = main.getByRole("button", { name: "Try Different Email" });
    this.localMailboxLink = main.getByRole("link", { name: "Open the local mailbox" });
  }

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/login${query}`);
  }

  async requestLink(email: string): Promise<void> {
    await this.emailInput.fill(email);
    await this.sendMagicLink.click();
  }
}
