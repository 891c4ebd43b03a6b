import type { Locator, Page } from "@playwright/test";

/** The event page (/event/{slug}, /private-event/{slug}) with its edit and delete dialogs. */
export class EventPage {
  readonly heading: Locator;
  readonly joinButton: Locator;
  readonly maybeButton: Locator;
  readonly shareButton: Locator;
  readonly editButton: Locator;
  readonly deleteButton: Locator;
  readonly addToCalendar: Locator;
  readonly downloadIcs: Locator;
  readonly whosComing: Locator;
  readonly hostedBy: Locator;
  readonly manageCoHosts: Locator;
  readonly editDialog: Locator;
  readonly deleteDialog: Locator;
  readonly hostMessage: Locator;
  readonly missedIt: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole("main");
    this.heading = main.getByRole("heading", { level: 1 });
    this.joinButton = main.getByRole("button", {
      name: /^(Sign in to Join|Join the Party|Joined!|Leave Event|Joining\.\.\.|Leaving\.\.\.)$/,
    });
    this.maybeButton = main.getByRole("button", { name: "Maybe", exact: true });
    this.shareButton = main.getByRole("button", { name: "Share", exact: true });
    this.editButton = main.getByRole("button", { name: "Edit", exact: true });
    this.deleteButton = main.getByRole("button", { name: "Delete", exact: true });
    this.addToCalendar = main.getByRole("button", { name: "Add to Calendar" });
    this.downloadIcs = page.getByRole("menuitem", { name: "Download .ics file" });
    this.whosComing = main.getByRole("region", { name: /Who's Coming|Who Joined/ });
    this.hostedBy = main.getByRole("region", { name: "Hosted By" });
    this.manageCoHosts = main.getByRole("button", { name: "Manage co-hosts" });
    this.editDialog = page.getByRole("dialog", { name: "Edit session" });
    this.deleteDialog = page.getByRole("dialog", { name: "Delete this session?" });
    this.hostMessage = main.getByText("You are the host", { exact: true });
    this.missedIt = main.getByRole("heading", { name: "You missed this one!" });
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
  }

  /** The panel headings of the error states ('Event not found', 'Private session', …). */
  panel(title: string): Locator {
    return this.page.getByRole("main").getByRole("heading", { level: 1, name: title });
  }

  calendarLink(name: "Google Calendar" | "Outlook" | "Yahoo Calendar"): Locator {
    return this.page.getByRole("menuitem", { name: new RegExp(`^${name}`) });
  }
}
