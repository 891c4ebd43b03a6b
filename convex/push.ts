/**
 * Web push: whether the deployment sends push (its VAPID
 * public key, for the browser's subscribe call), and the caller's devices.
 * Sending: convex/pushDelivery.ts, scheduled from model/notifications.ts.
 */
import { v } from "convex/values";
import { internalMutation, internalQuery, mutation, query } from "./_generated/server";
import { removeSubscription, saveSubscription, subscriptionsOf, vapidKeys } from "./model/push";
import { getViewerId, requireViewerId } from "./model/viewer";

/** The VAPID public key, or null when push is off on this deployment. */
export const config = query({
  args: {},
  returns: v.object({ publicKey: v.union(v.string(), v.null()) }),
  handler: () => ({ publicKey: vapidKeys()?.publicKey ?? null }),
});

/** Whether this browser's push endpoint is stored for the caller. */
export const isSubscribed = query({
  args: { endpoint: v.string() },
  returns: v.boolean(),
  handler: async (ctx, { endpoint }) => {
    const userId = await getViewerId(ctx);
    if (userId === null) return false;
    const row = await ctx.db
      .query("push_subscriptions")
      .withIndex("by_endpoint", (q) => q.eq("endpoint", endpoint))
      .unique();
    return row !== null && row.userId === userId;
  },
});

/** Stores this browser's PushSubscription for the caller. */
export const subscribe = mutation({
  args: {
    endpoint: v.string(),
    keys: v.object({ p256dh: v.string(), auth: v.string() }),
  },
  handler: async (ctx, subscription) => {
    const userId = await requireViewerId(ctx);
    await saveSubscription(ctx, userId, subscription);
  },
});

/** Forgets this browser for the caller (only their own). */
export const unsubscribe = mutation({
  args: { endpoint: v.string() },
  handler: async (ctx, { endpoint }) => {
    const userId = await requireViewerId(ctx);
    await removeSubscription(ctx, userId, endpoint);
  },
});

/** The devices a push goes to. */
export const devicesOf = internalQuery({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) =>
    (await subscriptionsOf(ctx, userId)).map(({ _id, endpoint, p256dh, auth }) => ({
      _id,
      endpoint,
      keys: { p256dh, auth },
    })),
});

/** A push service answered 404/410: the browser dropped the subscription. */
export const removeExpired = internalMutation({
  args: { subscriptionId: v.id("push_subscriptions") },
  handler: async (ctx, { subscriptionId }) => {
    if ((await ctx.db.get("push_subscriptions", subscriptionId)) !== null) {
      await ctx.db.delete("push_subscriptions", subscriptionId);
    }
  },
});
