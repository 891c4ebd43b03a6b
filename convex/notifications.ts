/**
 * The notification bell: the unread count (one maintained
 * counter), the list newest first 20 a page, marking read. Signed-out
 * callers get 0 and an empty page.
 */
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internalMutation, mutation, query } from "./_generated/server";
import { internal } from "./_generated/api";
import { NOTIFICATIONS_PAGE_SIZE } from "../shared/notificationRules";
import { clampPageSize } from "../shared/eventAccess";
import { appError } from "./model/errors";
import { runOnce } from "./model/idempotency";
import { idempotencyKeyValidator } from "./schema";
import {
  deleteInvitationNotifications,
  markAllRead as markAllReadOf,
  markAllReadBatch,
  markRead as markOneRead,
  recordInvitationResponse,
  unreadCount as unreadCountOf,
} from "./model/notifications";
import { notificationViews, withSessionEnds } from "./model/notificationViews";
import { notificationViewValidator } from "./model/notificationValidators";
import { getViewerId, requireViewerId } from "./model/viewer";

/** The bell's badge number: one counter read. */
export const unreadCount = query({
  args: {},
  returns: v.number(),
  handler: async (ctx) => {
    const userId = await getViewerId(ctx);
    return userId === null ? 0 : await unreadCountOf(ctx, userId);
  },
});

/**
 * The popover's list, newest first, at most 20 a page; a session
 * invitation's `eventEndTime` is its session's end as it is now.
 */
export const list = query({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(notificationViewValidator),
  handler: async (ctx, { paginationOpts }) => {
    const userId = await getViewerId(ctx);
    if (userId === null) return { page: [], isDone: true, continueCursor: "" };
    const result = await ctx.db
      .query("notifications")
      .withIndex("by_user", (q) => q.eq("userId", userId))
      .order("desc")
      .paginate({
        ...paginationOpts,
        numItems: clampPageSize(paginationOpts.numItems, NOTIFICATIONS_PAGE_SIZE),
      });
    const views = await notificationViews(ctx, userId, result.page);
    return { ...result, page: await withSessionEnds(ctx, result.page, views) };
  },
});

/** Marks one of the caller's notifications read ('Notification not found' for anyone else's). */
export const markRead = mutation({
  args: { notificationId: v.id("notifications"), idempotencyKey: idempotencyKeyValidator },
  handler: async (ctx, { notificationId, idempotencyKey }) => {
    const userId = await requireViewerId(ctx);
    return await runOnce(ctx, userId, idempotencyKey, "notifications:markRead", async () => {
      const row = await ctx.db.get("notifications", notificationId);
      if (row === null || row.userId !== userId)
        throw appError("NOT_FOUND", "Notification not found");
      await markOneRead(ctx, row);
      return null;
    });
  },
});

/** Mark all read: the counter falls to 0 (batched past 500 unread). */
export const markAllRead = mutation({
  args: { idempotencyKey: idempotencyKeyValidator },
  handler: async (ctx, { idempotencyKey }) => {
    const userId = await requireViewerId(ctx);
    return await runOnce(ctx, userId, idempotencyKey, "notifications:markAllRead", async () => {
      await markAllReadOf(ctx, userId);
      return null;
    });
  },
});

/** Continues a mark-all-read. */
export const continueMarkAllRead = internalMutation({
  args: { userId: v.id("users"), until: v.number() },
  handler: async (ctx, { userId, until }) => {
    if (!(await markAllReadBatch(ctx, userId, until))) {
      await ctx.scheduler.runAfter(0, internal.notifications.continueMarkAllRead, {
        userId,
        until,
      });
    }
    return null;
  },
});

/** Continues recording an invitation's answer on its older notifications. */
export const continueInvitationResponse = internalMutation({
  args: {
    userId: v.id("users"),
    invitationKey: v.string(),
    response: v.union(v.literal("accepted"), v.literal("declined")),
    method: v.union(v.literal("in_app"), v.literal("email"), v.literal("invite_link")),
    respondedAt: v.number(),
    before: v.number(),
  },
  handler: async (ctx, { userId, invitationKey, response, method, respondedAt, before }) => {
    await recordInvitationResponse(ctx, userId, invitationKey, response, method, {
      respondedAt,
      before,
    });
    return null;
  },
});

/** Continues removing a withdrawn invitation's older notifications. */
export const continueDeleteInvitationNotifications = internalMutation({
  args: { userId: v.id("users"), invitationKey: v.string(), before: v.number() },
  handler: async (ctx, { userId, invitationKey, before }) => {
    await deleteInvitationNotifications(ctx, userId, invitationKey, before);
    return null;
  },
});
