import { expect, test } from "@playwright/test";
import { EditProfilePage } from "./pages/EditProfilePage.ts";
import { LandingPage } from "./pages/LandingPage.ts";
import { ProfilePage } from "./pages/ProfilePage.ts";
import { signUp } from "./support/auth.ts";
import { recordPageErrors } from "./support/pageErrors.ts";
import { uniqueEmail } from "./support/users.ts";

test("deleting the account takes a warning, typing DELETE and a final yes, then signs out for good", async ({
  page,
}) => {
  const errors = recordPageErrors(page);
  const { username } = await signUp(page, uniqueEmail("dana"));
  const edit = new EditProfilePage(page);
  await edit.goto();

  // Cancel at the warning keeps everything.
  await edit.deleteAccount.click();
  await expect(edit.dialog.getByRole("heading", { name: "Delete your account?" })).toBeVisible();
  await edit.dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(edit.dialog).toHaveCount(0);

  // The word must be DELETE (any case) before going on.
  await edit.deleteAccount.click();
  await edit.dialog.getByRole("button", { name: "Continue" }).click();
  const word = edit.dialog.getByLabel("Type DELETE to confirm");
  await expect(word).toBeFocused();
  await word.fill("delet");
  await expect(edit.dialog.getByRole("button", { name: "Continue" })).toBeDisabled();
  await word.fill("delete");
  await edit.dialog.getByRole("button", { name: "Continue" }).click();
  await expect(edit.dialog.getByRole("heading", { name: "Last call" })).toBeVisible();
  await edit.dialog.getByRole("button", { name: "Delete My Account" }).click();

  await expect(page).toHaveURL("/");
  await expect(new LandingPage(page).mainHeading).toBeVisible();
  await expect(page.getByText("Please sign in to access this page")).toHaveCount(0);
  const authKeys = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith("__convexAuth") || key === "welcomeShownIds"),
  );
  expect(authKeys).toEqual([]);

  const profile = new ProfilePage(page);
  await profile.goto(username);
  await expect(profile.notFoundHeading).toBeVisible();
  expect(errors).toEqual([]);
});
