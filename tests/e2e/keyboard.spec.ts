import { expect, test, type Page } from "@playwright/test";
import { CreateEventWizard } from "./pages/CreateEventWizard.ts";
import { CrewPage } from "./pages/CrewPage.ts";
import { EmailPreferencesSection } from "./pages/EmailPreferencesSection.ts";
import { EventPage } from "./pages/EventPage.ts";
import { EventRecapSection } from "./pages/EventRecapSection.ts";
import { InvitePicker } from "./pages/InvitePicker.ts";
import { NavBar } from "./pages/NavBar.ts";
import { NotificationBell } from "./pages/NotificationBell.ts";
import { ProfilePage } from "./pages/ProfilePage.ts";
import { ShareDialog } from "./pages/ShareDialog.ts";
import { YourSessionsPage } from "./pages/YourSessionsPage.ts";
import { uniqueToken } from "./support/events.ts";
import {
  dateTimeKeys,
  expectFocusKept,
  liveRegion,
  pressUntil,
  signInByKeyboard,
  tabTo,
} from "./support/keyboard.ts";
import { unexpectedErrors } from "./support/pageErrors.ts";
import { newPerson } from "./support/people.ts";
import { emailPrefix, uniqueEmail } from "./support/users.ts";

/** Opens the account menu from the keyboard and follows one of its links (↓ to it, Enter). */
async function accountMenuTo(page: Page, item: string): Promise<void> {
  const nav = new NavBar(page);
  await tabTo(page, nav.accountMenu, { backwards: true });
  await page.keyboard.press("Enter");
  const link = nav.menuItem(item);
  await pressUntil(page, "ArrowDown", async () => (await link.getAttribute("data-focus")) !== null);
  await page.keyboard.press("Enter");
}

/*
 * Two people, keyboard only (Tab, Shift+Tab, Enter, Space, Escape, arrow keys; no mouse): each
 * signs in by magic link; A builds a crew inviting B by username; B accepts from the bell; A
 * creates a session with the wizard, inviting the crew; B opens it from the bell, joins (A's
 * page says the new count), comments, reacts and leaves, then changes e-mail preferences.
 * Each new page puts focus on its heading; focus never falls to the page.
 */
test("keyboard only: sign in, build a crew, accept from the bell, create a session, join, comment, react, leave, e-mail preferences", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const token = uniqueToken();
  const crewName = `Key crew ${token}`;
  const title = `Keyboard night ${token}`;
  const a = await newPerson(browser);
  const b = await newPerson(browser);
  const aEmail = uniqueEmail("keya");
  const bEmail = uniqueEmail("keyb");
  const [, bUsername] = await Promise.all([
    signInByKeyboard(a.page, aEmail),
    signInByKeyboard(b.page, bEmail),
  ]);
  const aName = emailPrefix(aEmail);

  // A builds a crew: name, Enter to the next step, B found by username, Create.
  await tabTo(a.page, new ProfilePage(a.page).buildCrew);
  await a.page.keyboard.press("Enter");
  const crew = new CrewPage(a.page);
  await expect(crew.wizard.name).toBeFocused();
  await a.page.keyboard.type(crewName);
  await a.page.keyboard.press("Enter");
  await expect(crew.wizard.stepLabel).toHaveText("Step 2 of 2");
  await expect(crew.wizard.visibility("Public")).toBeFocused();
  await tabTo(a.page, crew.wizard.search);
  await a.page.keyboard.type(bUsername);
  await tabTo(a.page, crew.wizard.result(bUsername));
  await a.page.keyboard.press("Enter");
  await tabTo(a.page, crew.wizard.create);
  await a.page.keyboard.press("Enter");
  await expect(crew.heading).toHaveText(crewName);
  await expect(crew.heading).toBeFocused();
  await expect(liveRegion(a.page)).toContainText(crewName);

  // B hears the invitation arrive (its toast, in sonner's polite list), opens the bell with Enter,
  // accepts, closes it with Escape.
  const bToasts = b.page.getByRole("region", { name: /^Notifications alt/ });
  await expect(bToasts).toHaveAttribute("aria-live", "polite");
  await expect(bToasts).toContainText(`${aName} invited you to join the crew`);
  // Heard as news: "New: " before the notification's title (visually hidden).
  await expect(bToasts.locator("[data-sonner-toast]", { hasText: aName })).toContainText("New: ");
  const bBell = new NotificationBell(b.page);
  await expect(bBell.button).toHaveAccessibleName(NotificationBell.nameFor(1));
  await tabTo(b.page, bBell.button);
  await b.page.keyboard.press("Enter");
  const crewInvitation = bBell.item(crewName);
  // What a screen reader reads: the open bell, and the invitation with its two answers.
  await expect(bBell.button).toMatchAriaSnapshot(`- button "Notifications, 1 unread" [expanded]`);
  await expect(crewInvitation).toMatchAriaSnapshot(`
    - listitem:
      - button /^Crew invitation .+ invited you to join the crew .+ Unread$/
      - button "Accept"
      - button "Decline"
  `);
  await tabTo(b.page, bBell.accept(crewInvitation));
  await b.page.keyboard.press("Enter");
  await expect(bBell.answered(crewInvitation, "accepted")).toBeVisible();
  await expectFocusKept(b.page);
  await b.page.keyboard.press("Escape");
  await expect(bBell.popover).toBeHidden();
  await expect(bBell.button).toBeFocused();

  // A creates a session that started 3 hours ago (its comments are open), inviting the crew.
  await accountMenuTo(a.page, "Your Sessions");
  const sessions = new YourSessionsPage(a.page);
  await expect(sessions.heading).toBeFocused();
  await tabTo(a.page, sessions.createSession);
  await a.page.keyboard.press("Enter");
  const wizard = new CreateEventWizard(a.page);
  await expect(wizard.title).toBeFocused();
  await a.page.keyboard.type(title);
  await a.page.keyboard.press("Tab");
  const custom = wizard.timeChoice("Custom");
  await pressUntil(
    a.page,
    "ArrowRight",
    async () => (await custom.getAttribute("aria-checked")) === "true",
  );
  await tabTo(a.page, wizard.start);
  for (const key of await dateTimeKeys(a.page, -180)) await a.page.keyboard.press(key);
  await tabTo(a.page, wizard.end);
  for (const key of await dateTimeKeys(a.page, 60)) await a.page.keyboard.press(key);
  await a.page.keyboard.press("Enter");
  await expect(wizard.stepLabel).toHaveText("Step 2 of 3");
  // The new step's first field has focus, so Enter goes on.
  await expect(wizard.dialog.getByRole("radio", { checked: true }).first()).toBeFocused();
  await a.page.keyboard.press("Enter");
  await expect(wizard.stepLabel).toHaveText("Step 3 of 3");
  await expect(wizard.notes).toBeFocused();
  const picker = new InvitePicker(wizard.dialog);
  await tabTo(a.page, picker.crew(crewName));
  await a.page.keyboard.press("Enter");
  await expect(picker.chip(crewName)).toBeVisible();
  await tabTo(a.page, wizard.create);
  // B's toast lasts 5 s and may come and go while A is still in the share dialog: B listens
  // from the moment A creates.
  const bHearsInvitation = expect(bToasts).toContainText(`${aName} invited you to "${title}"`, {
    timeout: 30_000,
  });
  bHearsInvitation.catch(() => undefined); // awaited below, where a failure is reported
  await a.page.keyboard.press("Enter");
  const share = new ShareDialog(a.page);
  await tabTo(a.page, share.goToEvent);
  await a.page.keyboard.press("Enter");
  const aView = new EventPage(a.page);
  await expect(aView.heading).toHaveText(title);
  await expect(aView.heading).toBeFocused();

  // B opens the session from the bell.
  await bHearsInvitation;
  await tabTo(b.page, bBell.button, { backwards: true });
  await b.page.keyboard.press("Enter");
  await tabTo(b.page, bBell.opener(bBell.item(title)));
  await b.page.keyboard.press("Enter");
  const bView = new EventPage(b.page);
  await expect(bView.heading).toHaveText(title);
  await expect(bView.heading).toBeFocused();

  // B joins: B hears the outcome once (the toast; the count is not said again for B's own
  // join); A's page says the new count.
  await tabTo(b.page, bView.joinButton);
  await b.page.keyboard.press("Enter");
  await expect(b.page.getByText("Hell yeah! You're in!")).toHaveCount(1);
  await expect(bView.joinButton).toBeFocused();
  await expect(liveRegion(a.page)).toContainText("2 attending");
  await expect(aView.whosComing).toMatchAriaSnapshot(`
    - region "Who's Coming":
      - heading "Who's Coming" [level=2]
      - list "Attendees":
        - listitem "${aName}"
        - listitem "${emailPrefix(bEmail)}"
      - paragraph: 2 attending
  `);

  // B comments and reacts.
  const recap = new EventRecapSection(b.page);
  await tabTo(b.page, recap.commentBox);
  await b.page.keyboard.type("Cheers from the keyboard");
  await tabTo(b.page, recap.postComment);
  await b.page.keyboard.press("Enter");
  const comment = recap.comment(emailPrefix(bEmail));
  await expect(comment).toContainText("Cheers from the keyboard");
  const reaction = comment.getByRole("group", { name: "Reactions" }).getByRole("button").first();
  await tabTo(b.page, reaction, { backwards: true });
  await b.page.keyboard.press("Space");
  await expect(reaction).toHaveAttribute("aria-pressed", "true");

  // B leaves (Shift+Tab back up to the button, which now says Leave Event).
  await tabTo(b.page, bView.joinButton, { backwards: true, max: 60 });
  await expect(bView.joinButton).toHaveText(/Leave Event/);
  await b.page.keyboard.press("Enter");
  await expect(bView.joinButton).toHaveText(/Join the Party/);
  await expectFocusKept(b.page);
  await expect(liveRegion(a.page)).toContainText("1 attending");

  // B turns session reminders off and picks the weekly digest.
  await accountMenuTo(b.page, "Settings");
  const prefs = new EmailPreferencesSection(b.page);
  await expect(b.page.getByRole("heading", { level: 1, name: "Settings" })).toBeFocused();
  await tabTo(b.page, prefs.category("Session reminders"));
  await b.page.keyboard.press("Space");
  await expect(prefs.category("Session reminders")).not.toBeChecked();
  await tabTo(b.page, prefs.frequency("Immediately"));
  await pressUntil(b.page, "ArrowDown", () => prefs.frequency("Weekly digest").isChecked());
  await tabTo(b.page, prefs.save);
  await b.page.keyboard.press("Enter");
  await expect(bToasts).toContainText("Email preferences saved!");
  await expectFocusKept(b.page);

  expect(unexpectedErrors(a.errors)).toEqual([]);
  expect(unexpectedErrors(b.errors)).toEqual([]);
});
