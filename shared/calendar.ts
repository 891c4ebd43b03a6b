/**
 * "Add to calendar": Google, Outlook and Yahoo links
 * and an .ics file with an alarm 1 hour before. Times are written in UTC,
 * which every calendar converts to its owner's zone, so no VTIMEZONE is
 * needed; `timeZone` (the event's) only decides an all-night default end.
 */
import { APP_NAME } from "./brand";
import { eventEnd, toMillis, type EventTimes, type Instant } from "./eventTiming";
import { slugifyTitle } from "./eventSlug";

export type CalendarEvent = EventTimes & {
  /** The event's id, for the .ics UID (so re-importing updates instead of duplicating). */
  id: string;
  title: string;
  notes?: string | null;
  placeName?: string | null;
  location?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  /** The event page, absolute. */
  url: string;
};

/** '20250606T190000Z' (iCalendar and Google/Yahoo "basic" UTC form). */
function basicUtc(instant: Instant): string {
  return new Date(toMillis(instant))
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/** '2025-06-06T19:00:00Z' (Outlook). */
function isoUtc(instant: Instant): string {
  return new Date(toMillis(instant)).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The place name and the address, without repeating one inside the other. */
export function calendarLocation(event: Pick<CalendarEvent, "placeName" | "location">): string {
  const name = event.placeName?.trim() ?? "";
  const address = event.location?.trim() ?? "";
  if (name === "" || address.includes(name)) return address;
  return address === "" ? name : `${name}, ${address}`;
}

/** A bar crawl's first stop: where the session meets. */
export type CrawlStart = {
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
};

/** A session with a bar crawl meets at its first stop: that stop is the calendar's place. */
export function atCrawlStart<
  E extends Pick<CalendarEvent, "placeName" | "location" | "latitude" | "longitude">,
>(event: E, start: CrawlStart | null): E {
  if (start === null) return event;
  return {
    ...event,
    placeName: start.name,
    location: start.address,
    latitude: start.latitude,
    longitude: start.longitude,
  };
}

/** The notes, then the link back to the event page. */
export function calendarDescription(event: Pick<CalendarEvent, "notes" | "url">): string {
  const notes = event.notes?.trim() ?? "";
  return notes === "" ? event.url : `${notes}\n\n${event.url}`;
}

function query(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join("&");
}

export function googleCalendarUrl(event: CalendarEvent, timeZone: string): string {
  // `dates` keeps its '/' unencoded, as Google documents it.
  const dates = `${basicUtc(event.startTime)}/${basicUtc(eventEnd(event, timeZone))}`;
  const rest = query({
    text: event.title,
    details: calendarDescription(event),
    location: calendarLocation(event),
  });
  return `https://calendar.google.com/calendar/render?action=TEMPLATE&dates=${dates}&${rest}`;
}

export function outlookCalendarUrl(event: CalendarEvent, timeZone: string): string {
  return `https://outlook.live.com/calendar/0/deeplink/compose?${query({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: event.title,
    startdt: isoUtc(event.startTime),
    enddt: isoUtc(eventEnd(event, timeZone)),
    body: calendarDescription(event),
    location: calendarLocation(event),
  })}`;
}

export function yahooCalendarUrl(event: CalendarEvent, timeZone: string): string {
  return `https://calendar.yahoo.com/?${query({
    v: "60",
    title: event.title,
    st: basicUtc(event.startTime),
    et: basicUtc(eventEnd(event, timeZone)),
    desc: calendarDescription(event),
    in_loc: calendarLocation(event),
  })}`;
}

/** RFC 5545 TEXT: backslash, semicolon and comma escaped; any line break as '\n'. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/** RFC 5545 folding: lines longer than 75 octets continue on lines starting with a space, never splitting a character. */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let currentOctets = 0;
  for (const char of line) {
    const octets = encoder.encode(char).length;
    // The continuation's leading space counts towards its 75 octets.
    const limit = parts.length === 0 ? 75 : 74;
    if (currentOctets + octets > limit) {
      parts.push(current);
      current = "";
      currentOctets = 0;
    }
    current += char;
    currentOctets += octets;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/**
 * An event's iCalendar UID: its id at the site's host. The .ics download and the
 * calendar feeds (./calendarFeed) write the same one, so a calendar that has both
 * shows one event, and a re-import updates it instead of adding a copy.
 */
export function icsUid(event: Pick<CalendarEvent, "id" | "url">): string {
  return `${event.id}@${new URL(event.url).hostname}`;
}

/** The .ics file for one event, CRLF line endings, alarm 1 hour before. */
export function icsFile(event: CalendarEvent, timeZone: string, now: Instant): string {
  const location = calendarLocation(event);
  const hasGeo = typeof event.latitude === "number" && typeof event.longitude === "number";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${APP_NAME}//Events//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${icsUid(event)}`,
    `DTSTAMP:${basicUtc(now)}`,
    `DTSTART:${basicUtc(event.startTime)}`,
    `DTEND:${basicUtc(eventEnd(event, timeZone))}`,
    `SUMMARY:${escapeIcsText(event.title)}`,
    `DESCRIPTION:${escapeIcsText(calendarDescription(event))}`,
    ...(location === "" ? [] : [`LOCATION:${escapeIcsText(location)}`]),
    ...(hasGeo ? [`GEO:${event.latitude};${event.longitude}`] : []),
    `URL:${event.url}`,
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    `DESCRIPTION:${escapeIcsText(event.title)}`,
    "TRIGGER:-PT1H",
    "END:VALARM",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldIcsLine).join("\r\n")}\r\n`;
}

/** 'friday-pints.ics'. */
export function icsFileName(title: string): string {
  return `${slugifyTitle(title)}.ics`;
}

export const ICS_CONTENT_TYPE = "text/calendar;charset=utf-8";
