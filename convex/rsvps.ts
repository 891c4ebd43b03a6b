/**
 * RSVPs: one per event and user, set by upsert.
 * Joining and leaving are `events.join` / `events.leave`.
 */
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { mutation, query } from "./_generated/server";
import { idempotencyKeyValidator, rsvpStatusValidator } from "./schema";
import { rsvpsPage } from "./model/eventLists";
import { rsvpViewValidator } from "./model/eventValidators";
import { getEventEnsuringAccess, getEventOrThrow, setRsvpEnsuringAllowed } from "./model/events";
import { runOnce } from "./model/idempotency";
import { joinOrWaitlist } from "./model/waitlist";
import { getViewerId, requireViewerId } from "./model/viewer";

/**
 * Sets the caller's RSVP to going, maybe or not_going (the older page's
 * selector; the toast is 'RSVP updated!'). Counts and stats follow. "going"
 * is a join (`events.join`'s rule): on a full session, or one with a queue,
 * the caller goes onto the waitlist instead, and `waitlistPlace` says where.
 * Errors: NOT_AUTHENTICATED; FORBIDDEN 'You are the host of this event' /
 * 'You do not have permission to view this private event';
 * VALIDATION 'This session has already ended'; NOT_FOUND 'Event not found'.
 */
export const set = mutation({
  args: { eventId: v.id("events"), status: rsvpStatusValidator, idempotencyKey: idempotencyKeyValidator },
  handler: async (ctx, { eventId, status, idempotencyKey }) => {
    const userId = await requireViewerId(ctx);
    return await runOnce(ctx, userId, idempotencyKey, "rsvps:set", async () => {
      const event = await getEventOrThrow(ctx, eventId);
      const joined = status === "going" ? await joinOrWaitlist(ctx, event, userId) : null;
      if (joined === null) await setRsvpEnsuringAllowed(ctx, event, userId, status);
      const counts = await getEventOrThrow(ctx, eventId);
      return {
        status,
        waitlistPlace: joined?.status === "waitlisted" ? joined.place : null,
        goingCount: counts.goingCount,
        maybeCount: counts.maybeCount,
        notGoingCount: counts.notGoingCount,
      };
    });
  },
});

/**
 * The RSVP list of the older page, paginated: going first, then maybe,
 * then not going; each `{ userId, status, updatedAt, person }`.
 */
export const list = query({
  args: { eventId: v.id("events"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(rsvpViewValidator),
  handler: async (ctx, { eventId, paginationOpts }) => {
    const access = await getEventEnsuringAccess(ctx, await ctx.db.get("events", eventId), await getViewerId(ctx));
    return await rsvpsPage(ctx, access, paginationOpts);
  },
});
