import { expect, test, type Page } from "@playwright/test";
import { CrewPage } from "./pages/CrewPage.ts";
import { DiscoverPage } from "./pages/DiscoverPage.ts";
import { EventPage } from "./pages/EventPage.ts";
import { NavBar } from "./pages/NavBar.ts";
import { OfflineBanner } from "./pages/OfflineBanner.ts";
import { ProfilePage } from "./pages/ProfilePage.ts";
import { YourSessionsPage } from "./pages/YourSessionsPage.ts";
import { signInWithMagicLink, signUp } from "./support/auth.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { waitForServiceWorker } from "./support/deployment.ts";
import {
  keptOnDevice,
  rememberedUser,
  switchableLiveConnection,
  type KeptResult,
} from "./support/deviceCopy.ts";
import { createEventThroughWizard, uniqueToken } from "./support/events.ts";
import { recordPageErrors } from "./support/pageErrors.ts";
import { emailPrefix, uniqueEmail } from "./support/users.ts";

/**
 * What the browser itself reports when the network goes (none of them the app's errors): each
 * request that failed, and a message the live connection had queued as its socket was cut.
 */
const BROWSER_OFFLINE_REPORTS = [
  "net::ERR_INTERNET_DISCONNECTED",
  "WebSocket is already in CLOSING or CLOSED state.",
];
const offlineNoise = (errors: string[]) =>
  errors.filter((error) => !BROWSER_OFFLINE_REPORTS.some((report) => error.includes(report)));

/** Builds a public crew from the signed-in user's profile; returns its page's path. */
async function buildCrew(page: Page, username: string, name: string): Promise<string> {
  const profile = new ProfilePage(page);
  await profile.goto(username);
  await profile.buildCrew.click();
  const crew = new CrewPage(page);
  await crew.wizard.name.fill(name);
  await crew.wizard.next.click();
  await crew.wizard.create.click();
  await expect(crew.heading).toHaveText(name);
  return new URL(page.url()).pathname;
}

/** Moves to `path` inside the app (no page load), as a link would. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

/** Waits until the device keeps a result of each of `queries` for the signed-in user. */
async function waitUntilKept(page: Page, queries: string[]): Promise<KeptResult[]> {
  let kept: KeptResult[] = [];
  await expect
    .poll(
      async () => {
        kept = await keptOnDevice(page);
        return queries.filter((name) => !kept.some((row) => row.name === name));
      },
      { message: "queries not yet kept on the device" },
    )
    .toEqual([]);
  return kept;
}

// This spec is about the service worker, which the other specs block.
test.use({ serviceWorkers: "allow" });

test("what a signed-in user has seen stays on the device: cut off, each visited screen shows it at once with the offline banner, in the app and after a reload", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const errors = recordPageErrors(page);
  const live = await switchableLiveConnection(page);
  const email = uniqueEmail("dora");
  const { username } = await signUp(page, email);
  const host = emailPrefix(email);
  const title = `Offline Ales ${uniqueToken()}`;
  const crewName = `Signal Lost ${uniqueToken()}`;

  // Online: a crew, a session (its page), Discover, Your Sessions, then the crew's page.
  const crewPath = await buildCrew(page, username, crewName);
  const eventPath = await createEventThroughWizard(page, { title });
  const event = new EventPage(page);
  const hostInWhosComing = event.whosComing.getByRole("img", { name: host });
  await expect(hostInWhosComing).toBeVisible();
  await expect(event.whosComing).toContainText("1 attending");
  await waitUntilKept(page, ["events:get"]);
  const discover = new DiscoverPage(page);
  await discover.goto();
  await expect(discover.card(title)).toBeVisible();
  await waitUntilKept(page, ["events:discover"]);
  const sessions = new YourSessionsPage(page);
  await sessions.goto();
  await expect(sessions.cardLink(title)).toBeVisible();
  await waitUntilKept(page, ["events:mine"]);
  const crew = new CrewPage(page);
  await page.goto(crewPath);
  await expect(crew.heading).toHaveText(crewName);
  await expect(crew.membersList).toContainText(host);
  await waitForServiceWorker(page);
  await waitUntilKept(page, [
    "events:get",
    "events:discover",
    "events:mine",
    "crews:get",
    "crews:members",
  ]);

  // The network goes: the live connection drops, and the browser is offline.
  live.cut();
  await context.setOffline(true);
  const banner = new OfflineBanner(page).banner;
  const nav = new NavBar(page);
  await expect(banner).toBeVisible();
  await expect(crew.heading).toHaveText(crewName);

  // Moving around the app: each screen from what this tab saw, still signed in.
  await nav.nav.getByRole("link", { name: "Discover" }).click();
  await expect(discover.card(title)).toBeVisible();
  await expect(banner).toBeVisible();
  await discover.cardLink(title).click();
  await expect(event.heading).toHaveText(title);
  await expect(hostInWhosComing).toBeVisible();
  await expect(banner).toBeVisible();
  await nav.openAccountMenu();
  await nav.menuItem("Your Sessions").click();
  await expect(sessions.heading).toBeVisible();
  await expect(sessions.cardLink(title)).toBeVisible();
  await navigateInApp(page, crewPath);
  await expect(crew.heading).toHaveText(crewName);
  await expect(crew.membersList).toContainText(host);
  await expect(banner).toBeVisible();
  await expect(nav.accountMenu).toBeVisible();

  // Reloaded with no network: the app (service worker) and each screen's data (IndexedDB).
  const screens: [string, () => Promise<void>][] = [
    [
      eventPath,
      async () => {
        await expect(event.heading).toHaveText(title);
        await expect(hostInWhosComing).toBeVisible();
        await expect(event.whosComing).toContainText("1 attending");
      },
    ],
    ["/discover", () => expect(discover.card(title)).toBeVisible()],
    ["/events", () => expect(sessions.cardLink(title)).toBeVisible()],
    [crewPath, () => expect(crew.heading).toHaveText(crewName)],
  ];
  for (const [path, showsWhatWasSeen] of screens) {
    await page.goto(path);
    await showsWhatWasSeen();
    await expect(banner).toBeVisible();
    await expect(nav.accountMenu).toBeVisible();
    await expect(nav.logIn).toBeHidden();
  }
  await page.goto(eventPath);
  await expect(hostInWhosComing).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Back online: live again, and the banner goes.
  // The sockets pass again before the browser says it is online, as when a network returns:
  // the client reconnects at once on the "online" event, not after its back-off.
  live.restore();
  await context.setOffline(false);
  await page.reload();
  await expect(hostInWhosComing).toBeVisible();
  await expect(banner).toBeHidden();
  expect(offlineNoise(errors)).toEqual([]);
});

test("signing out wipes the device copy; someone else signing in on the same browser sees and stores nothing of the first user", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = recordPageErrors(page);
  const firstEmail = uniqueEmail("ivy");
  await signUp(page, firstEmail);
  const title = `Ivy's Secret Round ${uniqueToken()}`;
  const eventPath = await createEventThroughWizard(page, { title, isPublic: false });
  await waitUntilKept(page, ["events:get"]);
  const sessions = new YourSessionsPage(page);
  await sessions.goto();
  await expect(sessions.cardLink(title)).toBeVisible();
  const first = await waitUntilKept(page, ["events:get", "events:mine"]);
  const firstUserId = first[0].userId;
  expect(await rememberedUser(page)).toContain(firstEmail);

  const nav = new NavBar(page);
  await nav.signOut();
  await expect(nav.logIn).toBeVisible();
  await expect
    .poll(() => keptOnDevice(page), { message: "the device copy after signing out" })
    .toEqual([]);
  expect(await rememberedUser(page)).toBeNull();

  // Someone else signs in on this browser: their screens, nothing of the first user's.
  const secondEmail = uniqueEmail("max");
  await signInWithMagicLink(page, secondEmail);
  await sessions.goto();
  await expect(sessions.heading).toBeVisible();
  await expect(
    page.getByRole("main").getByRole("heading", { name: "No Sessions Found" }),
  ).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  const second = await waitUntilKept(page, ["events:mine"]);
  expect(second.filter((row) => row.userId === firstUserId)).toEqual([]);
  for (const row of second) {
    expect(row.json).not.toContain(title);
    expect(row.json).not.toContain(firstEmail);
    expect(row.json).not.toContain(eventPath.split("/").pop());
  }
  const remembered = await rememberedUser(page);
  expect(remembered).toContain(secondEmail);
  expect(remembered).not.toContain(firstEmail);
  expect(errors).toEqual([]);
});
