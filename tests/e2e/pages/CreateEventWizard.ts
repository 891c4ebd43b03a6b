import type { Locator, Page } from "@playwright/test";

/** The create-session wizard dialog (3 steps). */
export class CreateEventWizard {
  readonly dialog: Locator;
  readonly title: Locator;
  readonly start: Locator;
  readonly end: Locator;
  readonly placeNickname: Locator;
  readonly location: Locator;
  readonly notes: Locator;
  readonly publicSwitch: Locator;
  readonly coverInput: Locator;
  readonly next: Locator;
  readonly back: Locator;
  readonly create: Locator;
  readonly stepLabel: Locator;

  constructor(private readonly page: Page) {
    this.dialog = page
      .getByRole("dialog")
      .filter({ has: page.getByRole("form", { name: "Create a session" }) });
    this.title = this.dialog.getByLabel("Session name");
    this.start = this.dialog.getByLabel("Starts");
    this.end = this.dialog.getByLabel("Ends");
    this.placeNickname = this.dialog.getByLabel("Place nickname");
    this.location = this.dialog.getByRole("combobox", { name: "Location" });
    this.notes = this.dialog.getByLabel("Notes");
    this.publicSwitch = this.dialog.getByRole("switch", { name: "Public session" });
    this.coverInput = this.dialog.getByLabel(/Choose cover image|Change cover image/);
    this.next = this.dialog.getByRole("button", { name: "Next" });
    this.back = this.dialog.getByRole("button", { name: "Back" });
    this.create = this.dialog.getByRole("button", { name: /Create Session/ });
    this.stepLabel = this.dialog.getByText(/^Step \d of 3$/);
  }

  timeChoice(label: "Right Now" | "Specific Time" | "All Night" | "Custom"): Locator {
    return this.dialog.getByRole("radio", { name: label });
  }

  drink(label: string): Locator {
    return this.dialog
      .getByRole("radiogroup", { name: "What are we drinking?" })
      .getByRole("radio", { name: label, exact: true });
  }

  vibe(label: string): Locator {
    return this.dialog
      .getByRole("radiogroup", { name: "What's the vibe?" })
      .getByRole("radio", { name: label, exact: true });
  }

  placeOption(name: string): Locator {
    return this.page.getByRole("option", {
      name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    });
  }

  fieldError(message: string): Locator {
    return this.dialog.getByText(message, { exact: true });
  }
}
