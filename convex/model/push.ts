/**
 * Web push, off unless the deployment has VAPID keys (what is pushed and the
 * device limit: docs/product-rules.md#notifications-and-the-bell): the
 * deployment's VAPID keys, the person's
 * devices (one push_subscriptions row per browser endpoint), and scheduling a
 * push when a notification worth one is created. Sending happens in
 * convex/pushDelivery.ts (Node, for the `web-push` package).
 */
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import { env, type MutationCtx, type QueryCtx } from "../_generated/server";
import {
  typedNotification,
  type NotificationType,
  type StoredNotificationData,
} from "../../shared/notificationRules";
import {
  MAX_PUSH_DEVICES,
  PUSH_MESSAGES,
  isPushed,
  isValidPushSubscription,
  pushPayload,
  type PushSubscriptionInput,
} from "../../shared/pushRules";
import { appError } from "./errors";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY from the deployment's environment
 * (`npx web-push generate-vapid-keys`); without both, push is off.
 * VAPID_SUBJECT is the contact push services see: a mailto: or https: URL,
 * by default the app's own https URL.
 */
export function vapidKeys(): VapidKeys | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) return null;
  const siteUrl = env.SITE_URL ?? "";
  const subject =
    env.VAPID_SUBJECT?.trim() ||
    (siteUrl.startsWith("https://") ? siteUrl : "mailto:push@localhost");
  return { publicKey, privateKey, subject };
}

export type PushSubscriptionDoc = Doc<"push_subscriptions">;

export async function subscriptionsOf(
  ctx: QueryCtx,
  userId: Id<"users">,
): Promise<PushSubscriptionDoc[]> {
  return await ctx.db
    .query("push_subscriptions")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .take(MAX_PUSH_DEVICES);
}

async function subscriptionAt(ctx: QueryCtx, endpoint: string) {
  return await ctx.db
    .query("push_subscriptions")
    .withIndex("by_endpoint", (q) => q.eq("endpoint", endpoint))
    .unique();
}

/**
 * Stores this device for `userId`. A device that someone else had subscribed
 * (another account signed in on the same browser) now belongs to `userId`:
 * pushes go to whoever uses the browser now.
 */
export async function saveSubscription(
  ctx: MutationCtx,
  userId: Id<"users">,
  input: PushSubscriptionInput,
): Promise<void> {
  if (!isValidPushSubscription(input))
    throw appError("VALIDATION", PUSH_MESSAGES.invalidSubscription);
  const existing = await subscriptionAt(ctx, input.endpoint);
  const fields = {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
  };
  if (existing !== null) {
    await ctx.db.patch("push_subscriptions", existing._id, fields);
    return;
  }
  const devices = await subscriptionsOf(ctx, userId);
  // Oldest first (by_user orders by creation): keep the newest MAX_PUSH_DEVICES - 1, then add this one.
  for (const stale of devices.slice(0, Math.max(0, devices.length - MAX_PUSH_DEVICES + 1))) {
    await ctx.db.delete("push_subscriptions", stale._id);
  }
  await ctx.db.insert("push_subscriptions", { ...fields, createdAt: Date.now() });
}

/** Forgets this device if it is `userId`'s; someone else's endpoint is left alone. */
export async function removeSubscription(
  ctx: MutationCtx,
  userId: Id<"users">,
  endpoint: string,
): Promise<void> {
  const existing = await subscriptionAt(ctx, endpoint);
  if (existing !== null && existing.userId === userId) {
    await ctx.db.delete("push_subscriptions", existing._id);
  }
}

export async function deletePushSubscriptionsOf(
  ctx: MutationCtx,
  userId: Id<"users">,
): Promise<void> {
  const rows = await ctx.db
    .query("push_subscriptions")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .collect();
  for (const row of rows) await ctx.db.delete("push_subscriptions", row._id);
}

/**
 * Schedules a push of a new notification to the user's devices, for the
 * pushed types, when the deployment has VAPID keys and the user has a device
 * (one indexed read; nothing at all without keys).
 */
export async function schedulePush(
  ctx: MutationCtx,
  notification: {
    userId: Id<"users">;
    type: NotificationType;
    title: string;
    message: string;
    data: StoredNotificationData;
  },
): Promise<void> {
  if (!isPushed(notification.type) || vapidKeys() === null) return;
  const device = await ctx.db
    .query("push_subscriptions")
    .withIndex("by_user", (q) => q.eq("userId", notification.userId))
    .first();
  if (device === null) return;
  await ctx.scheduler.runAfter(0, internal.pushDelivery.sendToUser, {
    userId: notification.userId,
    payload: pushPayload({
      ...typedNotification(notification.type, notification.data),
      title: notification.title,
      message: notification.message,
    }),
  });
}
