import { describe, expect, it } from "vitest";
import { DRINK_TYPES, DRINKS, FAVORITE_DRINK_OPTIONS, drinkEmoji, drinkLabel, isFavoriteDrink } from "./drinks";

describe("drinks", () => {
  it("has the one list of drinks, each with a label and an emoji", () => {
    expect(DRINK_TYPES).toEqual([
      "beer", "wine", "cocktails", "whiskey", "vodka", "rum", "gin", "tequila", "champagne", "sake", "shots", "mixed", "other",
    ]);
    for (const type of DRINK_TYPES) {
      expect(DRINKS[type].label).not.toBe("");
      expect(DRINKS[type].emoji).not.toBe("");
    }
    expect(drinkEmoji("beer")).toBe("🍺");
    expect(drinkLabel("sake")).toBe("Sake");
    expect(drinkEmoji(null)).toBe("");
    expect(drinkEmoji("absinthe")).toBe("");
  });

  it("offers the spec's favourite drinks plus 'none' first", () => {
    expect(FAVORITE_DRINK_OPTIONS.map((o) => o.value)).toEqual([
      "none", "beer", "wine", "cocktails", "whiskey", "vodka", "rum", "gin", "tequila", "champagne", "sake", "other",
    ]);
    expect(isFavoriteDrink("shots")).toBe(false);
    expect(isFavoriteDrink("none")).toBe(false);
  });
});
