import { expect, test } from "@playwright/test";
import { EditProfilePage } from "./pages/EditProfilePage.ts";
import { NavBar } from "./pages/NavBar.ts";
import { ProfilePage } from "./pages/ProfilePage.ts";
import { YourSessionsPage } from "./pages/YourSessionsPage.ts";
import { signUp } from "./support/auth.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { gradientPng } from "./support/images.ts";
import { createEventThroughWizard, localDateTime, uniqueToken } from "./support/events.ts";
import { recordPageErrors, unexpectedErrors } from "./support/pageErrors.ts";
import { uniqueEmail } from "./support/users.ts";

test("a newcomer edits their profile, sees validation errors and uploads a photo", async ({ page }) => {
  const errors = recordPageErrors(page);
  const { username } = await signUp(page, uniqueEmail("alice"));
  const profile = new ProfilePage(page);
  await expect(profile.stats).toBeVisible();
  await expect(profile.statTile("Sessions")).toContainText("0");
  await expect(profile.statTile("Favourite drink")).toContainText("No preference");
  await expect(profile.upcomingTab).toContainText("0");
  await expect(profile.badges).toContainText("No badges yet");
  await expectNoSeriousA11yViolations(page);

  await profile.editProfile.click();
  const edit = new EditProfilePage(page);
  await expect(edit.heading).toBeVisible();
  await expect(page).toHaveTitle("Edit Profile | Clink");
  await expect(edit.username).toHaveValue(username);
  await expectNoSeriousA11yViolations(page);

  // Validation, on the client with the shared rules.
  await edit.username.fill("");
  await edit.nickname.fill("x".repeat(31));
  await edit.save.click();
  await expect(edit.username).toHaveAccessibleDescription(/Username is required and must be at least 3 characters/);
  await expect(edit.nickname).toHaveAccessibleDescription(/Nickname must be 30 characters or less/);
  await expect(edit.nickname).toHaveAccessibleDescription(/31\/30/);
  await expect(edit.username).toBeFocused();
  await edit.username.fill("ab");
  await edit.save.click();
  await expect(edit.username).toHaveAccessibleDescription(/Username must be at least 3 characters long/);
  await edit.username.fill("no spaces!");
  await edit.save.click();
  await expect(edit.username).toHaveAccessibleDescription(
    /Username can only contain lowercase letters, numbers and underscores/,
  );
  await edit.bio.fill("b".repeat(201));
  await edit.save.click();
  await expect(edit.bio).toHaveAccessibleDescription(/Bio must be 200 characters or less/);

  // A photo of the wrong type is refused before uploading…
  await edit.uploadPhoto({ name: "notes.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
  await expect(page.getByText("File type not allowed. Supported types: image/jpeg, image/png, image/webp")).toBeVisible();
  // …and a file pretending to be a PNG is refused by the server from its bytes.
  await edit.uploadPhoto({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not really a picture") });
  await expect(page.getByRole("alert").filter({ hasText: "Failed to upload avatar: File type not allowed" })).toBeVisible();

  // A real PNG becomes the avatar.
  await edit.uploadPhoto({ name: "me.png", mimeType: "image/png", buffer: gradientPng() });
  await expect(page.getByText("Looking good! Profile photo updated.")).toBeVisible();
  await expect(edit.photo).toHaveJSProperty("tagName", "IMG");
  await expect(edit.removePhoto).toBeVisible();

  // Valid values save, then the profile shows them.
  const newUsername = `al_${Date.now().toString(36)}`;
  await edit.username.fill(newUsername.toUpperCase());
  await edit.displayName.fill("Alice Amber");
  await edit.nickname.fill("Ace");
  await expect(edit.nickname).toHaveAccessibleDescription(/3\/30/);
  await edit.tagline.fill("First round's on me");
  await edit.bio.fill("Negronis, karaoke and terrible puns.");
  await edit.favoriteDrink("Gin").check();
  await edit.showCrewsPublicly.click();
  await expect(edit.showCrewsPublicly).not.toBeChecked();
  await edit.save.click();
  await expect(page.getByText("Profile updated! 🍻")).toBeVisible();
  await expect(page).toHaveURL(`/profile/${newUsername}`);
  await expect(profile.name).toContainText("Alice Amber");
  await expect(profile.name.getByRole("img", { name: "Favourite drink: Gin" })).toBeVisible();
  await expect(profile.text("“Ace”")).toBeVisible();
  await expect(profile.text("First round's on me")).toBeVisible();
  await expect(profile.text("Negronis, karaoke and terrible puns.")).toBeVisible();
  await expect(profile.statTile("Favourite drink")).toContainText("Gin");
  await expect(profile.avatar).toHaveJSProperty("tagName", "IMG");
  await expect(profile.avatar).toHaveJSProperty("complete", true);

  // /edit-profile is the same form; removing the photo brings the initials back.
  await edit.goto("/edit-profile");
  await expect(edit.nickname).toHaveValue("Ace");
  await expect(edit.favoriteDrink("Gin")).toBeChecked();
  await expect(edit.showCrewsPublicly).not.toBeChecked();
  await edit.removePhoto.click();
  await expect(page.getByText("Profile photo removed")).toBeVisible();
  await expect(edit.photo).toHaveText("AA");

  // Clearing optional text saves it as empty.
  await edit.nickname.fill("");
  await edit.favoriteDrink("No preference").check();
  await edit.save.click();
  await expect(page).toHaveURL(`/profile/${newUsername}`);
  await expect(profile.text(/^aka/)).toHaveCount(0);
  await expect(profile.name.getByRole("img")).toHaveCount(0);
  expect(unexpectedErrors(errors, "FILE_TYPE_NOT_ALLOWED")).toEqual([]);
});

test("another user sees a public profile in full, a private one by name only, and cannot take its username", async ({
  browser,
}) => {
  const aliceContext = await browser.newContext();
  const bobContext = await browser.newContext();
  const visitorContext = await browser.newContext();
  const alicePage = await aliceContext.newPage();
  const bobPage = await bobContext.newPage();
  const visitorPage = await visitorContext.newPage();
  const bobErrors = recordPageErrors(bobPage);

  const alice = await signUp(alicePage, uniqueEmail("alice"));
  const aliceEdit = new EditProfilePage(alicePage);
  await aliceEdit.goto();
  await aliceEdit.displayName.fill("Alice Public");
  await aliceEdit.nickname.fill("Ace");
  await aliceEdit.favoriteDrink("Wine").check();
  await aliceEdit.save.click();
  await expect(alicePage).toHaveURL(`/profile/${alice.username}`);

  await signUp(bobPage, uniqueEmail("bob"));
  const bobView = new ProfilePage(bobPage);
  await bobView.goto(alice.username);
  await expect(bobView.name).toContainText("Alice Public");
  await expect(bobView.text("“Ace”")).toBeVisible();
  await expect(bobView.statTile("Favourite drink")).toContainText("Wine");
  await expect(bobView.back).toBeVisible();
  await expect(bobView.editProfile).toHaveCount(0);

  // The remembered tab: Bob picks Crews, and it is still picked after a reload.
  await bobView.crewsTab.click();
  await expect(bobView.crewsTab).toHaveAttribute("aria-selected", "true");
  await bobPage.reload();
  await expect(bobView.crewsTab).toHaveAttribute("aria-selected", "true");
  await expect(bobView.text("isn't in any crews yet")).toBeVisible();

  // Alice goes private: Bob's open page turns to name-only, live.
  await aliceEdit.goto();
  await aliceEdit.visibility("Private").check();
  await aliceEdit.save.click();
  await expect(alicePage).toHaveURL(`/profile/${alice.username}`);
  await expect(bobView.privateNotice).toBeVisible();
  await expect(bobView.name).toHaveText("Alice Public");
  await expect(bobView.text("“Ace”")).toHaveCount(0);
  await expect(bobView.stats).toHaveCount(0);
  await expectNoSeriousA11yViolations(bobPage);

  // Signed out, a private profile does not exist.
  const visitorView = new ProfilePage(visitorPage);
  await visitorView.goto(alice.username);
  await expect(visitorView.notFoundHeading).toBeVisible();
  await expect(visitorView.findSessions).toBeVisible();

  // Bob cannot take Alice's username: the server says so at the field.
  const bobEdit = new EditProfilePage(bobPage);
  await bobEdit.goto();
  await bobEdit.username.fill(alice.username);
  await bobEdit.save.click();
  await expect(bobEdit.username).toHaveAccessibleDescription(/Username is already taken/);
  expect(unexpectedErrors(bobErrors, "USERNAME_TAKEN")).toEqual([]);

  await Promise.all([aliceContext.close(), bobContext.close(), visitorContext.close()]);
});

test("a host's own profile lists their new session under Upcoming with counts, and Your Sessions in the menu leads to it", async ({
  page,
}) => {
  const errors = recordPageErrors(page);
  const { username } = await signUp(page, uniqueEmail("hostie"));
  const title = `Rooftop negronis ${uniqueToken()}`;
  await createEventThroughWizard(page, {
    title,
    when: { choice: "Specific Time", start: await localDateTime(page, 1, 20) },
  });

  const profile = new ProfilePage(page);
  await profile.goto(username);
  await expect(profile.createSession).toBeVisible();
  await expect(profile.nextSession).toContainText(title);
  await expect(profile.statTile("Sessions")).toContainText("1");
  await expect(profile.sessionsTab).toHaveAttribute("aria-selected", "true");
  await expect(profile.upcomingTab).toHaveAttribute("aria-selected", "true");
  await expect(profile.upcomingTab).toContainText("1");
  await expect(profile.pastTab).toContainText("0");
  await expect(profile.sessionCard(title)).toBeVisible();
  // The host edits and deletes from their own profile.
  await expect(profile.editSession(title)).toHaveAttribute("href", /\/event\/rooftop-negronis-[a-z0-9-]+\?edit=true$/);
  await expect(profile.deleteSession(title)).toBeVisible();
  await profile.pastTab.click();
  await expect(profile.text("No past sessions yet")).toBeVisible();
  await profile.upcomingTab.click();
  await expectNoSeriousA11yViolations(page);

  const nav = new NavBar(page);
  const sessions = new YourSessionsPage(page);
  // A click landing while the menu is still opening can be lost: open it again until it leads on.
  await expect(async () => {
    if (!(await nav.menuItem("Your Sessions").isVisible())) await nav.openAccountMenu();
    await nav.menuItem("Your Sessions").click({ timeout: 2000 });
    await expect(sessions.heading).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(page).toHaveURL("/events");
  await expect(sessions.cardLink(title)).toBeVisible();

  // The mobile menu has the same link.
  await page.setViewportSize({ width: 390, height: 844 });
  await profile.goto(username);
  await nav.mobileMenuButton.click();
  await nav.mobileLink("Your Sessions").click();
  await expect(sessions.heading).toBeVisible();
  await expect(page).toHaveURL("/events");
  expect(errors).toEqual([]);
});

test("an unknown profile says 'Search Result Not Found' with a way back and to sessions", async ({ page }) => {
  const errors = recordPageErrors(page);
  const profile = new ProfilePage(page);
  // Opened directly, Go Back has no earlier page of the app: it goes home.
  await profile.goto("nobody_by_this_name");
  await expect(profile.notFoundHeading).toBeVisible();
  await expect(page).toHaveTitle("Search Result Not Found | Clink");
  await profile.goBack.click();
  await expect(page).toHaveURL("/");
  await profile.goto("nobody_by_this_name");
  await profile.findSessions.click();
  await expect(page).toHaveURL("/discover");
  expect(errors).toEqual([]);
});

test("/profile sends a visitor to log in", async ({ page }) => {
  await page.goto("/profile");
  await expect(page).toHaveURL("/login");
  await expect(page.getByText("Please sign in to access this page")).toBeVisible();
});
