/**
 * Host announcements on the session page: the host or a co-host posts one to
 * the groups they pick; the session's people read the list as the page's
 * access rules allow. Logic in model/announcements.ts.
 */
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internalMutation, mutation, query } from "./_generated/server";
import {
  announcementsPage,
  composerState,
  deliverAnnouncement,
  postAnnouncement,
} from "./model/announcements";
import {
  announcementViewValidator,
  composerStateValidator,
} from "./model/announcementValidators";
import { getEventEnsuringAccess } from "./model/events";
import { getViewerId, requireViewerId } from "./model/viewer";

/** The session's announcements, newest first; who may open the session page may read them. */
export const list = query({
  args: { eventId: v.id("events"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(announcementViewValidator),
  handler: async (ctx, { eventId, paginationOpts }) => {
    const viewerId = await getViewerId(ctx);
    const access = await getEventEnsuringAccess(ctx, await ctx.db.get("events", eventId), viewerId);
    return await announcementsPage(ctx, access, paginationOpts);
  },
});

/** For the host and co-hosts of a session not ended: how many announcements may still go today; null for anyone else. */
export const composer = query({
  args: { eventId: v.id("events") },
  returns: composerStateValidator,
  handler: async (ctx, { eventId }) => {
    const event = await ctx.db.get("events", eventId);
    if (event === null) return null;
    return await composerState(ctx, event, await getViewerId(ctx));
  },
});

/**
 * Posts an announcement (`groups`: going, maybe, invited, waitlisted) and
 * tells those groups in scheduled batches. Errors: NOT_AUTHENTICATED;
 * NOT_FOUND; FORBIDDEN 'Only the host and co-hosts can post announcements';
 * VALIDATION for an ended session, the text or the groups; RATE_LIMITED past
 * 5 a session in 24 hours.
 */
export const post = mutation({
  args: { eventId: v.id("events"), text: v.string(), groups: v.array(v.string()) },
  handler: async (ctx, { eventId, text, groups }) => {
    const userId = await requireViewerId(ctx);
    const announcementId = await postAnnouncement(ctx, eventId, userId, { text, groups });
    return { announcementId };
  },
});

/** One batch of telling an announcement's groups (scheduled by `post` and by itself). */
export const deliver = internalMutation({
  args: {
    announcementId: v.id("event_announcements"),
    groupIndex: v.number(),
    cursor: v.union(v.string(), v.null()),
  },
  handler: async (ctx, { announcementId, groupIndex, cursor }) => {
    await deliverAnnouncement(ctx, announcementId, groupIndex, cursor);
  },
});
