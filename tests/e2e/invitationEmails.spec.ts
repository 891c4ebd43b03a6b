import { expect, test, type Browser, type Page } from "@playwright/test";
import { mkdir } from "node:fs/promises";
import { CrewPage } from "./pages/CrewPage.ts";
import { InvitationPage } from "./pages/InvitationPage.ts";
import { MailboxPage } from "./pages/MailboxPage.ts";
import { NotificationBell } from "./pages/NotificationBell.ts";
import { ProfilePage } from "./pages/ProfilePage.ts";
import { expireInvitationToken } from "./support/admin.ts";
import { signInWithMagicLink, signUp } from "./support/auth.ts";
import { A11yAudit } from "./support/a11yAudit.ts";
import { uniqueToken } from "./support/events.ts";
import { recordPageErrors } from "./support/pageErrors.ts";
import { uniqueEmail } from "./support/users.ts";

/** A browser of its own (cookies and storage apart): another person, or the same person elsewhere. */
async function newBrowser(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext()).newPage();
  return { page, errors: recordPageErrors(page) };
}

/** The host builds a crew from their profile and invites `username` to it; returns the crew's name. */
async function inviteToNewCrew(host: Page, username: string): Promise<string> {
  const crewName = `Pint Club ${uniqueToken()}`;
  await host.goto("/profile");
  await new ProfilePage(host).buildCrew.click();
  const crewPage = new CrewPage(host);
  await crewPage.wizard.name.fill(crewName);
  await crewPage.wizard.next.click();
  await crewPage.wizard.create.click();
  await expect(crewPage.heading).toHaveText(crewName);
  await crewPage.invitePeople.click();
  await crewPage.inviteDialog.username.fill(username);
  await crewPage.inviteDialog.inviteByUsername.click();
  await expect(host.getByText("Invite sent successfully!")).toBeVisible();
  return crewName;
}

/** The address of the newest e-mail's Accept or Decline link to `email`, read in the local mailbox. */
async function invitationLink(page: Page, email: string, action: "accept" | "decline") {
  const mailbox = new MailboxPage(page);
  await mailbox.goto();
  const link = mailbox.linkFor(email, new RegExp(`/invitation/crew/${action}/crew_${action}_`));
  const href = await link.getAttribute("href");
  if (href === null) throw new Error(`no ${action} link to ${email}`);
  return new URL(href);
}

test("Accept from the e-mail while signed out: sign in, 'Crew Joined!', on to the crew; B's open tab updates live", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const host = await newBrowser(browser);
  const guest = await newBrowser(browser);
  await signUp(host.page, uniqueEmail("crewhost"));
  const guestEmail = uniqueEmail("mailguest");
  const { username } = await signUp(guest.page, guestEmail);
  const crewName = await inviteToNewCrew(host.page, username);

  // B's tab: the invitation in the bell, unanswered.
  const bell = new NotificationBell(guest.page);
  await expect(bell.button).toHaveAccessibleName(NotificationBell.nameFor(1));
  await bell.open();
  const notification = bell.item(crewName);
  await expect(bell.accept(notification)).toBeVisible();

  // Elsewhere, signed out, B opens Accept from the e-mail and is asked to sign in.
  const phone = await newBrowser(browser);
  const accept = await invitationLink(phone.page, guestEmail, "accept");
  await phone.page.goto(accept.pathname);
  await expect(phone.page).toHaveURL(/\/login\?redirect=%2Finvitation%2Fcrew%2Faccept%2F/);
  await expect(phone.page.getByText("Please log in to respond to this invitation")).toBeVisible();
  await signInWithMagicLink(phone.page, guestEmail, { openLogin: false });

  // Back on the invitation: applied, then on to the crew by itself.
  const invitation = new InvitationPage(phone.page);
  await expect(invitation.heading).toHaveText("Crew Joined!");
  await expect(invitation.text("Joined the crew! 🍺")).toBeVisible();
  await expect(phone.page).toHaveURL(/\/crew\/[a-z0-9]+$/);
  await expect(new CrewPage(phone.page).heading).toHaveText(crewName);

  // B's other tab shows the answer without a reload: no buttons, read, count 0.
  await expect(bell.answered(notification, "accepted")).toBeVisible();
  await expect(bell.accept(notification)).toHaveCount(0);
  await expect(bell.button).toHaveAccessibleName(NotificationBell.nameFor(0));

  expect(host.errors).toEqual([]);
  expect(guest.errors).toEqual([]);
  expect(phone.errors).toEqual([]);
});

test("Decline from the e-mail; an expired link and broken links say so (axe, 390 and 1280 px)", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const host = await newBrowser(browser);
  const guest = await newBrowser(browser);
  await signUp(host.page, uniqueEmail("crewhost"));
  const guestEmail = uniqueEmail("declines");
  const { username } = await signUp(guest.page, guestEmail);
  await inviteToNewCrew(host.page, username);
  const accept = await invitationLink(guest.page, guestEmail, "accept");
  const decline = await invitationLink(guest.page, guestEmail, "decline");
  const invitation = new InvitationPage(guest.page);
  await mkdir("screenshots", { recursive: true });

  // Links the page cannot use.
  await invitation.goto("/invitation");
  await expect(invitation.heading).toHaveText("Invalid invitation link");
  await expect(invitation.text("Missing token")).toBeVisible();
  await invitation.goto("/invitation/not_a_real_token");
  await expect(invitation.heading).toHaveText("Invitation Error");
  await expect(invitation.text("Unable to determine invitation type from token")).toBeVisible();

  // The Accept link, 48 hours later.
  await expireInvitationToken(accept.pathname.split("/").pop()!);
  await invitation.goto(accept.pathname);
  await expect(invitation.heading).toHaveText("Invitation Error");
  await expect(invitation.text("This invitation link has expired")).toBeVisible();
  await expect(invitation.goBack).toBeVisible();
  await new A11yAudit(guest.page, "invitee").route("invitation link expired, signed in");
  for (const width of [390, 1280]) {
    await guest.page.setViewportSize({ width, height: 800 });
    await guest.page.screenshot({ path: `screenshots/invitation-expired-${width}.png` });
  }

  // Decline: the answer, with the page's clock held still once it shows (it moves on after
  // 2 s) for the screenshots, then let go: on to the profile. The clock runs while the page
  // loads: its connection and retries need timers. (axe needs running timers: it checked the
  // same panel above, in its error state.)
  await guest.page.clock.install();
  await invitation.goto(decline.pathname);
  await expect(invitation.heading).toHaveText("Crew Invitation Declined");
  // Held a moment ahead of the page's clock, which runs on while this call travels (a time it
  // has passed cannot be paused at: on a busy machine the call is asked again, from the clock's
  // new time); the move on to the profile is still ~2 s away.
  await expect(async () => {
    await guest.page.clock.pauseAt((await guest.page.evaluate(() => Date.now())) + 400);
  }).toPass({ timeout: 1_500, intervals: [0] });
  await expect(invitation.text("Crew invitation declined")).toBeVisible();
  await expect(invitation.view("View Profile")).toBeVisible();
  for (const width of [1280, 390]) {
    await guest.page.setViewportSize({ width, height: 800 });
    await guest.page.screenshot({ path: `screenshots/invitation-declined-${width}.png` });
  }
  await guest.page.clock.resume();
  await expect(guest.page).toHaveURL(/\/profile/);

  // Used up: the Decline link does not work twice.
  await invitation.goto(decline.pathname);
  await expect(invitation.text("This invitation link has already been used")).toBeVisible();

  expect(host.errors).toEqual([]);
  expect(guest.errors).toEqual([]);
});
