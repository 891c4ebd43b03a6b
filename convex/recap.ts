/**
 * The Toast Recap card of an event: thin public function over
 * model/recapView.ts; and the continuation of a deleted account's recap clean-up.
 */
import { v } from "convex/values";
import { internalMutation, query } from "./_generated/server";
import { cleanupRecapRowsOfDeletedUser } from "./model/recapCleanup";
import { recapViewValidator } from "./model/recapValidators";
import { recapForViewer } from "./model/recapView";
import { getViewerId } from "./model/viewer";

/**
 * `{ eventId, unlocked, unlockTime, viewerAttended, canContribute, rating:
 * { average, total }, photoCount, commentCount, attendeeCount, whoCame
 * (first 5 people), myRating, topComment (most reactions) | null,
 * latestPhoto (when no comment has reactions) | null }`. Anyone who may see
 * the event; `viewerAttended: false` is the 'You missed this one!' view.
 */
export const get = query({
  args: { eventId: v.id("events") },
  returns: recapViewValidator,
  handler: async (ctx, { eventId }) => await recapForViewer(ctx, await getViewerId(ctx), eventId),
});

/** Continues removing a deleted account's ratings, photos, reactions and comments (it schedules itself). */
export const cleanupDeletedUser = internalMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    await cleanupRecapRowsOfDeletedUser(ctx, userId);
    return null;
  },
});
