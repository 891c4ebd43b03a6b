/**
 * The events area's performance workload, shared by `events.perf.test.ts` and
 * `npm run bench:events`: 10,000 public events and 20,000 RSVPs (5,000 of them
 * on one event), then the documents each discover variant and the event page
 * read, measured with convex-test's transaction metrics
 * (`ctx.meta.getTransactionMetrics()` around a nested `ctx.runQuery`).
 *
 * Not a Convex module (two dots in the name). Rows are inserted directly, in
 * batches, with their maintained counts filled in as the write paths would.
 */
import type { TestConvex } from "convex-test";
import type { FunctionArgs, FunctionReference } from "convex/server";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type schema from "./schema";
import { DISCOVER_SORTS, addToTrendingKey, eventSearchText, type DiscoverSort, type DiscoverTimeFilter } from "../shared/discoverFilters";
import { DRINK_TYPES } from "../shared/drinks";
import type { DiscoverDrinkFilter } from "../shared/discoverFilters";
import { drinkGroupOf } from "../shared/eventAccess";
import { VIBES } from "../shared/eventOptions";
import { EVENT_CODE_ALPHABET, EVENT_CODE_LENGTH } from "../shared/eventSlug";

export type PerfConvex = TestConvex<typeof schema>;

export const PERF_VOLUME = {
  events: 10_000,
  rsvps: 20_000,
  hosts: 100,
  /** Distinct RSVPing users. */
  guests: 5_000,
  /** RSVPs (all going) on the one big event. */
  bigEventRsvps: 5_000,
} as const;

const HOUR = 3600_000;

/** A distinct, valid event code per index (base 31 over the code alphabet). */
function codeFor(index: number): string {
  let code = "";
  for (let n = index, k = 0; k < EVENT_CODE_LENGTH; k++, n = Math.floor(n / EVENT_CODE_ALPHABET.length)) {
    code = EVENT_CODE_ALPHABET[n % EVENT_CODE_ALPHABET.length] + code;
  }
  return code;
}
const BATCH = 2_000;

export type PerfWorld = {
  bigEvent: { id: Id<"events">; code: string };
  host: Id<"users">;
  guest: Id<"users">;
  hostSubject: string;
  guestSubject: string;
};

/** Users; the first `withProfiles` get a profile (the others are never shown by what is measured). */
async function insertUsers(t: PerfConvex, count: number, prefix: string, now: number, withProfiles: number = count): Promise<Id<"users">[]> {
  const ids: Id<"users">[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const batch = await t.run(async (ctx) => {
      const made: Id<"users">[] = [];
      for (let i = start; i < Math.min(count, start + BATCH); i++) {
        const userId = await ctx.db.insert("users", { name: `${prefix} ${i}` });
        made.push(userId);
        if (i >= withProfiles) continue;
        await ctx.db.insert("user_profiles", {
          userId,
          username: `${prefix.toLowerCase()}_${i}`,
          displayName: `${prefix} ${i}`,
          nickname: null,
          bio: null,
          tagline: null,
          avatarStorageId: null,
          avatarUrl: null,
          favoriteDrink: null,
          profileVisibility: "public",
          showCrewsPublicly: true,
          stats: { sessions: 0, rsvps: 0, crews: 0 },
          createdAt: now,
          updatedAt: now,
        });
      }
      return made;
    });
    ids.push(...batch);
  }
  return ids;
}

/** Seeds the workload. `now` is the clock the queries will run at. */
export async function seedPerfWorld(t: PerfConvex, now: number = Date.now()): Promise<PerfWorld> {
  const hosts = await insertUsers(t, PERF_VOLUME.hosts, "Host", now);
  // Guests with profiles: the big event's first attendees and co-hosts (what its page shows).
  // convex-test scans a table per index lookup, so 5,000 more profiles would only slow the run.
  const guests = await insertUsers(t, PERF_VOLUME.guests, "Guest", now, 200);

  // RSVP plan: the big event (index 0) gets 5,000 going; then 5 each (3 going, 1 maybe, 1 not going) for the next 3,000.
  const spreadEvents = (PERF_VOLUME.rsvps - PERF_VOLUME.bigEventRsvps) / 5;
  const rsvpsOf = (index: number): Array<{ guest: number; status: "going" | "maybe" | "not_going" }> => {
    if (index === 0) return Array.from({ length: PERF_VOLUME.bigEventRsvps }, (_, g) => ({ guest: g, status: "going" as const }));
    if (index > spreadEvents) return [];
    const statuses = ["going", "going", "going", "maybe", "not_going"] as const;
    return statuses.map((status, k) => ({ guest: (index * 5 + k) % PERF_VOLUME.guests, status }));
  };

  let bigEvent: PerfWorld["bigEvent"] | null = null;
  for (let start = 0; start < PERF_VOLUME.events; start += BATCH / 4) {
    const made = await t.run(async (ctx) => {
      let first: PerfWorld["bigEvent"] | null = null;
      for (let i = start; i < Math.min(PERF_VOLUME.events, start + BATCH / 4); i++) {
        const createdBy = hosts[i % hosts.length];
        const drinkType = DRINK_TYPES[i % DRINK_TYPES.length];
        const vibe = VIBES[i % VIBES.length];
        // From "happening now" to two weeks ahead.
        const startTime = now - HOUR + Math.floor((i * 14 * 24 * HOUR) / PERF_VOLUME.events);
        const rsvps = rsvpsOf(i);
        const going = rsvps.filter((r) => r.status === "going").length;
        const maybe = rsvps.filter((r) => r.status === "maybe").length;
        let trendingKey: number | null = null;
        for (const r of rsvps) if (r.status !== "not_going") trendingKey = addToTrendingKey(trendingKey, now - (i % 50) * HOUR);
        const title = `Session ${i} ${drinkType}`;
        const code = codeFor(i);
        const eventId = await ctx.db.insert("events", {
          title,
          placeNickname: null,
          location: `Bar ${i % 300}`,
          latitude: null,
          longitude: null,
          placeId: null,
          placeName: null,
          startTime,
          endTime: startTime + 3 * HOUR,
          durationType: "custom",
          timeZone: "UTC",
          drinkType,
          drinkGroup: drinkGroupOf(drinkType),
          vibe,
          notes: null,
          isPublic: true,
          publicSlug: `session-${i}`,
          privateSlug: `private${String(i).padStart(9, "0")}`,
          eventCode: code,
          coverStorageId: null,
          createdBy,
          goingCount: going,
          maybeCount: maybe,
          notGoingCount: rsvps.length - going - maybe,
          attendeeCount: 1 + going,
          trendingKey,
          ended: false,
          discoverable: true,
          searchText: eventSearchText({ title, location: `Bar ${i % 300}`, drinkType, vibe, hostDisplayName: `Host ${i % hosts.length}` }),
          participantsVersion: 0,
          endJobId: null,
          updatedAt: now,
        });
        if (i === 0) first = { id: eventId, code };
        await ctx.db.insert("event_members", {
          eventId,
          userId: createdBy,
          role: "host",
          status: "accepted",
          invitedBy: null,
          invitationSentAt: null,
          invitationRespondedAt: now,
          roleChangedBy: null,
          roleChangedAt: null,
          createdAt: now,
          updatedAt: now,
        });
        const participant = { eventId, startTime, endTime: startTime + 3 * HOUR, isPublic: true, past: false, version: 0 };
        await ctx.db.insert("event_participants", { ...participant, userId: createdBy });
        for (const r of rsvps) {
          const userId = guests[r.guest];
          await ctx.db.insert("rsvps", { eventId, userId, status: r.status, trendingAt: r.status === "not_going" ? null : now, updatedAt: now });
          if (r.status === "going") await ctx.db.insert("event_participants", { ...participant, userId });
        }
      }
      return first;
    });
    bigEvent ??= made;
  }
  // Co-hosts on the big event, so the page reads its bounded co-host list.
  await t.run(async (ctx) => {
    for (const userId of guests.slice(0, 12)) {
      const member = {
        eventId: bigEvent!.id,
        userId,
        role: "co_host" as const,
        status: "accepted" as const,
        invitedBy: null,
        invitationSentAt: null,
        invitationRespondedAt: now,
        roleChangedBy: hosts[0],
        roleChangedAt: now,
        createdAt: now,
        updatedAt: now,
      };
      await ctx.db.insert("event_members", member);
    }
  });
  const sessionOf = async (userId: Id<"users">) =>
    await t.run(async (ctx) => await ctx.db.insert("authSessions", { userId, expirationTime: now + 24 * HOUR }));
  return {
    bigEvent: bigEvent!,
    host: hosts[0],
    guest: guests[0],
    hostSubject: `${hosts[0]}|${await sessionOf(hosts[0])}`,
    guestSubject: `${guests[0]}|${await sessionOf(guests[0])}`,
  };
}

/** Documents one public query reads, measured inside a transaction around a nested `ctx.runQuery`. */
export async function documentsRead<Q extends FunctionReference<"query", "public">>(
  t: PerfConvex,
  query: Q,
  args: FunctionArgs<Q>,
  subject?: string,
): Promise<{ documentsRead: number; result: unknown }> {
  const runner = subject === undefined ? t : t.withIdentity({ subject });
  return await runner.query(async (ctx) => {
    const before = (await ctx.meta.getTransactionMetrics()).documentsRead.used;
    const result: unknown = await ctx.runQuery(query, args);
    const after = (await ctx.meta.getTransactionMetrics()).documentsRead.used;
    return { documentsRead: after - before, result };
  });
}

export type Measurement = { name: string; documentsRead: number; items: number; ms: number };

const DRINKS_MEASURED: DiscoverDrinkFilter[] = ["all", "beer", "wine", "cocktails", "whiskey", "more"];
const TIMES_MEASURED: DiscoverTimeFilter[] = ["all", "tonight", "tomorrow", "weekend", "next-week"];
const SEARCHES = ["beer", "host 7", "session 42", "casual"];
/** The test measures two searches; the bench all of them. */
const TEST_SEARCHES = 2;

/**
 * Discover variants, first page of 50: `full` is every sort × drink × time
 * filter, every sort's second page and four searches (the bench); otherwise
 * every sort, drink filter and time filter at least once, a second page and
 * two searches (the test, which convex-test's in-memory scans make slow).
 */
export async function measureDiscover(t: PerfConvex, options: { full?: boolean } = {}): Promise<Measurement[]> {
  const results: Measurement[] = [];
  const run = async (name: string, args: FunctionArgs<typeof api.events.discover>) => {
    const started = performance.now();
    const { documentsRead: reads, result } = await documentsRead(t, api.events.discover, args);
    results.push({ name, documentsRead: reads, items: (result as { page: unknown[] }).page.length, ms: performance.now() - started });
    return result as { continueCursor: string };
  };
  const combos: Array<[DiscoverSort, DiscoverDrinkFilter, DiscoverTimeFilter]> = [];
  if (options.full) {
    for (const sort of DISCOVER_SORTS) {
      for (const drink of DRINKS_MEASURED) for (const time of TIMES_MEASURED) combos.push([sort, drink, time]);
    }
  } else {
    // Every sort, every drink filter and every time filter at least once, across the sorts.
    DISCOVER_SORTS.forEach((sort) => combos.push([sort, "all", "all"]));
    DRINKS_MEASURED.slice(1).forEach((drink, i) => combos.push([DISCOVER_SORTS[i % 4], drink, "all"]));
    TIMES_MEASURED.slice(1).forEach((time, i) => combos.push([DISCOVER_SORTS[(i + 1) % 4], "all", time]));
    combos.push(["popular", "more", "weekend"]);
  }
  for (const [sort, drink, time] of combos) {
    await run(`sort=${sort} drink=${drink} time=${time}`, {
      paginationOpts: { numItems: 50, cursor: null },
      sort,
      drink,
      time,
      timeZone: "UTC",
    });
  }
  for (const sort of options.full ? DISCOVER_SORTS : (["newest"] as const)) {
    const first = await run(`sort=${sort} (page 1)`, { paginationOpts: { numItems: 50, cursor: null }, sort });
    await run(`sort=${sort} (page 2)`, { paginationOpts: { numItems: 50, cursor: first.continueCursor }, sort });
  }
  for (const search of options.full ? SEARCHES : SEARCHES.slice(0, TEST_SEARCHES)) {
    await run(`search="${search}"`, { paginationOpts: { numItems: 50, cursor: null }, search });
    await run(`search="${search}" drink=more time=next-week sort=popular`, {
      paginationOpts: { numItems: 50, cursor: null },
      search,
      drink: "more",
      time: "next-week",
      sort: "popular",
    });
  }
  return results;
}

/** The event page of the event with 5,000 attendees, as a visitor, an attendee and the host; and the older page. */
export async function measureEventPage(t: PerfConvex, world: PerfWorld): Promise<Measurement[]> {
  const results: Measurement[] = [];
  const ref = { slugOrCodeOrId: world.bigEvent.code };
  for (const [name, subject] of [
    ["event page (anonymous)", undefined],
    ["event page (attendee)", world.guestSubject],
    ["event page (host)", world.hostSubject],
  ] as const) {
    const started = performance.now();
    const { documentsRead: reads, result } = await documentsRead(t, api.events.get, ref, subject);
    const items = (result as { event: { attendeeCount: number } }).event.attendeeCount;
    results.push({ name, documentsRead: reads, items, ms: performance.now() - started });
  }
  const started = performance.now();
  const byId = await documentsRead(t, api.events.getById, { eventId: world.bigEvent.id }, world.guestSubject);
  results.push({ name: "older page /events/{id}", documentsRead: byId.documentsRead, items: 0, ms: performance.now() - started });
  return results;
}
