import type { Locator, Page } from "@playwright/test";

/** /discover: search, the filter dialog, the layout toggle and the session cards. */
export class DiscoverPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly filtersButton: Locator;
  readonly filterDialog: Locator;
  readonly showSessions: Locator;
  readonly resetFilters: Locator;
  readonly countLine: Locator;
  readonly gridView: Locator;
  readonly listView: Locator;
  readonly noResults: Locator;
  readonly clearFilters: Locator;
  readonly loadError: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole("main");
    this.heading = main.getByRole("heading", { level: 1, name: "Discover Events" });
    this.search = main.getByRole("searchbox", { name: "Search sessions" });
    this.filtersButton = main.getByRole("button", { name: /^Filters/ });
    this.filterDialog = page.getByRole("dialog", { name: "Filter sessions" });
    this.showSessions = this.filterDialog.getByRole("button", { name: "Show Sessions" });
    this.resetFilters = this.filterDialog.getByRole("button", { name: "Reset" });
    this.countLine = main.getByRole("status").filter({ hasText: /^Found \d+\+? sessions?$/ });
    this.gridView = main.getByRole("button", { name: "Grid view" });
    this.listView = main.getByRole("button", { name: "List view" });
    this.noResults = main.getByRole("heading", { name: "No Sessions Found" });
    this.clearFilters = main.getByRole("button", { name: "Clear Filters" });
    this.loadError = main.getByRole("alert").filter({ hasText: "Failed to load events" });
  }

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/discover${query}`);
  }

  /** A session card, found by its title link. */
  card(title: string): Locator {
    return this.page
      .getByRole("main")
      .getByRole("article")
      .filter({ has: this.page.getByRole("link", { name: title, exact: true }) });
  }

  cardLink(title: string): Locator {
    return this.page.getByRole("main").getByRole("link", { name: title, exact: true });
  }

  /** Picks one option per filter group ("Sort by", "When", "Drink") and applies them. */
  async filter(choices: { sort?: string; when?: string; drink?: string }): Promise<void> {
    await this.filtersButton.click();
    const groups: Array<[string, string | undefined]> = [
      ["Sort by", choices.sort],
      ["When", choices.when],
      ["Drink", choices.drink],
    ];
    for (const [group, option] of groups) {
      if (option === undefined) continue;
      await this.filterDialog
        .getByRole("radiogroup", { name: group })
        .getByRole("radio", { name: option })
        .click();
    }
    await this.showSessions.click();
  }
}
