/**
 * Drink types: one list everywhere (sessions, discover, profiles), each with a
 * label and an emoji, plus the profile's favourite-drink options.
 */

export const DRINK_TYPES = [
  "beer",
  "wine",
  "cocktails",
  "whiskey",
  "vodka",
  "rum",
  "gin",
  "tequila",
  "champagne",
  "sake",
  "shots",
  "mixed",
  "other",
] as const;

export type DrinkType = (typeof DRINK_TYPES)[number];

export const DRINKS: Record<DrinkType, { label: string; emoji: string }> = {
  beer: { label: "Beer", emoji: "🍺" },
  wine: { label: "Wine", emoji: "🍷" },
  cocktails: { label: "Cocktails", emoji: "🍸" },
  whiskey: { label: "Whiskey", emoji: "🥃" },
  vodka: { label: "Vodka", emoji: "🧊" },
  rum: { label: "Rum", emoji: "🏝️" },
  gin: { label: "Gin", emoji: "🫒" },
  tequila: { label: "Tequila", emoji: "🌵" },
  champagne: { label: "Champagne", emoji: "🍾" },
  sake: { label: "Sake", emoji: "🍶" },
  shots: { label: "Shots", emoji: "🔥" },
  mixed: { label: "Mixed", emoji: "🍹" },
  other: { label: "Other", emoji: "🥂" },
};

function isDrinkType(value: unknown): value is DrinkType {
  return typeof value === "string" && (DRINK_TYPES as readonly string[]).includes(value);
}

/** The emoji for a drink type; '' for none or an unknown value. */
export function drinkEmoji(drink: string | null | undefined): string {
  return isDrinkType(drink) ? DRINKS[drink].emoji : "";
}

export function drinkLabel(drink: string | null | undefined): string {
  return isDrinkType(drink) ? DRINKS[drink].label : "";
}

/** Discover's drink filter: all, beer, wine, cocktails, whiskey and "more" (every other drink). */
export const DISCOVER_DRINK_FILTERS = ["all", "beer", "wine", "cocktails", "whiskey", "more"] as const;

/**
 * Favourite drinks a profile may store ("shots" and
 * "mixed" are event drink types only). "No preference" is stored as null.
 */
export const FAVORITE_DRINKS = [
  "beer",
  "wine",
  "cocktails",
  "whiskey",
  "vodka",
  "rum",
  "gin",
  "tequila",
  "champagne",
  "sake",
  "other",
] as const satisfies readonly DrinkType[];

export type FavoriteDrink = (typeof FAVORITE_DRINKS)[number];

/** The form value meaning "no preference"; saved as null. */
export const NO_FAVORITE_DRINK = "none";

/** Options for the favourite-drink select, "No preference" first. */
export const FAVORITE_DRINK_OPTIONS: ReadonlyArray<{ value: FavoriteDrink | typeof NO_FAVORITE_DRINK; label: string; emoji: string }> = [
  { value: NO_FAVORITE_DRINK, label: "No preference", emoji: "" },
  ...FAVORITE_DRINKS.map((value) => ({ value, ...DRINKS[value] })),
];

export function isFavoriteDrink(value: unknown): value is FavoriteDrink {
  return typeof value === "string" && (FAVORITE_DRINKS as readonly string[]).includes(value);
}
