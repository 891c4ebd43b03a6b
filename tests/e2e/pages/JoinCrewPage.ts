import type { Locator, Page } from "@playwright/test";

/**
 * /crew/join/{code} and /invite/{code}: the invited crew and Join Crew, or
 * 'invalid or has expired' for any link that does not work.
 */
export class JoinCrewPage {
  readonly heading: Locator;
  readonly code: Locator;
  readonly join: Locator;
  readonly signInPrompt: Locator;
  readonly signIn: Locator;
  readonly goToCrew: Locator;
  readonly invalid: Locator;
  readonly invalidCode: Locator;
  readonly alreadyMember: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole("main");
    this.heading = main.getByRole("heading", { level: 1 });
    this.code = main.getByText(/^Invite code/);
    this.join = main.getByRole("button", { name: /^(Join Crew|Joining\.\.\.)/ });
    this.signInPrompt = main.getByText("Please sign in to join a crew", { exact: true });
    this.signIn = main.getByRole("button", { name: "Sign In", exact: true });
    this.goToCrew = main.getByRole("link", { name: "Go to Crew" });
    this.invalid = main.getByRole("heading", {
      name: "This invite link is invalid or has expired...",
    });
    this.invalidCode = main.getByRole("heading", { name: "Invalid invite code" });
    this.alreadyMember = main.getByRole("heading", {
      name: "You are already a member of this crew!",
    });
  }

  /** Opens a link as shared (absolute or a path). */
  async goto(link: string): Promise<void> {
    await this.page.goto(link.startsWith("http") ? new URL(link).pathname : link);
  }
}
