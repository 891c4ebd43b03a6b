/**
 * Ratings (rules: docs/product-rules.md#recap): thin public functions over model/ratings.ts.
 */
import { v } from "convex/values";
import { mutation, query } from "./_generated/server";
import { idempotencyKeyValidator } from "./schema";
import { RECAP_MESSAGES } from "../shared/recapRules";
import { appError } from "./model/errors";
import { runOnce } from "./model/idempotency";
import { getRating, rateEventAsAttendee, ratingView } from "./model/ratings";
import { getEventEnsuringRecapViewer, ratingSummaryOf } from "./model/recap";
import { ratingSummaryValidator, ratingViewValidator } from "./model/recapValidators";
import { getViewerId } from "./model/viewer";

/**
 * Rates an event the caller attended, or changes their rating: `rating` 1–5,
 * optional `feedback` (trimmed, ≤ 500). Returns `{ rating, feedback, updatedAt }`.
 * Errors: 'You must be signed in to rate events', 'Please select a rating',
 * 'Rating must be between 1 and 5 stars', 'Feedback must be 500 characters or less',
 * 'You can only rate events you attended', the recap-locked message, 'Event not found'.
 */
export const rate = mutation({
  args: {
    eventId: v.id("events"),
    rating: v.optional(v.union(v.number(), v.null())),
    feedback: v.optional(v.union(v.string(), v.null())),
    idempotencyKey: idempotencyKeyValidator,
  },
  handler: async (ctx, { idempotencyKey, ...args }) => {
    const userId = await getViewerId(ctx);
    if (userId === null) throw appError("NOT_AUTHENTICATED", RECAP_MESSAGES.signInToRate);
    return await runOnce(ctx, userId, idempotencyKey, "ratings:rate", async () =>
      ratingView(await rateEventAsAttendee(ctx, userId, args)),
    );
  },
});

/** The caller's rating of the event (`{ rating, feedback, updatedAt }`), or null (none, or signed out). */
export const mine = query({
  args: { eventId: v.id("events") },
  returns: v.union(ratingViewValidator, v.null()),
  handler: async (ctx, { eventId }) => {
    const userId = await getViewerId(ctx);
    if (userId === null) return null;
    const row = await getRating(ctx, eventId, userId);
    return row === null ? null : ratingView(row);
  },
});

/** `{ average, total }` (average to 1 decimal, null without ratings), for anyone who may see the event. */
export const summary = query({
  args: { eventId: v.id("events") },
  returns: ratingSummaryValidator,
  handler: async (ctx, { eventId }) => {
    const { event } = await getEventEnsuringRecapViewer(ctx, eventId, await getViewerId(ctx));
    return ratingSummaryOf(event);
  },
});
