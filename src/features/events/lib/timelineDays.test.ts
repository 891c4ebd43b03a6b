import { describe, expect, it } from "vitest";
import { groupByStartDay } from "./timelineDays";

const at = (day: number, hour: number) => Date.UTC(2025, 5, day, hour);

describe("groupByStartDay (the timeline)", () => {
  // As Your Sessions lists them, by end: an overlapping two-day session ends last.
  const byEnd = [
    { id: "mon-short", startTime: at(16, 20), endTime: at(16, 23) },
    { id: "tue", startTime: at(17, 18), endTime: at(17, 21) },
    { id: "mon-long", startTime: at(16, 19), endTime: at(17, 23) },
  ];

  it("gives each day one header, however the list was ordered", () => {
    const days = groupByStartDay(byEnd, "UTC", "upcoming");
    expect(days.map((day) => day.label)).toEqual([
      "Monday, June 16, 2025",
      "Tuesday, June 17, 2025",
    ]);
    expect(days.map((day) => day.events.map((event) => event.id))).toEqual([
      ["mon-long", "mon-short"],
      ["tue"],
    ]);
    expect(new Set(days.map((day) => day.key)).size).toBe(days.length);
  });

  it("runs most recent first for past sessions, by the viewer's day", () => {
    const days = groupByStartDay(byEnd, "America/Los_Angeles", "past");
    expect(days.map((day) => day.key)).toEqual(["2025-06-17", "2025-06-16"]);
    expect(days[0].events.map((event) => event.id)).toEqual(["tue"]);
  });
});
