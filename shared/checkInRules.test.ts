import { describe, expect, test } from "vitest";
import {
  buddyListProblem,
  CHECK_IN_LATEST_AFTER_END_MS,
  CHECK_IN_MESSAGES,
  CHECK_IN_RETENTION_MS,
  checkInDeleteAt,
  clockOf,
  defaultDueAt,
  dueAtFromClock,
  dueTimeProblem,
  isOpenCheckIn,
} from "./checkInRules";

const HOUR = 3600_000;

describe("buddyListProblem", () => {
  test("one to five distinct buddies, never the owner", () => {
    expect(buddyListProblem(["a"], "me")).toBeNull();
    expect(buddyListProblem(["a", "b", "c", "d", "e"], "me")).toBeNull();
    expect(buddyListProblem([], "me")).toBe(CHECK_IN_MESSAGES.tooFewBuddies);
    expect(buddyListProblem(["a", "b", "c", "d", "e", "f"], "me")).toBe(
      CHECK_IN_MESSAGES.tooManyBuddies,
    );
    expect(buddyListProblem(["a", "me"], "me")).toBe(CHECK_IN_MESSAGES.selfBuddy);
    expect(buddyListProblem(["a", "a"], "me")).toBe(CHECK_IN_MESSAGES.duplicateBuddy);
  });
});

describe("dueTimeProblem", () => {
  const now = 1_000 * HOUR;
  const end = now + 2 * HOUR;
  test("ahead of now and at most 12 hours after the end", () => {
    expect(dueTimeProblem(now + 1, end, now)).toBeNull();
    expect(dueTimeProblem(end + CHECK_IN_LATEST_AFTER_END_MS, end, now)).toBeNull();
    expect(dueTimeProblem(now, end, now)).toBe(CHECK_IN_MESSAGES.timeInPast);
    expect(dueTimeProblem(now - HOUR, end, now)).toBe(CHECK_IN_MESSAGES.timeInPast);
    expect(dueTimeProblem(Number.NaN, end, now)).toBe(CHECK_IN_MESSAGES.timeInPast);
    expect(dueTimeProblem(end + CHECK_IN_LATEST_AFTER_END_MS + 1, end, now)).toBe(
      CHECK_IN_MESSAGES.timeTooLate,
    );
  });
});

test("the default time is an hour after the end; deletion a week after the later of end and time", () => {
  expect(defaultDueAt(10 * HOUR)).toBe(11 * HOUR);
  expect(checkInDeleteAt(10 * HOUR, 11 * HOUR)).toBe(11 * HOUR + CHECK_IN_RETENTION_MS);
  expect(checkInDeleteAt(10 * HOUR, 9 * HOUR)).toBe(10 * HOUR + CHECK_IN_RETENTION_MS);
});

test("open and closed statuses", () => {
  expect(["waiting", "reminded", "alerted"].every((s) => isOpenCheckIn(s as never))).toBe(true);
  expect(isOpenCheckIn("home")).toBe(false);
  expect(isOpenCheckIn("fine")).toBe(false);
});

describe("dueAtFromClock", () => {
  // Built in the device's zone, whatever it is, so the test does not depend on it.
  const start = new Date(2030, 5, 14, 20, 0).getTime();
  test("a small-hours time is the night after the start", () => {
    expect(dueAtFromClock("01:30", start, start - 24 * HOUR)).toBe(
      new Date(2030, 5, 15, 1, 30).getTime(),
    );
  });
  test("a time later the same evening stays that evening", () => {
    expect(dueAtFromClock("23:00", start, start - HOUR)).toBe(
      new Date(2030, 5, 14, 23, 0).getTime(),
    );
  });
  test("once the session started, the next such time after now", () => {
    const now = new Date(2030, 5, 14, 23, 30).getTime();
    expect(dueAtFromClock("23:00", start, now)).toBe(new Date(2030, 5, 15, 23, 0).getTime());
    expect(dueAtFromClock("23:45", start, now)).toBe(new Date(2030, 5, 14, 23, 45).getTime());
  });
  test("round trip with clockOf, and nonsense is null", () => {
    const due = dueAtFromClock("02:05", start, start)!;
    expect(clockOf(due)).toBe("02:05");
    expect(dueAtFromClock("2:05", start, start)).toBeNull();
    expect(dueAtFromClock("24:00", start, start)).toBeNull();
    expect(dueAtFromClock("", start, start)).toBeNull();
  });
  test("clockOf in a given zone", () => {
    expect(clockOf(Date.UTC(2030, 0, 1, 0, 30), "UTC")).toBe("00:30");
    expect(clockOf(Date.UTC(2030, 0, 1, 0, 30), "Asia/Kolkata")).toBe("06:00");
  });
});
