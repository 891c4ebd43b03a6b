import { rm } from "node:fs/promises";
import { expect, test, type Page, type Response } from "@playwright/test";
import { DiscoverPage } from "./pages/DiscoverPage.ts";
import { LandingPage } from "./pages/LandingPage.ts";
import { LoginPage } from "./pages/LoginPage.ts";
import { NavBar } from "./pages/NavBar.ts";
import { UpdatePrompt } from "./pages/UpdatePrompt.ts";
import { signUp } from "./support/auth.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import {
  buildNextVersion,
  Deployment,
  servedBuild,
  waitForServiceWorker,
} from "./support/deployment.ts";
import { recordPageErrors } from "./support/pageErrors.ts";
import { uniqueEmail } from "./support/users.ts";

// This spec is about the service worker, which the other specs block.
test.use({ serviceWorkers: "allow" });

/** The scripts a page load fetched, by address path, as answered. */
function recordScripts(page: Page): Map<string, Response> {
  const scripts = new Map<string, Response>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script")
      scripts.set(new URL(response.url()).pathname, response);
  });
  return scripts;
}

test("signed in, the app and the code of its screens open with no network", async ({
  page,
  context,
}) => {
  const errors = recordPageErrors(page);
  const { username } = await signUp(page, uniqueEmail("otto"));
  const discover = new DiscoverPage(page);
  await discover.goto();
  await expect(discover.heading).toBeVisible();
  await waitForServiceWorker(page);

  await context.setOffline(true);
  const nav = new NavBar(page);
  // Each page loads afresh from the device: the HTML, the entry and the screen's own chunk,
  // which this browser never fetched for the session page or the profile.
  const screens = [
    ["/discover", "DiscoverPage"],
    ["/event/an-evening-offline", "EventPage"],
    [`/profile/${username}`, "ProfileScreen"],
  ];
  for (const [path, screen] of screens) {
    const scripts = recordScripts(page);
    const document = await page.goto(path);
    expect(document?.fromServiceWorker(), `${path} from the service worker`).toBe(true);
    await expect(nav.nav).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect
      .poll(() => [...scripts.keys()].some((file) => file.startsWith(`/assets/${screen}-`)))
      .toBe(true);
    for (const [file, response] of scripts) {
      expect(response.ok(), `${file} loaded`).toBe(true);
      expect(response.fromServiceWorker(), `${file} from the service worker`).toBe(true);
    }
  }
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Offline, the browser reports each attempt of the live connection; nothing else may fail.
  expect(errors.filter((error) => !error.includes("net::ERR_INTERNET_DISCONNECTED"))).toEqual([]);
});

test("a deployment under an open tab: the tab keeps its own files, offers the reload, and the reload brings the new version", async ({
  page,
}) => {
  const deployment = await Deployment.start(servedBuild());
  let nextVersion: Promise<string> | undefined;
  try {
    const errors = recordPageErrors(page);
    const failed: string[] = [];
    page.on("requestfailed", (request) =>
      failed.push(`${request.url()}: ${request.failure()?.errorText}`),
    );
    page.on("response", (response) => {
      if (response.status() >= 400) failed.push(`${response.url()}: ${response.status()}`);
    });
    const newScripts = page.locator('script[src*=".next.js"]');

    await page.goto(`${deployment.url}/`);
    await expect(new LandingPage(page).mainHeading).toBeVisible();
    // The next version is built once this tab's worker has precached its own (a fresh build with
    // every script renamed, ~10 s of both cores: beside the worker's install on a busy machine,
    // the install took longer than the wait).
    await waitForServiceWorker(page);
    nextVersion = buildNextVersion();

    await deployment.deploy(await nextVersion);

    // A screen this tab never opened still comes from its own version, kept by its worker,
    // though the host has none of those files any more.
    const scripts = recordScripts(page);
    await new NavBar(page).logIn.click();
    const login = new LoginPage(page);
    await expect(login.emailInput).toBeVisible();
    const loginCode = [...scripts.keys()].find((file) => file.startsWith("/assets/LoginScreen-"));
    expect(loginCode, "the login screen's code").toBeDefined();
    expect(scripts.get(loginCode!)?.fromServiceWorker()).toBe(true);
    // (vite preview answers a missing file with its HTML page, which no script runs.)
    const fromHost = await page.request.get(`${deployment.url}${loginCode}`);
    expect(fromHost.headers()["content-type"]).not.toContain("javascript");

    // Shown again, the tab looks for a new version: its worker installs beside the old one
    // and waits for the person.
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    const update = new UpdatePrompt(page);
    await expect(update.prompt).toBeVisible({ timeout: 30_000 });
    await expect(newScripts).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await update.reload.click();
    await expect(newScripts).not.toHaveCount(0);
    await expect(login.emailInput).toBeVisible();
    await expect(update.prompt).toBeHidden();

    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await deployment.stop();
    await nextVersion?.then(
      (dir) => rm(dir, { recursive: true, force: true }),
      () => undefined,
    );
  }
});
