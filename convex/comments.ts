/**
 * Comments and reactions (rules: docs/product-rules.md#recap): thin public functions over model/comments.ts.
 */
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { mutation, query } from "./_generated/server";
import { idempotencyKeyValidator } from "./schema";
import { RECAP_MESSAGES, isReaction } from "../shared/recapRules";
import { addCommentAsAttendee, listCommentsForViewer, toggleReactionEnsuringViewer } from "./model/comments";
import { appError } from "./model/errors";
import { runOnce } from "./model/idempotency";
import { commentViewValidator } from "./model/recapValidators";
import { getViewerId } from "./model/viewer";

/**
 * Posts a comment on an event the caller attends or attended, once its
 * recap is open; returns the comment id. Errors: 'User not authenticated',
 * 'Please enter a comment', 'Comment must be 500 characters or less',
 * 'You can only comment on events you are attending or have attended', the recap-locked message.
 */
export const add = mutation({
  args: { eventId: v.id("events"), content: v.string(), idempotencyKey: idempotencyKeyValidator },
  handler: async (ctx, { idempotencyKey, ...args }) => {
    const userId = await getViewerId(ctx);
    if (userId === null) throw appError("NOT_AUTHENTICATED", RECAP_MESSAGES.notAuthenticated);
    return await runOnce(ctx, userId, idempotencyKey, "comments:add", async () => await addCommentAsAttendee(ctx, userId, args));
  },
});

/**
 * Comments oldest first, at most 20 a page: `{ _id, content, createdAt,
 * author, reactions: [{ reaction, count, mine }] × 7, reactionTotal }`.
 * Anyone who may see the event; an empty page before the recap opens.
 */
export const list = query({
  args: { eventId: v.id("events"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(commentViewValidator),
  handler: async (ctx, { eventId, paginationOpts }) =>
    await listCommentsForViewer(ctx, await getViewerId(ctx), eventId, paginationOpts),
});

/**
 * Adds the caller's reaction to a comment, or takes it back: `{ reacted, count }`.
 * Needs sign-in ('User not authenticated') and sight of the event.
 * Errors: 'Please pick one of the reactions', 'Comment not found', the recap-locked message.
 */
export const toggleReaction = mutation({
  args: { commentId: v.id("event_comments"), reaction: v.string(), idempotencyKey: idempotencyKeyValidator },
  handler: async (ctx, { commentId, reaction, idempotencyKey }) => {
    const userId = await getViewerId(ctx);
    if (userId === null) throw appError("NOT_AUTHENTICATED", RECAP_MESSAGES.notAuthenticated);
    if (!isReaction(reaction)) throw appError("VALIDATION", RECAP_MESSAGES.unknownReaction, { field: "reaction" });
    return await runOnce(
      ctx,
      userId,
      idempotencyKey,
      "comments:toggleReaction",
      async () => await toggleReactionEnsuringViewer(ctx, userId, commentId, reaction),
    );
  },
});
