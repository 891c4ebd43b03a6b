import { expect, test } from "@playwright/test";
import { LandingPage } from "./pages/LandingPage.ts";
import { LoginPage } from "./pages/LoginPage.ts";
import { MailboxPage } from "./pages/MailboxPage.ts";
import { NavBar } from "./pages/NavBar.ts";
import { ProfilePage } from "./pages/ProfilePage.ts";
import { signInWithMagicLink, signUp } from "./support/auth.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { recordPageErrors } from "./support/pageErrors.ts";
import { emailPrefix, uniqueEmail } from "./support/users.ts";

test("the login page checks the e-mail field, explains Google and switches to 'Check Your Email'", async ({
  page,
}) => {
  const errors = recordPageErrors(page);
  const login = new LoginPage(page);
  await login.goto();

  await expect(page).toHaveTitle("Log in or sign up | Clink");
  await expect(login.emailInput).toHaveAttribute("required", "");
  // No Google keys on the test backend: the button says why it is off.
  await expect(login.googleButton).toBeDisabled();
  await expect(login.googleButton).toHaveAccessibleDescription(/Google sign-in not configured\.\.\./);
  await expectNoSeriousA11yViolations(page);

  await login.sendMagicLink.click();
  await expect(login.emailInput).toHaveAccessibleDescription("Please enter your email address");
  await login.requestLink("not-an-address");
  await expect(login.emailInput).toHaveAccessibleDescription("Please enter a valid email address");

  const email = uniqueEmail("casey");
  await login.requestLink(`  ${email.toUpperCase()} `);
  await expect(login.checkEmailHeading).toBeVisible();
  await expect(login.checkEmailHeading).toBeFocused();
  await expect(page.getByRole("main")).toContainText(`We sent a magic link to ${email}`);
  await expectNoSeriousA11yViolations(page);

  await login.tryDifferentEmail.click();
  await expect(login.emailInput).toBeVisible();
  expect(errors).toEqual([]);
});

test("/auth is the same screen, and login shows the message for an error in the address", async ({ page }) => {
  const login = new LoginPage(page);
  await page.goto("/auth");
  await expect(login.sendMagicLink).toBeVisible();
  await login.goto("?error=magic_link_timeout");
  await expect(login.errorAlert).toHaveText("Magic link verification timed out. Please try again.");
  await login.goto("?error=oauth_session_timeout");
  await expect(login.errorAlert).toHaveText("Google sign-in timed out. Please try again.");
  await login.goto(`?error=${encodeURIComponent("Something odd happened")}`);
  await expect(login.errorAlert).toHaveText("Something odd happened");

  // A failed Google return comes back through /auth/callback with the reason.
  await page.goto("/auth/callback?provider=google&error=server_error&error_description=Backend%20down");
  await expect(page).toHaveURL(/\/login\?error=/);
  await expect(login.errorAlert).toHaveText("Google sign-in temporarily unavailable...");
});

test("a newcomer signs up with a link from the local mailbox, lands on their profile, and the link works only once", async ({
  page,
}) => {
  const errors = recordPageErrors(page);
  const email = uniqueEmail("alice");
  const { username } = await signUp(page, email);

  const profile = new ProfilePage(page);
  await expect(profile.name).toHaveText(emailPrefix(email));
  await expect(page.getByText(`Welcome to Clink, ${emailPrefix(email)}`)).toBeVisible();
  await expect(profile.editProfile).toBeVisible();
  await expect(profile.back).toHaveCount(0);
  await expect(page).toHaveTitle(`${emailPrefix(email)} | Clink`);
  // The address bar never keeps the sign-in code.
  expect(page.url()).not.toContain("code=");

  // The nav bar now has the account menu instead of Log in / Sign up.
  const nav = new NavBar(page);
  await expect(nav.logIn).toHaveCount(0);
  await nav.openAccountMenu();
  await expect(nav.menuItem("My Profile")).toBeVisible();
  await expect(nav.menuItem("Edit Profile")).toBeVisible();
  await expect(nav.menuItem("Settings")).toHaveAttribute("href", "/settings");
  await nav.menuItem("My Profile").click();
  await expect(page).toHaveURL(`/profile/${username}`);

  // Signed-in visitors of / go to their profile.
  await page.goto("/");
  await expect(page).toHaveURL(`/profile/${username}`);

  // Sign out: toast, then home after half a second.
  await nav.signOut();
  await expect(page.getByText("See you later! 👋")).toBeVisible();
  await expect(page).toHaveURL("/");
  await expect(new LandingPage(page).mainHeading).toBeVisible();
  await expect(nav.logIn).toBeVisible();

  // The same link again: it was used, so it cannot sign in.
  const mailbox = new MailboxPage(page);
  await mailbox.goto();
  await mailbox.signInLinkFor(email).click();
  await expect(page).toHaveURL(/\/login\?error=magic_link_invalid/);
  await expect(new LoginPage(page).errorAlert).toContainText("already been used");
  expect(errors).toEqual([]);
});

test("a protected page sends a visitor to log in and back again afterwards", async ({ page }) => {
  const errors = recordPageErrors(page);
  await page.goto("/profile/edit");
  await expect(page.getByText("Please sign in to access this page")).toBeVisible();
  await expect(page).toHaveURL("/login");

  await signInWithMagicLink(page, uniqueEmail("pat"), { openLogin: false });
  await expect(page).toHaveURL("/profile/edit");
  await expect(page.getByRole("heading", { name: "Edit Profile", level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test("an off-site redirect is ignored after signing in", async ({ page }) => {
  await new LoginPage(page).goto(`?redirect=${encodeURIComponent("//evil.example/steal")}`);
  await signInWithMagicLink(page, uniqueEmail("rob"), { openLogin: false });
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/profile\/[a-z0-9_]+$/);
});

test("the mobile menu has the account links and signs out", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { username } = await signUp(page, uniqueEmail("mo"));
  const nav = new NavBar(page);

  await nav.mobileMenuButton.click();
  await expect(nav.mobileLink("Settings")).toHaveAttribute("href", "/settings");
  await nav.mobileLink("Edit Profile").click();
  await expect(page).toHaveURL("/profile/edit");

  await nav.mobileMenuButton.click();
  await nav.mobileLink("My Profile").click();
  await expect(page).toHaveURL(`/profile/${username}`);

  await nav.mobileMenuButton.click();
  await nav.mobileButton("Sign out").click();
  await expect(page.getByText("See you later! 👋")).toBeVisible();
  await expect(page).toHaveURL("/");
  await nav.mobileMenuButton.click();
  await expect(nav.mobileLink("Log in")).toBeVisible();
});
