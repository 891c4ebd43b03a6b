/**
 * Removing recap rows: per event (registered in EVENT_CLEANUPS; the event
 * document is already gone, so no counters to fix) and per deleted account
 * (registered in ACCOUNT_CLEANUPS; other events' and comments' counters are
 * fixed: the rating sum/count, photo and comment counts, reaction counts).
 * Each user's per-event reaction map (`event_user_reactions`) goes with the
 * event, with the user, and loses a deleted comment's entry, so no stale
 * comment ids are left behind (they would be harmless: a page only looks up
 * its own comments' ids).
 */
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { internal } from "../_generated/api";
import {
  runCleanupSteps,
  type AccountCleanup,
  type CleanupStep,
  type EventCleanup,
} from "./batchedCleanup";
import { deleteReaction, forgetCommentInUserReactions } from "./comments";
import { deletePhoto } from "./photos";
import { deletePhotoObjectionsOfUser } from "./photoObjections";
import { deleteRating } from "./ratings";
import { adjustRecapCounters } from "./recap";
import { deleteStoredFile } from "./profiles";

// ---------------------------------------------------------------- per event

export const deleteRatingsOfEvent: EventCleanup = async (ctx, eventId, limit) => {
  const rows = await ctx.db
    .query("event_ratings")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("event_ratings", row._id);
  return rows.length;
};

export const deletePhotosOfEvent: EventCleanup = async (ctx, eventId, limit) => {
  const rows = await ctx.db
    .query("event_photos")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .take(limit);
  for (const row of rows) {
    await ctx.db.delete("event_photos", row._id);
    await deleteStoredFile(ctx, row.storageId);
  }
  return rows.length;
};

/** Reactions first (they carry the event id), then the comments. */
export const deleteCommentReactionsOfEvent: EventCleanup = async (ctx, eventId, limit) => {
  const rows = await ctx.db
    .query("event_comment_reactions")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("event_comment_reactions", row._id);
  return rows.length;
};

/** Every user's reaction map on the event. */
export const deleteUserReactionsOfEvent: EventCleanup = async (ctx, eventId, limit) => {
  const rows = await ctx.db
    .query("event_user_reactions")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("event_user_reactions", row._id);
  return rows.length;
};

export const deleteCommentsOfEvent: EventCleanup = async (ctx, eventId, limit) => {
  const rows = await ctx.db
    .query("event_comments")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("event_comments", row._id);
  return rows.length;
};

// ---------------------------------------------------------------- per account

type UserStep = CleanupStep<Id<"users">>;

/** Ratings (their events' sum and count fixed). */
const deleteRatingsOfUser: UserStep = async (ctx, userId, limit) => {
  const rows = await ctx.db
    .query("event_ratings")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .take(limit);
  for (const rating of rows) await deleteRating(ctx, rating);
  return rows.length;
};

/** Photos with their files (counts fixed). */
const deletePhotosOfUser: UserStep = async (ctx, userId, limit) => {
  const rows = await ctx.db
    .query("event_photos")
    .withIndex("by_uploader", (q) => q.eq("uploadedBy", userId))
    .take(limit);
  for (const photo of rows) await deletePhoto(ctx, photo);
  return rows.length;
};

/** Their reactions on any comment (counts fixed, their per-event maps emptied and deleted). */
const deleteReactionsOfUser: UserStep = async (ctx, userId, limit) => {
  const rows = await ctx.db
    .query("event_comment_reactions")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .take(limit);
  for (const reaction of rows) await deleteReaction(ctx, reaction);
  return rows.length;
};

/** An overflowed map outlives its last reaction; it goes here. */
const deleteUserReactionMapsOfUser: UserStep = async (ctx, userId, limit) => {
  const rows = await ctx.db
    .query("event_user_reactions")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .take(limit);
  for (const map of rows) await ctx.db.delete("event_user_reactions", map._id);
  return rows.length;
};

/**
 * Their comments with every reaction on them (each reactor's map entry
 * dropped), the comment count fixed. A comment with more reactions than the
 * limit loses them over several runs and goes in the last.
 */
const deleteCommentsOfUser: UserStep = async (ctx, userId, limit) => {
  let handled = 0;
  while (handled < limit) {
    const comment = await ctx.db
      .query("event_comments")
      .withIndex("by_user", (q) => q.eq("userId", userId))
      .first();
    if (comment === null) break;
    const allowed = limit - handled;
    const reactions = await ctx.db
      .query("event_comment_reactions")
      .withIndex("by_comment_and_user_and_reaction", (q) => q.eq("commentId", comment._id))
      .take(allowed);
    for (const reaction of reactions) {
      await ctx.db.delete("event_comment_reactions", reaction._id);
      await forgetCommentInUserReactions(ctx, comment.eventId, reaction.userId, comment._id);
    }
    handled += reactions.length;
    if (reactions.length === allowed) break;
    await ctx.db.delete("event_comments", comment._id);
    await adjustRecapCounters(ctx, comment.eventId, { commentCount: -1 });
    handled += 1;
  }
  return handled;
};

/** Recap rows of a deleted account handled per mutation; the rest in scheduled batches. */
export const ACCOUNT_RECAP_ROWS_PER_RUN = 200;

const RECAP_STEPS_OF_USER = [deleteRatingsOfUser, deletePhotosOfUser, deletePhotoObjectionsOfUser, deleteReactionsOfUser, deleteUserReactionMapsOfUser, deleteCommentsOfUser];

/**
 * A deleted user's recap rows, up to ACCOUNT_RECAP_ROWS_PER_RUN, the rest
 * scheduled (`recap.cleanupDeletedUser`). True when finished.
 */
export async function cleanupRecapRowsOfDeletedUser(
  ctx: MutationCtx,
  userId: Id<"users">,
  budget: number = ACCOUNT_RECAP_ROWS_PER_RUN,
): Promise<boolean> {
  const finished = await runCleanupSteps(ctx, userId, RECAP_STEPS_OF_USER, budget);
  if (!finished) await ctx.scheduler.runAfter(0, internal.recap.cleanupDeletedUser, { userId });
  return finished;
}

/**
 * The account-deletion clean-up (ACCOUNT_CLEANUPS "recap"): a deleted user's
 * ratings, photos with their files, photo objections (the photos stay hidden), reactions, reaction maps and comments
 * with every reaction on them, keeping other events' and comments' counters
 * right — in batches, so a heavy user's deletion stays within a mutation's limits.
 */
export const deleteRecapDataOfUser: AccountCleanup = async (ctx, userId) => {
  await cleanupRecapRowsOfDeletedUser(ctx, userId);
};
