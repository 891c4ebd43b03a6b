import type { Locator, Page } from "@playwright/test";

/** The crew page's Polls section and its Start a poll dialog. */
export class CrewPolls {
  readonly section: Locator;
  readonly start: Locator;
  readonly dialog: Locator;
  readonly title: Locator;
  readonly addOption: Locator;
  readonly submit: Locator;

  constructor(page: Page) {
    this.section = page
      .getByRole("main")
      .locator("section", { has: page.getByRole("heading", { name: "Polls" }) });
    this.start = page.getByRole("button", { name: "Start a poll" });
    this.dialog = page.getByRole("dialog", { name: "Start a poll" });
    this.title = this.dialog.getByLabel("What are we planning?");
    this.addOption = this.dialog.getByRole("button", { name: "Add an option" });
    this.submit = this.dialog.getByRole("button", { name: "Start poll" });
  }

  /** Option n's date and start (1-based), as a datetime-local value. */
  optionTime(n: number): Locator {
    return this.dialog.getByLabel(`Option ${n}: date and start`);
  }

  openPoll(title: string): Locator {
    return this.section.getByRole("link", { name: new RegExp(title) });
  }
}

/** /crew/{crewId}/poll/{pollId}: options with tallies and the viewer's answers, adding an option, the grid, nudges and the pick. */
export class PollPage {
  readonly heading: Locator;
  readonly options: Locator;
  readonly grid: Locator;
  readonly notAnswered: Locator;
  readonly summary: Locator;
  readonly addOption: Locator;
  readonly addOptionDialog: Locator;
  readonly newOptionTime: Locator;
  readonly saveOption: Locator;

  constructor(page: Page) {
    const main = page.getByRole("main");
    this.addOption = main.getByRole("button", { name: "Add an option" });
    this.addOptionDialog = page.getByRole("dialog", { name: "Add an option" });
    this.newOptionTime = this.addOptionDialog.getByLabel("Date and start");
    this.saveOption = this.addOptionDialog.getByRole("button", { name: "Add option" });
    this.heading = main.getByRole("heading", { level: 1 });
    this.options = main.getByRole("list", { name: "Options" });
    this.grid = main.getByRole("table", { name: "Answers" });
    this.notAnswered = main.getByRole("list", { name: "Not answered yet" });
    this.summary = main.getByText(/answered/).first();
  }

  option(n: number): Locator {
    return this.options.getByRole("listitem").nth(n - 1);
  }

  answer(n: number, label: "Yes" | "If need be" | "No"): Locator {
    return this.option(n).getByRole("button", { name: label, exact: true });
  }

  tally(n: number): Locator {
    return this.option(n).getByLabel(/^Tally for/);
  }

  pick(n: number): Locator {
    return this.option(n).getByRole("button", { name: /as the winner$/ });
  }
}
