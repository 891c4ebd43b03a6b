import { describe, expect, test } from "vitest";
import {
  BADGE_CATALOGUE,
  BADGE_CATEGORIES,
  BADGE_COLOR_TIERS,
  CRITERIA_TYPES,
  STARTER_BADGE_KEYS,
  badgeByKey,
  badgeTarget,
} from "./badgeCatalogue";
import { DRINK_TYPES } from "./drinks";
import { NO_COUNTERS, criteriaValue } from "./badgeRules";

describe("the badge catalogue", () => {
  test("about 40 badges with unique keys, names and icons", () => {
    expect(BADGE_CATALOGUE.length).toBeGreaterThanOrEqual(38);
    expect(BADGE_CATALOGUE.length).toBeLessThanOrEqual(48);
    for (const field of ["key", "name"] as const) {
      const values = BADGE_CATALOGUE.map((badge) => badge[field]);
      expect(new Set(values).size).toBe(values.length);
    }
    // One icon per badge; a ladder's first rung may share its drink's emoji with nothing else.
    const icons = BADGE_CATALOGUE.map((badge) => badge.icon);
    expect(icons.length - new Set(icons).size).toBeLessThanOrEqual(1);
    for (const badge of BADGE_CATALOGUE) expect(badge.key).toMatch(/^[a-z0-9_]+$/);
  });

  test("every criteria type and every category is used; every target is above 0", () => {
    expect(new Set(BADGE_CATALOGUE.map((badge) => badge.criteria.type))).toEqual(
      new Set(CRITERIA_TYPES),
    );
    expect(new Set(BADGE_CATALOGUE.map((badge) => badge.category))).toEqual(
      new Set(BADGE_CATEGORIES),
    );
    for (const badge of BADGE_CATALOGUE) {
      expect({ key: badge.key, target: badgeTarget(badge) > 0 }).toEqual({
        key: badge.key,
        target: true,
      });
      expect(Number.isInteger(badgeTarget(badge))).toBe(true);
      expect(BADGE_COLOR_TIERS).toContain(badge.colorTier);
      expect(badge.description.length).toBeGreaterThan(10);
    }
  });

  test("conditions name what their criteria need (a real drink, a weekday, a phrase)", () => {
    for (const badge of BADGE_CATALOGUE) {
      const { type, conditions } = badge.criteria;
      if (type === "drink_type") expect(DRINK_TYPES).toContain(conditions?.drink);
      if (type === "day_events") expect(conditions?.day).toBeTruthy();
      if (type === "event_title") expect(conditions?.phrase).toMatch(/^[a-z ]+$/);
      // A badge at 0 on empty counters is never earned for nothing.
      expect(criteriaValue(badge, NO_COUNTERS)).toBe(0);
    }
  });

  test("ladders climb: within a category and criterion, a higher rung needs more", () => {
    const ladders = new Map<string, Array<{ tier: number; target: number }>>();
    for (const badge of BADGE_CATALOGUE) {
      const { type, conditions } = badge.criteria;
      const id = `${badge.category}/${type}/${JSON.stringify(conditions ?? {})}`;
      ladders.set(id, [
        ...(ladders.get(id) ?? []),
        { tier: badge.tier, target: badgeTarget(badge) },
      ]);
    }
    for (const rungs of ladders.values()) {
      const sorted = [...rungs].sort((a, b) => a.tier - b.tier);
      for (let i = 1; i < sorted.length; i++) {
        expect(sorted[i].tier).toBeGreaterThan(sorted[i - 1].tier);
        expect(sorted[i].target).toBeGreaterThan(sorted[i - 1].target);
      }
    }
  });

  test("the spec's starter badges exist, by name", () => {
    expect(STARTER_BADGE_KEYS.map((key) => badgeByKey(key)?.name)).toEqual([
      "First Pour",
      "Vibe Initiator",
      "Squad Recruit",
      "Buzzword Rookie",
      "Photo Bae I",
      "Founding Clink",
    ]);
  });

  test("hidden and easter-egg badges exist", () => {
    expect(BADGE_CATALOGUE.some((badge) => badge.isHidden)).toBe(true);
    expect(BADGE_CATALOGUE.some((badge) => badge.isEasterEgg && !badge.isHidden)).toBe(true);
  });
});
