import type { Locator, Page } from "@playwright/test";

/** /profile/edit (and /edit-profile): photo, form, and the delete-account dialog. */
export class EditProfilePage {
  readonly heading: Locator;
  readonly photoInput: Locator;
  readonly removePhoto: Locator;
  readonly uploadProgress: Locator;
  readonly photo: Locator;
  readonly username: Locator;
  readonly displayName: Locator;
  readonly nickname: Locator;
  readonly tagline: Locator;
  readonly bio: Locator;
  readonly showCrewsPublicly: Locator;
  readonly save: Locator;
  readonly deleteAccount: Locator;
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole("main");
    this.heading = main.getByRole("heading", { name: "Edit Profile", level: 1 });
    this.photoInput = main.getByLabel("Upload new photo");
    this.removePhoto = main.getByRole("button", { name: "Remove photo" });
    this.uploadProgress = main.getByRole("progressbar", { name: "Uploading photo" });
    this.photo = main.getByRole("img", { name: /profile photo$/ });
    this.username = main.getByRole("textbox", { name: "Username" });
    this.displayName = main.getByRole("textbox", { name: "Display name" });
    this.nickname = main.getByRole("textbox", { name: "Nickname" });
    this.tagline = main.getByRole("textbox", { name: "Tagline" });
    this.bio = main.getByRole("textbox", { name: "Bio" });
    this.showCrewsPublicly = main.getByRole("switch", { name: "Show my crews publicly" });
    this.save = main.getByRole("button", { name: "Save Changes" });
    this.deleteAccount = main.getByRole("button", { name: "Delete Account" });
    this.dialog = page.getByRole("dialog");
  }

  async goto(path: "/profile/edit" | "/edit-profile" = "/profile/edit"): Promise<void> {
    await this.page.goto(path);
  }

  favoriteDrink(label: string): Locator {
    return this.page.getByRole("group", { name: "Favourite drink" }).getByRole("radio", { name: label });
  }

  visibility(label: "Public" | "Crew only" | "Private"): Locator {
    return this.page.getByRole("group", { name: "Who can see your profile" }).getByRole("radio", { name: label });
  }

  async uploadPhoto(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.photoInput.setInputFiles(file);
  }

  /** Step 1 warning → step 2 type the word → step 3 final confirmation. */
  async deleteAccountTyping(word: string): Promise<void> {
    await this.deleteAccount.click();
    await this.dialog.getByRole("button", { name: "Continue" }).click();
    await this.dialog.getByLabel("Type DELETE to confirm").fill(word);
    await this.dialog.getByRole("button", { name: "Continue" }).click();
    await this.dialog.getByRole("button", { name: "Delete My Account" }).click();
  }
}
