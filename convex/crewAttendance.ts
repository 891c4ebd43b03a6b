/**
 * Crews' attendance of sessions: the scheduled continuations of the batches
 * in model/crewAttendance.ts (internal only).
 */
import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import {
  deleteCountedRowsOfUser,
  syncCrewsOfAttendee,
  syncSessionsOfMember,
} from "./model/crewAttendance";

/** Continues bringing a person's attendance of a session in line with their crews. */
export const continueAttendee = internalMutation({
  args: { eventId: v.id("events"), userId: v.id("users"), after: v.union(v.number(), v.null()) },
  handler: async (ctx, { eventId, userId, after }) => {
    await syncCrewsOfAttendee(ctx, eventId, userId, after);
    return null;
  },
});

/** Continues bringing a person's membership of a crew in line with their sessions. */
export const continueMember = internalMutation({
  args: {
    crewId: v.id("crews"),
    userId: v.id("users"),
    from: v.number(),
    after: v.union(v.object({ endTime: v.number(), creationTime: v.number() }), v.null()),
  },
  handler: async (ctx, { crewId, userId, from, after }) => {
    await syncSessionsOfMember(ctx, crewId, userId, from, after);
    return null;
  },
});

/** Continues taking back a deleted account's counted rows. */
export const continueDeletedUser = internalMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    await deleteCountedRowsOfUser(ctx, userId);
    return null;
  },
});
