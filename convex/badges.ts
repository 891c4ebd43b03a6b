/**
 * Badges: the profile's preview and the
 * badges page, showing and hiding one's own badges, and the internal engine
 * entry points (one user's check, the bulk check, the catalogue sync).
 * Thin: the rules live in model/badges.ts and shared/badgeRules.ts.
 */
import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { nullable } from "convex-helpers/validators";
import { internal } from "./_generated/api";
import { internalMutation, mutation, query } from "./_generated/server";
import { BADGE_TRIGGERS, BULK_CHECK_BATCH, BULK_CHECK_PAUSE_MS } from "../shared/badgeRules";
import {
  applyDefaultVisibility,
  checkBadges,
  knownBadges,
  progressRowsOf,
  setBadgeVisibility,
  syncBadgeCatalogue,
  userBadgesOf,
  visibleBadgesOf,
} from "./model/badges";
import { getBadgeCounters } from "./model/badgeCounters";
import { getProfileByUsername, profileAccessFor } from "./model/profiles";
import { getViewerId, requireViewerId } from "./model/viewer";

/** A badge earned, as the profile shows it (`earnedView`). */
const earnedBadgeValidator = v.object({
  _id: v.string(),
  key: v.string(),
  earnedAt: v.number(),
  isVisible: v.boolean(),
});

const earnedView = (row: {
  _id: string;
  badgeKey: string;
  earnedAt: number;
  isVisibleOnProfile: boolean;
}) => ({
  _id: row._id,
  key: row.badgeKey,
  earnedAt: row.earnedAt,
  isVisible: row.isVisibleOnProfile,
});

/**
 * The profile's badges preview and the badges beside its name: the shown
 * badges (up to 4, in the order they were shown) and how many are earned.
 * Null when the profile is unknown or the caller may not fully see it.
 */
export const preview = query({
  args: { username: v.string() },
  returns: nullable(
    v.object({
      isOwner: v.boolean(),
      name: v.string(),
      earnedCount: v.number(),
      shown: v.array(earnedBadgeValidator),
    }),
  ),
  handler: async (ctx, { username }) => {
    const profile = await getProfileByUsername(ctx, username);
    if (profile === null) return null;
    const viewerId = await getViewerId(ctx);
    if ((await profileAccessFor(ctx, viewerId, profile)) !== "full") return null;
    const counters = await getBadgeCounters(ctx, profile.userId);
    const shown = await visibleBadgesOf(ctx, profile.userId);
    return {
      isOwner: viewerId === profile.userId,
      name: profile.displayName ?? profile.username,
      earnedCount: knownBadges((counters?.earnedKeys ?? []).map((badgeKey) => ({ badgeKey })))
        .length,
      shown: shown.map(earnedView),
    };
  },
});

/**
 * The badges page of `username`: earned badges, and for the owner the
 * progress towards the rest (the page shows locked badges only to them).
 * Null when the profile is unknown or not fully visible to the caller (the
 * page goes to /404).
 */
export const page = query({
  args: { username: v.string() },
  returns: nullable(
    v.object({
      isOwner: v.boolean(),
      username: v.string(),
      displayName: nullable(v.string()),
      earned: v.array(earnedBadgeValidator),
      progress: v.array(v.object({ key: v.string(), current: v.number(), target: v.number() })),
    }),
  ),
  handler: async (ctx, { username }) => {
    const profile = await getProfileByUsername(ctx, username);
    if (profile === null) return null;
    const viewerId = await getViewerId(ctx);
    if ((await profileAccessFor(ctx, viewerId, profile)) !== "full") return null;
    const isOwner = viewerId === profile.userId;
    const earned = knownBadges(await userBadgesOf(ctx, profile.userId));
    const progress = isOwner ? knownBadges(await progressRowsOf(ctx, profile.userId)) : [];
    return {
      isOwner,
      username: profile.username,
      displayName: profile.displayName,
      earned: earned.map(earnedView),
      progress: progress.map((row) => ({
        key: row.badgeKey,
        current: row.currentProgress,
        target: row.targetProgress,
      })),
    };
  },
});

/**
 * Shows or hides one of the caller's badges on their profile. Errors:
 * 'You already have 4 badges shown…' (a fifth), the owner-only refusal,
 * 'Badge not found', 'Not authenticated'.
 */
export const setVisibility = mutation({
  args: { userBadgeId: v.id("user_badges"), visible: v.boolean() },
  handler: async (ctx, { userBadgeId, visible }) => {
    await setBadgeVisibility(ctx, await requireViewerId(ctx), userBadgeId, visible);
  },
});

/** 'Set Default Visibility (Top 4 by Tier)' on the caller's badges; returns the keys shown. */
export const setDefaultVisibility = mutation({
  args: {},
  handler: async (ctx) => await applyDefaultVisibility(ctx, await requireViewerId(ctx)),
});

// ---------------------------------------------------------------- internal

/** One user's check, scheduled by the action that may have earned a badge. */
export const check = internalMutation({
  args: {
    userId: v.id("users"),
    trigger: v.union(...BADGE_TRIGGERS.map((value) => v.literal(value))),
    eventId: v.union(v.id("events"), v.null()),
  },
  handler: async (ctx, { userId, trigger, eventId }) =>
    await checkBadges(ctx, userId, trigger, { eventId }),
});

/**
 * Every user's check, silently (no notifications), 5 users a batch with a
 * 2 s pause between batches. Start with `{}`; the catalogue is
 * synced first so badges added since the last deploy count.
 */
export const checkAllUsers = internalMutation({
  args: { paginationOpts: v.optional(paginationOptsValidator) },
  handler: async (ctx, { paginationOpts }) => {
    if (paginationOpts === undefined) await syncBadgeCatalogue(ctx);
    const batch = await ctx.db
      .query("user_profiles")
      .paginate({ cursor: paginationOpts?.cursor ?? null, numItems: BULK_CHECK_BATCH });
    let awarded = 0;
    for (const profile of batch.page)
      awarded += (await checkBadges(ctx, profile.userId, "bulk")).awarded.length;
    if (!batch.isDone)
      await ctx.scheduler.runAfter(BULK_CHECK_PAUSE_MS, internal.badges.checkAllUsers, {
        paginationOpts: { cursor: batch.continueCursor, numItems: BULK_CHECK_BATCH },
      });
    return { users: batch.page.length, awarded, isDone: batch.isDone };
  },
});

/** Mirrors shared/badgeCatalogue.ts into the `badges` table (idempotent). */
export const syncCatalogue = internalMutation({
  args: {},
  handler: async (ctx) => await syncBadgeCatalogue(ctx),
});
