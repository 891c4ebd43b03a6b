import { describe, expect, it } from "vitest";
import { overlongLines, parseCalendar } from "../tests/support/icalendar";
import { icsFile } from "./calendar";
import {
  calendarFeedIcs,
  calendarFeedTokenOfPath,
  calendarFeedUrl,
  calendarSequence,
  cancelledSequence,
  isCalendarFeedToken,
  newCalendarFeedToken,
  webcalUrl,
  type CalendarFeedCancelled,
  type CalendarFeedSession,
} from "./calendarFeed";
import { CALENDAR_FEED_COPY } from "./calendarFeedTexts";

const utc = (iso: string) => Date.parse(iso);

const pints: CalendarFeedSession = {
  kind: "session",
  id: "jd7f2k9qz8m3n4p5r6s7t8v9w0x1y2za",
  title: "Friday Pints, Chips; & more",
  notes: "Bring cash\nFirst round's on Sam",
  placeName: "The Crown",
  location: "1 High St, London",
  latitude: 51.5,
  longitude: -0.12,
  url: "https://clink.example/event/friday-pints-k3m9xq",
  startTime: utc("2025-06-06T19:00:00Z"),
  endTime: utc("2025-06-06T23:00:00Z"),
  createdAt: utc("2025-06-01T09:00:00.250Z"),
  updatedAt: utc("2025-06-02T10:30:00Z"),
};

const wine: CalendarFeedCancelled = {
  kind: "cancelled",
  id: "kd7f2k9qz8m3n4p5r6s7t8v9w0x1y2zb",
  title: "Wine o'clock",
  url: "https://clink.example/private-event/abcdefgh12345678",
  startTime: utc("2025-06-07T18:00:00Z"),
  endTime: utc("2025-06-07T21:00:00Z"),
  createdAt: utc("2025-06-01T09:00:00Z"),
  cancelledAt: utc("2025-06-03T08:00:00Z"),
  sequence: 7,
};

describe("tokens and addresses", () => {
  it("a token is 32 random bytes in 43 base64url characters", () => {
    const bytes = new Uint8Array(32).map((_, i) => (i * 37 + 250) % 256);
    const token = newCalendarFeedToken((length) => bytes.slice(0, length));
    expect(token).toHaveLength(43);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(isCalendarFeedToken(token)).toBe(true);
    expect(newCalendarFeedToken()).not.toBe(newCalendarFeedToken());
  });

  it("only a token's shape passes", () => {
    const token = newCalendarFeedToken();
    for (const bad of [
      "",
      token.slice(1),
      `${token}A`,
      `${token.slice(1)}+`,
      `${token.slice(1)}=`,
    ]) {
      expect(isCalendarFeedToken(bad)).toBe(false);
    }
  });

  it("the address, its path and the webcal form", () => {
    const token = newCalendarFeedToken();
    const url = calendarFeedUrl("https://happy-otter-123.convex.site/", token);
    expect(url).toBe(`https://happy-otter-123.convex.site/calendar/${token}.ics`);
    expect(webcalUrl(url)).toBe(`webcal://happy-otter-123.convex.site/calendar/${token}.ics`);
    expect(webcalUrl("http://127.0.0.1:3211/calendar/x.ics")).toBe(
      "webcal://127.0.0.1:3211/calendar/x.ics",
    );
    expect(calendarFeedTokenOfPath(new URL(url).pathname)).toBe(token);
    expect(calendarFeedTokenOfPath(`/calendar/${token}`)).toBe(token);
    expect(calendarFeedTokenOfPath(`/calendar/${token}.ics/more`)).toBeNull();
    expect(calendarFeedTokenOfPath("/calendar/short.ics")).toBeNull();
    expect(calendarFeedTokenOfPath(`/share/${token}.ics`)).toBeNull();
  });
});

describe("versions", () => {
  it("SEQUENCE counts whole seconds since creation, never below 0", () => {
    expect(calendarSequence(1000, 1000)).toBe(0);
    expect(calendarSequence(1000, 900)).toBe(0);
    expect(calendarSequence(1000, 62_999)).toBe(61);
  });

  it("a cancellation is always a newer version than the last edit", () => {
    expect(cancelledSequence(0, 5_000, 5_100)).toBe(6);
    expect(cancelledSequence(0, 5_000, 60_000)).toBe(60);
  });
});

describe("the feed", () => {
  const text = calendarFeedIcs({
    name: CALENDAR_FEED_COPY.personalName,
    description: CALENDAR_FEED_COPY.personalDescription,
    entries: [pints, wine],
  });
  const parsed = parseCalendar(text);

  it("is iCalendar with CRLF line endings, folded at 75 octets", () => {
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(overlongLines(text)).toEqual([]);
    expect(text).toContain("PRODID:-//Clink//Calendar feed//EN");
    expect(text).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT1H");
    expect(parsed.name).toBe("Clink: my sessions");
  });

  it("a session: the download's UID, UTC times, escaped text, its version", () => {
    const [event] = parsed.events;
    expect(event.uid).toBe("jd7f2k9qz8m3n4p5r6s7t8v9w0x1y2za@clink.example");
    // The same UID as the session's .ics download.
    expect(icsFile({ ...pints, durationType: "specific_time" }, "UTC", 0)).toContain(
      `UID:${event.uid}\r\n`,
    );
    expect(event).toMatchObject({
      summary: "Friday Pints, Chips; & more",
      start: pints.startTime,
      end: pints.endTime,
      utc: true,
      status: "CONFIRMED",
      sequence: calendarSequence(pints.createdAt, pints.updatedAt),
      lastModified: pints.updatedAt,
      stamp: pints.updatedAt,
      description:
        "Bring cash\nFirst round's on Sam\n\nhttps://clink.example/event/friday-pints-k3m9xq",
      location: "The Crown, 1 High St, London",
      url: pints.url,
    });
    expect(text).toContain("GEO:51.5;-0.12");
  });

  it("a cancelled session keeps its UID and says so, with a newer version", () => {
    const [, event] = parsed.events;
    expect(event).toMatchObject({
      uid: "kd7f2k9qz8m3n4p5r6s7t8v9w0x1y2zb@clink.example",
      summary: "Cancelled: Wine o'clock",
      status: "CANCELLED",
      sequence: 7,
      start: wine.startTime,
      end: wine.endTime,
      lastModified: wine.cancelledAt,
    });
  });

  it("long and non-ASCII text folds without splitting a character and reads back whole", () => {
    const title =
      "Ünïcødé pub crawl 🍺🍻 with a very long name, commas; and \\ backslashes ".repeat(3);
    const long = calendarFeedIcs({
      name: CALENDAR_FEED_COPY.crewName("Café Crew 🥂"),
      description: CALENDAR_FEED_COPY.crewDescription("Café Crew 🥂"),
      entries: [{ ...pints, title, notes: "é".repeat(200) }],
    });
    expect(overlongLines(long)).toEqual([]);
    const read = parseCalendar(long);
    expect(read.name).toBe("Clink: Café Crew 🥂");
    expect(read.events[0].summary).toBe(title);
    expect(read.events[0].description).toBe(`${"é".repeat(200)}\n\n${pints.url}`);
  });

  it("a session without a place has no LOCATION; an empty feed is still a calendar", () => {
    const bare = calendarFeedIcs({
      name: "x",
      description: "y",
      entries: [{ ...pints, placeName: null, location: null, latitude: null, longitude: null }],
    });
    expect(bare).not.toContain("LOCATION");
    expect(bare).not.toContain("GEO");
    expect(
      parseCalendar(calendarFeedIcs({ name: "x", description: "y", entries: [] })).events,
    ).toEqual([]);
  });
});
