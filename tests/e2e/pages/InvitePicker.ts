import type { Locator } from "@playwright/test";

/**
 * The invite step inside the create wizard (step 3) or the edit dialog
 * (step 4): pass that dialog's locator.
 */
export class InvitePicker {
  readonly search: Locator;
  readonly results: Locator;
  readonly noOneFound: Locator;
  readonly inviting: Locator;

  constructor(private readonly dialog: Locator) {
    this.search = dialog.getByRole("searchbox", { name: "Invite friends" });
    this.results = dialog.getByRole("list", { name: "People found" });
    this.noOneFound = this.results.getByText("No one found");
    this.inviting = dialog.getByRole("list", { name: "Inviting" });
  }

  /** A search result, by the person's display name. */
  result(displayName: string): Locator {
    return this.results.getByRole("button", { name: new RegExp(`^${escape(displayName)}\\b`) });
  }

  /** One of the user's crews to pick. */
  crew(name: string): Locator {
    return this.dialog.getByRole("button", { name: new RegExp(`^${escape(name)} · \\d+$`) });
  }

  /** A picked person or crew in the Inviting list. */
  chip(name: string): Locator {
    return this.inviting.getByRole("listitem").filter({ hasText: name });
  }

  remove(name: string): Locator {
    return this.inviting.getByRole("button", {
      name: new RegExp(`^Remove (crew )?${escape(name)}$`),
    });
  }

  /** Searches and picks the person called `displayName`. */
  async invite(query: string, displayName: string): Promise<void> {
    await this.search.fill(query);
    await this.result(displayName).click();
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
