import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { EventPage } from "./pages/EventPage.ts";
import { OfflineBanner } from "./pages/OfflineBanner.ts";
import { signUp } from "./support/auth.ts";
import { waitForServiceWorker } from "./support/deployment.ts";
import { keptOnDevice, switchableLiveConnection } from "./support/deviceCopy.ts";
import { createEventThroughWizard, uniqueToken } from "./support/events.ts";
import { launchPersistentBrowser, queuedOnDevice } from "./support/outbox.ts";
import { uniqueEmail } from "./support/users.ts";

// This spec is about working offline, which needs the service worker the other specs block.
test.use({ serviceWorkers: "allow" });

const waitingMark = (page: Page) => page.getByTestId("rsvp-waiting");

/** Opens the session page and waits until the device keeps it (to open offline later). */
async function visitAndKeep(page: Page, eventPath: string, attending: string): Promise<void> {
  const event = new EventPage(page);
  await event.goto(eventPath);
  await expect(event.whosComing).toContainText(attending);
  await waitForServiceWorker(page);
  await expect
    .poll(async () => (await keptOnDevice(page)).some((row) => row.name === "events:get"))
    .toBe(true);
}

test("a join tapped offline is kept through a reload and a closed browser, then applied exactly once when back online", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  const hostContext = await browser.newContext();
  const hostPage = await hostContext.newPage();
  await signUp(hostPage, uniqueEmail("olga"));
  const title = `Basement Bitters ${uniqueToken()}`;
  const eventPath = await createEventThroughWizard(hostPage, { title });
  const hostView = new EventPage(hostPage);
  await expect(hostView.whosComing).toContainText("1 attending");

  const profileDir = await mkdtemp(join(tmpdir(), "clink-phone-"));
  try {
    let phone = await launchPersistentBrowser(playwright, profileDir);
    const live = await switchableLiveConnection(phone.page);
    await signUp(phone.page, uniqueEmail("pablo"));
    await visitAndKeep(phone.page, eventPath, "1 attending");

    // In the basement: no network at all. The tap shows at once, marked as waiting.
    live.cut();
    await phone.context.setOffline(true);
    const guestView = new EventPage(phone.page);
    await expect(new OfflineBanner(phone.page).banner).toBeVisible();
    await guestView.joinButton.click();
    await expect(guestView.joinButton).toHaveText(/Joined!|Leave Event/);
    await expect(guestView.whosComing).toContainText("2 attending");
    await expect(waitingMark(phone.page)).toBeVisible();
    expect(await queuedOnDevice(phone.page)).toHaveLength(1);

    // Reloaded, still offline: the join is still there, still waiting.
    await phone.page.reload();
    await expect(guestView.heading).toHaveText(title);
    await expect(guestView.joinButton).toHaveText(/Joined!|Leave Event/);
    await expect(guestView.whosComing).toContainText("2 attending");
    await expect(waitingMark(phone.page)).toBeVisible();

    // The browser closes before the network is back: nothing has reached the server.
    await phone.context.close();
    await hostPage.reload();
    await expect(hostView.whosComing).toContainText("1 attending");

    // Reopened with the network: the join goes out once; the host sees exactly one more.
    phone = await launchPersistentBrowser(playwright, profileDir);
    await phone.page.goto(eventPath);
    const reopened = new EventPage(phone.page);
    await expect(hostView.whosComing).toContainText("2 attending");
    await expect(reopened.joinButton).toHaveText(/Joined!|Leave Event/);
    await expect(waitingMark(phone.page)).toBeHidden();
    await expect.poll(() => queuedOnDevice(phone.page)).toEqual([]);
    await phone.page.reload();
    await expect(reopened.whosComing).toContainText("2 attending");
    await expect(hostView.whosComing).toContainText("2 attending");
    await phone.context.close();
  } finally {
    await hostContext.close();
    await rm(profileDir, { recursive: true, force: true });
  }
});

test("a join queued offline for a session the host deleted meanwhile is refused with the server's message and undone", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const hostContext = await browser.newContext();
  const hostPage = await hostContext.newPage();
  await signUp(hostPage, uniqueEmail("hana"));
  const title = `Cancelled Cider ${uniqueToken()}`;
  const eventPath = await createEventThroughWizard(hostPage, { title });

  const guestContext = await browser.newContext();
  const guestPage = await guestContext.newPage();
  try {
    const live = await switchableLiveConnection(guestPage);
    await signUp(guestPage, uniqueEmail("ian"));
    await visitAndKeep(guestPage, eventPath, "1 attending");
    const guestView = new EventPage(guestPage);

    live.cut();
    await guestContext.setOffline(true);
    await guestView.joinButton.click();
    await expect(guestView.whosComing).toContainText("2 attending");
    await expect(waitingMark(guestPage)).toBeVisible();

    // Meanwhile the host deletes the session.
    const hostView = new EventPage(hostPage);
    await hostView.deleteButton.click();
    await hostView.deleteDialog.getByRole("button", { name: "Delete Session" }).click();
    await expect(hostPage).toHaveURL(/\/discover$/);

    // Back online: the server refuses the join; the guest is told why, and nothing waits.
    // The sockets pass again before the browser says it is online, as when a network returns:
    // the client reconnects at once on the "online" event, not after its back-off.
    live.restore();
    await guestContext.setOffline(false);
    // The toast (the page's own "Event not found" panel may show at the same moment).
    const toasts = guestPage.getByRole("region", { name: /^Notifications/ });
    await expect(toasts.getByText("Event not found", { exact: true })).toBeVisible();
    await expect(toasts.getByText("Your join was not applied.")).toBeVisible();
    await expect.poll(() => queuedOnDevice(guestPage)).toEqual([]);
    await expect(waitingMark(guestPage)).toBeHidden();
    await expect(guestView.panel("Event not found")).toBeVisible();
  } finally {
    await guestContext.close();
    await hostContext.close();
  }
});
