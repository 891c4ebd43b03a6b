/**
 * Badge counters: what the write paths report (`onParticipationChanged`,
 * `onCrewMembershipChanged`, `countBadgeActivity`, `onSessionHosted`) keeps
 * the user's `badge_counters` exact and schedules a badge check
 * (`checkBadges` in ./badges, run by `badges.check`). The write paths call
 * this module and nothing here reads back from them: the check, which reads
 * the participation counts and profiles, runs in its own mutation.
 */
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import { env, type MutationCtx, type QueryCtx } from "../_generated/server";
import { eventWeekday, titlePhrasesIn, type BadgeTrigger } from "../../shared/badgeRules";
import { isLive } from "../../shared/eventTiming";

export type CountersDoc = Doc<"badge_counters">;

// ---------------------------------------------------------------- counters

export async function getBadgeCounters(
  ctx: QueryCtx,
  userId: Id<"users">,
): Promise<CountersDoc | null> {
  return await ctx.db
    .query("badge_counters")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .unique();
}

export type CountersFields = Omit<CountersDoc, "_id" | "_creationTime" | "userId">;

export const EMPTY_COUNTERS: CountersFields = {
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
  daysActive: 0,
  lastActiveDay: null,
  earnedKeys: [],
};

/** Applies `change` to the user's counters row (made on first use). */
async function updateCounters(
  ctx: MutationCtx,
  userId: Id<"users">,
  change: (current: CountersFields) => Partial<CountersFields>,
): Promise<void> {
  const row = await getBadgeCounters(ctx, userId);
  const patch = change(row ?? EMPTY_COUNTERS);
  if (row === null) await ctx.db.insert("badge_counters", { userId, ...EMPTY_COUNTERS, ...patch });
  else if (Object.keys(patch).length > 0) await ctx.db.patch("badge_counters", row._id, patch);
}

function moved(counts: Record<string, number>, names: string[], delta: number) {
  const next = { ...counts };
  for (const name of names) next[name] = Math.max(0, (next[name] ?? 0) + delta);
  return next;
}

// ---------------------------------------------------------------- scheduling

/**
 * CLINK_BADGE_CHECKS=off stops scheduling checks (counters are still kept):
 * for a deployment pausing awards, and for other areas' convex-test suites,
 * where a background check would add rows mid-test.
 */
function badgeChecksEnabled(): boolean {
  return env.CLINK_BADGE_CHECKS?.trim().toLowerCase() !== "off";
}

export async function scheduleBadgeCheck(
  ctx: MutationCtx,
  userId: Id<"users">,
  trigger: BadgeTrigger,
  eventId: Id<"events"> | null = null,
): Promise<void> {
  if (!badgeChecksEnabled()) return;
  await ctx.scheduler.runAfter(0, internal.badges.check, { userId, trigger, eventId });
}

// ---------------------------------------------------------------- what the write paths report

/**
 * One user's participation in one session changed (model/participation.ts):
 * `attendance` +1 when they start attending, -1 when they stop, 0 otherwise;
 * `rsvpChanged`: they gave or changed an RSVP; `promoted`: made a co-host.
 */
export async function onParticipationChanged(
  ctx: MutationCtx,
  event: Doc<"events">,
  userId: Id<"users">,
  change: { attendance: number; rsvpChanged: boolean; promoted: boolean },
  now: number,
): Promise<void> {
  const { attendance, rsvpChanged, promoted } = change;
  if (attendance !== 0 || promoted) {
    const weekday = eventWeekday(event.startTime, event.timeZone);
    const joinedLive = attendance > 0 && isLive(event, now, event.timeZone);
    await updateCounters(ctx, userId, (c) => ({
      ...(attendance !== 0
        ? {
            drinks: moved(c.drinks, [event.drinkType], attendance),
            weekdays: moved(c.weekdays, [weekday], attendance),
            titles: moved(c.titles, titlePhrasesIn(event.title), attendance),
          }
        : {}),
      ...(joinedLive ? { liveJoins: c.liveJoins + 1 } : {}),
      ...(promoted ? { promotions: c.promotions + 1 } : {}),
    }));
  }
  // Leaving (or a session's clean-up) earns nothing: no check.
  if (attendance > 0) await scheduleBadgeCheck(ctx, userId, "attendance", event._id);
  else if (rsvpChanged) await scheduleBadgeCheck(ctx, userId, "rsvp");
  if (promoted) await scheduleBadgeCheck(ctx, userId, "promotion");
  if (attendance > 0 && userId !== event.createdBy)
    await scheduleBadgeCheck(ctx, event.createdBy, "attendees", event._id);
}

/** One user's crew membership changed (model/crews.ts). */
export async function onCrewMembershipChanged(
  ctx: MutationCtx,
  userId: Id<"users">,
  change: { joined: boolean; promoted: boolean },
): Promise<void> {
  if (change.promoted) {
    await updateCounters(ctx, userId, (c) => ({ promotions: c.promotions + 1 }));
    await scheduleBadgeCheck(ctx, userId, "promotion");
  }
  if (change.joined) await scheduleBadgeCheck(ctx, userId, "crew");
}

const ACTIVITY_COUNTER = { photo: "photos", comment: "comments", rating: "ratings" } as const;

/** A first rating of a session, a photo or a comment (the recap's write paths). */
export async function countBadgeActivity(
  ctx: MutationCtx,
  userId: Id<"users">,
  activity: keyof typeof ACTIVITY_COUNTER,
): Promise<void> {
  const field = ACTIVITY_COUNTER[activity];
  await updateCounters(ctx, userId, (c) => ({ [field]: c[field] + 1 }));
  await scheduleBadgeCheck(ctx, userId, activity);
}

/** A session was created: its host's check. */
export async function onSessionHosted(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  await scheduleBadgeCheck(ctx, userId, "host");
}
