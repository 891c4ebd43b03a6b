import type { Locator, Page } from "@playwright/test";

/** /profile/{username}: a full profile, a name-only one, or 'Search Result Not Found'. */
export class ProfilePage {
  readonly name: Locator;
  readonly avatar: Locator;
  readonly editProfile: Locator;
  readonly back: Locator;
  readonly stats: Locator;
  readonly badges: Locator;
  readonly privateNotice: Locator;
  readonly notFoundHeading: Locator;
  readonly goBack: Locator;
  readonly findSessions: Locator;
  readonly sessionsTab: Locator;
  readonly crewsTab: Locator;
  readonly upcomingTab: Locator;
  readonly pastTab: Locator;
  readonly createSession: Locator;
  readonly buildCrew: Locator;
  readonly nextSession: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole("main");
    this.name = main.getByRole("heading", { level: 1 });
    this.avatar = main.getByRole("img", { name: /profile photo$/ });
    this.editProfile = main.getByRole("link", { name: "Edit Profile" });
    this.back = main.getByRole("button", { name: "Back", exact: true });
    this.stats = main.getByRole("region", { name: "Stats" });
    this.badges = main.getByRole("region", { name: "Badges" });
    this.privateNotice = main.getByText("This profile is private");
    this.notFoundHeading = main.getByRole("heading", { name: "Search Result Not Found" });
    this.goBack = main.getByRole("button", { name: "Go Back" });
    this.findSessions = main.getByRole("link", { name: "Find Sessions" });
    this.sessionsTab = main.getByRole("tab", { name: "Sessions" });
    this.crewsTab = main.getByRole("tab", { name: "Crews" });
    this.upcomingTab = main.getByRole("tab", { name: /^Upcoming/ });
    this.pastTab = main.getByRole("tab", { name: /^Past/ });
    this.createSession = main.getByRole("button", { name: "Create Session" });
    this.buildCrew = main.getByRole("button", { name: "Build Crew" });
    this.nextSession = main.getByRole("region", { name: "Your next session" });
  }

  async goto(username: string): Promise<void> {
    await this.page.goto(`/profile/${username}`);
  }

  /** A stat tile (label and value) by its label: Sessions, RSVPs, Crews, Favourite drink. */
  statTile(label: string): Locator {
    return this.stats.getByRole("term").filter({ hasText: new RegExp(`^${label}`) }).locator("..");
  }

  /** The Sessions / Crews tabs and the open tab's list. */
  get activity(): Locator {
    return this.page.getByRole("main").getByRole("region", { name: "Activity" });
  }

  /** A session card's title link in the open Upcoming / Past tab. */
  sessionCard(title: string): Locator {
    return this.activity.getByRole("link", { name: title, exact: true });
  }

  /** The host's Edit and Delete under one of their session cards. */
  editSession(title: string): Locator {
    return this.activity.getByRole("link", { name: `Edit ${title}` });
  }

  deleteSession(title: string): Locator {
    return this.activity.getByRole("button", { name: `Delete ${title}` });
  }

  /** A crew card's link in the Crews tab (named by the crew, then its member count and role). */
  crewCard(name: string): Locator {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return this.activity
      .getByRole("list", { name: "Crews" })
      .getByRole("link", { name: new RegExp(`^${escaped} \\d+ members?`) });
  }

  /** The crew card menu (View Members, Edit Crew, Create Invite Link, Delete Crew, Leave Crew). */
  crewMenu(name: string): Locator {
    return this.activity.getByRole("button", { name: `Crew actions for ${name}` });
  }

  crewMenuItem(
    label: "View Members" | "Edit Crew" | "Create Invite Link" | "Delete Crew" | "Leave Crew",
  ): Locator {
    return this.page.getByRole("menuitem", { name: label });
  }

  text(value: string | RegExp): Locator {
    return this.page.getByRole("main").getByText(value);
  }
}
