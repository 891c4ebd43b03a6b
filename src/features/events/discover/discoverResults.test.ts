import { describe, expect, it } from "vitest";
import { foundSessionsLine, uniqueById } from "./discoverResults";

describe("uniqueById (counts that change while pages load)", () => {
  it("keeps the first of each card, in order", () => {
    const cards = [{ _id: "b" }, { _id: "d" }, { _id: "c" }, { _id: "d" }, { _id: "a" }];
    expect(uniqueById(cards).map((card) => card._id)).toEqual(["b", "d", "c", "a"]);
  });
});

describe("foundSessionsLine (the true total)", () => {
  it("counts everything once all pages are in", () => {
    expect(foundSessionsLine(1, true, { count: 50, more: true })).toBe("Found 1 session");
    expect(foundSessionsLine(73, true, undefined)).toBe("Found 73 sessions");
  });

  it("uses the server's count while pages remain, bounded at 50+", () => {
    expect(foundSessionsLine(12, false, { count: 37, more: false })).toBe("Found 37 sessions");
    expect(foundSessionsLine(50, false, { count: 50, more: true })).toBe("Found 50+ sessions");
    expect(foundSessionsLine(100, false, { count: 50, more: true })).toBe("Found 100+ sessions");
    expect(foundSessionsLine(50, false, undefined)).toBe("Found 50+ sessions");
  });
});
