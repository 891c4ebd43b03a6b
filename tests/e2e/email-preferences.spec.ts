import { expect, test } from "@playwright/test";
import { anyApi } from "convex/server";
import { EmailPreferencesSection } from "./pages/EmailPreferencesSection.ts";
import { MailboxPage } from "./pages/MailboxPage.ts";
import { NavBar } from "./pages/NavBar.ts";
import { NotificationBell } from "./pages/NotificationBell.ts";
import { NudgeControl } from "./pages/NudgeControl.ts";
import { signUp } from "./support/auth.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { clientAs } from "./support/apiClient.ts";
import { createSessionByApi, uniqueToken } from "./support/events.ts";
import { recordPageErrors } from "./support/pageErrors.ts";
import { uniqueEmail } from "./support/users.ts";
import { newPerson } from "./support/people.ts";

test("Settings saves e-mail preferences: 'Email preferences saved!', kept after a reload", async ({
  page,
}) => {
  const errors = recordPageErrors(page);
  await signUp(page, uniqueEmail("prefs"));
  const nav = new NavBar(page);
  await nav.openAccountMenu();
  await nav.menuItem("Settings").click();
  await expect(page).toHaveURL("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Settings | Clink");

  const prefs = new EmailPreferencesSection(page);
  // The spec's defaults: everything on but news, immediately; nothing to save yet.
  await expect(prefs.category("Session invitations")).toBeChecked();
  await expect(prefs.category("Session reminders")).toBeChecked();
  await expect(prefs.category("Crew invitations")).toBeChecked();
  await expect(prefs.category("News and offers")).not.toBeChecked();
  await expect(prefs.frequency("Immediately")).toBeChecked();
  await expect(prefs.save).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  await prefs.category("Session reminders").click();
  await prefs.frequency("Weekly digest").check();
  await expect(prefs.save).toBeEnabled();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0)); // else the sticky nav bar lands mid-page
    await page.screenshot({ path: `screenshots/settings-email-${width}.png`, fullPage: true });
  }
  await prefs.save.click();
  await expect(page.getByText("Email preferences saved!")).toBeVisible();
  await expect(prefs.save).toBeDisabled();

  await page.reload();
  await expect(prefs.category("Session reminders")).not.toBeChecked();
  await expect(prefs.category("Session invitations")).toBeChecked();
  await expect(prefs.frequency("Weekly digest")).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});

test("the host nudges an invitee from the session page; the invitee's bell shows it live", async ({
  browser,
}) => {
  const host = await newPerson(browser);
  const guest = await newPerson(browser);
  await signUp(host.page, uniqueEmail("nudger"));
  const guestEmail = uniqueEmail("nudged");
  await signUp(guest.page, guestEmail);

  // Set-up through the API as the host: a session tomorrow with the guest invited.
  const api = await clientAs(host.page);
  const guestApi = await clientAs(guest.page);
  const guestId = ((await guestApi.query(anyApi.profiles.me, {})) as { userId: string }).userId;
  const title = `Nudge night ${uniqueToken()}`;
  const { path, eventId } = await createSessionByApi(host.page, { title });
  await api.mutation(anyApi.invitations.inviteUsers, { eventId, userIds: [guestId] });

  const bell = new NotificationBell(guest.page);
  await expect(bell.button).toHaveAccessibleName(NotificationBell.nameFor(1));

  await host.page.goto(path);
  const nudge = new NudgeControl(host.page);
  await expect(nudge.hint("Remind the invitees who haven't answered")).toBeVisible();
  await expectNoSeriousA11yViolations(host.page);
  await nudge.button.click();
  await expect(host.page.getByText("Nudged 1 invitee who hasn't answered yet")).toBeVisible();
  await expect(nudge.button).toBeDisabled();
  await expect(nudge.hint("Nudged. You can nudge again in 12 hours")).toBeVisible();
  for (const width of [1280, 390]) {
    await host.page.setViewportSize({ width, height: 900 });
    await nudge.button.scrollIntoViewIfNeeded();
    await host.page.screenshot({ path: `screenshots/session-nudge-${width}.png` });
  }

  // The guest sees it without reloading: the bell counts it, a toast says so.
  await expect(bell.button).toHaveAccessibleName(NotificationBell.nameFor(2));
  await expect(
    guest.page.getByText(`is waiting for your answer to "${title}"`).first(),
  ).toBeVisible();
  await bell.open();
  const item = bell.item("Still deciding?");
  await expect(item).toBeVisible();
  await bell.accept(item).click();
  // Answering removes the Nudge: nobody is left to nudge.
  await expect(nudge.button).toHaveCount(0);

  // The nudge e-mail's one-click unsubscribe (RFC 8058: a POST) turns session invitations off.
  const mailbox = new MailboxPage(guest.page);
  await mailbox.goto();
  const unsubscribe = await mailbox
    .linkFor(guestEmail, /\/email\/unsubscribe\?.*category=event_invitation/)
    .first()
    .getAttribute("href");
  const response = await guest.page.request.post(unsubscribe!, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(response.status()).toBe(200);
  await guest.page.goto("/settings");
  await expect(
    new EmailPreferencesSection(guest.page).category("Session invitations"),
  ).not.toBeChecked();
  expect(host.errors).toEqual([]);
  expect(guest.errors).toEqual([]);
});
