import type { Locator, Page } from "@playwright/test";

/** /debug-email: the local mailbox with the latest messages and their links. */
export class MailboxPage {
  readonly heading: Locator;
  readonly filter: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Local mailbox" });
    this.filter = page.getByLabel("Filter by recipient");
  }

  async goto(): Promise<void> {
    await this.page.goto("/debug-email");
  }

  /** The newest message to `email` (messages are listed newest first). */
  messageTo(email: string): Locator {
    return this.page.getByRole("article", { name: `to ${email}`, exact: false }).first();
  }

  /** A link of the newest message to `email` whose address matches `pattern`. */
  linkFor(email: string, pattern: RegExp): Locator {
    return this.messageTo(email).getByRole("link", { name: pattern });
  }

  signInLinkFor(email: string): Locator {
    return this.messageTo(email).getByRole("link", { name: /\/auth\/callback\?/ });
  }
}
