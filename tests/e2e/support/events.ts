import { expect, type BrowserContext, type Page } from "@playwright/test";
import { ConvexHttpClient } from "convex/browser";
import { anyApi } from "convex/server";
import { CreateEventWizard } from "../pages/CreateEventWizard.ts";
import { InvitePicker } from "../pages/InvitePicker.ts";
import { ShareDialog } from "../pages/ShareDialog.ts";
import { YourSessionsPage } from "../pages/YourSessionsPage.ts";
import { clientAs } from "./apiClient.ts";
import { backendUrl } from "./env.ts";
import { gradientPng } from "./images.ts";

/** A short token unique to this run, to put in titles and search for. */
export function uniqueToken(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * Map tiles come from openstreetmap.org, which tests must not depend on:
 * serve every tile as a small local PNG.
 */
export async function serveMapTilesLocally(context: BrowserContext): Promise<void> {
  const tile = gradientPng(256);
  await context.route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: "image/png", body: tile }),
  );
}

/** A `datetime-local` value `minutes` from now (negative: the past), in the browser's zone. */
export async function localDateTimeFromNow(page: Page, minutes: number): Promise<string> {
  return await page.evaluate((m) => {
    const date = new Date(Date.now() + m * 60_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }, minutes);
}

/** A `datetime-local` value `days` from today at `hour`:00 in the browser's time zone. */
export async function localDateTime(page: Page, days: number, hour: number): Promise<string> {
  return await page.evaluate(
    ([d, h]) => {
      const date = new Date();
      date.setDate(date.getDate() + d);
      date.setHours(h, 0, 0, 0);
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(h)}:00`;
    },
    [days, hour] as const,
  );
}

/**
 * A `datetime-local` value on the first `weekday` (0 = Sunday … 6 = Saturday) at least
 * `minDays` from today, at `hour`:00 in the browser's time zone: for sessions whose weekday
 * earns a badge (TGIF on a Friday), so a test does not depend on the day it runs.
 */
export async function localDateTimeOnWeekday(
  page: Page,
  weekday: number,
  hour: number,
  minDays: number,
): Promise<string> {
  const today = await page.evaluate(() => new Date().getDay());
  const days = minDays + ((weekday - ((today + minDays) % 7) + 7) % 7);
  return await localDateTime(page, days, hour);
}

type NewEvent = {
  title: string;
  when?:
    | { choice: "Right Now" }
    | { choice: "Specific Time" | "All Night"; start: string }
    | { choice: "Custom"; start: string; end: string };
  placeSearch?: { query: string; pick: string };
  placeNickname?: string;
  drink?: string;
  vibe?: string;
  notes?: string;
  isPublic?: boolean;
  cover?: boolean;
  /** The user's crews to invite on step 3, by name. */
  inviteCrews?: string[];
};

/**
 * Creates a session through the wizard from Your Sessions (signed in), and
 * returns its page path after "Go to Event" in the share dialog.
 */
export async function createEventThroughWizard(page: Page, event: NewEvent): Promise<string> {
  const sessions = new YourSessionsPage(page);
  await sessions.goto();
  await sessions.createSession.click();
  const wizard = new CreateEventWizard(page);
  await expect(wizard.title).toBeFocused();
  await wizard.title.fill(event.title);
  const when = event.when ?? { choice: "Right Now" };
  await wizard.timeChoice(when.choice).click();
  if ("start" in when) await wizard.start.fill(when.start);
  if ("end" in when) await wizard.end.fill(when.end);
  if (event.placeNickname) await wizard.placeNickname.fill(event.placeNickname);
  if (event.placeSearch) {
    await wizard.location.fill(event.placeSearch.query);
    await wizard.placeOption(event.placeSearch.pick).click();
    await expect(wizard.dialog.getByText(`📍 Pinned: ${event.placeSearch.pick}`)).toBeVisible();
  }
  await wizard.next.click();
  if (event.drink) await wizard.drink(event.drink).click();
  if (event.vibe) await wizard.vibe(event.vibe).click();
  await wizard.next.click();
  if (event.notes) await wizard.notes.fill(event.notes);
  if (event.isPublic === false) await wizard.publicSwitch.click();
  for (const crew of event.inviteCrews ?? []) {
    const picker = new InvitePicker(wizard.dialog);
    await picker.crew(crew).click();
    await expect(picker.chip(crew)).toBeVisible();
  }
  if (event.cover) {
    await wizard.coverInput.setInputFiles({
      name: "cover.png",
      mimeType: "image/png",
      buffer: gradientPng(120),
    });
  }
  await wizard.create.click();
  await expect(page.getByText("Event created successfully!")).toBeVisible();
  const share = new ShareDialog(page);
  await expect(share.dialog).toBeVisible();
  await share.goToEvent.click();
  await expect(
    page.getByRole("main").getByRole("heading", { level: 1, name: event.title }),
  ).toBeVisible();
  return new URL(page.url()).pathname;
}

/** The event's id as the server knows it (for the older /events/{id} page), read like any client would. */
export async function eventIdOf(ref: string): Promise<string> {
  const client = new ConvexHttpClient(process.env.CLINK_E2E_BACKEND_URL ?? backendUrl);
  const data = (await client.query(anyApi.events.get, { slugOrCodeOrId: ref })) as {
    event: { _id: string };
  };
  return data.event._id;
}

/**
 * Set-up only: a beer session tomorrow created through the API as the user of `page` (public
 * unless told otherwise). Returns its id and page path.
 */
export async function createSessionByApi(
  page: Page,
  { title, isPublic = true }: { title: string; isPublic?: boolean },
): Promise<{ eventId: string; path: string }> {
  return (await (
    await clientAs(page)
  ).mutation(anyApi.events.create, {
    title,
    durationType: "specific_time",
    startTime: Date.now() + 24 * 3600_000,
    drinkType: "beer",
    vibe: "casual",
    isPublic,
    timeZone: "UTC",
  })) as { eventId: string; path: string };
}
