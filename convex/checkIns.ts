/**
 * "Got home safe" check-ins on the session page, the bell and the home screen's banner.
 * Logic in model/checkIns.ts; the timing is scheduled functions (`step`, `expire`).
 */
import { v } from "convex/values";
import { internalMutation, mutation, query } from "./_generated/server";
import {
  buddyCandidates,
  cancelCheckIn,
  checkInHome,
  checkInsForEvent,
  expireCheckIn,
  markCheckInFine,
  openCheckInsOfViewer,
  runCheckInStep,
  runDueStepsNow,
  startCheckIn,
} from "./model/checkIns";
import { deleteCheckInsOfUser } from "./model/checkInRows";
import {
  buddyCandidatesValidator,
  checkInsForEventValidator,
  openCheckInsValidator,
} from "./model/checkInValidators";
import { requireDebugPagesEnabled } from "./model/debug";
import { runOnce } from "./model/idempotency";
import { getViewerId, requireViewerId } from "./model/viewer";
import { idempotencyKeyValidator } from "./schema";

/** The viewer's check-in at a session and those they are a buddy of there; null for anyone else. */
export const forEvent = query({
  args: { eventId: v.id("events") },
  returns: checkInsForEventValidator,
  handler: async (ctx, { eventId }) => await checkInsForEvent(ctx, eventId, await getViewerId(ctx)),
});

/** Who the viewer may pick as buddies: the session's other attendees (empty unless they attend). */
export const candidates = query({
  args: { eventId: v.id("events") },
  returns: buddyCandidatesValidator,
  handler: async (ctx, { eventId }) => await buddyCandidates(ctx, eventId, await getViewerId(ctx)),
});

/** The home screen's banner: the viewer's open check-in and alerts about their buddies. */
export const openForMe = query({
  args: {},
  returns: openCheckInsValidator,
  handler: async (ctx) => await openCheckInsOfViewer(ctx, await getViewerId(ctx)),
});

/**
 * Turns on a check-in. Errors: NOT_AUTHENTICATED; NOT_FOUND; FORBIDDEN unless attending;
 * VALIDATION for the buddies, the time, or one already on.
 */
export const start = mutation({
  args: { eventId: v.id("events"), buddyIds: v.array(v.id("users")), dueAt: v.number() },
  handler: async (ctx, { eventId, buddyIds, dueAt }) => {
    const userId = await requireViewerId(ctx);
    return { checkInId: await startCheckIn(ctx, eventId, userId, { buddyIds, dueAt }) };
  },
});

/** "Home safe" (queued offline: sent once when the network is back). Errors: NOT_FOUND. */
export const homeSafe = mutation({
  args: { eventId: v.id("events"), idempotencyKey: idempotencyKeyValidator },
  handler: async (ctx, { eventId, idempotencyKey }) => {
    const userId = await requireViewerId(ctx);
    await runOnce(ctx, userId, idempotencyKey, "checkIns:homeSafe", async () => {
      await checkInHome(ctx, eventId, userId);
      return null;
    });
  },
});

/** A buddy closes the alert for everyone. Errors: NOT_FOUND unless a buddy; VALIDATION without an alert. */
export const markFine = mutation({
  args: { checkInId: v.id("check_ins") },
  handler: async (ctx, { checkInId }) => {
    await markCheckInFine(ctx, checkInId, await requireViewerId(ctx));
  },
});

/** The person turns their check-in off (deleted). Errors: NOT_FOUND. */
export const cancel = mutation({
  args: { eventId: v.id("events") },
  handler: async (ctx, { eventId }) => {
    await cancelCheckIn(ctx, eventId, await requireViewerId(ctx));
  },
});

/** A scheduled step: the reminder at the person's time, the buddies' alert after it. */
export const step = internalMutation({
  args: { checkInId: v.id("check_ins"), step: v.union(v.literal("remind"), v.literal("alert")) },
  handler: async (ctx, args) => {
    await runCheckInStep(ctx, args.checkInId, args.step);
  },
});

/** A week after the session: the check-in is deleted. */
export const expire = internalMutation({
  args: { checkInId: v.id("check_ins") },
  handler: async (ctx, { checkInId }) => {
    await expireCheckIn(ctx, checkInId);
  },
});

/** The rest of a deleted account's check-ins. */
export const continueAccountCleanup = internalMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    await deleteCheckInsOfUser(ctx, userId);
  },
});

/**
 * End-to-end tests: runs the next step of the session's open check-ins now (first the
 * reminder, then the alert) rather than waiting for their time and the 15 minutes after.
 * Internal (the operator's admin key), and refused unless debug pages are enabled.
 */
export const runDueStepsForTesting = internalMutation({
  args: { eventId: v.id("events") },
  handler: async (ctx, { eventId }) => {
    requireDebugPagesEnabled();
    return await runDueStepsNow(ctx, eventId);
  },
});
