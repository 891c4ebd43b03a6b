/**
 * Discover: public events that have not ended, in pages (sorts, filters and
 * search: docs/product-rules.md#sessions-and-rsvps, under Discover).
 *
 * Every variant is one `.paginate` over one index, so a page reads at most
 * `numItems` (≤ 50) events plus their hosts' profiles (≤ 100 documents):
 * - no search, time "all": the sort's own index, in the sort's exact order —
 *   newest `by_discoverable[_and_drink_group]` (_creationTime desc), date
 *   `…_and_start_time` asc, popular `…_and_attendee_count` desc, trending
 *   `…_and_trending_key` desc (a time-independent decay key);
 * - a time filter: the window as a range of `…_and_start_time` (an event
 *   counts from its start, or from now while live), each page then put in the
 *   chosen sort's order;
 * - a search: the `search_text` search index (relevance), filtered by
 *   `discoverable` and the drink group; every query word must appear in the
 *   event's search text (shared `matchesSearch`), the time filter applies,
 *   and each page is put in the chosen sort's order.
 * So a narrowed listing is ordered within each page, which is the whole
 * result whenever it fits in one page (the usual case for tonight, tomorrow,
 * the weekend or a search), and no page comes back empty because of a filter.
 * The drink filter is an index field (`drinkGroup`: beer, wine, cocktails,
 * whiskey or "more"). Events whose end has passed but whose unlisting job
 * has not run yet are dropped from the page, so a page may hold fewer than
 * `numItems` while `isDone` is false.
 */
import type { PaginationOptions, PaginationResult } from "convex/server";
import type { Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import {
  compareForDiscover,
  isInTimeWindow,
  matchesSearch,
  searchTerms,
  timeFilterWindow,
  type DiscoverDrinkFilter,
  type DiscoverSort,
  type DiscoverTimeFilter,
  type TimeWindow,
} from "../../shared/discoverFilters";
import { DISCOVER_PAGE_MAX, PUBLIC_EVENTS_FEED_LIMIT, clampPageSize, drinkGroupForFilter, type DrinkGroup } from "../../shared/eventAccess";
import { DISCOVER_COUNT_CAP } from "../../shared/eventCopy";
import { timeZoneOrUtc } from "../../shared/eventTiming";
import { People, eventCards, isListable, type EventCard } from "./eventViews";
import type { EventDoc } from "./participation";

export type DiscoverOptions = {
  paginationOpts: PaginationOptions;
  sort?: DiscoverSort;
  time?: DiscoverTimeFilter;
  drink?: DiscoverDrinkFilter;
  search?: string;
  /** The viewer's IANA zone, for tonight / tomorrow / weekend. */
  timeZone?: string;
};

/** Convex search takes at most 16 terms. */
const MAX_SEARCH_TERMS = 16;

function sortedQuery(ctx: QueryCtx, sort: DiscoverSort, group: DrinkGroup | null, window: TimeWindow, now: number) {
  const events = ctx.db.query("events");
  switch (sort) {
    case "newest":
      return group === null
        ? events.withIndex("by_discoverable", (q) => q.eq("discoverable", true)).order("desc")
        : events
            .withIndex("by_discoverable_and_drink_group", (q) => q.eq("discoverable", true).eq("drinkGroup", group))
            .order("desc");
    case "popular":
      return group === null
        ? events.withIndex("by_discoverable_and_attendee_count", (q) => q.eq("discoverable", true)).order("desc")
        : events
            .withIndex("by_discoverable_and_drink_group_and_attendee_count", (q) =>
              q.eq("discoverable", true).eq("drinkGroup", group),
            )
            .order("desc");
    case "trending":
      return group === null
        ? events.withIndex("by_discoverable_and_trending_key", (q) => q.eq("discoverable", true)).order("desc")
        : events
            .withIndex("by_discoverable_and_drink_group_and_trending_key", (q) =>
              q.eq("discoverable", true).eq("drinkGroup", group),
            )
            .order("desc");
    case "date": {
      // An event is in the window from its start, or from now when already live:
      // a window starting now takes everything that starts before its end.
      const from = window.from > now ? window.from : null;
      const to = window.to;
      if (group === null) {
        return events
          .withIndex("by_discoverable_and_start_time", (q) => {
            const base = q.eq("discoverable", true);
            if (from !== null && to !== null) return base.gte("startTime", from).lt("startTime", to);
            if (from !== null) return base.gte("startTime", from);
            if (to !== null) return base.lt("startTime", to);
            return base;
          })
          .order("asc");
      }
      return events
        .withIndex("by_discoverable_and_drink_group_and_start_time", (q) => {
          const base = q.eq("discoverable", true).eq("drinkGroup", group);
          if (from !== null && to !== null) return base.gte("startTime", from).lt("startTime", to);
          if (from !== null) return base.gte("startTime", from);
          if (to !== null) return base.lt("startTime", to);
          return base;
        })
        .order("asc");
    }
  }
}

function sortable(event: EventDoc) {
  return {
    createdAt: event._creationTime,
    startTime: event.startTime,
    attendeeCount: event.attendeeCount,
    trendingKey: event.trendingKey,
  };
}

/** Which index or search serves a discover listing, and what each read event must pass. */
function discoverPlan(ctx: QueryCtx, options: Omit<DiscoverOptions, "paginationOpts">, now: number) {
  const sort = options.sort ?? "date";
  const time = options.time ?? "all";
  const group = drinkGroupForFilter(options.drink ?? "all");
  const timeZone = timeZoneOrUtc(options.timeZone);
  const window = timeFilterWindow(time, now, timeZone);
  const terms = searchTerms(options.search ?? "").slice(0, MAX_SEARCH_TERMS);
  const narrowed = terms.length > 0 || time !== "all";
  const query =
    terms.length > 0
      ? ctx.db.query("events").withSearchIndex("search_text", (q) => {
          const base = q.search("searchText", terms.join(" ")).eq("discoverable", true);
          return group === null ? base : base.eq("drinkGroup", group);
        })
      : sortedQuery(ctx, narrowed ? "date" : sort, group, window, now);
  // A session the list cannot show is not counted either ('Found N sessions' matches the cards).
  const keep = (event: EventDoc) =>
    event.endTime > now &&
    isListable(event) &&
    isInTimeWindow(event, window, now, timeZone) &&
    (terms.length === 0 || matchesSearch(event.searchText, terms.join(" ")));
  return { query, keep, sort, narrowed };
}

/** One page of discover, as event cards (`PaginationResult` shape for `usePaginatedQuery`). */
export async function discoverPage(
  ctx: QueryCtx,
  viewerId: Id<"users"> | null,
  options: DiscoverOptions,
  now: number = Date.now(),
): Promise<PaginationResult<EventCard>> {
  const { query, keep, sort, narrowed } = discoverPlan(ctx, options, now);
  const result = await query.paginate({
    ...options.paginationOpts,
    numItems: clampPageSize(options.paginationOpts.numItems, DISCOVER_PAGE_MAX),
  });
  const kept = result.page.filter(keep);
  if (narrowed) {
    const compare = compareForDiscover(sort);
    kept.sort((a, b) => compare(sortable(a), sortable(b)));
  }
  return { ...result, page: await eventCards(ctx, kept, new People(ctx, viewerId)) };
}

/**
 * How many sessions a discover listing holds, for 'Found N sessions': exact
 * up to DISCOVER_COUNT_CAP, else `{ count: 50, more: true }` ('50+'). Reads at
 * most DISCOVER_COUNT_CAP + 1 events (no hosts). With a search, the words are
 * checked among the first 51 candidates, so `more` means "there may be more".
 */
export async function discoverCount(
  ctx: QueryCtx,
  options: Omit<DiscoverOptions, "paginationOpts">,
  now: number = Date.now(),
): Promise<{ count: number; more: boolean }> {
  const { query, keep } = discoverPlan(ctx, options, now);
  const candidates = await query.take(DISCOVER_COUNT_CAP + 1);
  const kept = candidates.filter(keep).length;
  return { count: Math.min(kept, DISCOVER_COUNT_CAP), more: candidates.length > DISCOVER_COUNT_CAP };
}

/** `GET /public-events`: the next upcoming public events, soonest first (live ones included). */
export async function upcomingPublicEvents(ctx: QueryCtx, now: number = Date.now()): Promise<EventCard[]> {
  const events = await ctx.db
    .query("events")
    .withIndex("by_discoverable_and_start_time", (q) => q.eq("discoverable", true))
    .take(PUBLIC_EVENTS_FEED_LIMIT);
  return await eventCards(
    ctx,
    events.filter((event) => event.endTime > now),
    new People(ctx, null),
  );
}
