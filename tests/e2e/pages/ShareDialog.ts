import type { Locator, Page } from "@playwright/test";

/** The share-session dialog: copy, native share, messengers and social networks. */
export class ShareDialog {
  readonly dialog: Locator;
  readonly link: Locator;
  readonly copy: Locator;
  readonly copied: Locator;
  readonly instagram: Locator;
  readonly goToEvent: Locator;
  readonly close: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole("dialog").filter({ has: page.getByLabel("Session link") });
    this.link = this.dialog.getByLabel("Session link");
    this.copy = this.dialog.getByRole("button", { name: "Copy Link" });
    this.copied = this.dialog.getByRole("button", { name: "Copied!" });
    this.instagram = this.dialog.getByRole("button", { name: "Instagram" });
    this.goToEvent = this.dialog.getByRole("button", { name: "Go to Event" });
    this.close = this.dialog.getByRole("button", { name: "Close" });
  }

  channel(name: "WhatsApp" | "SMS" | "Facebook" | "X" | "LinkedIn"): Locator {
    return this.dialog.getByRole("link", {
      name: new RegExp(`^${name} \\(opens in a new tab\\)$`),
    });
  }
}
