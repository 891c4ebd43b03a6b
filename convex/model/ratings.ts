/**
 * Ratings (1–5 stars, by attendees once the recap is open:
 * docs/product-rules.md#recap): one per (event, user), editable; the event's
 * `ratingSum`/`ratingCount` change by the difference on every write.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { RECAP_MESSAGES, feedbackProblem, normalizeFeedback, ratingProblem } from "../../shared/recapRules";
import { appError } from "./errors";
import { adjustRecapCounters, getEventEnsuringRecapAttendee } from "./recap";
import { countBadgeActivity } from "./badgeCounters";

export type RatingDoc = Doc<"event_ratings">;

export async function getRating(ctx: QueryCtx, eventId: Id<"events">, userId: Id<"users">): Promise<RatingDoc | null> {
  return await ctx.db
    .query("event_ratings")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId).eq("userId", userId))
    .unique();
}

/** Validates, checks the user attended and the recap is open, then inserts or updates their rating. */
export async function rateEventAsAttendee(
  ctx: MutationCtx,
  userId: Id<"users">,
  input: { eventId: Id<"events">; rating?: number | null; feedback?: string | null },
): Promise<RatingDoc> {
  const problem = ratingProblem(input.rating);
  if (problem !== null) throw appError("VALIDATION", problem, { field: "rating" });
  const rating = input.rating!;
  const feedback = normalizeFeedback(input.feedback);
  const tooLong = feedbackProblem(feedback);
  if (tooLong !== null) throw appError("VALIDATION", tooLong, { field: "feedback" });

  await getEventEnsuringRecapAttendee(ctx, input.eventId, userId, RECAP_MESSAGES.onlyAttendeesRate);
  const existing = await getRating(ctx, input.eventId, userId);
  const updatedAt = Date.now();
  if (existing === null) {
    const id = await ctx.db.insert("event_ratings", { eventId: input.eventId, userId, rating, feedback, updatedAt });
    await adjustRecapCounters(ctx, input.eventId, { ratingSum: rating, ratingCount: 1 });
    await countBadgeActivity(ctx, userId, "rating");
    return (await ctx.db.get("event_ratings", id))!;
  }
  await ctx.db.patch("event_ratings", existing._id, { rating, feedback, updatedAt });
  await adjustRecapCounters(ctx, input.eventId, { ratingSum: rating - existing.rating });
  return { ...existing, rating, feedback, updatedAt };
}

/** Deletes a rating and takes it out of its event's sum and count. */
export async function deleteRating(ctx: MutationCtx, row: RatingDoc): Promise<void> {
  await ctx.db.delete("event_ratings", row._id);
  await adjustRecapCounters(ctx, row.eventId, { ratingSum: -row.rating, ratingCount: -1 });
}

export function ratingView(row: RatingDoc) {
  return { rating: row.rating, feedback: row.feedback, updatedAt: row.updatedAt };
}
