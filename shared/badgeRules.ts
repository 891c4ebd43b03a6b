/**
 * Badge rules: how far a user is
 * towards each badge from their maintained counters, which criteria an action
 * can move, the visibility limit and the default choice of shown badges.
 * Pure: shared by the badge engine (server) and the badges page (client).
 */
import { TZDate } from "@date-fns/tz";
import { addDays, format, startOfDay } from "date-fns";
import {
  BADGE_CATALOGUE,
  badgeTarget,
  type BadgeColorTier,
  type BadgeDefinition,
  type CriteriaType,
  type Weekday,
} from "./badgeCatalogue";

/** At most 4 shown on the profile. */
export const MAX_VISIBLE_BADGES = 4;
/** The bulk check takes 5 users a batch with a 2 s pause. */
export const BULK_CHECK_BATCH = 5;
export const BULK_CHECK_PAUSE_MS = 2000;

export const BADGE_MESSAGES = {
  visibleLimit: `You already have ${MAX_VISIBLE_BADGES} badges shown in your profile. Please disable another badge first.`,
  notOwner: "Badge visibility is changed only by the profile owner",
  notFound: "Badge not found",
  failedToLoad: "Failed to load badges",
  failedToUpdate: "Failed to update badge visibility",
  failedToSetDefault: "Failed to set default badge visibility",
  setDefault: "Set Default Visibility (Top 4 by Tier)",
} as const;

/** Sort weights: legendary 4 / epic 3 / rare 2 / common 1 = neon / gold / silver / bronze. */
export const TIER_WEIGHTS: Record<BadgeColorTier, number> = {
  neon: 4,
  gold: 3,
  silver: 2,
  bronze: 1,
};
export const TIER_RARITY: Record<BadgeColorTier, string> = {
  neon: "Legendary",
  gold: "Epic",
  silver: "Rare",
  bronze: "Common",
};

/** Everything the criteria are measured against, from counters maintained on write. */
export type BadgeCounters = {
  /** Sessions attended (hosted ones included): the profile's Upcoming + Past. */
  eventCount: number;
  /** Sessions hosted: the profile stat "Sessions". */
  hostCount: number;
  /** Accepted crew memberships: the profile stat "Crews". */
  crewCount: number;
  daysActive: number;
  drinks: Partial<Record<string, number>>;
  weekdays: Partial<Record<Weekday, number>>;
  /** Sessions attended whose title holds a catalogue phrase, by phrase. */
  titles: Partial<Record<string, number>>;
  liveJoins: number;
  /** The most sessions attended on one day. */
  maxSameDay: number;
  /** The most people going to one session the user hosts. */
  maxHostedGoing: number;
  promotions: number;
  photos: number;
  comments: number;
  ratings: number;
};

export const NO_COUNTERS: BadgeCounters = {
  eventCount: 0,
  hostCount: 0,
  crewCount: 0,
  daysActive: 0,
  drinks: {},
  weekdays: {},
  titles: {},
  liveJoins: 0,
  maxSameDay: 0,
  maxHostedGoing: 0,
  promotions: 0,
  photos: 0,
  comments: 0,
  ratings: 0,
};

/** Where `badge`'s criterion stands for these counters. */
export function criteriaValue(badge: BadgeDefinition, counters: BadgeCounters): number {
  const { type, conditions = {} } = badge.criteria;
  switch (type) {
    case "event_count":
      return counters.eventCount;
    case "host_count":
      return counters.hostCount;
    case "crew_join":
      return counters.crewCount;
    case "days_active":
      return counters.daysActive;
    case "drink_type":
      return counters.drinks[conditions.drink ?? ""] ?? 0;
    case "day_events":
      return conditions.day ? (counters.weekdays[conditions.day] ?? 0) : 0;
    case "live_event":
      return counters.liveJoins;
    case "same_day_events":
      return counters.maxSameDay;
    case "event_title":
      return counters.titles[conditions.phrase ?? ""] ?? 0;
    case "role_promotion":
      return counters.promotions;
    case "event_attendees":
      return counters.maxHostedGoing;
    case "photo_count":
      return counters.photos;
    case "comment_count":
      return counters.comments;
    case "rating_count":
      return counters.ratings;
  }
}

/** Progress as stored in badge_progress: current capped at the target. */
export function progressOf(badge: BadgeDefinition, counters: BadgeCounters) {
  const target = badgeTarget(badge);
  return { current: Math.min(target, Math.max(0, criteriaValue(badge, counters))), target };
}

export function progressPercent(current: number, target: number): number {
  return target <= 0 ? 0 : Math.round((100 * Math.min(current, target)) / target);
}

/** The phrases event_title badges look for, lower case. */
const TITLE_PHRASES: readonly string[] = [
  ...new Set(
    BADGE_CATALOGUE.flatMap((badge) =>
      badge.criteria.type === "event_title" && badge.criteria.conditions?.phrase
        ? [badge.criteria.conditions.phrase]
        : [],
    ),
  ),
];

export function titlePhrasesIn(title: string): string[] {
  const lower = title.toLowerCase();
  return TITLE_PHRASES.filter((phrase) => lower.includes(phrase));
}

// ---------------------------------------------------------------- triggers

/** What scheduled a check: the action, or the bulk check over everyone. */
export const BADGE_TRIGGERS = [
  "attendance",
  "rsvp",
  "host",
  "attendees",
  "crew",
  "promotion",
  "rating",
  "photo",
  "comment",
  "bulk",
] as const;
export type BadgeTrigger = (typeof BADGE_TRIGGERS)[number];

const TRIGGER_CRITERIA: Record<Exclude<BadgeTrigger, "bulk">, CriteriaType[]> = {
  attendance: [
    "event_count",
    "drink_type",
    "day_events",
    "live_event",
    "same_day_events",
    "event_title",
  ],
  rsvp: [],
  host: ["host_count"],
  attendees: ["event_attendees"],
  crew: ["crew_join"],
  promotion: ["role_promotion"],
  rating: ["rating_count"],
  photo: ["photo_count"],
  comment: ["comment_count"],
};

/** Something the user did themselves: it counts towards days active. */
export function isOwnActivity(trigger: BadgeTrigger): boolean {
  return trigger !== "bulk" && trigger !== "attendees" && trigger !== "promotion";
}

/** The criteria a check for `trigger` looks at (the bulk check: all of them). */
export function criteriaFor(trigger: BadgeTrigger): ReadonlySet<CriteriaType> | "all" {
  if (trigger === "bulk") return "all";
  return new Set<CriteriaType>([
    ...TRIGGER_CRITERIA[trigger],
    ...(isOwnActivity(trigger) ? (["days_active"] as const) : []),
  ]);
}

/** The badges a check for `trigger` looks at, not yet earned. */
export function badgesToCheck(
  trigger: BadgeTrigger,
  earned: ReadonlySet<string>,
): BadgeDefinition[] {
  const criteria = criteriaFor(trigger);
  return BADGE_CATALOGUE.filter(
    (badge) => !earned.has(badge.key) && (criteria === "all" || criteria.has(badge.criteria.type)),
  );
}

// ---------------------------------------------------------------- visibility

/**
 * 'Set Default Visibility (Top 4 by Tier)': the highest tier
 * first, one per category first, then the best of the rest; ties go to the
 * earlier catalogue badge.
 */
export function defaultVisibleKeys(
  earnedKeys: readonly string[],
  limit: number = MAX_VISIBLE_BADGES,
): string[] {
  const earned = new Set(earnedKeys);
  const ranked = BADGE_CATALOGUE.map((badge, index) => ({ badge, index }))
    .filter(({ badge }) => earned.has(badge.key))
    .sort(
      (a, b) =>
        TIER_WEIGHTS[b.badge.colorTier] - TIER_WEIGHTS[a.badge.colorTier] || a.index - b.index,
    )
    .map(({ badge }) => badge);
  const chosen: BadgeDefinition[] = [];
  const categoriesTaken = new Set<string>();
  for (const badge of ranked) {
    if (chosen.length === limit) break;
    if (categoriesTaken.has(badge.category)) continue;
    categoriesTaken.add(badge.category);
    chosen.push(badge);
  }
  for (const badge of ranked) {
    if (chosen.length === limit) break;
    if (!chosen.includes(badge)) chosen.push(badge);
  }
  return chosen.map((badge) => badge.key);
}

/** The bell's texts for an award. */
export function badgeAwardTexts(badge: Pick<BadgeDefinition, "name" | "icon" | "description">) {
  return {
    title: `Badge unlocked: ${badge.name} ${badge.icon}`,
    message: badge.description,
  };
}

// ---------------------------------------------------------------- days

/** The weekday a session falls on, in its own time zone. */
export function eventWeekday(startTime: number, timeZone: string): Weekday {
  return format(new TZDate(startTime, timeZone), "EEEE").toLowerCase() as Weekday;
}

/** The local day (in `timeZone`) holding `instant`: [start, end). */
export function localDayBounds(instant: number, timeZone: string): { start: number; end: number } {
  const start = startOfDay(new TZDate(instant, timeZone));
  return { start: start.getTime(), end: addDays(start, 1).getTime() };
}

/** A UTC day key (YYYY-MM-DD) for counting days active. */
export function utcDayKey(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}
