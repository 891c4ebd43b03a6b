/**
 * The badge engine: the write paths report what happened to ./badgeCounters,
 * which keeps the user's `badge_counters` exact and schedules a check;
 * `checkBadges` measures the badges that action can move against maintained
 * counters (no scans), keeps `badge_progress`, and awards each badge exactly
 * once: the earned keys live on the counters row, which every check reads and
 * every award writes, so two racing checks conflict and the second re-runs
 * seeing the first's award. Also what a user's badges show, and the
 * catalogue's mirror table.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import {
  BADGE_CATALOGUE,
  badgeByKey,
  badgeTarget,
  type BadgeDefinition,
} from "../../shared/badgeCatalogue";
import {
  BADGE_MESSAGES,
  MAX_VISIBLE_BADGES,
  TIER_WEIGHTS,
  NO_COUNTERS,
  badgeAwardTexts,
  badgesToCheck,
  defaultVisibleKeys,
  isOwnActivity,
  localDayBounds,
  progressOf,
  utcDayKey,
  type BadgeCounters,
  type BadgeTrigger,
} from "../../shared/badgeRules";
import { EMPTY_COUNTERS, getBadgeCounters, type CountersFields } from "./badgeCounters";
import { appError } from "./errors";
import { createNotification } from "./notifications";
import { getUserEventCounts, type EventDoc } from "./participation";
import { getProfileByUserId } from "./profiles";

export type UserBadgeDoc = Doc<"user_badges">;

/** Sessions looked at for "same day" (more in one day would be a record anyway). */
const SAME_DAY_SCAN = 10;

// ---------------------------------------------------------------- the check

async function getUserBadge(ctx: QueryCtx, userId: Id<"users">, badgeKey: string) {
  return await ctx.db
    .query("user_badges")
    .withIndex("by_user_and_badge", (q) => q.eq("userId", userId).eq("badgeKey", badgeKey))
    .unique();
}

async function getProgress(ctx: QueryCtx, userId: Id<"users">, badgeKey: string) {
  return await ctx.db
    .query("badge_progress")
    .withIndex("by_user_and_badge", (q) => q.eq("userId", userId).eq("badgeKey", badgeKey))
    .unique();
}

/**
 * The badges shown on the user's profile (at most 4), in the order they were shown. A row of
 * a badge retired from the catalogue is shown nowhere and its owner cannot hide it, so it
 * takes none of the 4 places: it is read past (one per retired badge at most) and not counted.
 */
export async function visibleBadgesOf(ctx: QueryCtx, userId: Id<"users">) {
  const shown: UserBadgeDoc[] = [];
  const rows = ctx.db
    .query("user_badges")
    .withIndex("by_user_and_visible", (q) => q.eq("userId", userId).eq("isVisibleOnProfile", true));
  for await (const row of rows) {
    if (badgeByKey(row.badgeKey) === null) continue;
    shown.push(row);
    if (shown.length === MAX_VISIBLE_BADGES) break;
  }
  return shown;
}

/** The most sessions the user attends on `event`'s local day (a bounded index read). */
async function sessionsOnDayOf(ctx: QueryCtx, userId: Id<"users">, event: EventDoc) {
  const day = localDayBounds(event.startTime, event.timeZone);
  const rows = await ctx.db
    .query("event_participants")
    .withIndex("by_user_and_end_time", (q) => q.eq("userId", userId).gt("endTime", day.start))
    .take(SAME_DAY_SCAN);
  return rows.filter((row) => row.startTime >= day.start && row.startTime < day.end).length;
}

/** What the check learns from the session that triggered it, folded into the counters. */
async function sessionFacts(
  ctx: MutationCtx,
  userId: Id<"users">,
  trigger: BadgeTrigger,
  eventId: Id<"events"> | null,
  counters: CountersFields,
): Promise<Partial<CountersFields>> {
  if (eventId === null || (trigger !== "attendance" && trigger !== "attendees")) return {};
  const event = await ctx.db.get("events", eventId);
  if (event === null) return {};
  if (trigger === "attendees") {
    return event.createdBy === userId && event.goingCount > counters.maxHostedGoing
      ? { maxHostedGoing: event.goingCount }
      : {};
  }
  const sameDay = await sessionsOnDayOf(ctx, userId, event);
  return sameDay > counters.maxSameDay ? { maxSameDay: sameDay } : {};
}

export type CheckResult = { awarded: string[] };

/**
 * Checks the badges `trigger` can move for `userId`: progress for those not
 * reached, an award (user_badges row, shown on the profile while fewer than
 * 4 are, and unless `silent` a badge_achievement notification) for each reached.
 */
export async function checkBadges(
  ctx: MutationCtx,
  userId: Id<"users">,
  trigger: BadgeTrigger,
  options: { eventId?: Id<"events"> | null; now?: number } = {},
): Promise<CheckResult> {
  const now = options.now ?? Date.now();
  const profile = await getProfileByUserId(ctx, userId);
  if (profile === null) return { awarded: [] }; // a deleted account
  const row = await getBadgeCounters(ctx, userId);
  const stored = row ?? EMPTY_COUNTERS;
  const patch: Partial<CountersFields> = await sessionFacts(
    ctx,
    userId,
    trigger,
    options.eventId ?? null,
    stored,
  );
  const today = utcDayKey(now);
  if (isOwnActivity(trigger) && stored.lastActiveDay !== today) {
    patch.daysActive = stored.daysActive + 1;
    patch.lastActiveDay = today;
  }
  const eventCounts = await getUserEventCounts(ctx, userId);
  const counters: BadgeCounters = {
    ...NO_COUNTERS,
    ...stored,
    ...patch,
    eventCount: eventCounts
      ? eventCounts.publicUpcoming +
        eventCounts.publicPast +
        eventCounts.privateUpcoming +
        eventCounts.privatePast
      : 0,
    hostCount: profile.stats.sessions,
    crewCount: profile.stats.crews,
  };

  const earned = new Set(stored.earnedKeys);
  const reached: BadgeDefinition[] = [];
  for (const badge of badgesToCheck(trigger, earned)) {
    const { current, target } = progressOf(badge, counters);
    const progress = await getProgress(ctx, userId, badge.key);
    if (current >= target) {
      reached.push(badge);
      if (progress !== null) await ctx.db.delete("badge_progress", progress._id);
    } else if (progress === null) {
      if (current > 0)
        await ctx.db.insert("badge_progress", {
          userId,
          badgeKey: badge.key,
          currentProgress: current,
          targetProgress: target,
          lastUpdated: now,
        });
    } else if (progress.currentProgress !== current || progress.targetProgress !== target) {
      await ctx.db.patch("badge_progress", progress._id, {
        currentProgress: current,
        targetProgress: target,
        lastUpdated: now,
      });
    }
  }

  const awarded = await award(ctx, profile, reached, trigger === "bulk", now);
  if (awarded.length > 0) patch.earnedKeys = [...stored.earnedKeys, ...awarded];
  if (row === null) await ctx.db.insert("badge_counters", { userId, ...EMPTY_COUNTERS, ...patch });
  else if (Object.keys(patch).length > 0) await ctx.db.patch("badge_counters", row._id, patch);
  return { awarded };
}

/** Best first: the higher tier, then the earlier catalogue badge. */
function byNotability(a: BadgeDefinition, b: BadgeDefinition): number {
  return (
    TIER_WEIGHTS[b.colorTier] - TIER_WEIGHTS[a.colorTier] ||
    BADGE_CATALOGUE.indexOf(a) - BADGE_CATALOGUE.indexOf(b)
  );
}

/**
 * Earned rows for `badges` (the best ones take the free places on the
 * profile), then their notifications best last: the arrival toast shows the
 * newest, so the moment's top award is the one celebrated.
 */
async function award(
  ctx: MutationCtx,
  profile: Doc<"user_profiles">,
  badges: BadgeDefinition[],
  silent: boolean,
  now: number,
): Promise<string[]> {
  if (badges.length === 0) return [];
  const userId = profile.userId;
  let shown = (await visibleBadgesOf(ctx, userId)).length;
  const awarded: BadgeDefinition[] = [];
  for (const badge of [...badges].sort(byNotability)) {
    // The counters row's earnedKeys decide; this guards a row written before it.
    if ((await getUserBadge(ctx, userId, badge.key)) !== null) continue;
    const visible = shown < MAX_VISIBLE_BADGES;
    if (visible) shown += 1;
    await ctx.db.insert("user_badges", {
      userId,
      badgeKey: badge.key,
      earnedAt: now,
      isVisibleOnProfile: visible,
      displayOrder: now + awarded.length,
    });
    awarded.push(badge);
  }
  if (!silent) {
    for (const badge of [...awarded].reverse()) {
      await createNotification(ctx, {
        userId,
        type: "badge_achievement",
        ...badgeAwardTexts(badge),
        // Announced by the celebration toast; the bell's count stays for what needs an answer.
        read: true,
        data: {
          badgeKey: badge.key,
          badgeName: badge.name,
          badgeDescription: badge.description,
          badgeIcon: badge.icon,
          badgeTier: badge.colorTier,
          badgesPath: `/profile/${profile.username}/badges`,
        },
      });
    }
  }
  return awarded.map((badge) => badge.key);
}

// ---------------------------------------------------------------- visibility

export async function userBadgesOf(ctx: QueryCtx, userId: Id<"users">) {
  return await ctx.db
    .query("user_badges")
    .withIndex("by_user_and_badge", (q) => q.eq("userId", userId))
    .take(BADGE_CATALOGUE.length * 2);
}

export async function progressRowsOf(ctx: QueryCtx, userId: Id<"users">) {
  return await ctx.db
    .query("badge_progress")
    .withIndex("by_user_and_badge", (q) => q.eq("userId", userId))
    .take(BADGE_CATALOGUE.length * 2);
}

/** Earned rows whose badge is still in the catalogue. */
export function knownBadges<T extends { badgeKey: string }>(rows: T[]): T[] {
  return rows.filter((row) => badgeByKey(row.badgeKey) !== null);
}

/** Shows or hides one of the caller's badges (at most 4 shown: never a fifth). */
export async function setBadgeVisibility(
  ctx: MutationCtx,
  viewerId: Id<"users">,
  userBadgeId: Id<"user_badges">,
  visible: boolean,
  now: number = Date.now(),
): Promise<void> {
  const row = await ctx.db.get("user_badges", userBadgeId);
  if (row === null || badgeByKey(row.badgeKey) === null)
    throw appError("NOT_FOUND", BADGE_MESSAGES.notFound);
  if (row.userId !== viewerId) throw appError("FORBIDDEN", BADGE_MESSAGES.notOwner);
  if (row.isVisibleOnProfile === visible) return;
  if (visible && (await visibleBadgesOf(ctx, viewerId)).length >= MAX_VISIBLE_BADGES)
    throw appError("VALIDATION", BADGE_MESSAGES.visibleLimit);
  await ctx.db.patch("user_badges", row._id, { isVisibleOnProfile: visible, displayOrder: now });
}

/** 'Set Default Visibility (Top 4 by Tier)': shows the chosen ones, hides the rest. Returns the keys shown. */
export async function applyDefaultVisibility(
  ctx: MutationCtx,
  userId: Id<"users">,
  now: number = Date.now(),
): Promise<string[]> {
  const rows = knownBadges(await userBadgesOf(ctx, userId));
  const chosen = defaultVisibleKeys(rows.map((row) => row.badgeKey));
  for (const row of rows) {
    const index = chosen.indexOf(row.badgeKey);
    const visible = index >= 0;
    const displayOrder = visible ? now + index : row.displayOrder;
    if (row.isVisibleOnProfile !== visible || row.displayOrder !== displayOrder)
      await ctx.db.patch("user_badges", row._id, { isVisibleOnProfile: visible, displayOrder });
  }
  return chosen;
}

// ---------------------------------------------------------------- account deletion

/** The user's earned badges, progress and counters (ACCOUNT_CLEANUPS). */
export async function deleteBadgeDataOfUser(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  for (const row of await userBadgesOf(ctx, userId)) await ctx.db.delete("user_badges", row._id);
  for (const row of await progressRowsOf(ctx, userId))
    await ctx.db.delete("badge_progress", row._id);
  const counters = await getBadgeCounters(ctx, userId);
  if (counters !== null) await ctx.db.delete("badge_counters", counters._id);
}

// ---------------------------------------------------------------- the catalogue table

/** A catalogue entry as a `badges` row. */
function badgeRowOf(badge: BadgeDefinition, sortOrder: number) {
  return {
    key: badge.key,
    name: badge.name,
    description: badge.description,
    iconName: badge.icon,
    category: badge.category,
    colorTier: badge.colorTier,
    tier: badge.tier,
    sortOrder,
    isHidden: badge.isHidden,
    isEasterEgg: badge.isEasterEgg,
    unlockCriteria: {
      type: badge.criteria.type,
      target: badgeTarget(badge),
      conditions: { ...badge.criteria.conditions },
    },
  };
}

/** JSON with object keys sorted: stored documents need not keep field order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/**
 * Mirrors the catalogue into `badges`: inserts new badges, updates changed
 * ones, deletes retired ones; a second run writes nothing.
 */
export async function syncBadgeCatalogue(ctx: MutationCtx) {
  const rows = await ctx.db.query("badges").take(BADGE_CATALOGUE.length * 4);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const result = { inserted: 0, updated: 0, deleted: 0 };
  for (const [index, badge] of BADGE_CATALOGUE.entries()) {
    const wanted = badgeRowOf(badge, index);
    const row = byKey.get(badge.key);
    byKey.delete(badge.key);
    if (row === undefined) {
      await ctx.db.insert("badges", wanted);
      result.inserted += 1;
    } else {
      const { _id, _creationTime, ...current } = row;
      if (canonicalJson(current) !== canonicalJson(wanted)) {
        await ctx.db.replace("badges", _id, wanted);
        result.updated += 1;
      }
    }
  }
  for (const row of byKey.values()) {
    await ctx.db.delete("badges", row._id);
    result.deleted += 1;
  }
  return result;
}
