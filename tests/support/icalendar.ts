/**
 * Reads a calendar feed the way a calendar app does, with ical.js (a real
 * RFC 5545 parser), for the unit, convex-test and end-to-end tests: any text
 * that parser refuses fails the test.
 */
import ICAL from "ical.js";

export type ParsedCalendarEvent = {
  uid: string;
  summary: string;
  /** Milliseconds since the epoch. */
  start: number;
  end: number;
  /** True when DTSTART and DTEND were written in UTC. */
  utc: boolean;
  status: string | null;
  sequence: number;
  lastModified: number | null;
  stamp: number | null;
  description: string | null;
  location: string | null;
  url: string | null;
};

export type ParsedCalendar = {
  name: string | null;
  events: ParsedCalendarEvent[];
};

function timeOf(component: ICAL.Component, name: string): number | null {
  const value = component.getFirstPropertyValue(name);
  return value instanceof ICAL.Time ? value.toJSDate().getTime() : null;
}

function textOf(component: ICAL.Component, name: string): string | null {
  const value = component.getFirstPropertyValue(name);
  return typeof value === "string" ? value : null;
}

export function parseCalendar(text: string): ParsedCalendar {
  // One calendar object per feed: its jCal form is an array.
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  if (calendar.name !== "vcalendar") throw new Error(`Not a calendar: ${calendar.name}`);
  const events = calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
      utc:
        event.startDate.zone === ICAL.Timezone.utcTimezone &&
        event.endDate.zone === ICAL.Timezone.utcTimezone,
      status: textOf(component, "status"),
      sequence: event.sequence,
      lastModified: timeOf(component, "last-modified"),
      stamp: timeOf(component, "dtstamp"),
      description: event.description,
      location: event.location,
      url: textOf(component, "url"),
    };
  });
  return { name: textOf(calendar, "x-wr-calname") ?? textOf(calendar, "name"), events };
}

/** The feed's physical lines (CRLF-separated, the last CRLF included) longer than 75 octets. */
export function overlongLines(text: string): string[] {
  const encoder = new TextEncoder();
  return text.split("\r\n").filter((line) => encoder.encode(line).length > 75);
}
