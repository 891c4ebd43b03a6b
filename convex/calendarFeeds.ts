/**
 * Calendar feeds (signed-in people manage only their own addresses): the
 * address of the caller's own sessions (Settings) or of a crew's sessions
 * (crew page, accepted members only), made on first use and regenerated on
 * demand. `GET /calendar/{token}.ics` (convex/http.ts) serves them through
 * the internal functions here. Logic in model/calendarFeeds.ts.
 */
import { v } from "convex/values";
import { internalMutation, internalQuery, mutation, query } from "./_generated/server";
import { internal } from "./_generated/api";
import {
  admitCalendarFetch,
  calendarFeedContent,
  calendarLinkOf,
  deleteCalendarDataOfUserBatch,
  deleteOldCancellations,
  ensureCalendarLink,
  regenerateCalendarLink,
} from "./model/calendarFeeds";
import { requireViewerId } from "./model/viewer";

/** A crew's id for its feed; absent for the caller's own sessions. */
const feedArgs = { crewId: v.optional(v.string()) };

/**
 * The caller's address `{ url, webcalUrl, createdAt }`, or null before they
 * made one. NOT_AUTHENTICATED when signed out; for a crew, 'Crew not found'
 * (no such crew, or a private one the caller is not in) or FORBIDDEN for a
 * non-member.
 */
export const link = query({
  args: feedArgs,
  returns: v.union(
    v.object({ url: v.string(), webcalUrl: v.string(), createdAt: v.number() }),
    v.null(),
  ),
  handler: async (ctx, { crewId }) => {
    return await calendarLinkOf(ctx, await requireViewerId(ctx), crewId);
  },
});

/** The caller's address, made if they had none (RATE_LIMITED after 10 new addresses an hour). */
export const createLink = mutation({
  args: feedArgs,
  handler: async (ctx, { crewId }) => {
    return await ensureCalendarLink(ctx, await requireViewerId(ctx), crewId);
  },
});

/** A new address in place of the old one, which stops working at once. */
export const regenerateLink = mutation({
  args: feedArgs,
  handler: async (ctx, { crewId }) => {
    return await regenerateCalendarLink(ctx, await requireViewerId(ctx), crewId);
  },
});

/** The HTTP route's first step: which feed a token opens, if any, within its fetch limit. */
export const admitFetch = internalMutation({
  args: { token: v.string(), now: v.number() },
  handler: async (ctx, { token, now }) => await admitCalendarFetch(ctx, token, now),
});

/** The HTTP route's second step: what the feed lists at `now` (null: answer as unknown). */
export const feedContent = internalQuery({
  args: { feedId: v.id("calendar_feeds"), now: v.number() },
  handler: async (ctx, { feedId, now }) => await calendarFeedContent(ctx, feedId, now),
});

/** Daily: cancellations past their 30 days, in batches until none is left. */
export const deleteOldCalendarCancellations = internalMutation({
  args: {},
  handler: async (ctx) => {
    if (!(await deleteOldCancellations(ctx, Date.now()))) {
      await ctx.scheduler.runAfter(0, internal.calendarFeeds.deleteOldCalendarCancellations, {});
    }
  },
});

/** A deleted account's calendar rows beyond the first batch. */
export const deleteCalendarDataOfDeletedUser = internalMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    if (!(await deleteCalendarDataOfUserBatch(ctx, userId))) {
      await ctx.scheduler.runAfter(0, internal.calendarFeeds.deleteCalendarDataOfDeletedUser, {
        userId,
      });
    }
  },
});
