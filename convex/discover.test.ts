import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { createEvent, createUser, HOUR, newTest, rsvp, stubDeploymentEnv, type TestConvex } from "./test.setup";

/** Wednesday 3 March 2027, 10:00 UTC. */
const NOW = Date.UTC(2027, 2, 3, 10, 0);
const at = (day: number, hour: number) => Date.UTC(2027, 2, day, hour, 0);

beforeEach(() => {
  stubDeploymentEnv();
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

type Args = {
  sort?: "newest" | "trending" | "date" | "popular";
  time?: "all" | "tonight" | "tomorrow" | "weekend" | "next-week";
  drink?: "all" | "beer" | "wine" | "cocktails" | "whiskey" | "more";
  search?: string;
  numItems?: number;
};

/** A small world: six listed public events, a private one and a past one. */
async function world() {
  const t = newTest();
  const host = await createUser(t, { name: "Hana Host" });
  const fans = await Promise.all([1, 2, 3, 4].map((i) => createUser(t, { name: `Fan ${i}` })));
  const make = async (title: string, drinkType: string, start: number, extra: Record<string, unknown> = {}) =>
    (await createEvent(t, host, { title, drinkType, startTime: start, timeZone: "UTC", ...extra })).eventId;
  const ids = {
    beers: await make("Morning Beers", "beer", at(3, 12)),
    wine: await make("Wine Tasting", "wine", at(4, 19), { notes: "Natural wines only" }),
    mezcal: await make("Mezcal Madness", "tequila", at(6, 20)),
    cocktails: await make("Cocktail Hour", "cocktails", at(3, 11)),
    sake: await make("Sake Social", "sake", at(13, 19)),
    live: await make("Already Going", "whiskey", at(3, 8), { durationType: "custom", endTime: at(3, 13) }),
    private: await make("Secret Beers", "beer", at(3, 12), { isPublic: false }),
    // Logged the next morning: a start may be at most a day in the past.
    past: await make("Last Night", "beer", at(2, 12), { durationType: "custom", endTime: at(2, 23) }),
  };
  for (const fan of fans.slice(0, 3)) await rsvp(fan, ids.beers, "going");
  await rsvp(fans[3], ids.wine, "maybe");
  return { t, host, ids };
}

async function titles(t: TestConvex, args: Args = {}) {
  const { numItems = 50, ...rest } = args;
  const result = await t.query(api.events.discover, { paginationOpts: { numItems, cursor: null }, timeZone: "UTC", ...rest });
  return result.page.map((card) => card.title);
}

describe("events.discover", () => {
  test("lists public events that have not ended, soonest first by default, for anyone", async () => {
    const { t } = await world();
    expect(await titles(t)).toEqual(["Already Going", "Cocktail Hour", "Morning Beers", "Wine Tasting", "Mezcal Madness", "Sake Social"]);
  });

  test("cards carry host, counts, cover and timing", async () => {
    const { t, host } = await world();
    const result = await t.query(api.events.discover, { paginationOpts: { numItems: 50, cursor: null }, sort: "popular" });
    expect(result.page[0]).toMatchObject({
      title: "Morning Beers",
      attendeeCount: 4,
      goingCount: 3,
      coverUrl: null,
      vibe: "casual",
      startTime: at(3, 12),
      durationType: "specific_time",
      host: { userId: host.userId, displayName: "Hana Host" },
    });
    expect(result.page[0].path).toMatch(/^\/event\/morning-beers-/);
  });

  test("sorts: newest, popular, trending", async () => {
    const { t } = await world();
    expect(await titles(t, { sort: "newest" })).toEqual(["Already Going", "Sake Social", "Cocktail Hour", "Mezcal Madness", "Wine Tasting", "Morning Beers"]);
    expect((await titles(t, { sort: "popular" }))[0]).toBe("Morning Beers");
    expect((await titles(t, { sort: "trending" })).slice(0, 2)).toEqual(["Morning Beers", "Wine Tasting"]);
  });

  test("drink filter, including 'more' (everything but beer, wine, cocktails and whiskey)", async () => {
    const { t } = await world();
    expect(await titles(t, { drink: "beer" })).toEqual(["Morning Beers"]);
    expect(await titles(t, { drink: "whiskey", sort: "newest" })).toEqual(["Already Going"]);
    expect(await titles(t, { drink: "more" })).toEqual(["Mezcal Madness", "Sake Social"]);
    expect(await titles(t, { drink: "more", sort: "popular" })).toHaveLength(2);
    expect(await titles(t, { drink: "wine", sort: "trending" })).toEqual(["Wine Tasting"]);
  });

  test("time filters by index range (date) and on the page (other sorts)", async () => {
    const { t } = await world();
    expect(await titles(t, { time: "tonight" })).toEqual(["Already Going", "Cocktail Hour", "Morning Beers"]);
    expect(await titles(t, { time: "tonight", sort: "newest" })).toEqual(["Already Going", "Cocktail Hour", "Morning Beers"]);
    expect(await titles(t, { time: "tomorrow" })).toEqual(["Wine Tasting"]);
    expect(await titles(t, { time: "tomorrow", sort: "popular" })).toEqual(["Wine Tasting"]);
    expect(await titles(t, { time: "weekend" })).toEqual(["Mezcal Madness"]);
    expect(await titles(t, { time: "next-week" })).toEqual(["Already Going", "Cocktail Hour", "Morning Beers", "Wine Tasting", "Mezcal Madness"]);
    expect(await titles(t, { time: "tonight", drink: "beer" })).toEqual(["Morning Beers"]);
  });

  test("search: every word somewhere in title, place, notes, host, drink or vibe; filters and sort apply", async () => {
    const { t } = await world();
    expect(await titles(t, { search: "wine" })).toEqual(["Wine Tasting"]);
    expect(await titles(t, { search: "NATURAL" })).toEqual(["Wine Tasting"]);
    expect(await titles(t, { search: "cock" })).toEqual(["Cocktail Hour"]);
    expect(await titles(t, { search: "beers morning" })).toEqual(["Morning Beers"]);
    expect(await titles(t, { search: "morning wine" })).toEqual([]);
    expect(await titles(t, { search: "hana" })).toHaveLength(6);
    expect(await titles(t, { search: "hana", drink: "more" })).toEqual(["Mezcal Madness", "Sake Social"]);
    expect(await titles(t, { search: "hana", time: "tonight" })).toEqual(["Already Going", "Cocktail Hour", "Morning Beers"]);
    expect((await titles(t, { search: "hana", sort: "popular" }))[0]).toBe("Morning Beers");
    expect(await titles(t, { search: "secret" })).toEqual([]);
    expect(await titles(t, { search: "   " })).toHaveLength(6);
  });

  test("pages, not a silent cap; at most 50 per page", async () => {
    const { t } = await world();
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const result: { page: Array<{ title: string }>; isDone: boolean; continueCursor: string } = await t.query(api.events.discover, {
        paginationOpts: { numItems: 2, cursor },
      });
      seen.push(...result.page.map((card) => card.title));
      if (result.isDone) break;
      cursor = result.continueCursor;
    }
    expect(seen).toEqual(["Already Going", "Cocktail Hour", "Morning Beers", "Wine Tasting", "Mezcal Madness", "Sake Social"]);

    const host = await createUser(t);
    await t.run(async (ctx) => {
      const { createEvent: create } = await import("./model/events");
      for (let i = 0; i < 60; i++) {
        await create(ctx, host.userId, { title: `Bulk ${i}`, durationType: "specific_time", startTime: NOW + 48 * HOUR, drinkType: "gin", vibe: "chill", isPublic: true });
      }
    });
    const big = await t.query(api.events.discover, { paginationOpts: { numItems: 500, cursor: null } });
    expect(big.page).toHaveLength(50);
    expect(big.isDone).toBe(false);
  });

  test("popular pages stay whole when counts change between pages (the page journal)", async () => {
    const t = newTest();
    const host = await createUser(t, { name: "Hana Host" });
    const fans = await Promise.all([1, 2, 3, 4, 5].map((i) => createUser(t, { name: `Fan ${i}` })));
    const names = ["A", "B", "C", "D", "E", "F"];
    const ids: Record<string, Id<"events">> = {};
    for (const [index, name] of names.entries()) {
      ids[name] = (await createEvent(t, host, { title: name, startTime: at(4, 10 + index), timeZone: "UTC" })).eventId;
      // A has 6 attendees, B 5 … F 1 (the host).
      for (const fan of fans.slice(0, 5 - index)) await rsvp(fan, ids[name], "going");
    }
    type Page = { page: Array<{ _id: string; title: string }>; continueCursor: string };
    const popular = async (paginationOpts: { numItems: number; cursor: string | null; endCursor?: string }): Promise<Page> =>
      await t.query(api.events.discover, { paginationOpts, sort: "popular" });
    const first = await popular({ numItems: 3, cursor: null });
    expect(first.page.map((card) => card.title)).toEqual(["A", "B", "C"]);

    // While page 2 loads, A's crowd leaves: A falls from page 1's range into page 2's.
    for (const fan of fans) await rsvp(fan, ids.A, "not_going");

    // The client re-runs page 1 within its recorded end (Convex's journal) and page 2 after it.
    const page1 = await popular({ numItems: 3, cursor: null, endCursor: first.continueCursor });
    const page2 = await popular({ numItems: 50, cursor: first.continueCursor });
    const shown = [...page1.page, ...page2.page].map((card) => card.title);
    expect(page1.page.map((card) => card.title)).toEqual(["B", "C"]);
    expect(shown.sort()).toEqual(names);

    // Without the journal page 1 would refill from page 2's range and show D twice: why the client also de-duplicates.
    const unjournaled = await popular({ numItems: 3, cursor: null });
    expect([...unjournaled.page, ...page2.page].filter((card) => card.title === "D")).toHaveLength(2);
  });

  test("discoverCount gives the true total, or 50+", async () => {
    const { t } = await world();
    expect(await t.query(api.events.discoverCount, { timeZone: "UTC" })).toEqual({ count: 6, more: false });
    expect(await t.query(api.events.discoverCount, { drink: "beer", timeZone: "UTC" })).toEqual({ count: 1, more: false });
    expect(await t.query(api.events.discoverCount, { search: "wine", timeZone: "UTC" })).toEqual({ count: 1, more: false });
    const host = await createUser(t);
    await t.run(async (ctx) => {
      const { createEvent: create } = await import("./model/events");
      for (let i = 0; i < 60; i++) {
        await create(ctx, host.userId, { title: `Bulk ${i}`, durationType: "specific_time", startTime: NOW + 48 * HOUR, drinkType: "gin", vibe: "chill", isPublic: true });
      }
    });
    expect(await t.query(api.events.discoverCount, { timeZone: "UTC" })).toEqual({ count: 50, more: true });
    expect(await t.query(api.events.discoverCount, { time: "tonight", timeZone: "UTC" })).toEqual({ count: 3, more: false });
  });

  test("an event whose end passed before its unlisting ran is not shown", async () => {
    const { t, ids } = await world();
    vi.setSystemTime(at(3, 13) + 1);
    // No timers advanced: the unlisting job of "Already Going" has not run.
    // Still marked discoverable: the query itself leaves it out, not the job.
    const stored = await t.run(async (ctx) => await ctx.db.get("events", ids.live));
    expect(stored).toMatchObject({ ended: false, discoverable: true });
    const shown = await titles(t);
    expect(shown).not.toContain("Already Going");
  });
});

describe("GET /public-events and the share page", () => {
  test("/public-events: upcoming public events as cached JSON", async () => {
    const { t } = await world();
    const response = await t.fetch("/public-events");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(response.headers.get("Content-Type")).toContain("application/json");
    const body = (await response.json()) as { events: Array<{ title: string; url: string; startTime: string; host: { displayName: string } }> };
    expect(body.events.map((e) => e.title)).toEqual(["Already Going", "Cocktail Hour", "Morning Beers", "Wine Tasting", "Mezcal Madness", "Sake Social"]);
    expect(body.events[1]).toMatchObject({ startTime: new Date(at(3, 11)).toISOString(), host: { displayName: "Hana Host" } });
    expect(body.events[1].url).toMatch(/^http:\/\/localhost:5173\/event\/cocktail-hour-/);
  });

  test("/share/event/{slug}: the event's tags for crawlers, and a redirect", async () => {
    const { t, ids } = await world();
    const event = (await t.run(async (ctx) => await ctx.db.get("events", ids.wine)))!;
    const response = await t.fetch(`/share/event/${event.publicSlug}?utm_source=whatsapp&utm_medium=social`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const html = await response.text();
    const url = `http://localhost:5173/event/${event.publicSlug}`;
    expect(html).toContain("<title>Wine Tasting | Clink</title>");
    expect(html).toContain('<meta property="og:title" content="Wine Tasting">');
    expect(html).toContain('<meta name="description" content="Natural wines only">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<meta property="og:image" content="http://localhost:5173/covers/casual.jpg">`);
    expect(html).toContain('"@type":"SocialEvent"');
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${url}">`);
    expect(html).toContain(`window.location.replace("${url}?utm_source=whatsapp&utm_medium=social")`);
    // By code too.
    expect(await (await t.fetch(`/share/event/${event.eventCode}`)).text()).toContain("<title>Wine Tasting | Clink</title>");
  });

  test("/share/event/{slug} of a private event reveals nothing; an unknown one is a 404", async () => {
    const { t, ids } = await world();
    const event = (await t.run(async (ctx) => await ctx.db.get("events", ids.private)))!;
    const html = await (await t.fetch(`/share/event/${event.privateSlug}`)).text();
    expect(html).toContain("<title>Private Event | Clink</title>");
    expect(html).not.toContain("Secret");
    expect(html).not.toContain("Hana");
    expect(html).not.toContain("ld+json");
    const missing = await t.fetch("/share/event/nothing-here");
    expect(missing.status).toBe(404);
    const missingHtml = await missing.text();
    expect(missingHtml).toContain("http://localhost:5173/event/nothing-here");
    expect(missingHtml).toContain("<title>Event not found | Clink</title>");
    expect(missingHtml).not.toContain("invited");
  });
});
