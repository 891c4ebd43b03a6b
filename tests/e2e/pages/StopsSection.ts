import { expect, type Locator, type Page } from "@playwright/test";

/** The session page's bar crawl: where the crew is, the stops in order, and (hosts) the add form. */
export class StopsSection {
  readonly section: Locator;
  /** The current stop's card (before the crawl starts, the first stop). */
  readonly card: Locator;
  readonly list: Locator;
  readonly weAreHere: Locator;
  readonly movingOn: Locator;
  readonly place: Locator;
  readonly time: Locator;
  readonly add: Locator;

  constructor(private readonly page: Page) {
    this.section = page.getByRole("region", { name: "The crawl" });
    this.card = this.section.getByRole("region", { name: "Where the crew is" });
    this.list = this.section.getByRole("list", { name: "Stops, in order" });
    this.weAreHere = this.card.getByRole("button", { name: "We're here" });
    this.movingOn = this.card.getByRole("button", { name: /^Moving on/ });
    this.place = this.section.getByRole("combobox", { name: "Next stop" });
    this.time = this.section.getByLabel("Planned time (optional)");
    this.add = this.section.getByRole("button", { name: "Add stop" });
  }

  stop(name: string): Locator {
    return this.list.getByRole("listitem").filter({ hasText: name });
  }

  /** The stops' names as the list shows them, in order. */
  async names(): Promise<string[]> {
    return (await this.list.getByRole("listitem").locator("p.font-semibold").allInnerTexts()).map(
      (text) => text.replace(/^Stop \d+:\s*/, "").replace(/\s*Now$/, ""),
    );
  }

  /** Adds a stop from the places search (`pick` is the suggestion to choose) or as typed text. */
  async addStop(text: string, pick?: string): Promise<void> {
    await this.place.fill(text);
    if (pick !== undefined) {
      await this.page.getByRole("option", { name: new RegExp(pick) }).click();
      await expect(this.section.getByText(`📍 Pinned: ${pick}`)).toBeVisible();
    }
    await this.add.click();
    await expect(this.stop(pick ?? text)).toBeVisible();
  }
}
