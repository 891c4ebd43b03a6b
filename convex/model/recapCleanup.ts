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
import type { AccountCleanup } from "./accountDeletion";
import type { EventCleanup } from "./eventCleanup";
import { deleteReaction, forgetCommentInUserReactions } from "./comments";
import { deletePhoto } from "./photos";
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

/** The comment, every reaction on it, and its entry in each reacting user's per-event map. */
async function deleteCommentWithReactions(ctx: MutationCtx, commentId: Id<"event_comments">, eventId: Id<"events">) {
  const reactors = new Set<Id<"users">>();
  for (const reaction of await ctx.db
    .query("event_comment_reactions")
    .withIndex("by_comment_and_user_and_reaction", (q) => q.eq("commentId", commentId))
    .collect()) {
    await ctx.db.delete("event_comment_reactions", reaction._id);
    reactors.add(reaction.userId);
  }
  for (const userId of reactors) await forgetCommentInUserReactions(ctx, eventId, userId, commentId);
  await ctx.db.delete("event_comments", commentId);
  await adjustRecapCounters(ctx, eventId, { commentCount: -1 });
}

/**
 * A deleted user's ratings (their events' sum and count fixed), photos with
 * their files, comments with every reaction on them, and their reactions on
 * other people's comments (those counts fixed) with their per-event maps.
 */
export const deleteRecapDataOfUser: AccountCleanup = async (ctx, userId) => {
  for (const rating of await ctx.db
    .query("event_ratings")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .collect()) {
    await deleteRating(ctx, rating);
  }
  for (const photo of await ctx.db
    .query("event_photos")
    .withIndex("by_uploader", (q) => q.eq("uploadedBy", userId))
    .collect()) {
    await deletePhoto(ctx, photo);
  }
  for (const reaction of await ctx.db
    .query("event_comment_reactions")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .collect()) {
    await deleteReaction(ctx, reaction);
  }
  // Emptied maps are deleted as their last reaction goes; an overflowed one stays until here.
  for (const map of await ctx.db
    .query("event_user_reactions")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .collect()) {
    await ctx.db.delete("event_user_reactions", map._id);
  }
  for (const comment of await ctx.db
    .query("event_comments")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .collect()) {
    await deleteCommentWithReactions(ctx, comment._id, comment.eventId);
  }
};
