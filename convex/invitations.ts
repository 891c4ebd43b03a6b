/**
 * Invitations to sessions: hosts and co-hosts invite
 * users and crews; invitees accept or decline in-app. Thin functions over
 * model/eventInvitations.ts.
 */
import { v } from "convex/values";
import { internalMutation, mutation, query } from "./_generated/server";
import { idempotencyKeyValidator } from "./schema";
import { INVITE_BATCH_MAX } from "../shared/crewRules";
import { EVENT_INVITATION_MESSAGES } from "../shared/eventInvitationRules";
import { getEventEnsuringEditor, getEventOrThrow } from "./model/events";
import {
  inviteCrewBatch,
  inviteCrewToEvent,
  inviteUsersToEvent,
  respondToEventInvitation,
} from "./model/eventInvitations";
import { notifyAttendeesOfChange } from "./model/eventNotifications";
import { runOnce } from "./model/idempotency";
import { readParticipationRows } from "./model/participation";
import { myInvitationValidator } from "./model/eventValidators";
import { userSearchResultValidator } from "./model/profileValidators";
import { searchUsers } from "./model/userSearch";
import { getViewerId, requireViewerId } from "./model/viewer";

/**
 * Users to invite to a session (the wizard's and edit dialog's invite step):
 * from 2 characters; the caller, `excludeUserIds` (already selected) and,
 * for an existing session, those already invited or attending are left out.
 */
export const searchUsersForEvent = query({
  args: {
    query: v.string(),
    eventId: v.optional(v.id("events")),
    excludeUserIds: v.optional(v.array(v.id("users"))),
  },
  returns: v.array(userSearchResultValidator),
  handler: async (ctx, { query, eventId, excludeUserIds = [] }) => {
    const userId = await requireViewerId(ctx);
    if (query.trim().length < 2) return [];
    const excluded = new Set(excludeUserIds.slice(0, INVITE_BATCH_MAX));
    if (eventId !== undefined) await getEventEnsuringEditor(ctx, eventId, userId);
    return await searchUsers(ctx, userId, query, async (candidate) => {
      if (excluded.has(candidate)) return true;
      if (eventId === undefined) return false;
      const rows = await readParticipationRows(ctx, eventId, candidate);
      return (
        rows.participant !== null ||
        rows.member?.status === "pending" ||
        rows.member?.status === "accepted"
      );
    });
  },
});

/**
 * Invites users (host or co-host). Returns `{ invitedCount, queuedCount, message }`:
 * 'Successfully invited {n} user(s) to the event' or 'No new users were invited…'.
 */
export const inviteUsers = mutation({
  args: { eventId: v.id("events"), userIds: v.array(v.id("users")) },
  handler: async (ctx, { eventId, userIds }) => {
    const userId = await requireViewerId(ctx);
    const { event } = await getEventEnsuringEditor(ctx, eventId, userId);
    return await inviteUsersToEvent(ctx, event, userId, userIds);
  },
});

/**
 * Invites a crew the caller belongs to (host or co-host of the session):
 * its accepted members may see the session and each gets an invitation
 * (large crews in scheduled batches). VALIDATION 'No crew members to invite'.
 */
export const inviteCrew = mutation({
  args: { eventId: v.id("events"), crewId: v.id("crews") },
  handler: async (ctx, { eventId, crewId }) => {
    const userId = await requireViewerId(ctx);
    const { event } = await getEventEnsuringEditor(ctx, eventId, userId);
    return await inviteCrewToEvent(ctx, event, userId, crewId);
  },
});

/** The invitee answers in-app: accepted counts as attending; declined keeps them out. */
export const respond = mutation({
  args: {
    eventId: v.id("events"),
    response: v.union(v.literal("accepted"), v.literal("declined")),
    idempotencyKey: idempotencyKeyValidator,
  },
  handler: async (ctx, { eventId, response, idempotencyKey }) => {
    const userId = await requireViewerId(ctx);
    return await runOnce(ctx, userId, idempotencyKey, "invitations:respond", async () => {
      const event = await getEventOrThrow(ctx, eventId);
      await respondToEventInvitation(ctx, event, userId, response);
      return {
        response,
        message:
          response === "accepted"
            ? EVENT_INVITATION_MESSAGES.accepted
            : EVENT_INVITATION_MESSAGES.declined,
      };
    });
  },
});

/** The caller's pending invitation to a session, if any (for the session page's answer buttons). */
export const myInvitation = query({
  args: { eventId: v.id("events") },
  returns: myInvitationValidator,
  handler: async (ctx, { eventId }) => {
    const userId = await getViewerId(ctx);
    if (userId === null) return null;
    const rows = await readParticipationRows(ctx, eventId, userId);
    if (rows.member === null || rows.member.role === "host") return null;
    return { status: rows.member.status, invitedBy: rows.member.invitedBy };
  },
});

/** Continues inviting a large crew's members. */
export const continueCrewInvite = internalMutation({
  args: {
    eventId: v.id("events"),
    crewId: v.id("crews"),
    inviterId: v.id("users"),
    cursor: v.string(),
  },
  handler: async (ctx, { eventId, crewId, inviterId, cursor }) => {
    await inviteCrewBatch(ctx, eventId, crewId, inviterId, cursor);
    return null;
  },
});

/** Continues telling a session's attendees of a change. */
export const continueNotifyAttendees = internalMutation({
  args: {
    eventId: v.id("events"),
    change: v.union(v.literal("time"), v.literal("place"), v.literal("time_and_place")),
    editorId: v.id("users"),
    cursor: v.string(),
  },
  handler: async (ctx, { eventId, change, editorId, cursor }) => {
    await notifyAttendeesOfChange(ctx, eventId, change, editorId, cursor);
    return null;
  },
});
