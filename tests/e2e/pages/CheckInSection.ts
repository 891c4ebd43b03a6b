import type { Locator, Page } from "@playwright/test";

/** The session page's "Got home safe?" section, and the app shell's Home safe banner. */
export class CheckInSection {
  readonly section: Locator;
  readonly turnOn: Locator;
  readonly time: Locator;
  readonly save: Locator;
  readonly homeSafe: Locator;
  readonly cancel: Locator;
  readonly markFine: Locator;
  readonly buddiesCheckIns: Locator;
  /** The banner above every screen while a check-in is open or a buddy's alert is out. */
  readonly banner: Locator;

  constructor(page: Page) {
    this.section = page.getByRole("main").getByRole("region", { name: "Got home safe?" });
    this.turnOn = this.section.getByRole("button", { name: "Turn on check-in" });
    this.time = this.section.getByLabel("I'll check in by");
    this.save = this.section.getByRole("button", { name: "Start check-in" });
    this.homeSafe = this.section.getByRole("button", { name: /Home safe/ });
    this.cancel = this.section.getByRole("button", { name: "Cancel check-in" });
    this.markFine = this.section.getByRole("button", { name: "I'm with them / they're fine" });
    this.buddiesCheckIns = this.section.getByRole("list", { name: "Buddies' check-ins" });
    this.banner = page.getByRole("complementary", { name: "Got home safe" });
  }

  buddy(name: string): Locator {
    return this.section.getByRole("checkbox", { name });
  }
}
