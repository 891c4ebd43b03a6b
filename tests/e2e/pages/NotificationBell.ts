import type { Locator, Page } from "@playwright/test";

/** The nav bar's notification bell and its popover (signed-in users). */
export class NotificationBell {
  /** Named 'Notifications' or 'Notifications, {n} unread' ('99+' past 99). */
  readonly button: Locator;
  readonly popover: Locator;
  readonly heading: Locator;
  readonly markAllRead: Locator;
  readonly refresh: Locator;
  readonly list: Locator;
  readonly emptyTitle: Locator;
  readonly emptyBody: Locator;
  /** The bell after its unread count failed to load (it still opens, on the error). */
  readonly unavailable: Locator;
  /** 'Failed to load notifications' with Try Again, in the popover. */
  readonly loadError: Locator;
  readonly tryAgain: Locator;

  constructor(private readonly page: Page) {
    this.button = page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: /^Notifications(, .+ unread)?$/ });
    this.popover = page.getByRole("region", { name: "Notifications", exact: true });
    this.heading = this.popover.getByRole("heading", { name: "Notifications" });
    this.markAllRead = this.popover.getByRole("button", { name: "Mark all read" });
    this.refresh = this.popover.getByRole("button", { name: "Refresh notifications" });
    this.list = this.popover.getByRole("list", { name: "Latest notifications" });
    this.emptyTitle = this.popover.getByText("No notifications yet");
    this.emptyBody = this.popover.getByText("We'll let you know when something happens!");
    this.unavailable = page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: "Notifications, failed to load" });
    this.loadError = this.popover.getByRole("alert");
    this.tryAgain = this.loadError.getByRole("button", { name: "Try Again" });
  }

  /** The accessible name the bell has with `unread` unread ('Notifications' at 0). */
  static nameFor(unread: number): string {
    if (unread <= 0) return "Notifications";
    return `Notifications, ${unread > 99 ? "99+" : unread} unread`;
  }

  /** Opens the popover (left open if it already is: the bell toggles). */
  async open(): Promise<void> {
    if (!(await this.isOpen())) await this.button.click();
    await this.heading.waitFor();
  }

  /**
   * Closes it with Escape when focus is inside, else with the bell (after an inline answer
   * its buttons are gone, focus with them, and Escape on the page would not reach it).
   */
  async close(): Promise<void> {
    if (!(await this.isOpen())) return;
    const focusInside = await this.popover.evaluate((panel) =>
      panel.contains(document.activeElement),
    );
    if (focusInside) await this.page.keyboard.press("Escape");
    else await this.button.click();
    await this.popover.waitFor({ state: "hidden" });
  }

  private async isOpen(): Promise<boolean> {
    return (await this.button.getAttribute("aria-expanded")) === "true";
  }

  /** The notification whose text contains `text` (its title or message). */
  item(text: string | RegExp): Locator {
    return this.list.getByRole("listitem").filter({ hasText: text });
  }

  /** The part of an item that opens it (marks it read and goes to its crew or session). */
  opener(item: Locator): Locator {
    return item.getByRole("button").first();
  }

  accept(item: Locator): Locator {
    return item.getByRole("button", { name: "Accept", exact: true });
  }

  decline(item: Locator): Locator {
    return item.getByRole("button", { name: "Decline", exact: true });
  }

  /** '✅ You accepted this invitation.', '❌ You declined this invitation.', '⚠️ Event has expired'. */
  answered(item: Locator, state: "accepted" | "declined" | "expired"): Locator {
    const texts = {
      accepted: "✅ You accepted this invitation.",
      declined: "❌ You declined this invitation.",
      expired: "⚠️ Event has expired",
    };
    return item.getByText(texts[state]);
  }
}
