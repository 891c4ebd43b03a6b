/**
 * The discover page's filters, sorts and search, as pure
 * rules the server applies to a bounded candidate set and the
 * client uses for its controls. Past events are never listed.
 */
import { TZDate } from "@date-fns/tz";
import { addDays, startOfDay } from "date-fns";
import { DISCOVER_DRINK_FILTERS, DRINKS, drinkLabel } from "./drinks";
import { vibeLabel } from "./eventOptions";
import {
  HOUR_MS,
  eventEnd,
  nextLocalMidnight,
  toMillis,
  type EventTimes,
  type Instant,
} from "./eventTiming";

// ---------------------------------------------------------------- time filters

export const DISCOVER_TIME_FILTERS = [
  "all",
  "tonight",
  "tomorrow",
  "weekend",
  "next-week",
] as const;
export type DiscoverTimeFilter = (typeof DISCOVER_TIME_FILTERS)[number];

export const DISCOVER_TIME_FILTER_LABELS: Record<DiscoverTimeFilter, string> = {
  all: "Any Time",
  tonight: "Tonight",
  tomorrow: "Tomorrow",
  weekend: "This Weekend",
  "next-week": "Next 7 Days",
};

/** A half-open window [from, to) of local time; `to` null means open-ended. */
export type TimeWindow = { from: number; to: number | null };

function localDayStart(now: number, timeZone: string, days: number): number {
  return startOfDay(addDays(new TZDate(now, timeZone), days)).getTime();
}

/**
 * The window each time filter stands for, in `timeZone` (the viewer's):
 * - all: from now on;
 * - tonight: now until the next local midnight;
 * - tomorrow: tomorrow's local day, midnight to midnight;
 * - weekend: the current weekend if it is Saturday or Sunday (from now),
 *   otherwise the coming Saturday 00:00 to Monday 00:00;
 * - next-week: now until the same wall-clock time 7 days later.
 */
export function timeFilterWindow(
  filter: DiscoverTimeFilter,
  now: Instant,
  timeZone: string,
): TimeWindow {
  const nowMs = toMillis(now);
  switch (filter) {
    case "all":
      return { from: nowMs, to: null };
    case "tonight":
      return { from: nowMs, to: nextLocalMidnight(nowMs, timeZone) };
    case "tomorrow":
      return { from: localDayStart(nowMs, timeZone, 1), to: localDayStart(nowMs, timeZone, 2) };
    case "weekend": {
      const weekday = new TZDate(nowMs, timeZone).getDay(); // 0 Sunday … 6 Saturday
      if (weekday === 0) return { from: nowMs, to: localDayStart(nowMs, timeZone, 1) };
      if (weekday === 6) return { from: nowMs, to: localDayStart(nowMs, timeZone, 2) };
      return {
        from: localDayStart(nowMs, timeZone, 6 - weekday),
        to: localDayStart(nowMs, timeZone, 8 - weekday),
      };
    }
    case "next-week":
      return { from: nowMs, to: addDays(new TZDate(nowMs, timeZone), 7).getTime() };
  }
}

/**
 * Whether a listed event falls in `window`: it is not past, and the moment it
 * is next "on" — its start, or now for one already happening — lies in the
 * window. So tonight and next-week include live events; tomorrow does not.
 */
export function isInTimeWindow(
  event: EventTimes,
  window: TimeWindow,
  now: Instant,
  timeZone: string,
): boolean {
  const nowMs = toMillis(now);
  if (eventEnd(event, timeZone) <= nowMs) return false;
  const nextOn = Math.max(event.startTime, nowMs);
  return nextOn >= window.from && (window.to === null || nextOn < window.to);
}

// ---------------------------------------------------------------- drink filter

export type DiscoverDrinkFilter = (typeof DISCOVER_DRINK_FILTERS)[number];

/** The drinks named in the filter; "more" is every other drink type. */
const NAMED_DRINK_FILTERS: readonly string[] = DISCOVER_DRINK_FILTERS.filter(
  (filter) => filter !== "all" && filter !== "more",
);

export function discoverDrinkFilterLabel(filter: DiscoverDrinkFilter): string {
  if (filter === "all") return "All Drinks";
  if (filter === "more") return "More";
  return `${DRINKS[filter].emoji} ${DRINKS[filter].label}`;
}

export function matchesDrinkFilter(drinkType: string, filter: DiscoverDrinkFilter): boolean {
  if (filter === "all") return true;
  if (filter === "more") return !NAMED_DRINK_FILTERS.includes(drinkType);
  return drinkType === filter;
}

// ---------------------------------------------------------------- sorts

export const DISCOVER_SORTS = ["newest", "trending", "date", "popular"] as const;
export type DiscoverSort = (typeof DISCOVER_SORTS)[number];

export const DISCOVER_SORT_LABELS: Record<DiscoverSort, string> = {
  newest: "Newest",
  trending: "Trending",
  date: "Date",
  popular: "Popular",
};

/** The spec shows no defaults: soonest first, any time, any drink. */
export const DEFAULT_DISCOVER_FILTERS = {
  sort: "date",
  time: "all",
  drink: "all",
} as const satisfies {
  sort: DiscoverSort;
  time: DiscoverTimeFilter;
  drink: DiscoverDrinkFilter;
};

/** What the sorts read; counts are the ones maintained on write. */
export type DiscoverSortable = {
  createdAt: number;
  startTime: number;
  /** Creator ∪ going ∪ accepted members: the number the cards show. */
  attendeeCount: number;
  /** See `addToTrendingKey`; null before any RSVP. */
  trendingKey: number | null;
};

/**
 * - newest: created most recently first;
 * - date: starting soonest first;
 * - popular: most attendees first;
 * - trending: most recent RSVP activity first (see `addToTrendingKey`).
 * Ties go to the sooner start, then the newer event, so pages are stable.
 */
export function compareForDiscover(
  sort: DiscoverSort,
): (a: DiscoverSortable, b: DiscoverSortable) => number {
  const bySoonest = (a: DiscoverSortable, b: DiscoverSortable) =>
    a.startTime - b.startTime || b.createdAt - a.createdAt;
  switch (sort) {
    case "newest":
      return (a, b) => b.createdAt - a.createdAt || a.startTime - b.startTime;
    case "date":
      return bySoonest;
    case "popular":
      return (a, b) => b.attendeeCount - a.attendeeCount || bySoonest(a, b);
    case "trending":
      return (a, b) =>
        (b.trendingKey ?? -Infinity) - (a.trendingKey ?? -Infinity) ||
        b.attendeeCount - a.attendeeCount ||
        bySoonest(a, b);
  }
}

// ---------------------------------------------------------------- trending

/** An RSVP counts 1 when made, ½ after 6 h, 1/16 after a day. */
export const TRENDING_HALF_LIFE_MS = 6 * HOUR_MS;

/**
 * Trending is the sum over an event's going and maybe RSVPs of
 * 2^(-(now - rsvpTime) / half-life). It is stored as the time-independent key
 * log2(Σ 2^(rsvpTime / half-life)): the order of keys is the order of scores
 * at any `now`, so the server keeps it on write (O(1) per RSVP) and sorts by an
 * index, never rescanning RSVPs. Computed in log space so it cannot overflow.
 */
export function addToTrendingKey(key: number | null, rsvpTime: number): number {
  const added = rsvpTime / TRENDING_HALF_LIFE_MS;
  if (key === null) return added;
  const high = Math.max(key, added);
  return high + Math.log2(1 + 2 ** (Math.min(key, added) - high));
}

/**
 * Takes back an RSVP added at `rsvpTime` (leaving, or changing to not going).
 * Null when nothing is left.
 */
export function removeFromTrendingKey(key: number | null, rsvpTime: number): number | null {
  if (key === null) return null;
  const removed = rsvpTime / TRENDING_HALF_LIFE_MS - key;
  // Removing (nearly) all of the sum: rounding must not leave a ghost score.
  if (removed >= -1e-9) return null;
  return key + Math.log2(1 - 2 ** removed);
}

/** The decayed RSVP count at `now` (1 per fresh RSVP), for display and debugging. */
export function trendingScore(key: number | null, now: Instant): number {
  return key === null ? 0 : 2 ** (key - toMillis(now) / TRENDING_HALF_LIFE_MS);
}

// ---------------------------------------------------------------- search

/** Lower case, accents removed, anything but letters and digits as single spaces. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The fields discover searches. */
type SearchableEvent = {
  title: string;
  location?: string | null;
  placeName?: string | null;
  placeNickname?: string | null;
  notes?: string | null;
  hostDisplayName?: string | null;
  hostNickname?: string | null;
  drinkType: string;
  vibe: string;
};

/**
 * One normalised string of everything discover searches, to store on the
 * event and rebuild when any part changes (including the host's names).
 * Drink and vibe appear as stored ('stone_cold' → 'stone cold') and as labelled.
 */
export function eventSearchText(event: SearchableEvent): string {
  const parts = [
    event.title,
    event.location,
    event.placeName,
    event.placeNickname,
    event.notes,
    event.hostDisplayName,
    event.hostNickname,
    event.drinkType,
    drinkLabel(event.drinkType),
    event.vibe,
    vibeLabel(event.vibe),
  ];
  const normalized = parts.map((part) => normalizeSearchText(part ?? "")).filter(Boolean);
  return [...new Set(normalized)].join(" ");
}

/** The distinct words of a query, normalised. */
export function searchTerms(query: string): string[] {
  return [...new Set(normalizeSearchText(query).split(" ").filter(Boolean))];
}

/**
 * Whether every word of `query` appears in `searchText` (from `eventSearchText`),
 * anywhere, so 'cock' finds cocktails. An empty query matches everything.
 */
export function matchesSearch(searchText: string, query: string): boolean {
  return searchTerms(query).every((term) => searchText.includes(term));
}
