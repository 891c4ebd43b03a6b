import { describe, expect, test } from "vitest";
import { BADGE_CATALOGUE, badgeByKey } from "./badgeCatalogue";
import {
  BADGE_MESSAGES,
  NO_COUNTERS,
  badgesToCheck,
  criteriaFor,
  defaultVisibleKeys,
  progressOf,
  progressPercent,
  titlePhrasesIn,
} from "./badgeRules";

describe("default visibility (Top 4 by Tier)", () => {
  test("one per category first, highest tier first", () => {
    // Two neon in one category, gold elsewhere: one neon, then the other categories' best.
    const earned = [
      "eternal_tab", // neon, event participation
      "bar_stool_legend", // gold, event participation
      "the_landlord", // neon, hosting & crew
      "thirty_nights", // gold, streaks
      "hop_head", // silver, drinks
      "first_pour", // bronze
    ];
    expect(defaultVisibleKeys(earned)).toEqual([
      "eternal_tab",
      "the_landlord",
      "thirty_nights",
      "hop_head",
    ]);
  });

  test("fills with the best of the rest when fewer than 4 categories", () => {
    expect(
      defaultVisibleKeys([
        "first_pour",
        "round_regular",
        "bar_stool_legend",
        "eternal_tab",
        "live_wire",
      ]),
    ).toEqual(["eternal_tab", "bar_stool_legend", "round_regular", "live_wire"]);
  });

  test("ties go to the earlier catalogue badge; fewer than 4 earned shows them all", () => {
    expect(defaultVisibleKeys(["tgif", "first_pour"])).toEqual(["first_pour", "tgif"]);
    expect(defaultVisibleKeys([])).toEqual([]);
    expect(defaultVisibleKeys(["not_a_badge", "first_pour"])).toEqual(["first_pour"]);
  });
});

describe("progress", () => {
  test("current is the counter, capped at the target (default 5)", () => {
    const roundRegular = badgeByKey("round_regular")!;
    expect(progressOf(roundRegular, { ...NO_COUNTERS, eventCount: 3 })).toEqual({
      current: 3,
      target: 5,
    });
    expect(progressOf(roundRegular, { ...NO_COUNTERS, eventCount: 9 })).toEqual({
      current: 5,
      target: 5,
    });
    const hopHead = badgeByKey("hop_head")!;
    expect(progressOf(hopHead, { ...NO_COUNTERS, drinks: { beer: 2, wine: 4 } })).toEqual({
      current: 2,
      target: 5,
    });
    expect(progressPercent(2, 5)).toBe(40);
    expect(progressPercent(7, 5)).toBe(100);
  });

  test("title phrases are found case-insensitively", () => {
    expect(titlePhrasesIn("CHEERS to Clink night")).toEqual(["cheers", "clink"]);
    expect(titlePhrasesIn("Quiet pint")).toEqual([]);
  });
});

describe("which badges a check looks at", () => {
  test("an action's criteria plus days active; the bulk check all; earned ones never", () => {
    const join = criteriaFor("attendance");
    expect(join).not.toBe("all");
    expect([...(join as Set<string>)]).toContain("event_count");
    expect([...(join as Set<string>)]).toContain("days_active");
    expect([...(criteriaFor("attendees") as Set<string>)]).toEqual(["event_attendees"]);
    expect(badgesToCheck("bulk", new Set()).length).toBe(BADGE_CATALOGUE.length);
    const keys = badgesToCheck("attendance", new Set(["first_pour"])).map((badge) => badge.key);
    expect(keys).not.toContain("first_pour");
    expect(keys).toContain("round_regular");
    expect(keys).not.toContain("vibe_initiator");
  });

  test("the fifth-badge refusal reads as the spec says", () => {
    expect(BADGE_MESSAGES.visibleLimit).toBe(
      "You already have 4 badges shown in your profile. Please disable another badge first.",
    );
  });
});
