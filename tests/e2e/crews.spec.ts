import { expect, test } from "@playwright/test";
import { mkdir } from "node:fs/promises";
import { CrewPage } from "./pages/CrewPage.ts";
import { JoinCrewPage } from "./pages/JoinCrewPage.ts";
import { ProfilePage } from "./pages/ProfilePage.ts";
import { signInWithMagicLink, signUp } from "./support/auth.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { uniqueToken } from "./support/events.ts";
import { unexpectedErrors } from "./support/pageErrors.ts";
import { emailPrefix, uniqueEmail } from "./support/users.ts";
import { newPerson } from "./support/people.ts";

/** A browser of its own for one person (cookies and storage apart). */
test("a host builds a private crew from their profile and shares an invite link; a signed-out friend opens it, signs in, comes straight back and is in, live on the host's page", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const crewName = `Thirsty Thursdays ${uniqueToken()}`;

  // The host builds the crew from their profile.
  const host = await newPerson(browser, { permissions: ["clipboard-read", "clipboard-write"] });
  const hostEmail = uniqueEmail("crewhost");
  const { username: hostUsername } = await signUp(host.page, hostEmail);
  const profile = new ProfilePage(host.page);
  await profile.buildCrew.click();
  const crewPage = new CrewPage(host.page);
  const wizard = crewPage.wizard;
  await expect(wizard.stepLabel).toHaveText("Step 1 of 2");
  await expect(wizard.name).toBeFocused();
  await expect(wizard.next).toBeDisabled();
  await wizard.name.fill("x");
  await wizard.name.fill("");
  await expect(wizard.fieldError("Crew name is required")).toBeVisible();
  await expect(wizard.next).toBeDisabled();
  await wizard.name.fill(`  ${crewName}  `);
  await expect(wizard.dialog.getByText(`${crewName.length}/50`)).toBeVisible();
  await wizard.description.fill("Every Thursday, the usual spot.");
  await wizard.vibe("Party").click();
  await expect(wizard.vibe("Party")).toBeChecked();
  await expectNoSeriousA11yViolations(host.page);
  await wizard.next.click();
  await expect(wizard.stepLabel).toHaveText("Step 2 of 2");
  await expect(wizard.visibility("Public")).toBeChecked();
  await wizard.visibility("Private").click();
  await expect(wizard.search).toBeVisible();
  await expectNoSeriousA11yViolations(host.page);
  await wizard.create.click();

  // Its page: trimmed name, vibe, Private, 1 member (the host), the title.
  await expect(host.page.getByText("Crew created! 🎉")).toBeVisible();
  await expect(host.page).toHaveURL(/\/crew\/[a-z0-9]+$/);
  await expect(crewPage.heading).toHaveText(crewName);
  await expect(host.page).toHaveTitle(`${crewName} | Clink`);
  await expect(
    host.page
      .getByRole("main")
      .locator("header")
      .getByText(/^\W*Private$/),
  ).toBeVisible();
  await expect(crewPage.memberCount).toHaveText("1 member");
  await expect(crewPage.pendingCount).toHaveText("0 pending");
  await expect(crewPage.memberBadge(emailPrefix(hostEmail), "Host")).toBeVisible();
  await expect(crewPage.leaveCrew).toHaveCount(0);
  await expect(crewPage.sessions.getByText("Nothing planned yet")).toBeVisible();
  await expectNoSeriousA11yViolations(host.page);

  // Inviting someone nobody has heard of offers the share link instead.
  await crewPage.invitePeople.click();
  const invite = crewPage.inviteDialog;
  await expect(invite.search).toBeFocused();
  await invite.inviteByUsername.click();
  await expect(invite.text("Please enter a username")).toBeVisible();
  await invite.username.fill(`nobody_${uniqueToken()}`);
  await invite.inviteByUsername.click();
  await expect(invite.notFound).toContainText("User not found");
  await expect(invite.notFound).toContainText("Wanna bring them to the party?");
  await expect(invite.shareLink).toHaveValue(/\/crew\/join\/[A-Z0-9]{8}$/);
  await expectNoSeriousA11yViolations(host.page);
  await invite.close.click();

  // The share dialog: the new link, already copied ('Copied!' for 2 s), Copy again, its QR code.
  await host.page.evaluate(() => navigator.clipboard.writeText("nothing yet"));
  await crewPage.shareLink.click();
  const share = crewPage.shareDialog;
  await expect(share.link).toHaveValue(/^http:\/\/localhost:\d+\/crew\/join\/[A-Z0-9]{8}$/);
  const link = await share.link.inputValue();
  await expect(share.copied).toBeVisible();
  expect(await host.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(share.qrCode).toBeVisible();
  await expect(share.copy).toBeVisible({ timeout: 3500 });
  await host.page.evaluate(() => navigator.clipboard.writeText("something else"));
  await share.copy.click();
  await expect(share.copied).toBeVisible();
  expect(await host.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(share.copy).toBeVisible({ timeout: 3500 });
  await expect(share.revoke).toBeVisible();
  await expectNoSeriousA11yViolations(host.page);
  await share.close.click();

  // A friend opens the link signed out, signs in and lands back in the crew.
  const friend = await newPerson(browser, { permissions: ["clipboard-read", "clipboard-write"] });
  const friendEmail = uniqueEmail("crewfriend");
  const join = new JoinCrewPage(friend.page);
  await join.goto(link);
  await expect(join.heading).toHaveText(crewName);
  await expect(join.code).toContainText(link.split("/").pop()!);
  await expect(join.signInPrompt).toBeVisible();
  await expectNoSeriousA11yViolations(friend.page);
  await join.signIn.click();
  await expect(friend.page).toHaveURL(/\/login\?redirect=/);
  await signInWithMagicLink(friend.page, friendEmail, { openLogin: false });
  await expect(friend.page.getByText("Joined the crew! 🍺")).toBeVisible({ timeout: 15_000 });
  const friendCrew = new CrewPage(friend.page);
  await expect(friend.page).toHaveURL(host.page.url());
  await expect(friendCrew.heading).toHaveText(crewName);
  await expect(friendCrew.leaveCrew).toBeVisible();
  await expect(friendCrew.invitePeople).toHaveCount(0);
  await expect(friendCrew.member(emailPrefix(friendEmail))).toBeVisible();

  // The host sees the friend arrive without a reload.
  await expect(crewPage.memberCount).toHaveText("2 members");
  await expect(crewPage.member(emailPrefix(friendEmail))).toBeVisible();

  // The link again: already a member, with the way to the crew.
  await join.goto(link);
  await expect(join.alreadyMember).toBeVisible();
  await join.goToCrew.click();
  await expect(friendCrew.heading).toHaveText(crewName);

  // The friend's profile lists the crew; its menu offers Leave Crew, with the spec's words.
  await friend.page.goto("/profile");
  const friendProfile = new ProfilePage(friend.page);
  await friendProfile.crewsTab.click();
  await expect(friendProfile.crewCard(crewName)).toBeVisible();
  await friendProfile.crewMenu(crewName).click();
  await expect(friendProfile.crewMenuItem("View Members")).toBeVisible();
  await expect(friendProfile.crewMenuItem("Edit Crew")).toHaveCount(0);
  await expect(friendProfile.crewMenuItem("Delete Crew")).toHaveCount(0);
  await friendProfile.crewMenuItem("Leave Crew").click();
  await expect(
    friend.page.getByText(
      "Are you sure you want to leave this crew? You'll need to be re-invited to join again.",
    ),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(friend.page);
  await friend.page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  // Screenshots of the crew page to look at (screenshots/ is git-ignored).
  await mkdir("screenshots", { recursive: true });
  for (const width of [390, 1280]) {
    await host.page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await host.page.reload();
    await expect(crewPage.member(emailPrefix(friendEmail))).toBeVisible();
    await host.page.waitForTimeout(600);
    await host.page.screenshot({ path: `screenshots/crew-page-${width}.png`, fullPage: true });
    await crewPage.shareLink.click();
    await expect(share.qrCode).toBeVisible();
    await host.page.waitForTimeout(400);
    await host.page.screenshot({ path: `screenshots/crew-share-${width}.png` });
    await share.otherLinks.click();
    await host.page.waitForTimeout(300);
    await host.page.screenshot({ path: `screenshots/crew-share-links-${width}.png` });
    await share.close.click();
    await friend.page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await join.goto(link.replace("/crew/join/", "/invite/"));
    await expect(join.alreadyMember).toBeVisible();
  }
  // Revoking: the link the friend used, from the other links that still work, then the new one.
  // Opened by anyone now, either says only that it is invalid or has expired.
  await crewPage.shareLink.click();
  await expect(share.link).toHaveValue(/\/crew\/join\/[A-Z0-9]{8}$/);
  const fresh = await share.link.inputValue();
  const usedCode = link.split("/").pop()!;
  await share.otherLinks.click();
  await share.revokeOther(usedCode).click();
  await expect(share.revokeOther(usedCode)).toHaveCount(0);
  await share.revoke.click();
  await expect(share.revokedNotice).toBeVisible();
  await expect(share.createNewLink).toBeVisible();
  await expectNoSeriousA11yViolations(host.page);
  await share.close.click();
  const visitor = await newPerson(browser, { permissions: ["clipboard-read", "clipboard-write"] });
  const visitorJoin = new JoinCrewPage(visitor.page);
  for (const revoked of [link, fresh]) {
    await visitorJoin.goto(revoked);
    await expect(visitorJoin.invalid).toBeVisible();
    await expect(visitor.page.getByText(crewName)).toHaveCount(0);
  }

  await profile.goto(hostUsername);
  await profile.crewsTab.click();
  await expect(profile.crewCard(crewName)).toBeVisible();
  await profile.crewMenu(crewName).click();
  await expect(profile.crewMenuItem("Delete Crew")).toBeVisible();
  await host.page.screenshot({ path: "screenshots/crew-profile-tab-1280.png", fullPage: true });
  await host.page.keyboard.press("Escape");

  expect(unexpectedErrors(host.errors, "VALIDATION")).toEqual([]);
  expect(unexpectedErrors(friend.errors)).toEqual([]);
  expect(unexpectedErrors(visitor.errors)).toEqual([]);
});
