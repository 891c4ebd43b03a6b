import type { Locator, Page } from "@playwright/test";

/** /events/{eventId}: the older page with the Going / Maybe / Not Going selector and RSVP list. */
export class LegacyEventPage {
  readonly heading: Locator;
  readonly rsvpGroup: Locator;
  readonly rsvpList: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole("main");
    this.heading = main.getByRole("heading", { level: 1 });
    this.rsvpGroup = main.getByRole("group", { name: "RSVP" });
    this.rsvpList = main.getByRole("region", { name: "RSVPs" }).getByRole("listitem");
  }

  async goto(eventId: string): Promise<void> {
    await this.page.goto(`/events/${eventId}`);
  }

  /** The selector button for a status; its name is the label then the count ('Going 1'). */
  rsvp(label: "Going" | "Maybe" | "Not Going"): Locator {
    return this.rsvpGroup.getByRole("button", { name: new RegExp(`^${label} \\d+$`) });
  }
}
