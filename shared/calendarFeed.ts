/**
 * Calendar feeds: a secret address per person (their sessions) and per crew
 * member (the crew's sessions) that calendar apps subscribe to and poll.
 * The limits, the token and address shapes, the words, and the iCalendar
 * text itself (ical-generator: RFC 5545 escaping and folding at 75 octets).
 * Times are written in UTC, as in the .ics download, so no VTIMEZONE is needed.
 * Words are in ./calendarFeedTexts (the screens import those without this
 * module's iCalendar writer). Pure: no Convex or React imports.
 */
import ical, { ICalEventStatus } from "ical-generator";
import { APP_NAME } from "./brand";
import { calendarDescription, calendarLocation, icsUid, type CalendarEvent } from "./calendar";
import { CALENDAR_FEED_COPY } from "./calendarFeedTexts";
import { HOUR_MS, type RateLimitConfig } from "./rateLimit";
import { cryptoRandomBytes, type RandomBytes } from "./random";

const DAY_MS = 24 * HOUR_MS;

// ---------------------------------------------------------------- limits

/** Sessions in one feed at most, cancelled ones included (about 1.5 KB each: a feed stays under 400 KB). */
export const CALENDAR_FEED_MAX_SESSIONS = 200;
/** Of those, cancelled sessions at most (newest cancellations first). */
export const CALENDAR_FEED_MAX_CANCELLED = 50;
/** Sessions that ended up to this long ago stay in a feed, so last weekend is still there. */
export const CALENDAR_FEED_PAST_MS = 30 * DAY_MS;
/** A cancelled (deleted) session is listed as cancelled this long, then forgotten. */
export const CALENDAR_CANCELLED_KEPT_MS = 30 * DAY_MS;
/** A crew feed looks at the crew's latest session links, as many as a feed may list. */
export const CALENDAR_CREW_LINKS_SCANNED = CALENDAR_FEED_MAX_SESSIONS;
/** How often calendar apps are asked to fetch the feed again (most poll less often anyway). */
const CALENDAR_FEED_REFRESH_SECONDS = 3600;

/** Fetches per feed address: a calendar app polls every few minutes at the most. */
export const CALENDAR_FEED_FETCH_LIMIT = {
  rate: 60,
  periodMs: HOUR_MS,
} satisfies RateLimitConfig;
/** New or regenerated addresses per person (all their feeds together). */
export const CALENDAR_LINK_CHANGE_LIMIT = {
  rate: 10,
  periodMs: HOUR_MS,
} satisfies RateLimitConfig;

// ---------------------------------------------------------------- the address

/** Feeds are served at `{CONVEX_SITE_URL}/calendar/{token}.ics` (convex/http.ts). */
export const CALENDAR_FEED_PATH_PREFIX = "/calendar/";
const FEED_SUFFIX = ".ics";

/** Random bytes in a token: 32, written as 43 base64url characters. */
const CALENDAR_FEED_TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new secret token: 32 random bytes, base64url without padding. */
export function newCalendarFeedToken(randomBytes: RandomBytes = cryptoRandomBytes): string {
  const bytes = randomBytes(CALENDAR_FEED_TOKEN_BYTES);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Whether `value` has a token's shape (anything else is answered without a look-up). */
export function isCalendarFeedToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** The feed's address on the deployment's site URL. */
export function calendarFeedUrl(convexSiteUrl: string, token: string): string {
  return `${convexSiteUrl.replace(/\/+$/, "")}${CALENDAR_FEED_PATH_PREFIX}${token}${FEED_SUFFIX}`;
}

/** The token in a feed request's path ('/calendar/{token}.ics'), or null when the path has none. */
export function calendarFeedTokenOfPath(pathname: string): string | null {
  if (!pathname.startsWith(CALENDAR_FEED_PATH_PREFIX)) return null;
  const rest = pathname.slice(CALENDAR_FEED_PATH_PREFIX.length);
  const token = rest.endsWith(FEED_SUFFIX) ? rest.slice(0, -FEED_SUFFIX.length) : rest;
  return isCalendarFeedToken(token) ? token : null;
}

/** The same address for "Subscribe": webcal:// opens the device's calendar app. */
export function webcalUrl(feedUrl: string): string {
  return feedUrl.replace(/^https?:/, "webcal:");
}

// ---------------------------------------------------------------- versions

/**
 * SEQUENCE of an event last changed at `modifiedAt`: whole seconds since it was
 * created, so every later edit (a second or more apart) counts higher and a
 * calendar takes the new version.
 */
export function calendarSequence(createdAt: number, modifiedAt: number): number {
  return Math.max(0, Math.floor((modifiedAt - createdAt) / 1000));
}

/** SEQUENCE of the cancellation: above the last edit's, even within the same second. */
export function cancelledSequence(
  createdAt: number,
  updatedAt: number,
  cancelledAt: number,
): number {
  return Math.max(
    calendarSequence(createdAt, updatedAt) + 1,
    calendarSequence(createdAt, cancelledAt),
  );
}

// ---------------------------------------------------------------- the feed

/** A session in a feed, as it is now. */
export type CalendarFeedSession = Omit<CalendarEvent, "durationType" | "endTime"> & {
  kind: "session";
  endTime: number;
  createdAt: number;
  updatedAt: number;
};

/** A session deleted within CALENDAR_CANCELLED_KEPT_MS, as it was. */
export type CalendarFeedCancelled = {
  kind: "cancelled";
  id: string;
  title: string;
  startTime: number;
  endTime: number;
  /** The page it had (for the UID's host). */
  url: string;
  sequence: number;
  createdAt: number;
  cancelledAt: number;
};

export type CalendarFeedEntry = CalendarFeedSession | CalendarFeedCancelled;

export type CalendarFeed = {
  name: string;
  description: string;
  entries: readonly CalendarFeedEntry[];
};

export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8";

/** The feed as iCalendar text, CRLF line endings. */
export function calendarFeedIcs(feed: CalendarFeed): string {
  const calendar = ical({
    name: feed.name,
    description: feed.description,
    prodId: { company: APP_NAME, product: "Calendar feed", language: "EN" },
    ttl: CALENDAR_FEED_REFRESH_SECONDS,
  });
  for (const entry of feed.entries) {
    if (entry.kind === "session") {
      const location = calendarLocation(entry);
      const hasGeo = typeof entry.latitude === "number" && typeof entry.longitude === "number";
      calendar.createEvent({
        id: icsUid(entry),
        start: new Date(entry.startTime),
        end: new Date(entry.endTime),
        summary: entry.title,
        description: calendarDescription(entry),
        location:
          location === ""
            ? null
            : hasGeo
              ? { title: location, geo: { lat: entry.latitude!, lon: entry.longitude! } }
              : location,
        url: entry.url,
        status: ICalEventStatus.CONFIRMED,
        sequence: calendarSequence(entry.createdAt, entry.updatedAt),
        created: new Date(entry.createdAt),
        lastModified: new Date(entry.updatedAt),
        stamp: new Date(entry.updatedAt),
      });
    } else {
      calendar.createEvent({
        id: icsUid(entry),
        start: new Date(entry.startTime),
        end: new Date(entry.endTime),
        // Some calendars show a subscribed event whatever its STATUS: the title says it too.
        summary: CALENDAR_FEED_COPY.cancelledSummary(entry.title),
        description: CALENDAR_FEED_COPY.cancelledDescription,
        status: ICalEventStatus.CANCELLED,
        sequence: entry.sequence,
        created: new Date(entry.createdAt),
        lastModified: new Date(entry.cancelledAt),
        stamp: new Date(entry.cancelledAt),
      });
    }
  }
  // Every content line ends with CRLF, the last one too.
  return `${calendar.toString()}\r\n`;
}
