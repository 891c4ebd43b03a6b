import type { Locator, Page } from "@playwright/test";

/** /profile/{username}/badges: tiles, the category sidebar and the badge cards. */
export class BadgesPage {
  readonly heading: Locator;
  readonly categories: Locator;
  readonly setDefault: Locator;
  readonly cards: Locator;
  readonly earnedCards: Locator;
  readonly lockedCards: Locator;
  readonly progressBars: Locator;
  readonly switches: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole("main");
    this.heading = main.getByRole("heading", { level: 1 });
    this.categories = main.getByRole("navigation", { name: "Badge categories" });
    this.setDefault = main.getByRole("button", { name: "Set Default Visibility (Top 4 by Tier)" });
    this.cards = main
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 3 }) });
    this.earnedCards = main.locator('[data-state="earned"]');
    this.lockedCards = main.locator('[data-state="locked"]');
    this.progressBars = main.getByRole("progressbar");
    this.switches = main.getByRole("switch");
  }

  async goto(username: string): Promise<void> {
    await this.page.goto(`/profile/${username}/badges`);
  }

  /** A summary tile's value: Earned, Total, Visible or Complete. */
  tile(label: "Earned" | "Total" | "Visible" | "Complete"): Locator {
    return this.page
      .getByRole("main")
      .locator("dl > div")
      .filter({ has: this.page.getByText(label, { exact: true }) })
      .locator("dd");
  }

  card(name: string): Locator {
    return this.cards.filter({
      has: this.page.getByRole("heading", { level: 3, name, exact: true }),
    });
  }

  /** The card's 'Show on profile' switch. */
  showSwitch(name: string): Locator {
    return this.card(name).getByRole("switch");
  }

  /** Earned cards whose badge is shown (true) or hidden (false) on the profile. */
  earnedShown(shown: boolean): Locator {
    return this.earnedCards.filter({
      has: this.page.locator(`[role="switch"][aria-checked="${shown}"]`),
    });
  }

  /** The name of a card (its heading). */
  async nameOf(card: Locator): Promise<string> {
    return (await card.getByRole("heading", { level: 3 }).textContent()) ?? "";
  }

  category(label: string): Locator {
    return this.categories.getByRole("button", { name: new RegExp(`^${label}`) });
  }
}
