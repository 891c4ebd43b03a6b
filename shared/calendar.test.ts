import { describe, expect, it } from "vitest";
import {
  atCrawlStart,
  calendarDescription,
  calendarLocation,
  escapeIcsText,
  foldIcsLine,
  googleCalendarUrl,
  icsFile,
  icsFileName,
  outlookCalendarUrl,
  yahooCalendarUrl,
  type CalendarEvent,
} from "./calendar";

const LONDON = "Europe/London";
const utc = (iso: string) => Date.parse(iso);
const NOW = utc("2025-06-01T09:30:15.123Z");

const pints: CalendarEvent = {
  id: "jd7f2k9qz8m3n4p5r6s7t8v9w0x1y2za",
  title: "Friday Pints, Chips; & more",
  notes: "Bring cash\nFirst round's on Sam",
  placeName: "The Crown",
  location: "1 High St, London",
  latitude: 51.5,
  longitude: -0.12,
  url: "https://clink.example/event/friday-pints-k3m9xq",
  startTime: utc("2025-06-06T19:00:00Z"),
  durationType: "now",
};

const params = (link: string) => new URL(link).searchParams;

/** The file's logical lines: unfolded, without the CRLFs. */
function icsLines(ics: string): string[] {
  return ics.replace(/\r\n /g, "").split("\r\n").filter(Boolean);
}

describe(".ics file", () => {
  const ics = icsFile(pints, LONDON, NOW);
  const lines = icsLines(ics);

  it("is one VEVENT in a VCALENDAR with CRLF line endings", () => {
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines).toContain("PRODID:-//Clink//Events//EN");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
    expect(lines).toContain(`UID:${pints.id}@clink.example`);
    expect(lines).toContain("DTSTAMP:20250601T093015Z");
  });

  it("writes start and the default 3 h end in UTC", () => {
    expect(lines).toContain("DTSTART:20250606T190000Z");
    expect(lines).toContain("DTEND:20250606T220000Z");
  });

  it("uses the duration rules for the end: specific_time 4 h, all_night the local midnight, explicit ends as given", () => {
    const end = (event: CalendarEvent) =>
      icsLines(icsFile(event, LONDON, NOW)).find((line) => line.startsWith("DTEND:"));
    expect(end({ ...pints, durationType: "specific_time" })).toBe("DTEND:20250606T230000Z");
    // 20:00 BST all night → 00:00 BST = 23:00 UTC.
    expect(end({ ...pints, durationType: "all_night" })).toBe("DTEND:20250606T230000Z");
    expect(
      end({ ...pints, startTime: utc("2025-01-10T20:00:00Z"), durationType: "all_night" }),
    ).toBe("DTEND:20250111T000000Z");
    expect(end({ ...pints, endTime: utc("2025-06-07T01:30:00Z") })).toBe("DTEND:20250607T013000Z");
  });

  it("sets an alarm 1 hour before", () => {
    const alarm = lines.slice(lines.indexOf("BEGIN:VALARM"), lines.indexOf("END:VALARM") + 1);
    expect(alarm).toEqual([
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      "DESCRIPTION:Friday Pints\\, Chips\\; & more",
      "TRIGGER:-PT1H",
      "END:VALARM",
    ]);
  });

  it("escapes commas, semicolons, backslashes and newlines in text", () => {
    expect(lines).toContain("SUMMARY:Friday Pints\\, Chips\\; & more");
    expect(lines).toContain(`DESCRIPTION:Bring cash\\nFirst round's on Sam\\n\\n${pints.url}`);
    expect(lines).toContain("LOCATION:The Crown\\, 1 High St\\, London");
    expect(escapeIcsText("a\\b;c,d\r\ne\rf\ng")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
  });

  it("adds GEO and URL, and leaves LOCATION out when there is none", () => {
    expect(lines).toContain("GEO:51.5;-0.12");
    expect(lines).toContain(`URL:${pints.url}`);
    const bare = icsLines(
      icsFile(
        { ...pints, placeName: null, location: null, latitude: null, longitude: null },
        LONDON,
        NOW,
      ),
    );
    expect(bare.some((line) => line.startsWith("LOCATION") || line.startsWith("GEO"))).toBe(false);
  });

  it("folds long lines at 75 octets without splitting characters", () => {
    const long = icsFile({ ...pints, notes: "🍺".repeat(40) + "x".repeat(100) }, LONDON, NOW);
    for (const physical of long.split("\r\n")) {
      expect(new TextEncoder().encode(physical).length).toBeLessThanOrEqual(75);
    }
    expect(long).not.toContain("\uFFFD");
    expect(icsLines(long).find((line) => line.startsWith("DESCRIPTION:🍺"))).toBe(
      `DESCRIPTION:${"🍺".repeat(40)}${"x".repeat(100)}\\n\\n${pints.url}`,
    );
  });

  it("leaves short lines alone", () => {
    expect(foldIcsLine("SUMMARY:Pints")).toBe("SUMMARY:Pints");
    expect(foldIcsLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldIcsLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
  });

  it("is named after the title", () => {
    expect(icsFileName("Friday Pints!")).toBe("friday-pints.ics");
  });
});

describe("calendar links", () => {
  it("opens Google Calendar with UTC dates, title, details and place", () => {
    const link = googleCalendarUrl(pints, LONDON);
    expect(link).toContain("dates=20250606T190000Z/20250606T220000Z");
    expect(params(link).get("action")).toBe("TEMPLATE");
    expect(params(link).get("text")).toBe("Friday Pints, Chips; & more");
    expect(params(link).get("details")).toBe(`Bring cash\nFirst round's on Sam\n\n${pints.url}`);
    expect(params(link).get("location")).toBe("The Crown, 1 High St, London");
  });

  it("opens Outlook with ISO UTC times", () => {
    const link = outlookCalendarUrl({ ...pints, durationType: "specific_time" }, LONDON);
    expect(link.startsWith("https://outlook.live.com/calendar/0/deeplink/compose?")).toBe(true);
    expect(params(link).get("path")).toBe("/calendar/action/compose");
    expect(params(link).get("rru")).toBe("addevent");
    expect(params(link).get("subject")).toBe(pints.title);
    expect(params(link).get("startdt")).toBe("2025-06-06T19:00:00Z");
    expect(params(link).get("enddt")).toBe("2025-06-06T23:00:00Z");
  });

  it("opens Yahoo with UTC start and end", () => {
    const link = yahooCalendarUrl({ ...pints, durationType: "all_night" }, LONDON);
    expect(params(link).get("v")).toBe("60");
    expect(params(link).get("st")).toBe("20250606T190000Z");
    expect(params(link).get("et")).toBe("20250606T230000Z");
    expect(params(link).get("in_loc")).toBe("The Crown, 1 High St, London");
  });
});

describe("location and description", () => {
  it("does not repeat a place name the address already holds", () => {
    expect(calendarLocation({ placeName: "The Crown", location: "The Crown, 1 High St" })).toBe(
      "The Crown, 1 High St",
    );
    expect(calendarLocation({ placeName: "The Crown", location: null })).toBe("The Crown");
    expect(calendarLocation({ placeName: null, location: "1 High St" })).toBe("1 High St");
    expect(calendarLocation({})).toBe("");
  });

  it("ends the description with the event link", () => {
    expect(calendarDescription({ notes: null, url: pints.url })).toBe(pints.url);
  });
});

it("places a session with a bar crawl at its first stop", () => {
  const start = { name: "Nightjar", address: "129 City Road", latitude: 51.5, longitude: -0.09 };
  expect(atCrawlStart(pints, null)).toBe(pints);
  const placed = atCrawlStart(pints, start);
  expect(calendarLocation(placed)).toBe("Nightjar, 129 City Road");
  expect(placed).toMatchObject({ latitude: 51.5, longitude: -0.09, title: pints.title });
  expect(calendarLocation(atCrawlStart(pints, { ...start, address: null }))).toBe("Nightjar");
});
