import { expect, test, type Browser, type Page } from "@playwright/test";
import { CreateEventWizard } from "./pages/CreateEventWizard.ts";
import { CrewPage } from "./pages/CrewPage.ts";
import { DiscoverPage } from "./pages/DiscoverPage.ts";
import { EditProfilePage } from "./pages/EditProfilePage.ts";
import { EventPage } from "./pages/EventPage.ts";
import { EventRecapSection } from "./pages/EventRecapSection.ts";
import { JoinCrewPage } from "./pages/JoinCrewPage.ts";
import { LoginPage } from "./pages/LoginPage.ts";
import { NavBar } from "./pages/NavBar.ts";
import { NotificationBell } from "./pages/NotificationBell.ts";
import { CrewPolls, PollPage } from "./pages/PollPage.ts";
import { ProfilePage } from "./pages/ProfilePage.ts";
import { SettingsPage } from "./pages/SettingsPage.ts";
import { ShareDialog } from "./pages/ShareDialog.ts";
import { YourSessionsPage } from "./pages/YourSessionsPage.ts";
import { A11yAudit } from "./support/a11yAudit.ts";
import { signInWithMagicLink, signUp } from "./support/auth.ts";
import { createSessionByApi, eventIdOf, localDateTime, uniqueToken } from "./support/events.ts";
import { gradientPng } from "./support/images.ts";
import { newPerson } from "./support/people.ts";
import { emailPrefix, uniqueEmail } from "./support/users.ts";

/*
 * Everyone can use Clink: every route signed out, as a host and as a guest, and every dialog,
 * menu, popover and wizard step open, with no axe violation at any impact (WCAG 2.2 AA and best
 * practice), no target under 24 × 24 px and no sideways scrolling at 320 px wide. The checks
 * are soft: a run reports every problem of every screen. The host browses at 1280 px, the
 * guest and the signed-out visitor on a 390 px phone. CLINK_A11Y_SHOTS=<dir> saves a
 * screenshot of every state there.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

/** A `datetime-local` value `minutes` from now (negative: the past), in the browser's zone. */
async function fromNow(page: Page, minutes: number): Promise<string> {
  return await page.evaluate((m) => {
    const date = new Date(Date.now() + m * 60_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }, minutes);
}

async function h1(page: Page, name?: string | RegExp): Promise<void> {
  await expect(page.getByRole("main").getByRole("heading", { level: 1, name })).toBeVisible();
}

/** The screens anyone sees signed out, on a phone; and the landing page with reduced motion. */
async function auditSignedOut(browser: Browser): Promise<void> {
  const visitor = await newPerson(browser, { viewport: PHONE });
  const { page } = visitor;
  const audit = new A11yAudit(page, "signed out");

  await page.goto("/");
  await h1(page);
  await audit.route("landing");
  const nav = new NavBar(page);
  await nav.mobileMenuButton.click();
  await expect(nav.mobileLink("Log in")).toBeVisible();
  await audit.state("landing, mobile menu open");
  await page.keyboard.press("Escape");

  const login = new LoginPage(page);
  await login.goto();
  await h1(page);
  await audit.route("login");
  await login.requestLink(uniqueEmail("a11yvisitor"));
  await expect(login.checkEmailHeading).toBeVisible();
  await audit.state("login, check your e-mail");

  const discover = new DiscoverPage(page);
  await discover.goto();
  await expect(discover.heading).toBeVisible();
  await audit.route("discover");
  await discover.filtersButton.click();
  await expect(discover.filterDialog).toBeVisible();
  await audit.state("discover, filter dialog");
  await page.keyboard.press("Escape");

  for (const [path, heading] of [
    ["/404", undefined],
    ["/invitation", undefined],
    ["/crew/join/NOPE2345", undefined],
    ["/profile/nobody_a11y_here", undefined],
    ["/debug", "Debug pages"],
    ["/events", undefined],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("main").getByRole("heading").first()).toBeVisible();
    if (heading) await h1(page, heading);
    await audit.route(path);
  }

  // Reduced motion: nothing on the landing page (its entrances and pulses) keeps moving.
  const still = await newPerson(browser, { viewport: LAPTOP, reducedMotion: "reduce" });
  await still.page.goto("/");
  await h1(still.page);
  const moving = await still.page.evaluate(() =>
    document
      .getAnimations()
      .map((animation) => ({ animation, timing: animation.effect?.getComputedTiming() }))
      .filter(({ timing }) => Number(timing?.activeDuration ?? 0) > 1)
      .map(({ animation }) => (animation as CSSAnimation).animationName ?? "script animation"),
  );
  expect(moving, "animations still running with reduced motion").toEqual([]);

  expect(visitor.errors).toEqual([]);
  expect(still.errors).toEqual([]);
  await visitor.page.context().close();
  await still.page.context().close();
}

test("signed out, then a crew's host and member (profiles, crew, poll, settings, account): every screen, dialog, menu and step passes the full audit", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  await auditSignedOut(browser);
  const token = uniqueToken();
  const crewName = `A11y Crew ${token}`;
  const host = await newPerson(browser, { viewport: LAPTOP });
  const guest = await newPerson(browser, { viewport: PHONE });
  const hostAudit = new A11yAudit(host.page, "host");
  const guestAudit = new A11yAudit(guest.page, "guest");
  const hp = host.page;
  const gp = guest.page;

  // The host's own profile, then the crew wizard's two steps.
  const { username: hostName } = await signUp(hp, uniqueEmail("a11yhost"));
  await h1(hp);
  await hostAudit.route("own profile");
  await new ProfilePage(hp).buildCrew.click();
  const crew = new CrewPage(hp);
  await expect(crew.wizard.name).toBeFocused();
  await hostAudit.state("crew wizard, step 1");
  await crew.wizard.name.fill(crewName);
  await crew.wizard.next.click();
  await expect(crew.wizard.stepLabel).toHaveText("Step 2 of 2");
  await hostAudit.state("crew wizard, step 2");
  await crew.wizard.create.click();
  await expect(crew.heading).toHaveText(crewName);
  const crewPath = new URL(hp.url()).pathname;

  // The crew page's dialogs.
  await crew.shareLink.click();
  await expect(crew.shareDialog.qrCode).toBeVisible();
  await hostAudit.state("crew share link dialog with QR code");
  const joinLink = await crew.shareDialog.link.inputValue();
  await crew.shareDialog.close.click();
  await crew.invitePeople.click();
  await expect(crew.inviteDialog.dialog).toBeVisible();
  await hostAudit.state("crew invite dialog");
  await crew.inviteDialog.close.click();
  await crew.calendarFeed.click();
  await expect(crew.calendarDialog).toBeVisible();
  await hostAudit.state("crew calendar feed dialog");
  await hp.keyboard.press("Escape");
  await crew.deleteCrew.click();
  await expect(crew.deleteDialog).toBeVisible();
  await hostAudit.state("delete crew dialog");
  await hp.keyboard.press("Escape");
  await crew.edit.click();
  await expect(crew.wizard.dialog).toBeVisible();
  await hostAudit.state("crew edit wizard");
  await hp.keyboard.press("Escape");
  await expect(crew.wizard.dialog).toBeHidden();

  // The guest signs up on a phone, opens the menu, and joins by the link.
  const guestEmail = uniqueEmail("a11yguest");
  const guestName = emailPrefix(guestEmail);
  const join = new JoinCrewPage(gp);
  await join.goto(joinLink);
  await expect(join.heading).toBeVisible();
  await guestAudit.route("join crew, signed out");
  await join.signIn.click();
  await signInWithMagicLink(gp, guestEmail, { openLogin: false });
  await expect(gp).toHaveURL(new RegExp(`${crewPath}$`), { timeout: 15_000 });
  // The member's view has settled (joining after sign-in reloads the page's data).
  const guestCrew = new CrewPage(gp);
  await expect(guestCrew.heading).toHaveText(crewName);
  await expect(guestCrew.leaveCrew).toBeVisible();
  await expect(guestCrew.memberCount).toHaveText("2 members");
  await guestAudit.route("crew page as a member");
  const guestNav = new NavBar(gp);
  await guestNav.mobileMenuButton.click();
  await expect(
    guestNav.mobileButton("Sign out").or(guestNav.mobileLink("Settings")).first(),
  ).toBeVisible();
  await guestAudit.state("mobile menu, signed in");
  await gp.keyboard.press("Escape");

  // The host's crew page with a member, the member menu, then a poll.
  await expect(crew.memberCount).toHaveText("2 members");
  await hostAudit.route("crew page as its host");
  await crew.manageMember(guestName).click();
  await expect(crew.memberMenuItem("Make Co-Host")).toBeVisible();
  await hostAudit.state("crew member menu", { menuOpen: true });
  await hp.keyboard.press("Escape");
  const polls = new CrewPolls(hp);
  await polls.start.click();
  await expect(polls.dialog).toBeVisible();
  await hostAudit.state("start a poll dialog");
  await polls.title.fill(`Pints ${token}`);
  await polls.optionTime(1).fill(await localDateTime(hp, 2, 20));
  await polls.optionTime(2).fill(await localDateTime(hp, 3, 20));
  await polls.submit.click();
  const poll = new PollPage(hp);
  await expect(poll.heading).toHaveText(`Pints ${token}`);
  const pollPath = new URL(hp.url()).pathname;
  await hostAudit.route("poll page");
  await poll.addOption.click();
  await expect(poll.addOptionDialog).toBeVisible();
  await hostAudit.state("poll, add an option dialog");
  await hp.keyboard.press("Escape");
  await gp.goto(pollPath);
  const guestPoll = new PollPage(gp);
  await expect(guestPoll.heading).toHaveText(`Pints ${token}`);
  await guestPoll.answer(1, "Yes").click();
  await expect(guestPoll.answer(1, "Yes")).toHaveAttribute("aria-pressed", "true");
  await guestAudit.route("poll page, answered");

  // Settings, profile editing and deleting the account (its three steps, never confirmed).
  const settings = new SettingsPage(hp);
  await settings.goto();
  await expect(settings.feedback).toBeVisible();
  await hostAudit.route("settings");
  const profileEdit = new EditProfilePage(hp);
  await profileEdit.goto();
  await expect(profileEdit.heading).toBeVisible();
  await hostAudit.route("edit profile");
  await profileEdit.deleteAccount.click();
  await expect(
    profileEdit.dialog.getByRole("heading", { name: "Delete your account?" }),
  ).toBeVisible();
  await hostAudit.state("delete account, warning");
  await profileEdit.dialog.getByRole("button", { name: "Continue" }).click();
  await profileEdit.dialog.getByLabel("Type DELETE to confirm").fill("DELETE");
  await hostAudit.state("delete account, typed");
  await profileEdit.dialog.getByRole("button", { name: "Continue" }).click();
  await expect(profileEdit.dialog.getByRole("heading", { name: "Last call" })).toBeVisible();
  await hostAudit.state("delete account, last call");
  await hp.keyboard.press("Escape");
  await expect(profileEdit.dialog).toHaveCount(0);
  await hp.goto(`/profile/${hostName}/badges`);
  await h1(hp);
  await hostAudit.route("badges");
  await hp.goto("/debug");
  await h1(hp, "Debug pages");
  await hostAudit.route("debug pages index");
  await gp.goto(`/profile/${hostName}`);
  await h1(gp);
  await guestAudit.route("someone else's profile");

  // A signed-out visitor sees the crew and the host's profile from outside.
  const visitor = await newPerson(browser, { viewport: PHONE });
  const visitorAudit = new A11yAudit(visitor.page, "visitor");
  await visitor.page.goto(crewPath);
  await h1(visitor.page);
  await visitorAudit.route("crew page, signed out");
  await visitor.page.goto(`/profile/${hostName}`);
  await h1(visitor.page);
  await visitorAudit.route("profile, signed out");

  expect(host.errors).toEqual([]);
  expect(guest.errors).toEqual([]);
  expect(visitor.errors).toEqual([]);
});

test("a session's host and guest (wizard, session page, recap): every screen, dialog, menu, popover and step passes the full audit", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const token = uniqueToken();
  const title = `A11y night ${token}`;
  const host = await newPerson(browser, { viewport: LAPTOP });
  const guest = await newPerson(browser, { viewport: PHONE });
  const hostAudit = new A11yAudit(host.page, "host");
  const guestAudit = new A11yAudit(guest.page, "guest");
  const hp = host.page;
  const gp = guest.page;
  const guestEmail = uniqueEmail("a11ysessionguest");
  const guestName = emailPrefix(guestEmail);
  await Promise.all([signUp(hp, uniqueEmail("a11ysessionhost")), signUp(gp, guestEmail)]);

  // Your Sessions and the session wizard's steps: a session under way.
  const sessions = new YourSessionsPage(hp);
  await sessions.goto();
  await expect(sessions.heading).toBeVisible();
  await hostAudit.route("your sessions");
  await sessions.createSession.click();
  const wizard = new CreateEventWizard(hp);
  await expect(wizard.title).toBeFocused();
  await hostAudit.state("session wizard, step 1");
  await wizard.title.fill(title);
  await wizard.timeChoice("Custom").click();
  await wizard.start.fill(await fromNow(hp, -120));
  await wizard.end.fill(await fromNow(hp, 120));
  await hostAudit.state("session wizard, step 1 with custom times");
  await wizard.next.click();
  await expect(wizard.stepLabel).toHaveText("Step 2 of 3");
  await hostAudit.state("session wizard, step 2");
  await wizard.next.click();
  await expect(wizard.stepLabel).toHaveText("Step 3 of 3");
  await hostAudit.state("session wizard, step 3");
  await wizard.create.click();
  const share = new ShareDialog(hp);
  await expect(share.dialog).toBeVisible();
  await hostAudit.state("share dialog after creating");
  await share.goToEvent.click();
  await h1(hp, title);
  const sessionPath = new URL(hp.url()).pathname;

  // The guest's bell, then the session: they join.
  const guestBell = new NotificationBell(gp);
  await guestBell.open();
  await expect(guestBell.list.or(guestBell.emptyTitle).first()).toBeVisible();
  await guestAudit.state("bell popover");
  await guestBell.close();
  await gp.goto(sessionPath);
  const guestView = new EventPage(gp);
  await h1(gp, title);
  await guestAudit.route("session, before joining");
  await guestView.joinButton.click();
  await expect(guestView.joinButton).toHaveText(/Joined!/);
  await guestAudit.route("session, going");
  await guestView.addToCalendar.click();
  await expect(guestView.calendarLink("Google Calendar")).toBeVisible();
  await guestAudit.state("add to calendar menu", { menuOpen: true });
  await gp.keyboard.press("Escape");
  // The night's sections: the tab's expense dialog and the check-in form.
  const main = gp.getByRole("main");
  await main.getByRole("button", { name: "Add expense" }).click();
  const expense = gp.getByRole("dialog", { name: "Add an expense" });
  await expect(expense).toBeVisible();
  await guestAudit.state("tab, add an expense dialog");
  await gp.keyboard.press("Escape");
  await expect(expense).toHaveCount(0);
  await main.getByRole("button", { name: "Turn on check-in" }).click();
  await expect(main.getByRole("button", { name: "Start check-in" })).toBeVisible();
  await guestAudit.state("check-in form open");

  // The host's session page and its dialogs.
  const hostView = new EventPage(hp);
  await expect(hostView.whosComing.getByRole("listitem", { name: guestName })).toBeVisible();
  await hostAudit.route("session as its host");
  await hostView.shareButton.click();
  await expect(share.dialog).toBeVisible();
  await hostAudit.state("session share dialog");
  await share.close.click();
  await hostView.manageCoHosts.click();
  const coHosts = hp.getByRole("dialog", { name: "Manage co-hosts" });
  await expect(coHosts.getByRole("button", { name: `Make ${guestName} a co-host` })).toBeVisible();
  await hostAudit.state("co-host manager");
  await coHosts.getByRole("button", { name: "Close" }).click();
  await hostView.deleteButton.click();
  await expect(hostView.deleteDialog).toBeVisible();
  await hostAudit.state("delete session dialog");
  await hp.keyboard.press("Escape");
  const bell = new NotificationBell(hp);
  await bell.open();
  await hostAudit.state("bell popover");
  await bell.close();
  const hostNav = new NavBar(hp);
  await hostNav.openAccountMenu();
  await expect(hostNav.menuItem("Settings")).toBeVisible();
  await hostAudit.state("account menu", { menuOpen: true });
  await hp.keyboard.press("Escape");

  // The session's edit wizard, each step; saving an end in the past makes it a past session.
  await hostView.editButton.click();
  const edit = hostView.editDialog;
  await expect(edit).toBeVisible();
  for (let step = 1; step <= 4; step++) {
    await hostAudit.state(`edit session, step ${step}`);
    if (step === 1) await edit.getByLabel(/^Ends/).fill(await fromNow(hp, -10));
    if (step < 4) await edit.getByRole("button", { name: "Next" }).click();
  }
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(hp.getByRole("main")).toContainText("Event ended");

  // After the night: the recap, a photo and its viewer.
  const recap = new EventRecapSection(hp);
  await expect(recap.toastRecap).toBeVisible();
  await recap.photoInput.setInputFiles({
    name: "toast.png",
    mimeType: "image/png",
    buffer: gradientPng(240),
  });
  await recap.caption.fill(`Cheers ${token}`);
  await hostAudit.state("recap, photo chosen");
  await recap.uploadPhoto.click();
  await expect(recap.photo(`Cheers ${token}`)).toBeVisible();
  await hostAudit.route("past session with its recap");
  await recap.photo(`Cheers ${token}`).click();
  await expect(recap.viewer).toBeVisible();
  await hostAudit.state("photo viewer");
  await hp.keyboard.press("Escape");
  await expect(new EventRecapSection(gp).photo(`Cheers ${token}`)).toBeVisible();
  await guestAudit.route("past session as a guest");
  // The guest's viewer offers "I'm in this" (asking the uploader not to show the photo).
  const guestRecap = new EventRecapSection(gp);
  await guestRecap.photo(`Cheers ${token}`).click();
  await expect(guestRecap.viewer).toBeVisible();
  await guestAudit.state("photo viewer as a guest");
  await gp.keyboard.press("Escape");
  await expect(guestRecap.viewer).toBeHidden();
  await hp.goto(`/events/${await eventIdOf(sessionPath.split("/").pop()!)}`);
  await expect(hp.getByRole("main").getByRole("heading", { name: title }).first()).toBeVisible();
  await hostAudit.route("older session page");

  await new DiscoverPage(hp).goto();
  await expect(
    new DiscoverPage(hp)
      .cardLink(title)
      .or(hp.getByRole("main").getByRole("heading", { level: 1 }))
      .first(),
  ).toBeVisible();
  await hostAudit.route("discover, signed in");

  // A private session's page (/private-event/…), as its host.
  const privateTitle = `Private ${title}`;
  const { path: privatePath } = await createSessionByApi(hp, {
    title: privateTitle,
    isPublic: false,
  });
  expect(privatePath).toMatch(/^\/private-event\//);
  await hp.goto(privatePath);
  await h1(hp, privateTitle);
  await hostAudit.route("private session as its host");

  // A signed-out visitor sees the past session from outside.
  const visitor = await newPerson(browser, { viewport: PHONE });
  const visitorAudit = new A11yAudit(visitor.page, "visitor");
  await visitor.page.goto(sessionPath);
  await h1(visitor.page, title);
  await visitorAudit.route("past session, signed out");

  expect(host.errors).toEqual([]);
  expect(guest.errors).toEqual([]);
  expect(visitor.errors).toEqual([]);
});
