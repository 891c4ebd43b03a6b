import { describe, expect, test } from "vitest";
import { currentAndNext, movedOrder, shownCurrentStop } from "./crawlView";

const ids = ["a", "b", "c"];

describe("shownCurrentStop", () => {
  test("applies queued taps in tap order on top of the server's stop", () => {
    expect(shownCurrentStop(ids, null, [])).toBeNull();
    expect(
      shownCurrentStop(ids, null, [
        { kind: "moveOn", fromStopId: "a", queuedAt: 2 },
        { kind: "arrive", stopId: "a", queuedAt: 1 },
      ]),
    ).toBe("b");
  });

  test("a move from a stop the crew has left, past the last stop or to a removed stop changes nothing", () => {
    expect(shownCurrentStop(ids, "b", [{ kind: "moveOn", fromStopId: "a", queuedAt: 1 }])).toBe(
      "b",
    );
    expect(shownCurrentStop(ids, "c", [{ kind: "moveOn", fromStopId: "c", queuedAt: 1 }])).toBe(
      "c",
    );
    expect(shownCurrentStop(ids, "a", [{ kind: "arrive", stopId: "zz", queuedAt: 1 }])).toBe("a");
  });
});

test("the next stop is the first one before the crawl starts, none after the last", () => {
  const stops = ids.map((_id) => ({ _id }));
  expect(currentAndNext(stops, null)).toEqual({ current: null, next: { _id: "a" } });
  expect(currentAndNext(stops, "b")).toEqual({ current: { _id: "b" }, next: { _id: "c" } });
  expect(currentAndNext(stops, "c")).toEqual({ current: { _id: "c" }, next: null });
});

test("moving a stop up or down swaps it with its neighbour, never past the ends", () => {
  expect(movedOrder(ids, 1, -1)).toEqual(["b", "a", "c"]);
  expect(movedOrder(ids, 1, 1)).toEqual(["a", "c", "b"]);
  expect(movedOrder(ids, 0, -1)).toEqual(ids);
  expect(movedOrder(ids, 2, 1)).toEqual(ids);
});
