import { describe, expect, test } from "vitest";
import type { Participation } from "./eventAccess";
import {
  STOP_MESSAGES,
  STOP_TIME_SLACK_MS,
  canEditStops,
  checkStop,
  crawlRoute,
  crawlSummary,
  isSameStops,
  stopMapsUrl,
} from "./stopRules";

const HOUR = 60 * 60 * 1000;
const session = { startTime: 100 * HOUR, endTime: 105 * HOUR };
const none: Participation = { isCreator: false, rsvpStatus: null, member: null };
const place = {
  placeId: "osm:N42",
  placeName: "The Crown",
  address: "22 Neal Street",
  latitude: 51.5,
  longitude: -0.12,
};

describe("checkStop", () => {
  test("keeps the cleaned text, a picked place and a time near the session", () => {
    expect(checkStop({ name: "  The Crown\n", place, plannedTime: 101 * HOUR }, session)).toEqual({
      ok: true,
      name: "The Crown",
      place,
      plannedTime: 101 * HOUR,
    });
    expect(checkStop({ name: "Jo's flat", place: null, plannedTime: null }, session)).toEqual({
      ok: true,
      name: "Jo's flat",
      place: null,
      plannedTime: null,
    });
    const early = session.startTime - STOP_TIME_SLACK_MS;
    expect(checkStop({ name: "x", place: null, plannedTime: early }, session).ok).toBe(true);
  });

  test("refuses an empty place, a bad picked place and a time far outside the session", () => {
    expect(checkStop({ name: " \u200b ", place: null, plannedTime: null }, session)).toEqual({
      ok: false,
      field: "name",
      message: STOP_MESSAGES.nameRequired,
    });
    expect(
      checkStop({ name: "x".repeat(201), place: null, plannedTime: null }, session),
    ).toMatchObject({
      field: "name",
      message: STOP_MESSAGES.nameTooLong,
    });
    expect(
      checkStop({ name: "x", place: { ...place, latitude: 91 }, plannedTime: null }, session),
    ).toMatchObject({ field: "place", message: STOP_MESSAGES.placeInvalid });
    expect(
      checkStop({ name: "x", place: { ...place, placeId: " " }, plannedTime: null }, session),
    ).toMatchObject({ field: "place" });
    for (const plannedTime of [
      session.endTime + STOP_TIME_SLACK_MS + 1,
      session.startTime - STOP_TIME_SLACK_MS - 1,
      Number.NaN,
    ]) {
      expect(checkStop({ name: "x", place: null, plannedTime }, session)).toMatchObject({
        field: "plannedTime",
        message: STOP_MESSAGES.timeOutsideSession,
      });
    }
  });
});

test("the host and accepted co-hosts may change stops; guests and strangers may not", () => {
  expect(canEditStops({ ...none, isCreator: true })).toBe(true);
  expect(canEditStops({ ...none, member: { role: "co_host", status: "accepted" } })).toBe(true);
  expect(canEditStops({ ...none, rsvpStatus: "going" })).toBe(false);
  expect(canEditStops(none)).toBe(false);
  expect(canEditStops(null)).toBe(false);
});

test("a new order lists each stop exactly once", () => {
  expect(isSameStops(["a", "b", "c"], ["c", "a", "b"])).toBe(true);
  expect(isSameStops(["a", "b", "c"], ["a", "b"])).toBe(false);
  expect(isSameStops(["a", "b", "c"], ["a", "a", "b"])).toBe(false);
  expect(isSameStops(["a", "b", "c"], ["a", "b", "z"])).toBe(false);
});

test("the maps link opens the coordinates of a picked place, else its text", () => {
  expect(stopMapsUrl({ name: "The Crown", address: null, latitude: 51.5, longitude: -0.12 })).toBe(
    "https://www.google.com/maps/search/?api=1&query=51.5%2C-0.12",
  );
  expect(stopMapsUrl({ name: "Jo's & co", address: null, latitude: null, longitude: null })).toBe(
    "https://www.google.com/maps/search/?api=1&query=Jo's%20%26%20co",
  );
});

test("the crawl's line counts stops and rounds the time to the half hour", () => {
  expect(crawlSummary(3, 5 * HOUR)).toBe("3 stops · 5 hours");
  expect(crawlSummary(2, HOUR)).toBe("2 stops · 1 hour");
  expect(crawlSummary(4, 2.4 * HOUR)).toBe("4 stops · 2.5 hours");
  expect(crawlSummary(1, 45 * 60 * 1000)).toBe("1 stop · 45 min");
});

test("a crawl's route names its stops in order", () => {
  expect(crawlRoute(["The Crown", "Nightjar", "Jo's flat"])).toBe(
    "Bar crawl: The Crown → Nightjar → Jo's flat",
  );
});
