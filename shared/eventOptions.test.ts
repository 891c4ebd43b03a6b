import { describe, expect, it } from "vitest";
import {
  DURATION_TYPES,
  RSVP_STATUS_LABELS,
  VIBES,
  VIBE_OPTIONS,
  isDurationType,
  isVibe,
  vibeEmoji,
  vibeLabel,
} from "./eventOptions";

describe("vibes", () => {
  it("has the one list of vibes, each with a label and an emoji", () => {
    expect(VIBES).toEqual([
      "casual",
      "party",
      "chill",
      "wild",
      "classy",
      "shots",
      "stone_cold",
      "other",
    ]);
    for (const vibe of VIBES) {
      expect(VIBE_OPTIONS[vibe].label).not.toBe("");
      expect(VIBE_OPTIONS[vibe].emoji).not.toBe("");
    }
    expect(vibeLabel("stone_cold")).toBe("Stone Cold");
    expect(vibeEmoji("party")).toBe("🎉");
    expect(vibeLabel("rowdy")).toBe("");
    expect(isVibe("chill")).toBe(true);
    expect(isVibe(null)).toBe(false);
  });
});

describe("time choices and RSVPs", () => {
  it("lists the duration types and RSVP labels", () => {
    expect(DURATION_TYPES).toEqual(["now", "specific_time", "all_night", "custom"]);
    expect(isDurationType("all_night")).toBe(true);
    expect(isDurationType("forever")).toBe(false);
    expect(RSVP_STATUS_LABELS).toEqual({ going: "Going", maybe: "Maybe", not_going: "Not Going" });
  });
});
