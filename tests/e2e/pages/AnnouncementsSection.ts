import type { Locator, Page } from "@playwright/test";

/** The session page's Announcements: the list for everyone, the composer for the host and co-hosts. */
export class AnnouncementsSection {
  readonly section: Locator;
  readonly list: Locator;
  readonly text: Locator;
  readonly send: Locator;
  readonly remaining: Locator;

  constructor(page: Page) {
    this.section = page.getByRole("region", { name: "Announcements" });
    this.list = this.section.getByRole("list", { name: "Announcements, newest first" });
    this.text = this.section.getByLabel("New announcement", { exact: true });
    this.send = this.section.getByRole("button", { name: "Send announcement" });
    this.remaining = this.section.getByText(/left today$/);
  }

  /** The composer's checkbox of one group ('Going', 'Maybe', …). */
  group(label: string): Locator {
    return this.section.getByRole("checkbox", { name: label, exact: true });
  }

  item(text: string | RegExp): Locator {
    return this.list.getByRole("listitem").filter({ hasText: text });
  }

  /** Writes `text`, ticks exactly `groups` and sends it. */
  async post(text: string, groups: string[]): Promise<void> {
    await this.text.fill(text);
    for (const label of ["Going", "Maybe", "Invited, no answer yet", "Waitlist"]) {
      await this.group(label).setChecked(groups.includes(label));
    }
    await this.send.click();
  }
}
