import { expect, test } from "@playwright/test";
import { CrewPage } from "./pages/CrewPage.ts";
import { EventPage } from "./pages/EventPage.ts";
import { JoinCrewPage } from "./pages/JoinCrewPage.ts";
import { NotificationBell } from "./pages/NotificationBell.ts";
import { ProfilePage } from "./pages/ProfilePage.ts";
import { signInWithMagicLink, signUp } from "./support/auth.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { createEventThroughWizard, localDateTime, uniqueToken } from "./support/events.ts";
import { unexpectedErrors } from "./support/pageErrors.ts";
import { emailPrefix, uniqueEmail } from "./support/users.ts";
import { newPerson } from "./support/people.ts";

/** A browser of its own for one person (cookies and storage apart). */
/*
 * Three browsers, one crew invited to a private session. A private session a
 * crew was invited to opens for all of that crew's accepted members, not only
 * for the one who accepted the session, so the friend who declined still
 * sees it; someone outside the crew does not.
 */
test("three friends: a crew invitation answered from the bell, a friend joining by link, and the crew invited to a private session — all live", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const crewName = `Friday Regulars ${uniqueToken()}`;
  const title = `Crew night ${uniqueToken()}`;

  const a = await newPerson(browser);
  const b = await newPerson(browser);
  const c = await newPerson(browser);
  await signUp(a.page, uniqueEmail("crewa"));
  const bEmail = uniqueEmail("crewb");
  const { username: bUsername } = await signUp(b.page, bEmail);
  const bName = emailPrefix(bEmail);

  // A builds a crew and invites B by username.
  await new ProfilePage(a.page).buildCrew.click();
  const crew = new CrewPage(a.page);
  await crew.wizard.name.fill(crewName);
  await crew.wizard.next.click();
  await crew.wizard.create.click();
  await expect(crew.heading).toHaveText(crewName);
  await crew.invitePeople.click();
  await crew.inviteDialog.username.fill(bUsername);
  await crew.inviteDialog.inviteByUsername.click();
  await expect(a.page.getByText("Invite sent successfully!")).toBeVisible();
  await crew.inviteDialog.close.click();
  await expect(crew.pendingCount).toHaveText("1 pending");

  // B's bell counts it without a reload; B accepts inline and A's page shows B live.
  const bBell = new NotificationBell(b.page);
  await expect(bBell.button).toHaveAccessibleName(NotificationBell.nameFor(1));
  await bBell.open();
  const crewInvitation = bBell.item(crewName);
  await expect(bBell.accept(crewInvitation)).toBeVisible();
  await bBell.accept(crewInvitation).click();
  await expect(bBell.answered(crewInvitation, "accepted")).toBeVisible();
  await expect(bBell.button).toHaveAccessibleName(NotificationBell.nameFor(0));
  await bBell.close();
  await expect(crew.memberCount).toHaveText("2 members");
  await expect(crew.pendingCount).toHaveText("0 pending");
  await expect(crew.member(bName)).toBeVisible();

  // C opens A's invite link signed out, signs in, lands back and is a member.
  await crew.shareLink.click();
  await expect(crew.shareDialog.link).toHaveValue(/\/crew\/join\/[A-Z0-9]{8}$/);
  const link = await crew.shareDialog.link.inputValue();
  await crew.shareDialog.close.click();
  const cEmail = uniqueEmail("crewc");
  const join = new JoinCrewPage(c.page);
  await join.goto(link);
  await join.signIn.click();
  await signInWithMagicLink(c.page, cEmail, { openLogin: false });
  await expect(c.page).toHaveURL(a.page.url(), { timeout: 15_000 });
  await expect(crew.memberCount).toHaveText("3 members");

  // A creates a private session from the wizard, inviting the crew.
  const path = await createEventThroughWizard(a.page, {
    title,
    when: { choice: "Specific Time", start: await localDateTime(a.page, 3, 20) },
    isPublic: false,
    inviteCrews: [crewName],
  });

  // B and C see the invitation live; B accepts, C declines.
  await expect(bBell.button).toHaveAccessibleName(NotificationBell.nameFor(1));
  const cBell = new NotificationBell(c.page);
  await expect(cBell.button).toHaveAccessibleName(NotificationBell.nameFor(1));
  const bInvitation = bBell.item(title);
  await bBell.open();
  await expect(bBell.accept(bInvitation)).toBeVisible();
  await bBell.accept(bInvitation).click();
  await expect(bBell.answered(bInvitation, "accepted")).toBeVisible();
  const cInvitation = cBell.item(title);
  await cBell.open();
  await expect(cBell.decline(cInvitation)).toBeVisible();
  await expectNoSeriousA11yViolations(c.page);
  await cBell.decline(cInvitation).click();
  await expect(cBell.answered(cInvitation, "declined")).toBeVisible();
  await expect(cBell.button).toHaveAccessibleName(NotificationBell.nameFor(0));

  // The session shows B coming and not C, live on A's page.
  const hostView = new EventPage(a.page);
  const attendees = hostView.whosComing.getByRole("list", { name: "Attendees" });
  await expect(attendees.getByRole("listitem", { name: bName })).toBeVisible();
  await expect(hostView.whosComing.getByText("2 attending")).toBeVisible();
  await expect(attendees.getByRole("listitem", { name: emailPrefix(cEmail) })).toHaveCount(0);

  // The private page opens for B (accepted) and, by the crew rule, for C
  // (a crew member who declined); not for someone outside the crew.
  await b.page.goto(path);
  await expect(b.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await c.page.goto(path);
  await expect(c.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const outsider = await newPerson(browser);
  await signUp(outsider.page, uniqueEmail("outsider"));
  await outsider.page.goto(path);
  await expect(
    outsider.page.getByText("You do not have permission to view this private event"),
  ).toBeVisible();
  await expect(outsider.page.getByRole("heading", { level: 1, name: title })).toHaveCount(0);

  expect(unexpectedErrors(a.errors)).toEqual([]);
  expect(unexpectedErrors(b.errors)).toEqual([]);
  expect(unexpectedErrors(c.errors)).toEqual([]);
});
