import { describe, expect, it } from "vitest";
import {
  HOUR_MS,
  MINUTE_MS,
  TIMING_BADGES,
  countdownText,
  defaultEventEnd,
  eventEnd,
  formatEventDate,
  formatEventTime,
  formatEventTimeRange,
  fromDateTimeLocalValue,
  hasShowableTimes,
  isLive,
  isRecapUnlocked,
  isUpcoming,
  isValidTimeZone,
  nextLocalMidnight,
  recapUnlockTime,
  reminderTimes,
  resolveEventTimes,
  splitUpcomingAndPast,
  timeZoneOrUtc,
  toDateTimeLocalValue,
  timingLabel,
  timingStatus,
  UNKNOWN_TIME_TEXT,
  type EventTimes,
} from "./eventTiming";

const LONDON = "Europe/London";
const NEW_YORK = "America/New_York";
const utc = (iso: string) => Date.parse(iso);

function event(
  startIso: string,
  durationType: EventTimes["durationType"] = "now",
  endIso?: string,
): EventTimes {
  return {
    startTime: utc(startIso),
    endTime: endIso === undefined ? null : utc(endIso),
    durationType,
  };
}

describe("default end", () => {
  it("is 3 h for now and custom, 4 h for specific_time", () => {
    const start = utc("2025-06-06T19:00:00Z");
    expect(defaultEventEnd(start, "now", LONDON) - start).toBe(3 * HOUR_MS);
    expect(defaultEventEnd(start, "custom", LONDON) - start).toBe(3 * HOUR_MS);
    expect(defaultEventEnd(start, "specific_time", LONDON) - start).toBe(4 * HOUR_MS);
  });

  it("ends all_night at the next local midnight", () => {
    // 20:00 BST → 00:00 BST = 23:00 UTC.
    expect(defaultEventEnd(utc("2025-06-06T19:00:00Z"), "all_night", LONDON)).toBe(
      utc("2025-06-06T23:00:00Z"),
    );
    // Same instant, New York: 15:00 EDT → 00:00 EDT = 04:00 UTC next day.
    expect(defaultEventEnd(utc("2025-06-06T19:00:00Z"), "all_night", NEW_YORK)).toBe(
      utc("2025-06-07T04:00:00Z"),
    );
  });

  it("takes the following midnight when the start is exactly midnight, or just after it", () => {
    expect(nextLocalMidnight(utc("2025-01-10T00:00:00Z"), LONDON)).toBe(
      utc("2025-01-11T00:00:00Z"),
    );
    expect(nextLocalMidnight(utc("2025-01-10T00:30:00Z"), LONDON)).toBe(
      utc("2025-01-11T00:00:00Z"),
    );
    expect(nextLocalMidnight(utc("2025-01-09T23:59:59Z"), LONDON)).toBe(
      utc("2025-01-10T00:00:00Z"),
    );
  });

  it("answers by instant, zone and day, however often and in whatever order it is asked", () => {
    // Day starts are kept between calls: a kept answer must never leak to another zone or day.
    const instant = utc("2025-06-06T19:00:00Z");
    for (let round = 0; round < 3; round++) {
      expect(nextLocalMidnight(instant, NEW_YORK)).toBe(utc("2025-06-07T04:00:00Z"));
      expect(nextLocalMidnight(instant, LONDON)).toBe(utc("2025-06-06T23:00:00Z"));
      // More distinct questions than are kept, so the store is also emptied between rounds.
      for (let day = 0; day < 100; day++) {
        const later = instant + day * 24 * HOUR_MS;
        expect(nextLocalMidnight(later, LONDON)).toBe(
          utc("2025-06-06T23:00:00Z") + day * 24 * HOUR_MS,
        );
      }
    }
  });

  it("follows the wall clock over the March DST change (Europe/London)", () => {
    // Clocks go forward at 01:00 GMT on Sunday 30 March 2025.
    expect(nextLocalMidnight(utc("2025-03-29T22:00:00Z"), LONDON)).toBe(
      utc("2025-03-30T00:00:00Z"),
    );
    // That Sunday has 23 hours: midnight to midnight.
    expect(nextLocalMidnight(utc("2025-03-30T00:00:00Z"), LONDON)).toBe(
      utc("2025-03-30T23:00:00Z"),
    );
    expect(defaultEventEnd(utc("2025-03-30T19:00:00Z"), "all_night", LONDON)).toBe(
      utc("2025-03-30T23:00:00Z"),
    );
  });

  it("follows the wall clock over the October DST change (Europe/London)", () => {
    // Clocks go back at 02:00 BST on Sunday 26 October 2025; that day has 25 hours.
    expect(nextLocalMidnight(utc("2025-10-25T19:00:00Z"), LONDON)).toBe(
      utc("2025-10-25T23:00:00Z"),
    );
    expect(nextLocalMidnight(utc("2025-10-25T23:00:00Z"), LONDON)).toBe(
      utc("2025-10-27T00:00:00Z"),
    );
  });

  it("counts fixed lengths in elapsed hours across a DST change", () => {
    // 23:00 GMT + 4 h = 04:00 BST on the wall clock, 4 real hours later.
    const start = utc("2025-03-29T23:00:00Z");
    expect(defaultEventEnd(start, "specific_time", LONDON)).toBe(utc("2025-03-30T03:00:00Z"));
    expect(formatEventTime(start + 4 * HOUR_MS, LONDON)).toBe("4:00 AM");
  });

  it("uses the day's first moment where DST skips midnight (America/Santiago)", () => {
    // 8 September 2024: 00:00 -04 jumps to 01:00 -03.
    expect(nextLocalMidnight(utc("2024-09-07T22:00:00Z"), "America/Santiago")).toBe(
      utc("2024-09-08T04:00:00Z"),
    );
  });

  it("prefers an explicit end", () => {
    const timed = event("2025-06-06T19:00:00Z", "all_night", "2025-06-07T02:00:00Z");
    expect(eventEnd(timed, LONDON)).toBe(utc("2025-06-07T02:00:00Z"));
    expect(eventEnd(event("2025-06-06T19:00:00Z", "all_night"), LONDON)).toBe(
      utc("2025-06-06T23:00:00Z"),
    );
  });
});

describe("resolveEventTimes (the wizard's time choice)", () => {
  const now = utc("2025-06-06T17:12:00Z");

  it("starts 'Right Now' at now, whatever start was sent", () => {
    expect(
      resolveEventTimes(
        { durationType: "now", startTime: utc("2025-07-01T00:00:00Z") },
        now,
        LONDON,
      ),
    ).toEqual({
      startTime: now,
      endTime: now + 3 * HOUR_MS,
    });
  });

  it("fills the default end for the other choices and keeps an explicit one", () => {
    const start = utc("2025-06-06T20:00:00Z");
    expect(
      resolveEventTimes({ durationType: "specific_time", startTime: start }, now, LONDON).endTime,
    ).toBe(start + 4 * HOUR_MS);
    expect(
      resolveEventTimes({ durationType: "all_night", startTime: start }, now, LONDON).endTime,
    ).toBe(utc("2025-06-06T23:00:00Z"));
    expect(
      resolveEventTimes(
        { durationType: "custom", startTime: start, endTime: start + HOUR_MS },
        now,
        LONDON,
      ),
    ).toEqual({ startTime: start, endTime: start + HOUR_MS });
  });
});

describe("timing status", () => {
  const now = utc("2025-06-06T18:00:00Z"); // Friday 19:00 BST

  it("is past at and after the end, now from the start until the end", () => {
    const started = event("2025-06-06T16:00:00Z"); // ends 19:00 UTC
    expect(timingStatus(started, now, LONDON)).toBe("now");
    expect(timingStatus(started, utc("2025-06-06T16:00:00Z"), LONDON)).toBe("now");
    expect(timingStatus(started, utc("2025-06-06T19:00:00Z"), LONDON)).toBe("past");
  });

  it("is today, tomorrow or future by the local calendar", () => {
    expect(timingStatus(event("2025-06-06T22:59:00Z"), now, LONDON)).toBe("today"); // 23:59 BST
    expect(timingStatus(event("2025-06-06T23:00:00Z"), now, LONDON)).toBe("tomorrow"); // 00:00 BST
    expect(timingStatus(event("2025-06-07T22:59:00Z"), now, LONDON)).toBe("tomorrow");
    expect(timingStatus(event("2025-06-07T23:00:00Z"), now, LONDON)).toBe("future");
  });

  it("depends on the viewer's time zone", () => {
    const lateEvening = utc("2025-06-06T22:30:00Z");
    const soon = event("2025-06-06T23:30:00Z");
    expect(timingStatus(soon, lateEvening, "UTC")).toBe("today");
    expect(timingStatus(soon, lateEvening, LONDON)).toBe("tomorrow"); // 00:30 BST on the 7th
    expect(timingStatus(soon, lateEvening, NEW_YORK)).toBe("today");
  });

  it("treats a start at local midnight tonight as tomorrow, and one at the midnight after as future", () => {
    const justBeforeMidnight = utc("2025-01-10T23:59:59Z");
    expect(timingStatus(event("2025-01-11T00:00:00Z"), justBeforeMidnight, LONDON)).toBe(
      "tomorrow",
    );
    expect(timingStatus(event("2025-01-12T00:00:00Z"), justBeforeMidnight, LONDON)).toBe("future");
    expect(timingStatus(event("2025-01-11T23:00:00Z"), utc("2025-01-11T00:00:00Z"), LONDON)).toBe(
      "today",
    );
  });

  it("counts calendar days, not 24 hours, over the March DST change", () => {
    const saturdayNoon = utc("2025-03-29T12:00:00Z");
    expect(timingStatus(event("2025-03-30T22:30:00Z"), saturdayNoon, LONDON)).toBe("tomorrow"); // Sun 23:30 BST
    expect(timingStatus(event("2025-03-30T23:00:00Z"), saturdayNoon, LONDON)).toBe("future"); // Mon 00:00 BST
  });

  it("counts calendar days, not 24 hours, over the October DST change", () => {
    const saturdayNoon = utc("2025-10-25T11:00:00Z");
    expect(timingStatus(event("2025-10-26T23:30:00Z"), saturdayNoon, LONDON)).toBe("tomorrow"); // Sun 23:30 GMT
    expect(timingStatus(event("2025-10-27T00:00:00Z"), saturdayNoon, LONDON)).toBe("future"); // Mon 00:00 GMT
  });

  it("keeps an all-night session live from its start until midnight", () => {
    const allNight = event("2025-06-06T20:00:00Z", "all_night"); // 21:00 BST until 00:00 BST
    expect(isLive(allNight, utc("2025-06-06T19:59:59Z"), LONDON)).toBe(false);
    expect(isLive(allNight, utc("2025-06-06T20:00:00Z"), LONDON)).toBe(true);
    expect(isLive(allNight, utc("2025-06-06T22:59:59Z"), LONDON)).toBe(true);
    expect(isLive(allNight, utc("2025-06-06T23:00:00Z"), LONDON)).toBe(false);
    expect(timingStatus(allNight, utc("2025-06-06T23:00:00Z"), LONDON)).toBe("past");
  });

  it("has a card badge per status", () => {
    expect(TIMING_BADGES).toEqual({
      past: "Past",
      now: "LIVE",
      today: "Today",
      tomorrow: "Tomorrow",
      future: "Upcoming",
    });
  });
});

describe("timing labels", () => {
  const now = utc("2025-06-06T18:00:00Z"); // Friday 6 June, 19:00 BST

  it("says 'Event ended' for past events", () => {
    expect(timingLabel(event("2025-06-06T10:00:00Z"), now, LONDON)).toBe("Event ended");
  });

  it("says 'Happening now!', or the all-night variant", () => {
    expect(timingLabel(event("2025-06-06T17:00:00Z"), now, LONDON)).toBe("Happening now!");
    expect(timingLabel(event("2025-06-06T17:00:00Z", "all_night"), now, LONDON)).toBe(
      "All night session in progress! 🌙",
    );
  });

  it("says 'Today at {time}', or 'Tonight at {time} - All Night! 🌙'", () => {
    expect(timingLabel(event("2025-06-06T19:30:00Z"), now, LONDON)).toBe("Today at 8:30 PM");
    expect(timingLabel(event("2025-06-06T20:00:00Z", "all_night"), now, LONDON)).toBe(
      "Tonight at 9:00 PM - All Night! 🌙",
    );
  });

  it("says 'Tomorrow at {time}'", () => {
    expect(timingLabel(event("2025-06-07T11:05:00Z"), now, LONDON)).toBe("Tomorrow at 12:05 PM");
  });

  it("otherwise gives weekday, month, day and time", () => {
    expect(timingLabel(event("2025-06-14T19:00:00Z", "specific_time"), now, LONDON)).toBe(
      "Saturday, June 14 at 8:00 PM",
    );
  });

  it("prints times in the given zone", () => {
    expect(timingLabel(event("2025-06-06T23:30:00Z"), now, NEW_YORK)).toBe("Today at 7:30 PM");
  });
});

describe("date and time text", () => {
  it("formats date, time and range in the zone", () => {
    const allNight = event("2025-03-29T21:00:00Z", "all_night");
    expect(formatEventDate(allNight.startTime, LONDON)).toBe("Saturday, March 29, 2025");
    expect(formatEventTimeRange(allNight, LONDON)).toBe("9:00 PM - 12:00 AM");
    expect(formatEventTime(new Date("2025-03-30T11:00:00Z"), LONDON)).toBe("12:00 PM");
  });
});

describe("countdown", () => {
  const start = utc("2025-06-06T20:00:00Z");

  it("shows 'Starting in Xh Ym' under 24 hours, minutes rounded down", () => {
    expect(countdownText(start, start - (23 * HOUR_MS + 59 * MINUTE_MS + 59_000))).toBe(
      "Starting in 23h 59m",
    );
    expect(countdownText(start, start - 90 * MINUTE_MS)).toBe("Starting in 1h 30m");
    expect(countdownText(start, new Date(start - 90_000))).toBe("Starting in 0h 1m");
    expect(countdownText(start, start - 30_000)).toBe("Starting in 0h 0m");
  });

  it("is hidden at 24 hours or more, and once started", () => {
    expect(countdownText(start, start - 24 * HOUR_MS)).toBeNull();
    expect(countdownText(start, start)).toBeNull();
    expect(countdownText(start, start + MINUTE_MS)).toBeNull();
  });
});

describe("upcoming and past", () => {
  it("puts now, today, tomorrow and future in upcoming (soonest first), the rest in past (latest first)", () => {
    const now = utc("2025-06-06T18:00:00Z");
    const live = event("2025-06-06T17:00:00Z");
    const later = event("2025-06-20T17:00:00Z");
    const tonight = event("2025-06-06T21:00:00Z");
    const lastWeek = event("2025-05-30T17:00:00Z");
    const yesterday = event("2025-06-05T17:00:00Z");
    expect(isUpcoming(live, now, LONDON)).toBe(true);
    expect(isUpcoming(yesterday, now, LONDON)).toBe(false);
    expect(splitUpcomingAndPast([later, lastWeek, tonight, yesterday, live], now, LONDON)).toEqual({
      upcoming: [live, tonight, later],
      past: [yesterday, lastWeek],
    });
  });
});

describe("recap unlock (ratings, photos, comments)", () => {
  it("opens 2 h after the start when the event runs longer", () => {
    const evening = event("2025-06-06T18:00:00Z"); // 3 h by default
    expect(recapUnlockTime(evening, LONDON)).toBe(utc("2025-06-06T20:00:00Z"));
    expect(isRecapUnlocked(evening, utc("2025-06-06T19:59:59Z"), LONDON)).toBe(false);
    expect(isRecapUnlocked(evening, utc("2025-06-06T20:00:00Z"), LONDON)).toBe(true);
  });

  it("opens at the end when the event is shorter than 2 h", () => {
    const short = event("2025-06-06T18:00:00Z", "custom", "2025-06-06T19:00:00Z");
    expect(recapUnlockTime(short, LONDON)).toBe(utc("2025-06-06T19:00:00Z"));
    // All night from 23:00 BST ends at midnight, one hour later.
    const lateAllNight = event("2025-06-06T22:00:00Z", "all_night");
    expect(recapUnlockTime(lateAllNight, LONDON)).toBe(utc("2025-06-06T23:00:00Z"));
  });
});

describe("reminders", () => {
  it("are due 30 minutes (in-app) and 1 hour (e-mail) before the start", () => {
    const start = utc("2025-06-06T20:00:00Z");
    expect(reminderTimes(start)).toEqual({
      inApp: utc("2025-06-06T19:30:00Z"),
      email: utc("2025-06-06T19:00:00Z"),
    });
  });
});

describe("time zones", () => {
  it("accepts IANA zones and falls back to UTC otherwise", () => {
    expect(isValidTimeZone(LONDON)).toBe(true);
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
    expect(isValidTimeZone(42)).toBe(false);
    expect(timeZoneOrUtc(NEW_YORK)).toBe(NEW_YORK);
    expect(timeZoneOrUtc("nope")).toBe("UTC");
    expect(timeZoneOrUtc(undefined)).toBe("UTC");
  });
});

describe("datetime-local values", () => {
  it("round-trips a wall time in the zone", () => {
    const start = utc("2025-06-06T19:00:00Z");
    expect(toDateTimeLocalValue(start, LONDON)).toBe("2025-06-06T20:00");
    expect(toDateTimeLocalValue(start, NEW_YORK)).toBe("2025-06-06T15:00");
    expect(fromDateTimeLocalValue("2025-06-06T20:00", LONDON)).toBe(start);
    expect(fromDateTimeLocalValue("2025-06-06T15:00:00", NEW_YORK)).toBe(start);
  });

  it("reads wall times around DST changes", () => {
    // 01:30 does not exist on 30 March in London: it moves forward to 02:30 BST.
    expect(fromDateTimeLocalValue("2025-03-30T01:30", LONDON)).toBe(utc("2025-03-30T01:30:00Z"));
    expect(fromDateTimeLocalValue("2025-03-30T00:30", LONDON)).toBe(utc("2025-03-30T00:30:00Z"));
    expect(fromDateTimeLocalValue("2025-10-26T03:00", LONDON)).toBe(utc("2025-10-26T03:00:00Z"));
  });

  it("rejects empty, malformed and impossible values", () => {
    expect(fromDateTimeLocalValue("", LONDON)).toBeNull();
    expect(fromDateTimeLocalValue("tomorrow", LONDON)).toBeNull();
    expect(fromDateTimeLocalValue("2025-02-31T20:00", LONDON)).toBeNull();
    expect(fromDateTimeLocalValue("2025-06-06T24:00", LONDON)).toBeNull();
  });
});

describe("stored times that cannot be shown", () => {
  const now = utc("2025-06-06T12:00:00Z");
  const absurd = [-1e308, 1e308, 8.64e15 + 1, 2 ** 53, NaN, Infinity, -Infinity];

  it.each(absurd)("no formatter throws on %d, whatever the duration", (value) => {
    for (const durationType of ["now", "all_night", "specific_time", "custom"] as const) {
      for (const event of [
        { startTime: value, endTime: value, durationType },
        { startTime: now, endTime: value, durationType },
        { startTime: value, durationType },
      ]) {
        expect(hasShowableTimes(event, LONDON)).toBe(false);
        expect(formatEventTimeRange(event, LONDON)).toBe(UNKNOWN_TIME_TEXT);
        expect(() => timingLabel(event, now, LONDON)).not.toThrow();
        expect(countdownText(event.startTime, now)).toBeNull();
      }
    }
    expect(formatEventTime(value, LONDON)).toBe(UNKNOWN_TIME_TEXT);
    expect(formatEventDate(value, LONDON)).toBe(UNKNOWN_TIME_TEXT);
    expect(timingLabel({ startTime: value, durationType: "now" }, now, LONDON)).toBe(
      UNKNOWN_TIME_TEXT,
    );
    expect(toDateTimeLocalValue(value, LONDON)).toBe("");
  });

  it("shows the far edges JavaScript dates still hold", () => {
    const farFuture = { startTime: 8.6e15, durationType: "now" as const };
    expect(hasShowableTimes(farFuture, LONDON)).toBe(true);
    expect(formatEventDate(farFuture.startTime, LONDON)).toMatch(/^\w+day, \w+ \d+, 27\d{4}$/);
  });

  it("reads an unknown time zone as UTC instead of throwing", () => {
    const start = utc("2025-06-06T19:00:00Z");
    expect(formatEventTime(start, "Not/AZone")).toBe("7:00 PM");
    expect(timingLabel({ startTime: start, durationType: "now" }, now, "Not/AZone")).toBe(
      "Today at 7:00 PM",
    );
  });
});
