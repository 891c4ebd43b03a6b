import { expect, type Locator, type Page } from "@playwright/test";

/** The session page's tab: balances, the settle-up plan, the expenses and the expense dialog. */
export class TabSection {
  readonly section: Locator;
  readonly addExpense: Locator;
  readonly balances: Locator;
  readonly plan: Locator;
  readonly expenses: Locator;
  readonly dialog: Locator;

  constructor(page: Page) {
    this.section = page.getByRole("region", { name: "Tab", exact: true });
    this.addExpense = this.section.getByRole("button", { name: "Add expense" });
    this.balances = this.section.getByRole("list", { name: "Balances" });
    this.plan = this.section.getByRole("list", { name: "Settle-up plan" });
    this.expenses = this.section.getByRole("list", { name: "Expenses" });
    this.dialog = page.getByRole("dialog", { name: "Add an expense" });
  }

  balance(name: string): Locator {
    return this.balances.getByRole("listitem").filter({ hasText: name });
  }

  /** The balances as 'name: what it says', in the list's order (for comparing browsers). */
  async balanceTexts(): Promise<string[]> {
    return (await this.balances.getByRole("listitem").allInnerTexts()).map((text) =>
      text
        .replace(/\s*\(you\)/, "")
        .replace(/\s+/g, " ")
        .trim(),
    );
  }

  /** The plan's amounts, in order. */
  async planAmounts(): Promise<string[]> {
    return (await this.plan.getByRole("listitem").allInnerTexts()).map(
      (text) => /£[\d.,]+/.exec(text)?.[0] ?? text,
    );
  }

  /**
   * Adds an expense paid by the viewer: shared equally by everyone going, or `exact` amounts
   * for the people named (everyone else unticked).
   */
  async add(what: string, amount: string, exact?: Record<string, string>): Promise<void> {
    await this.addExpense.click();
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByLabel("What").fill(what);
    await this.dialog.getByLabel(/^Amount/).fill(amount);
    const people = this.dialog.getByRole("list", { name: "Who shares it" });
    await expect(people.getByRole("checkbox").first()).toBeVisible();
    if (exact !== undefined) {
      await this.dialog.getByRole("button", { name: "Exact amounts" }).click();
      for (const box of await people.getByRole("checkbox").all()) {
        const name = (await box.locator("xpath=..").innerText()).trim();
        if (!(name in exact)) await box.uncheck();
      }
      for (const [name, share] of Object.entries(exact))
        await this.dialog.getByLabel(`${name}'s share`).fill(share);
      await expect(this.dialog.getByText("The shares add up.")).toBeVisible();
    }
    await this.dialog.getByRole("button", { name: "Add expense" }).click();
    await expect(this.dialog).toBeHidden();
    await expect(this.expenses.getByText(what)).toBeVisible();
  }
}
