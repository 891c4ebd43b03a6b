/**
 * Capacity, waitlist and plus-ones (shared/capacityRules.ts): a guest's
 * plus-ones, the host's waitlist and promoting by hand. Joining, and leaving
 * the waitlist, are `events.join` / `events.leave`.
 */
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internalMutation, mutation, query } from "./_generated/server";
import { idempotencyKeyValidator } from "./schema";
import { getEventEnsuringEditor, getEventOrThrow } from "./model/events";
import { runOnce } from "./model/idempotency";
import { promoteByHand, setPlusOnes, tellPromoted, waitlistPage } from "./model/waitlist";
import { requireViewerId } from "./model/viewer";
import { waitlistRowValidator } from "./model/waitlistValidators";

/**
 * Sets how many plus-ones the caller brings (going) or asks for (waiting,
 * keeping their place). Fewer frees seats for the waitlist; more only while
 * they fit. Errors: NOT_AUTHENTICATED; NOT_FOUND; VALIDATION the plus-ones
 * rule, 'This session is full', 'Join the session before picking plus-ones',
 * 'This session has already ended'. Queueable offline: with `idempotencyKey`
 * a replay changes nothing and answers the same.
 */
export const setMyPlusOnes = mutation({
  args: { eventId: v.id("events"), plusOnes: v.number(), idempotencyKey: idempotencyKeyValidator },
  handler: async (ctx, { eventId, plusOnes, idempotencyKey }) => {
    const userId = await requireViewerId(ctx);
    return await runOnce(ctx, userId, idempotencyKey, "waitlist:setMyPlusOnes", async () => {
      await setPlusOnes(ctx, await getEventOrThrow(ctx, eventId), userId, plusOnes);
      return null;
    });
  },
});

/**
 * The waitlist in order, paginated; the host and co-hosts only.
 * Errors: NOT_AUTHENTICATED; NOT_FOUND; FORBIDDEN 'You do not have permission to edit this event'.
 */
export const list = query({
  args: { eventId: v.id("events"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(waitlistRowValidator),
  handler: async (ctx, { eventId, paginationOpts }) => {
    const userId = await requireViewerId(ctx);
    const access = await getEventEnsuringEditor(ctx, eventId, userId);
    return await waitlistPage(ctx, access, paginationOpts);
  },
});

/**
 * Moves someone from the waitlist to going, out of order, when their party
 * fits; the host and co-hosts only. Errors: NOT_AUTHENTICATED; FORBIDDEN;
 * NOT_FOUND 'This person is not on the waitlist'; VALIDATION 'There is no
 * free spot for this person and their plus-ones'.
 */
export const promote = mutation({
  args: { eventId: v.id("events"), userId: v.id("users") },
  handler: async (ctx, { eventId, userId: targetId }) => {
    const userId = await requireViewerId(ctx);
    await promoteByHand(ctx, eventId, userId, targetId);
    return null;
  },
});

/** Tells one person promoted from the waitlist (scheduled by the write that promoted them). */
export const notifyPromoted = internalMutation({
  args: { eventId: v.id("events"), userId: v.id("users") },
  handler: async (ctx, { eventId, userId }) => {
    await tellPromoted(ctx, eventId, userId);
    return null;
  },
});
