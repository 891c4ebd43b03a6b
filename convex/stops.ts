/**
 * Bar-crawl stops on the session page: the host and co-hosts add, reorder
 * and remove them and move the crew on live ("We're here", "Moving on");
 * whoever may see the session sees them. Logic in model/stops.ts.
 */
import { v } from "convex/values";
import { internalMutation, mutation, query } from "./_generated/server";
import { runOnce } from "./model/idempotency";
import {
  addStop,
  arriveAtStop,
  moveOnFromStop,
  removeStop,
  reorderStops,
  stopsForViewer,
  tellCrewMove,
} from "./model/stops";
import { stopsViewValidator } from "./model/stopValidators";
import { getViewerId, requireViewerId } from "./model/viewer";
import { idempotencyKeyValidator, placeValidator } from "./schema";

/**
 * `{ stops, currentStopId, movedAt, canEdit, ended }` for whoever may see the
 * session; null for anyone else and for a session that does not exist. Guests
 * see a crawl of 2 stops or more.
 */
export const list = query({
  args: { eventId: v.id("events") },
  returns: stopsViewValidator,
  handler: async (ctx, { eventId }) => await stopsForViewer(ctx, eventId, await getViewerId(ctx)),
});

/**
 * Adds a stop at the end: `name` (typed, or the picked place's name), the
 * picked `place` or null, an optional `plannedTime`. Errors:
 * NOT_AUTHENTICATED; NOT_FOUND (no such session, or one the caller may not
 * see); FORBIDDEN 'Only the host and co-hosts can change the stops';
 * VALIDATION for an ended session, the name, the place, the time (at its
 * `field`) or a 13th stop.
 */
export const add = mutation({
  args: {
    eventId: v.id("events"),
    name: v.string(),
    place: v.union(placeValidator, v.null()),
    plannedTime: v.union(v.number(), v.null()),
  },
  handler: async (ctx, { eventId, ...input }) => {
    const userId = await requireViewerId(ctx);
    return { stopId: await addStop(ctx, eventId, userId, input) };
  },
});

/** Removes a stop. Errors as `add`, and NOT_FOUND for a stop not of this session. */
export const remove = mutation({
  args: { eventId: v.id("events"), stopId: v.id("event_stops") },
  handler: async (ctx, { eventId, stopId }) => {
    await removeStop(ctx, eventId, await requireViewerId(ctx), stopId);
    return null;
  },
});

/** Puts the stops in the order of `stopIds` (each of the crawl's stops once, else VALIDATION). */
export const reorder = mutation({
  args: { eventId: v.id("events"), stopIds: v.array(v.id("event_stops")) },
  handler: async (ctx, { eventId, stopIds }) => {
    await reorderStops(ctx, eventId, await requireViewerId(ctx), stopIds);
    return null;
  },
});

/**
 * "We're here": the crew is at `stopId` now; people going hear of it. May be
 * queued offline (`idempotencyKey`). Errors as `remove`, and VALIDATION
 * 'A crawl needs at least 2 stops'.
 */
export const arrive = mutation({
  args: {
    eventId: v.id("events"),
    stopId: v.id("event_stops"),
    idempotencyKey: idempotencyKeyValidator,
  },
  handler: async (ctx, { eventId, stopId, idempotencyKey }) => {
    const userId = await requireViewerId(ctx);
    return await runOnce(ctx, userId, idempotencyKey, "stops:arrive", async () => {
      await arriveAtStop(ctx, eventId, userId, stopId);
      return null;
    });
  },
});

/**
 * "Moving on" from `fromStopId` (the current stop when tapped) to the next;
 * returns `{ stopId }` of the new current stop. May be queued offline.
 * Errors as `arrive`, and VALIDATION when the crew is no longer at
 * `fromStopId` or it is the last stop.
 */
export const moveOn = mutation({
  args: {
    eventId: v.id("events"),
    fromStopId: v.id("event_stops"),
    idempotencyKey: idempotencyKeyValidator,
  },
  handler: async (ctx, { eventId, fromStopId, idempotencyKey }) => {
    const userId = await requireViewerId(ctx);
    return await runOnce(ctx, userId, idempotencyKey, "stops:moveOn", async () => ({
      stopId: await moveOnFromStop(ctx, eventId, userId, fromStopId),
    }));
  },
});

/** Tells people going where the crew moved (scheduled by the moves and by itself). */
export const tellMove = internalMutation({
  args: {
    eventId: v.id("events"),
    moverId: v.id("users"),
    stopId: v.union(v.id("event_stops"), v.null()),
    cursor: v.union(v.string(), v.null()),
  },
  handler: async (ctx, args) => {
    await tellCrewMove(ctx, args);
  },
});
