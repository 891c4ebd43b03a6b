/**
 * The badge catalogue: every badge the app can award, kept in code so the engine and
 * the pages read it without touching the database; `badges.syncCatalogue`
 * mirrors it into the `badges` table (the spec's data model) idempotently.
 *
 * Ladders climb bronze → silver → gold → neon within a category. `isHidden`
 * badges are secret until earned (left out of the locked list, even for the
 * owner); `isEasterEgg` ones are playful one-offs. `key` is the stable id:
 * never rename one (earned rows refer to it); retire a badge by deleting it.
 */
import { APP_NAME } from "./brand";
import type { DrinkType } from "./drinks";

export const BADGE_CATEGORIES = [
  "event_participation",
  "hosting_crew",
  "social_activity",
  "streaks_time",
  "weekly_sinners",
  "drink_devotees",
] as const;
export type BadgeCategory = (typeof BADGE_CATEGORIES)[number];

/** The badges page sidebar's labels. */
export const BADGE_CATEGORY_LABELS: Record<BadgeCategory, string> = {
  event_participation: "Event Participation",
  hosting_crew: "Hosting & Crew",
  social_activity: "Social Activity",
  streaks_time: "Streaks & Time",
  weekly_sinners: "Weekly Sinners",
  drink_devotees: "Drink Devotees",
};

export const BADGE_COLOR_TIERS = ["bronze", "silver", "gold", "neon"] as const;
export type BadgeColorTier = (typeof BADGE_COLOR_TIERS)[number];

/**
 * The spec's eleven criteria types, plus photo_count, comment_count and
 * rating_count (docs/decisions.md: the spec's Photo Bae I and the photo,
 * comment and rating actions need a criterion).
 */
export const CRITERIA_TYPES = [
  "event_count",
  "host_count",
  "crew_join",
  "days_active",
  "drink_type",
  "day_events",
  "live_event",
  "same_day_events",
  "event_title",
  "role_promotion",
  "event_attendees",
  "photo_count",
  "comment_count",
  "rating_count",
] as const;
export type CriteriaType = (typeof CRITERIA_TYPES)[number];

export const WEEKDAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A badge's target when its criteria name none. */
const DEFAULT_PROGRESS_TARGET = 5;

export type UnlockCriteria = {
  type: CriteriaType;
  /** How many it takes; DEFAULT_PROGRESS_TARGET when absent. */
  target?: number;
  /** drink_type: the drink; day_events: the weekday; event_title: the phrase (lower case). */
  conditions?: { drink?: DrinkType; day?: Weekday; phrase?: string };
};

export type BadgeDefinition = {
  key: string;
  name: string;
  description: string;
  /** An emoji: one per badge, no icon library. */
  icon: string;
  category: BadgeCategory;
  colorTier: BadgeColorTier;
  /** The rung within its ladder, 1 first. */
  tier: number;
  isHidden: boolean;
  isEasterEgg: boolean;
  criteria: UnlockCriteria;
};

type Entry = Omit<BadgeDefinition, "category" | "isHidden" | "isEasterEgg"> & {
  isHidden?: boolean;
  isEasterEgg?: boolean;
};

function inCategory(category: BadgeCategory, entries: Entry[]): BadgeDefinition[] {
  return entries.map((entry) => ({ isHidden: false, isEasterEgg: false, ...entry, category }));
}

/** The phrase of the buzzword badges (a session whose title contains it counts). */
const BUZZWORD = "cheers";
/** The easter egg's phrase: a session named after the app. */
const APP_PHRASE = APP_NAME.toLowerCase();

/** In display order: by category, then up each ladder. `sort_order` is the index. */
export const BADGE_CATALOGUE: readonly BadgeDefinition[] = [
  ...inCategory("event_participation", [
    {
      key: "first_pour",
      name: "First Pour",
      description: "Join your first session. Welcome to the bar.",
      icon: "🍺",
      colorTier: "bronze",
      tier: 1,
      criteria: { type: "event_count", target: 1 },
    },
    {
      key: "round_regular",
      name: "Round Regular",
      description: "Be at 5 sessions. The bartender knows your order.",
      icon: "🍻",
      colorTier: "silver",
      tier: 2,
      criteria: { type: "event_count" },
    },
    {
      key: "bar_stool_legend",
      name: "Bar Stool Legend",
      description: "Be at 25 sessions. There's a stool with your name on it.",
      icon: "🪑",
      colorTier: "gold",
      tier: 3,
      criteria: { type: "event_count", target: 25 },
    },
    {
      key: "eternal_tab",
      name: "Eternal Tab",
      description: "Be at 100 sessions. Your tab never closes.",
      icon: "♾️",
      colorTier: "neon",
      tier: 4,
      criteria: { type: "event_count", target: 100 },
    },
    {
      key: "fashionably_late",
      name: "Fashionably Late",
      description: "Join a session that is already live.",
      icon: "⏰",
      colorTier: "bronze",
      tier: 1,
      criteria: { type: "live_event", target: 1 },
    },
    {
      key: "live_wire",
      name: "Live Wire",
      description: "Join 5 sessions while they are live.",
      icon: "⚡",
      colorTier: "silver",
      tier: 2,
      criteria: { type: "live_event" },
    },
    {
      key: "double_header",
      name: "Double Header",
      description: "Be at 2 sessions on the same day.",
      icon: "✌️",
      colorTier: "silver",
      tier: 1,
      criteria: { type: "same_day_events", target: 2 },
    },
    {
      key: "pub_crawler",
      name: "Pub Crawler",
      description: "Be at 3 sessions on the same day. Pace yourself.",
      icon: "🧭",
      colorTier: "gold",
      tier: 2,
      criteria: { type: "same_day_events", target: 3 },
    },
  ]),
  ...inCategory("hosting_crew", [
    {
      key: "vibe_initiator",
      name: "Vibe Initiator",
      description: "Host your first session.",
      icon: "🎉",
      colorTier: "bronze",
      tier: 1,
      criteria: { type: "host_count", target: 1 },
    },
    {
      key: "party_starter",
      name: "Party Starter",
      description: "Host 5 sessions.",
      icon: "🪩",
      colorTier: "silver",
      tier: 2,
      criteria: { type: "host_count" },
    },
    {
      key: "master_of_ceremonies",
      name: "Master of Ceremonies",
      description: "Host 25 sessions.",
      icon: "🎩",
      colorTier: "gold",
      tier: 3,
      criteria: { type: "host_count", target: 25 },
    },
    {
      key: "the_landlord",
      name: "The Landlord",
      description: "Host 100 sessions. You basically own the place.",
      icon: "👑",
      colorTier: "neon",
      tier: 4,
      criteria: { type: "host_count", target: 100 },
    },
    {
      key: "squad_recruit",
      name: "Squad Recruit",
      description: "Join or start your first crew.",
      icon: "🤝",
      colorTier: "bronze",
      tier: 1,
      criteria: { type: "crew_join", target: 1 },
    },
    {
      key: "crew_hopper",
      name: "Crew Hopper",
      description: "Be in 3 crews at once.",
      icon: "🦘",
      colorTier: "silver",
      tier: 2,
      criteria: { type: "crew_join", target: 3 },
    },
    {
      key: "right_hand_drinker",
      name: "Right-Hand Drinker",
      description: "Get made a co-host of a crew or a session.",
      icon: "🫡",
      colorTier: "silver",
      tier: 1,
      criteria: { type: "role_promotion", target: 1 },
    },
    {
      key: "full_house",
      name: "Full House",
      description: "Host a session with 10 people going.",
      icon: "🏠",
      colorTier: "gold",
      tier: 1,
      criteria: { type: "event_attendees", target: 10 },
    },
    {
      key: "block_party",
      name: "Block Party",
      description: "Host a session with 25 people going.",
      icon: "🏟️",
      colorTier: "neon",
      tier: 2,
      criteria: { type: "event_attendees", target: 25 },
    },
  ]),
  ...inCategory("social_activity", [
    {
      key: "photo_bae_1",
      name: "Photo Bae I",
      description: "Share your first photo from a session.",
      icon: "📸",
      colorTier: "bronze",
      tier: 1,
      criteria: { type: "photo_count", target: 1 },
    },
    {
      key: "photo_bae_2",
      name: "Photo Bae II",
      description: "Share 10 photos from sessions.",
      icon: "📷",
      colorTier: "silver",
      tier: 2,
      criteria: { type: "photo_count", target: 10 },
    },
    {
      key: "photo_bae_3",
      name: "Photo Bae III",
      description: "Share 50 photos. The paparazzi of the pub.",
      icon: "🎞️",
      colorTier: "gold",
      tier: 3,
      criteria: { type: "photo_count", target: 50 },
    },
    {
      key: "buzzword_rookie",
      name: "Buzzword Rookie",
      description: `Be at a session with "${BUZZWORD}" in its title.`,
      icon: "🐝",
      colorTier: "bronze",
      tier: 1,
      criteria: { type: "event_title", target: 1, conditions: { phrase: BUZZWORD } },
    },
    {
      key: "buzzword_pro",
      name: "Buzzword Pro",
      description: `Be at 5 sessions with "${BUZZWORD}" in their title.`,
      icon: "🗣️",
      colorTier: "silver",
      tier: 2,
      criteria: { type: "event_title", conditions: { phrase: BUZZWORD } },
    },
    {
      key: "chatterbox",
      name: "Chatterbox",
      description: "Leave 5 comments on sessions.",
      icon: "💬",
      colorTier: "bronze",
      tier: 1,
      criteria: { type: "comment_count" },
    },
    {
      key: "toastmaster",
      name: "Toastmaster",
      description: "Leave 25 comments. Raise a glass, raise your voice.",
      icon: "🎤",
      colorTier: "silver",
      tier: 2,
      criteria: { type: "comment_count", target: 25 },
    },
    {
      key: "tasting_notes",
      name: "Tasting Notes",
      description: "Rate your first session.",
      icon: "📝",
      colorTier: "bronze",
      tier: 1,
      criteria: { type: "rating_count", target: 1 },
    },
    {
      key: "connoisseur",
      name: "Connoisseur",
      description: "Rate 10 sessions.",
      icon: "🧐",
      colorTier: "silver",
      tier: 2,
      criteria: { type: "rating_count", target: 10 },
    },
    {
      key: "meta_clinker",
      name: `${APP_NAME} Inception`,
      description: `Be at a session with "${APP_NAME}" in its title. We see what you did there.`,
      icon: "🌀",
      colorTier: "gold",
      tier: 1,
      isEasterEgg: true,
      criteria: { type: "event_title", target: 1, conditions: { phrase: APP_PHRASE } },
    },
  ]),
  ...inCategory("streaks_time", [
    {
      key: "founding_clink",
      name: `Founding ${APP_NAME}`,
      description: `Your first day out with ${APP_NAME}.`,
      icon: "🥂",
      colorTier: "bronze",
      tier: 1,
      criteria: { type: "days_active", target: 1 },
    },
    {
      key: "seven_day_sipper",
      name: "Seven Day Sipper",
      description: "Be active on 7 different days.",
      icon: "📅",
      colorTier: "silver",
      tier: 2,
      criteria: { type: "days_active", target: 7 },
    },
    {
      key: "thirty_nights",
      name: "Thirty Nights",
      description: "Be active on 30 different days.",
      icon: "🌙",
      colorTier: "gold",
      tier: 3,
      criteria: { type: "days_active", target: 30 },
    },
    {
      key: "year_round_regular",
      name: "Year-Round Regular",
      description: "Be active on 100 different days.",
      icon: "🏆",
      colorTier: "neon",
      tier: 4,
      criteria: { type: "days_active", target: 100 },
    },
  ]),
  ...inCategory("weekly_sinners", [
    {
      key: "hump_day_hero",
      name: "Hump Day Hero",
      description: "Be at a session on a Wednesday.",
      icon: "🐪",
      colorTier: "bronze",
      tier: 1,
      criteria: { type: "day_events", target: 1, conditions: { day: "wednesday" } },
    },
    {
      key: "thirsty_thursday",
      name: "Thirsty Thursday",
      description: "Be at 3 sessions on a Thursday.",
      icon: "🌵",
      colorTier: "silver",
      tier: 1,
      criteria: { type: "day_events", target: 3, conditions: { day: "thursday" } },
    },
    {
      key: "tgif",
      name: "TGIF",
      description: "Be at a session on a Friday.",
      icon: "🙌",
      colorTier: "bronze",
      tier: 1,
      criteria: { type: "day_events", target: 1, conditions: { day: "friday" } },
    },
    {
      key: "friday_fanatic",
      name: "Friday Fanatic",
      description: "Be at 10 sessions on a Friday.",
      icon: "🔥",
      colorTier: "gold",
      tier: 2,
      criteria: { type: "day_events", target: 10, conditions: { day: "friday" } },
    },
    {
      key: "saturday_saint",
      name: "Saturday Saint",
      description: "Be at 5 sessions on a Saturday.",
      icon: "😇",
      colorTier: "silver",
      tier: 1,
      criteria: { type: "day_events", conditions: { day: "saturday" } },
    },
    {
      key: "sunday_funday",
      name: "Sunday Funday",
      description: "Be at a session on a Sunday.",
      icon: "☀️",
      colorTier: "bronze",
      tier: 1,
      criteria: { type: "day_events", target: 1, conditions: { day: "sunday" } },
    },
    {
      key: "monday_rebel",
      name: "Monday Rebel",
      description: "Be at 3 sessions on a Monday. Rules are for Tuesdays.",
      icon: "😈",
      colorTier: "gold",
      tier: 1,
      isHidden: true,
      isEasterEgg: true,
      criteria: { type: "day_events", target: 3, conditions: { day: "monday" } },
    },
  ]),
  ...inCategory("drink_devotees", [
    {
      key: "hop_head",
      name: "Hop Head",
      description: "Be at 5 beer sessions.",
      icon: "🍺",
      colorTier: "silver",
      tier: 1,
      criteria: { type: "drink_type", conditions: { drink: "beer" } },
    },
    {
      key: "wine_o",
      name: "Wine-O",
      description: "Be at 5 wine sessions.",
      icon: "🍷",
      colorTier: "silver",
      tier: 1,
      criteria: { type: "drink_type", conditions: { drink: "wine" } },
    },
    {
      key: "mixologist",
      name: "Mixologist",
      description: "Be at 5 cocktail sessions.",
      icon: "🍸",
      colorTier: "silver",
      tier: 1,
      criteria: { type: "drink_type", conditions: { drink: "cocktails" } },
    },
    {
      key: "whiskey_business",
      name: "Whiskey Business",
      description: "Be at 3 whiskey sessions.",
      icon: "🥃",
      colorTier: "silver",
      tier: 1,
      criteria: { type: "drink_type", target: 3, conditions: { drink: "whiskey" } },
    },
    {
      key: "bubbly_personality",
      name: "Bubbly Personality",
      description: "Be at a champagne session.",
      icon: "🍾",
      colorTier: "bronze",
      tier: 1,
      criteria: { type: "drink_type", target: 1, conditions: { drink: "champagne" } },
    },
    {
      key: "tequila_mockingbird",
      name: "Tequila Mockingbird",
      description: "Be at 10 tequila sessions. One tequila, two tequila…",
      icon: "🌮",
      colorTier: "gold",
      tier: 2,
      isEasterEgg: true,
      criteria: { type: "drink_type", target: 10, conditions: { drink: "tequila" } },
    },
    {
      key: "sake_to_me",
      name: "Sake To Me",
      description: "Be at a sake session. Kanpai!",
      icon: "🍶",
      colorTier: "silver",
      tier: 1,
      isHidden: true,
      isEasterEgg: true,
      criteria: { type: "drink_type", target: 1, conditions: { drink: "sake" } },
    },
  ]),
];

const BY_KEY = new Map(BADGE_CATALOGUE.map((badge) => [badge.key, badge]));

export function badgeByKey(key: string): BadgeDefinition | null {
  return BY_KEY.get(key) ?? null;
}

export function badgeTarget(badge: BadgeDefinition): number {
  return badge.criteria.target ?? DEFAULT_PROGRESS_TARGET;
}

/** The spec's starter badges, in the spec's order. */
export const STARTER_BADGE_KEYS = [
  "first_pour",
  "vibe_initiator",
  "squad_recruit",
  "buzzword_rookie",
  "photo_bae_1",
  "founding_clink",
] as const;
