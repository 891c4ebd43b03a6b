import { expect, test, type Page } from "@playwright/test";
import { DEBUG_MESSAGES, DEBUG_PAGES } from "../../shared/debugPages.ts";
import { signUp } from "./support/auth.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { recordPageErrors } from "./support/pageErrors.ts";
import { uniqueEmail } from "./support/users.ts";

const ROUTES = [{ path: "/debug", title: "Debug pages" }, ...DEBUG_PAGES];

/** Waits until the page titled `title` has rendered past its loading skeletons. */
async function expectPageReady(page: Page, title: string): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // Loading regions, not the style guide's busy-button sample.
  await expect(page.locator('div[aria-busy="true"]')).toHaveCount(0);
}

async function openDebugPage(page: Page, route: { path: string; title: string }): Promise<void> {
  await page.goto(route.path);
  await expectPageReady(page, route.title);
}

/**
 * Opens each page from the /debug index and comes back: in-app navigation, so one page load
 * (and one live connection) serves every route and the loop stays fast on a loaded machine.
 */
async function visitEveryRoute(page: Page, label: string): Promise<void> {
  await openDebugPage(page, ROUTES[0]);
  await expectNoSeriousA11yViolations(page);
  for (const route of DEBUG_PAGES) {
    await test.step(`${label}: ${route.path}`, async () => {
      await page.locator(`main a[href="${route.path}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${route.path}$`));
      await expectPageReady(page, route.title);
      await expectNoSeriousA11yViolations(page);
      await page.goBack();
      await expectPageReady(page, ROUTES[0].title);
    });
  }
}

// Signed out and signed in are two tests, so the two workers visit the routes side by side.
test("every debug route opens without errors or serious axe violations, signed out, with the spec's sign-in prompts", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = recordPageErrors(page);

  await visitEveryRoute(page, "signed out");
  await openDebugPage(page, { path: "/debug/notifications", title: "Debug Notification Console" });
  await expect(page.getByText(DEBUG_MESSAGES.authRequired)).toBeVisible();
  await openDebugPage(page, {
    path: "/debug/individual-invitations",
    title: "Individual Invitations Debug",
  });
  await expect(page.getByText(DEBUG_MESSAGES.pleaseLogIn)).toBeVisible();
  expect(errors).toEqual([]);
});

test("every debug route opens without errors or serious axe violations, signed in", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = recordPageErrors(page);

  await signUp(page, uniqueEmail("debugger"));
  await visitEveryRoute(page, "signed in");
  await openDebugPage(page, {
    path: "/debug/individual-invitations",
    title: "Individual Invitations Debug",
  });
  await expect(page.getByText(DEBUG_MESSAGES.pleaseLogIn)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Test RPC Function" })).toBeDisabled();
  expect(errors).toEqual([]);
});

test("a test notification sent from /test-notifications arrives live in the bell", async ({
  page,
}) => {
  const errors = recordPageErrors(page);
  await signUp(page, uniqueEmail("notifier"));
  await openDebugPage(page, { path: "/test-notifications", title: "Notification System Test" });
  await page.getByLabel("Title").fill("Debug ping");
  await page.getByRole("button", { name: "Send Test Notification" }).click();
  await expect(page.getByText("Test notification sent")).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Notifications" }).getByText("Debug ping"),
  ).toBeVisible();
  await expect(page.getByText("1 unread")).toBeVisible();
  expect(errors).toEqual([]);
});

test("the console's E2E Testing tab runs its four steps to success on the local backend", async ({
  page,
}) => {
  const errors = recordPageErrors(page);
  await signUp(page, uniqueEmail("e2e-host"));
  await openDebugPage(page, { path: "/debug/notifications", title: "Debug Notification Console" });
  await page.getByRole("tab", { name: "E2E Testing" }).click();
  const steps = page.getByRole("list", { name: "E2E steps" });
  for (const index of [1, 2, 3, 4])
    await expect(steps.getByTestId(`e2e-status-${index}`)).toHaveText("pending");
  await page.getByRole("button", { name: "Run E2E Test" }).click();
  for (const index of [1, 2, 3, 4]) {
    await expect(steps.getByTestId(`e2e-status-${index}`)).toHaveText("success", {
      timeout: 30_000,
    });
  }
  await expect(page.getByRole("log").getByText("E2E test passed")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});

test("the console's Token Testing tab processes a real invitation token", async ({ page }) => {
  const errors = recordPageErrors(page);
  await signUp(page, uniqueEmail("token-host"));
  await openDebugPage(page, { path: "/debug/notifications", title: "Debug Notification Console" });

  // Email Testing: a test session, then an invitation to a new test guest (its e-mail carries the tokens).
  const sendInvitation = page.getByRole("button", { name: "Send Test Invitation" });
  await expect(sendInvitation).toBeDisabled();
  await page.getByRole("button", { name: "Create Test Event" }).click();
  await expect(page.getByText("Created event id:")).toBeVisible();
  await expect(sendInvitation).toBeDisabled();
  const guestEmail = uniqueEmail("guest");
  await page.getByLabel("Guest e-mail").fill(guestEmail);
  await sendInvitation.click();
  await expect(page.getByText("Test invitation created!")).toBeVisible();

  // Token Testing: the accept token from the quick buttons, processed.
  await page.getByRole("tab", { name: "Token Testing" }).click();
  const processButton = page.getByRole("button", { name: "Process Token" });
  await expect(processButton).toBeDisabled();
  await page
    .getByRole("button", { name: /^accept/ })
    .first()
    .click();
  await expect(page.getByLabel("Token", { exact: true })).toHaveValue(/^event_accept_/);
  await processButton.click();
  const result = page.getByLabel("Token result");
  await expect(result).toContainText('"success": true');
  await expect(result).toContainText("Event Joined!");

  // Database State: the guest is now an accepted member and both links are used.
  await page.getByRole("tab", { name: "Database State" }).click();
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: "Test Guest" })
      .getByText("accepted", { exact: true }),
  ).toBeVisible();
  await expect(page.getByText("used", { exact: true })).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});
