import type { Locator, Page } from "@playwright/test";

/** The navigation bar on every page: the account menu (wide screens) and the mobile menu. */
export class NavBar {
  readonly nav: Locator;
  readonly logIn: Locator;
  readonly signUp: Locator;
  readonly accountMenu: Locator;
  readonly mobileMenuButton: Locator;

  constructor(private readonly page: Page) {
    this.nav = page.getByRole("navigation", { name: "Main" });
    this.logIn = this.nav.getByRole("link", { name: "Log in" });
    this.signUp = this.nav.getByRole("link", { name: "Sign up" });
    this.accountMenu = this.nav.getByRole("button", { name: /^Account menu:/ });
    this.mobileMenuButton = this.nav.getByRole("button", { name: "Menu" });
  }

  /** An item of the open account menu (My Profile, Your Sessions, Edit Profile, Settings, Sign out). */
  menuItem(name: string): Locator {
    return this.page.getByRole("menuitem", { name });
  }

  async openAccountMenu(): Promise<void> {
    await this.accountMenu.click();
  }

  async signOut(): Promise<void> {
    await this.openAccountMenu();
    await this.menuItem("Sign out").click();
  }

  /** Items of the open mobile menu. */
  mobileLink(name: string): Locator {
    return this.nav.getByRole("link", { name });
  }

  mobileButton(name: string): Locator {
    return this.nav.getByRole("button", { name });
  }
}
