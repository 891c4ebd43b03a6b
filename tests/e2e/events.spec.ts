import { expect, test } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { CreateEventWizard } from "./pages/CreateEventWizard.ts";
import { DiscoverPage } from "./pages/DiscoverPage.ts";
import { EventPage } from "./pages/EventPage.ts";
import { LegacyEventPage } from "./pages/LegacyEventPage.ts";
import { ShareDialog } from "./pages/ShareDialog.ts";
import { YourSessionsPage } from "./pages/YourSessionsPage.ts";
import { signUp } from "./support/auth.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { createEventThroughWizard, eventIdOf, localDateTime, uniqueToken } from "./support/events.ts";
import { recordPageErrors } from "./support/pageErrors.ts";
import { emailPrefix, uniqueEmail } from "./support/users.ts";
import { newPerson } from "./support/people.ts";

/** A browser of its own for one person (cookies and storage apart), with map tiles served locally. */
test("a host creates a session with the wizard and shares it; a guest finds it, joins and leaves, live on the host's page", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const token = uniqueToken();
  const title = `Cocktail crawl ${token}`;

  // The host signs up and starts a session from Your Sessions.
  const host = await newPerson(browser, { permissions: ["clipboard-read", "clipboard-write"] });
  await signUp(host.page, uniqueEmail("host"));
  const sessions = new YourSessionsPage(host.page);
  await sessions.goto();
  await expect(sessions.heading).toBeVisible();
  await sessions.createSession.click();
  const wizard = new CreateEventWizard(host.page);
  await expect(wizard.stepLabel).toHaveText("Step 1 of 3");
  await expect(wizard.title).toBeFocused();
  await expect(wizard.timeChoice("Right Now")).toBeChecked();
  await expectNoSeriousA11yViolations(host.page);

  // Step 1 checks the title, and the custom times.
  await wizard.next.click();
  await expect(wizard.fieldError("Event title is required")).toBeVisible();
  await wizard.title.fill(title);
  await wizard.timeChoice("Custom").click();
  const tomorrowEight = await localDateTime(host.page, 1, 20);
  await wizard.start.fill(tomorrowEight);
  await wizard.end.fill(await localDateTime(host.page, 1, 18));
  await wizard.next.click();
  await expect(wizard.fieldError("End time must be after start time")).toBeVisible();
  await wizard.timeChoice("Specific Time").click();
  await wizard.start.fill(tomorrowEight);
  await wizard.placeNickname.fill("The usual");
  await wizard.location.fill("crown");
  await wizard.placeOption("The Crown & Anchor").click();
  await expect(wizard.location).toHaveValue("The Crown & Anchor, 22 Neal Street, London");
  // Enter advances.
  await wizard.placeNickname.press("Enter");
  await expect(wizard.stepLabel).toHaveText("Step 2 of 3");
  await expect(wizard.drink("Beer")).toBeChecked();
  await expect(wizard.vibe("Casual")).toBeChecked();
  await wizard.drink("Cocktails").click();
  await wizard.vibe("Classy").click();
  await wizard.next.click();
  await expect(wizard.stepLabel).toHaveText("Step 3 of 3");
  await expect(wizard.publicSwitch).toBeChecked();
  await wizard.notes.fill(`Dress sharp. ${token}`);
  // A cover of the wrong type is refused in the browser.
  await wizard.coverInput.setInputFiles({
    name: "cover.gif",
    mimeType: "image/gif",
    buffer: Buffer.from("GIF89a"),
  });
  await expect(wizard.dialog.getByText("Cover image must be JPEG, PNG, or WebP")).toBeVisible();
  await expectNoSeriousA11yViolations(host.page);
  await wizard.create.click();

  // Success: the toast, then the share dialog.
  await expect(host.page.getByText("Event created successfully!")).toBeVisible();
  const share = new ShareDialog(host.page);
  await expect(share.dialog).toBeVisible();
  await expect(share.dialog).toContainText(`Join me at ${title}`);
  await expect(share.link).toHaveValue(
    /\/share\/event\/cocktail-crawl-[a-z0-9-]+\?utm_source=copy&utm_medium=social&utm_campaign=event_share$/,
  );
  await expect(share.channel("WhatsApp")).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/\?text=Join%20me%20at%20Cocktail%20crawl.*utm_source%3Dwhatsapp/,
  );
  await expect(share.channel("X")).toHaveAttribute(
    "href",
    /^https:\/\/x\.com\/intent\/tweet\?text=.*utm_source%3Dx/,
  );
  await share.copy.click();
  await expect(share.copied).toBeVisible();
  expect(await host.page.evaluate(() => navigator.clipboard.readText())).toMatch(/utm_source=copy/);
  await expect(share.copy).toBeVisible({ timeout: 4000 }); // back after 2 s
  await share.instagram.click();
  await expect(
    host.page.getByText("Link copied! Paste it in your Instagram story or DM"),
  ).toBeVisible();
  // Crawlers get the event's tags from the share page; browsers go on to the event.
  const shareUrl = await share.link.inputValue();
  const sharePage = await host.page.request.get(shareUrl);
  expect(await sharePage.text()).toContain(`<meta property="og:title" content="${title}">`);
  await share.goToEvent.click();

  // The host's event page.
  const hostView = new EventPage(host.page);
  await expect(hostView.heading).toHaveText(title);
  await expect(host.page).toHaveURL(/\/event\/cocktail-crawl-/);
  await expect(host.page).toHaveTitle(`${title} | Clink`);
  await expect(hostView.hostMessage).toBeVisible();
  await expect(hostView.joinButton).toHaveCount(0);
  await expect(hostView.whosComing).toContainText("1 attending");
  await expect(host.page.getByRole("main")).toContainText(/Tomorrow at 8:00 PM/);
  // The map loads as its card comes near the screen, so the host scrolls down to it.
  const openInMaps = host.page.getByRole("main").getByRole("link", { name: /Open in maps/ });
  await openInMaps.scrollIntoViewIfNeeded();
  await expect(openInMaps).toBeVisible();
  await expect(
    host.page.getByRole("main").getByRole("group", { name: "Map of The Crown & Anchor" }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(host.page);
  const eventPath = new URL(host.page.url()).pathname;

  // A guest finds it on discover by search…
  const guest = await newPerson(browser, { permissions: ["clipboard-read", "clipboard-write"] });
  const guestEmail = uniqueEmail("guest");
  await signUp(guest.page, guestEmail);
  const guestName = emailPrefix(guestEmail);
  const discover = new DiscoverPage(guest.page);
  await discover.goto();
  await expect(discover.heading).toBeVisible();
  await discover.search.fill(`crawl ${token}`);
  await expect(discover.countLine).toHaveText("Found 1 session");
  await expect(discover.card(title)).toContainText("The usual");
  await expectNoSeriousA11yViolations(guest.page);
  await discover.search.fill(`no-such-session-${token}`);
  await expect(discover.noResults).toBeVisible();
  await discover.clearFilters.click();
  await expect(discover.search).toHaveValue("");

  // …and by filters: tomorrow's cocktails include it; beer does not.
  await discover.filter({ when: "Tomorrow", drink: "🍸 Cocktails", sort: "Newest" });
  await expect(guest.page).toHaveURL(/time=tomorrow/);
  await expect(discover.cardLink(title)).toBeVisible();
  await discover.filter({ drink: "🍺 Beer" });
  await expect(discover.cardLink(title)).toHaveCount(0);
  await discover.filter({ drink: "🍸 Cocktails" });
  await discover.listView.click();
  await expect(discover.listView).toHaveAttribute("aria-pressed", "true");
  await expect(discover.cardLink(title)).toHaveAttribute("href", eventPath);

  // The guest joins (arriving through the shared link).
  await guest.page.goto(shareUrl);
  await expect(guest.page).toHaveURL(new RegExp(`${eventPath}\\?utm_source=copy`));
  const guestView = new EventPage(guest.page);
  await expect(guestView.heading).toHaveText(title);
  await expect(guestView.joinButton).toHaveText(/Join the Party/);
  await expect(guestView.addToCalendar).toHaveCount(0);
  await guestView.joinButton.click();
  await expect(guest.page.getByText("Hell yeah! You're in!")).toBeVisible();
  await guest.page.mouse.move(0, 0);
  await expect(guestView.joinButton).toHaveText(/Joined!/);
  await expect(guestView.whosComing).toContainText("2 attending");

  // The host's open page shows the guest, with no reload.
  await expect(hostView.whosComing).toContainText("2 attending");
  await expect(hostView.whosComing.getByRole("img", { name: guestName })).toBeVisible();

  // The host makes the guest a co-host: both pages follow live.
  await expect(guestView.editButton).toHaveCount(0);
  await hostView.manageCoHosts.click();
  const manage = host.page.getByRole("dialog", { name: "Manage co-hosts" });
  await manage.getByRole("button", { name: `Make ${guestName} a co-host` }).click();
  await expect(host.page.getByText(`${guestName} is now a co-host`)).toBeVisible();
  await expect(
    manage.getByRole("button", { name: `Remove ${guestName} as co-host` }),
  ).toBeVisible();
  await manage.getByRole("button", { name: "Close" }).click();
  await expect(hostView.hostedBy).toContainText(guestName);
  await expect(guestView.hostedBy).toContainText("Co-host");
  await expect(guestView.editButton).toBeVisible();
  await expect(guestView.deleteButton).toHaveCount(0);
  await hostView.manageCoHosts.click();
  await manage.getByRole("button", { name: `Remove ${guestName} as co-host` }).click();
  await expect(manage.getByRole("button", { name: `Make ${guestName} a co-host` })).toBeVisible();
  await manage.getByRole("button", { name: "Close" }).click();
  await expect(guestView.editButton).toHaveCount(0);

  // Add to calendar, once joined: the .ics file.
  await guestView.addToCalendar.click();
  await expect(guestView.calendarLink("Google Calendar")).toHaveAttribute(
    "href",
    /calendar\.google\.com.*action=TEMPLATE/,
  );
  const downloadPromise = guest.page.waitForEvent("download");
  await guestView.downloadIcs.click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`cocktail-crawl-${token}.ics`);
  const ics = await readFile(await download.path(), "utf8");
  expect(ics).toContain("BEGIN:VCALENDAR");
  expect(ics).toContain(`SUMMARY:Cocktail crawl ${token}`);
  expect(ics).toContain("LOCATION:The Crown & Anchor\\, 22 Neal Street\\, London");
  expect(ics).toContain("TRIGGER:-PT1H");
  expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  expect(ics).toContain(eventPath);

  // Hover turns 'Joined!' into 'Leave Event'; leaving updates the host live.
  await guestView.joinButton.hover();
  await expect(guestView.joinButton).toHaveText(/Leave Event/);
  await guestView.joinButton.click();
  await expect(guest.page.getByText("Left the session")).toBeVisible();
  await expect(hostView.whosComing).toContainText("1 attending");

  expect(host.errors).toEqual([]);
  expect(guest.errors).toEqual([]);
});

test("RSVPs change on the older page, with counts and the list", async ({ browser }) => {
  const token = uniqueToken();
  const title = `Quiz night ${token}`;
  const host = await newPerson(browser, { permissions: ["clipboard-read", "clipboard-write"] });
  await signUp(host.page, uniqueEmail("quizhost"));
  const path = await createEventThroughWizard(host.page, {
    title,
    when: { choice: "All Night", start: await localDateTime(host.page, 2, 19) },
    drink: "Beer",
    vibe: "Chill",
  });
  const eventId = await eventIdOf(path.split("/").pop()!);

  const guest = await newPerson(browser, { permissions: ["clipboard-read", "clipboard-write"] });
  const guestEmail = uniqueEmail("quizzer");
  await signUp(guest.page, guestEmail);
  const username = emailPrefix(guestEmail);
  const legacy = new LegacyEventPage(guest.page);
  await legacy.goto(eventId);
  await expect(legacy.heading).toHaveText(title);
  await expect(legacy.rsvp("Going")).toHaveText(/Going\s*0/);
  await legacy.rsvp("Maybe").click();
  await expect(guest.page.getByText("RSVP updated!")).toBeVisible();
  await expect(legacy.rsvp("Maybe")).toHaveAttribute("aria-pressed", "true");
  await expect(legacy.rsvp("Maybe")).toHaveText(/Maybe\s*1/);
  await expect(legacy.rsvpList.filter({ hasText: username })).toContainText("Maybe");
  await legacy.rsvp("Going").click();
  await expect(legacy.rsvp("Going")).toHaveText(/Going\s*1/);
  await expect(legacy.rsvp("Maybe")).toHaveText(/Maybe\s*0/);
  await expect(legacy.rsvpList.filter({ hasText: username })).toContainText("Going");
  await legacy.rsvp("Not Going").click();
  await expect(legacy.rsvp("Not Going")).toHaveText(/Not Going\s*1/);
  await expect(legacy.rsvp("Going")).toHaveText(/Going\s*0/);

  // The host's event page followed along.
  const hostView = new EventPage(host.page);
  await expect(hostView.whosComing).toContainText("1 attending");

  await legacy.goto("not-an-event");
  await expect(guest.page.getByRole("heading", { name: "Invalid Event URL" })).toBeVisible();
  expect(host.errors).toEqual([]);
  expect(guest.errors).toEqual([]);
});

test("a private session: strangers are refused, signed-out visitors are sent to log in", async ({
  browser,
}) => {
  const title = `Secret supper ${uniqueToken()}`;
  const host = await newPerson(browser, { permissions: ["clipboard-read", "clipboard-write"] });
  await signUp(host.page, uniqueEmail("secret"));
  const path = await createEventThroughWizard(host.page, {
    title,
    isPublic: false,
    vibe: "Classy",
    cover: true,
  });
  expect(path).toMatch(/^\/private-event\/[a-z0-9]{16}$/);
  // The uploaded cover replaced the vibe's default one.
  await expect(host.page.locator("main header img")).toHaveAttribute("src", /\/api\/storage\//);
  await expect(
    host.page.getByRole("main").getByText("Private", { exact: true }).first(),
  ).toBeVisible();

  const stranger = await newPerson(browser, { permissions: ["clipboard-read", "clipboard-write"] });
  await signUp(stranger.page, uniqueEmail("stranger"));
  const strangerView = new EventPage(stranger.page);
  await strangerView.goto(path);
  await expect(strangerView.panel("Private session")).toBeVisible();
  await expect(
    stranger.page.getByText("You do not have permission to view this private event"),
  ).toBeVisible();
  await expect(stranger.page.getByRole("main")).not.toContainText(title);

  const visitor = await newPerson(browser, { permissions: ["clipboard-read", "clipboard-write"] });
  await visitor.page.goto(path);
  await expect(visitor.page).toHaveURL(/\/login/);
  await expect(visitor.page.getByText("Please sign in to view this private event")).toBeVisible();
  expect(await visitor.page.evaluate(() => sessionStorage.getItem("redirectAfterLogin"))).toBe(
    path,
  );
  expect(host.errors).toEqual([]);
  expect(stranger.errors).toEqual([]);
});

test("the host edits a session (also through ?edit=true) and deletes it", async ({ browser }) => {
  const token = uniqueToken();
  const title = `Wine Wednesday ${token}`;
  const host = await newPerson(browser, { permissions: ["clipboard-read", "clipboard-write"] });
  await signUp(host.page, uniqueEmail("editor"));
  const path = await createEventThroughWizard(host.page, {
    title,
    when: { choice: "Specific Time", start: await localDateTime(host.page, 3, 18) },
    drink: "Wine",
  });
  const view = new EventPage(host.page);

  await view.editButton.click();
  await expect(view.editDialog).toBeVisible();
  await expect(host.page).toHaveURL(/\?edit=true$/);
  const dialog = view.editDialog;
  await dialog.getByLabel("Session name").fill("");
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("Event title is required")).toBeVisible();
  await dialog.getByLabel("Session name").fill(`Wine Thursday ${token}`);
  await expect(dialog.getByText("Event title is required")).toBeHidden();
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("Step 2 of 4 · Attendees")).toBeVisible();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("radio", { name: "Party", exact: true }).click();
  await dialog.getByLabel("Notes").fill("Bring a bottle.");
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("Step 4 of 4 · Visibility and invites")).toBeVisible();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(host.page.getByText("Changes saved")).toBeVisible();
  await expect(view.heading).toHaveText(`Wine Thursday ${token}`);
  await expect(host.page.getByRole("main")).toContainText("Bring a bottle.");
  await expect(host.page).not.toHaveURL(/edit=true/);

  // The edit link opens the dialog directly.
  await host.page.goto(`${path}?edit=true`);
  await expect(view.editDialog).toBeVisible();
  await view.editDialog.getByRole("button", { name: "Close" }).click();
  await expect(view.editDialog).toBeHidden();

  await view.deleteButton.click();
  await expect(view.deleteDialog).toBeVisible();
  await view.deleteDialog.getByRole("button", { name: "Delete Session" }).click();
  await expect(host.page).toHaveURL(/\/discover$/);
  await expect(host.page.getByText("Session deleted")).toBeVisible();
  await host.page.goto(path);
  await expect(view.panel("Event not found")).toBeVisible();

  // The wizard forgets what was typed once closed (after 300 ms).
  const sessions = new YourSessionsPage(host.page);
  await sessions.goto();
  await sessions.createSession.click();
  const wizard = new CreateEventWizard(host.page);
  await wizard.title.fill("Half-typed plan");
  await host.page.keyboard.press("Escape");
  await expect(wizard.dialog).toBeHidden();
  await host.page.waitForTimeout(400);
  await sessions.createSession.click();
  await expect(wizard.title).toHaveValue("");
  expect(host.errors).toEqual([]);
});

test("discover works signed out: search, empty results and layouts", async ({ page }) => {
  const errors = recordPageErrors(page);
  const discover = new DiscoverPage(page);
  await discover.goto();
  await expect(discover.heading).toBeVisible();
  await expect(page).toHaveTitle("Discover Events | Clink");
  await expect(discover.countLine).toBeVisible();
  await discover.search.fill(`nothing-matches-${uniqueToken()}`);
  await expect(discover.noResults).toBeVisible();
  await expect(discover.countLine).toHaveText("Found 0 sessions");
  await expectNoSeriousA11yViolations(page);
  await discover.filtersButton.click();
  await expect(discover.filterDialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await discover.clearFilters.click();
  await expect(discover.search).toHaveValue("");

  // An event page asks for its session while its code still loads (here held back until then).
  let releaseCode = () => {};
  const codeHeld = new Promise<void>((resolve) => (releaseCode = resolve));
  await page.route(/\/assets\/EventPage-[\w-]+\.js$/, async (route) => {
    await codeHeld;
    await route.continue();
  });
  let asked = false;
  page.on("websocket", (socket) =>
    socket.on("framesent", ({ payload }) => {
      if (String(payload).includes('"udfPath":"events:get"')) asked = true;
    }),
  );
  await page.goto("/event/no-such-session-anywhere", { waitUntil: "commit" });
  await expect.poll(() => asked, { message: "events:get sent before the page's code" }).toBe(true);
  releaseCode();
  await expect(new EventPage(page).panel("Event not found")).toBeVisible();
  expect(errors).toEqual([]);
});
