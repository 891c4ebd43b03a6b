/**
 * Editing a crew: the wizard's step 2 (visibility and invites) is the create wizard's; the crew
 * page's link-preview tags, in its head and on the share page crawlers read (a private crew's
 * generic); the member list that fails to load says so in place.
 */
import { expect, test, type Page } from "@playwright/test";
import { mkdir } from "node:fs/promises";
import { CrewPage } from "./pages/CrewPage.ts";
import { NotificationBell } from "./pages/NotificationBell.ts";
import { ProfilePage } from "./pages/ProfilePage.ts";
import { signUp } from "./support/auth.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { siteUrl } from "./support/env.ts";
import { uniqueToken } from "./support/events.ts";
import { failQueries } from "./support/failQueries.ts";
import { unexpectedErrors } from "./support/pageErrors.ts";
import { emailPrefix, uniqueEmail } from "./support/users.ts";
import { newPerson } from "./support/people.ts";

/** The content of the page head's `<meta>` named `key` (property or name). */
async function headMeta(page: Page, key: string): Promise<string | null> {
  return await page
    .locator(`head meta[property="${key}"], head meta[name="${key}"]`)
    .first()
    .getAttribute("content");
}

function metaContent(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return match ? match[1].replace(/&amp;/g, "&") : null;
}

test("a host edits their crew: step 2 makes it private and invites a friend; the page's preview tags follow (generic once private, for crawlers too); a failing member list says so in place", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const crewName = `Friday Regulars ${uniqueToken()}`;
  const host = await newPerson(browser);
  const hostEmail = uniqueEmail("edithost");
  await signUp(host.page, hostEmail);
  const friend = await newPerson(browser);
  const friendEmail = uniqueEmail("editfriend");
  const friendName = emailPrefix(friendEmail);
  await signUp(friend.page, friendEmail);

  // The host builds a public crew, nobody invited yet.
  await new ProfilePage(host.page).buildCrew.click();
  const crewPage = new CrewPage(host.page);
  const wizard = crewPage.wizard;
  await wizard.name.fill(crewName);
  await wizard.description.fill("Last round on Fridays, always.");
  await wizard.next.click();
  await wizard.create.click();
  await expect(crewPage.heading).toHaveText(crewName);
  const crewId = crewPage.crewId();

  // Link previews: the page's head carries the crew's tags and the default crew image…
  await expect.poll(() => headMeta(host.page, "og:title")).toBe(crewName);
  expect(await headMeta(host.page, "og:description")).toBe("Last round on Fridays, always.");
  expect(await headMeta(host.page, "og:image")).toMatch(/\/og-default-crew\.jpg$/);
  expect(await headMeta(host.page, "twitter:card")).toBe("summary_large_image");
  // …and so does its share page, for crawlers that run no script; the image is there.
  const share = await request.get(`${siteUrl}/share/crew/${crewId}`);
  expect(share.status()).toBe(200);
  const html = await share.text();
  expect(metaContent(html, "og:title")).toBe(crewName);
  expect(metaContent(html, "og:description")).toBe("Last round on Fridays, always.");
  const imageUrl = metaContent(html, "og:image")!;
  expect(imageUrl).toMatch(/\/og-default-crew\.jpg$/);
  const image = await request.get(imageUrl);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/jpeg");

  // Edit: step 2 is visibility and invites, as when creating.
  await crewPage.edit.click();
  await expect(wizard.stepLabel).toHaveText("Step 1 of 2");
  await expect(wizard.title).toHaveText("Edit crew details");
  await wizard.next.click();
  await expect(wizard.stepLabel).toHaveText("Step 2 of 2");
  await expect(wizard.title).toHaveText("Visibility & invites");
  await expect(wizard.visibility("Public")).toBeChecked();
  await wizard.visibility("Private").click();
  await wizard.search.fill(friendName);
  await wizard.result(friendName).click();
  await expect(wizard.selected.getByRole("listitem")).toHaveCount(1);
  await expect(wizard.selected).toContainText(friendName);
  await expect(wizard.save).toHaveText("Save & Invite 1");
  await expectNoSeriousA11yViolations(host.page);
  await mkdir("screenshots", { recursive: true });
  for (const width of [390, 1280]) {
    await host.page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await expect(wizard.selected).toBeVisible();
    await host.page.waitForTimeout(400);
    await host.page.screenshot({ path: `screenshots/crew-edit-step2-${width}.png` });
  }
  await wizard.save.click();
  await expect(host.page.getByText("Crew updated!")).toBeVisible();
  await expect(host.page.getByText("Invite sent successfully!")).toBeVisible();
  await expect(wizard.dialog).toBeHidden();
  await expect(crewPage.pendingInvitee(friendName)).toBeVisible();
  await expect(crewPage.pendingCount).toHaveText("1 pending");
  // The friend hears of it live.
  const friendBell = new NotificationBell(friend.page);
  await expect(friendBell.button).toHaveAccessibleName(NotificationBell.nameFor(1));

  // Someone invited already is not offered again.
  await crewPage.edit.click();
  await wizard.next.click();
  await wizard.search.fill(friendName);
  await expect(wizard.dialog.getByText(`No one found for “${friendName}”`)).toBeVisible();
  await host.page.keyboard.press("Escape");
  await expect(wizard.dialog).toBeHidden();

  // Private now: its tags say nothing of it (the tab keeps the name for those allowed in)…
  await expect.poll(() => headMeta(host.page, "og:title")).toBe("Private Crew | Clink");
  expect(await headMeta(host.page, "og:description")).not.toContain("Fridays");
  await expect(host.page).toHaveTitle(`${crewName} | Clink`);
  // …and neither does the share page.
  const privateShare = await (await request.get(`${siteUrl}/share/crew/${crewId}`)).text();
  expect(metaContent(privateShare, "og:title")).toBe("Private Crew | Clink");
  expect(privateShare).not.toContain(crewName);
  expect(privateShare).not.toContain("Fridays");

  // The member list fails to load: it says so in its place, the rest of the page works.
  const failing = await failQueries(host.page, ["crews:members"]);
  await host.page.reload();
  await expect(crewPage.members.getByRole("alert")).toContainText("Failed to load crew members");
  await expect(crewPage.heading).toHaveText(crewName);
  await expect(crewPage.pendingInvitee(friendName)).toBeVisible();
  await expect(crewPage.invitePeople).toBeVisible();
  await expectNoSeriousA11yViolations(host.page);
  failing.stop();
  await crewPage.members.getByRole("button", { name: "Try Again" }).click();
  await expect(crewPage.memberBadge(emailPrefix(hostEmail), "Host")).toBeVisible();

  // Only the failure this test injected reached the console.
  expect(
    unexpectedErrors(host.errors).filter((error) => !error.includes("Injected failure (test)")),
  ).toEqual([]);
  expect(unexpectedErrors(friend.errors)).toEqual([]);
});
