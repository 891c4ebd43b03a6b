/**
 * In-app notifications: creating them, the bell's unread counter
 * (maintained on every write, never a count of rows), marking read,
 * recording an invitation's answer on its notification, and clean-ups.
 * Every notification write goes through this module so the counter stays
 * exact. How the bell shows them is ./notificationViews.
 */
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import {
  isAnswered,
  type InvitationAnswer,
  type InvitationResponse,
  type InvitationResponseMethod,
  type NotificationPayload,
  type NotificationType,
} from "../../shared/notificationRules";
import { getProfileByUserId } from "./profiles";
import { schedulePush } from "./push";

export type NotificationDoc = Doc<"notifications">;

/** The document ids a payload holds on the server (shared/notificationRules types them as strings). */
export type NotificationIds = { user: Id<"users">; event: Id<"events">; crew: Id<"crews"> };

/** What a debug page's test notification stores instead of a payload. */
const TEST_DATA = { test: true } as const;

/** Rows patched or deleted per mutation by mark-all-read and clean-ups; the rest scheduled. */
export const NOTIFICATION_BATCH = 500;

// ---------------------------------------------------------------- the counter

async function getCounter(ctx: QueryCtx, userId: Id<"users">) {
  return await ctx.db
    .query("notification_counters")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .unique();
}

/** The bell's number: one indexed read. */
export async function unreadCount(ctx: QueryCtx, userId: Id<"users">): Promise<number> {
  return (await getCounter(ctx, userId))?.unread ?? 0;
}

/** Moves the unread counter by `delta`, never below 0. */
async function adjustUnread(ctx: MutationCtx, userId: Id<"users">, delta: number): Promise<void> {
  if (delta === 0) return;
  const counter = await getCounter(ctx, userId);
  if (counter === null) {
    if (delta > 0) await ctx.db.insert("notification_counters", { userId, unread: delta });
    return;
  }
  await ctx.db.patch("notification_counters", counter._id, {
    unread: Math.max(0, counter.unread + delta),
  });
}

// ---------------------------------------------------------------- creating

/**
 * Who a notification is from, for its text. Only the name is copied onto the
 * row; the face the bell shows is read when the notification is shown, under
 * the viewer's rights (`notificationViews`).
 */
export type Sender = { senderId: Id<"users">; senderName: string };

export async function senderOf(ctx: QueryCtx, userId: Id<"users">): Promise<Sender> {
  const profile = await getProfileByUserId(ctx, userId);
  return {
    senderId: userId,
    senderName: profile?.displayName ?? profile?.username ?? "Someone",
  };
}

export type NewNotification<T extends NotificationType = NotificationType> = {
  userId: Id<"users">;
  type: T;
  title: string;
  message: string;
  /** The type's payload; null only for a debug page's test notification, which has none. */
  data: NotificationPayload<T, NotificationIds> | null;
  sender?: Sender | null;
  /** 'crew:{id}' / 'event:{id}' on invitation notifications. */
  invitationKey?: string | null;
  crewId?: Id<"crews"> | null;
  eventId?: Id<"events"> | null;
  /** Stored as read (outside the unread count): news announced otherwise, e.g. a badge's celebration toast. */
  read?: boolean;
};

export function crewInvitationKey(crewId: Id<"crews">): string {
  return `crew:${crewId}`;
}

export function eventInvitationKey(eventId: Id<"events">): string {
  return `event:${eventId}`;
}

/** Stores one unread notification and bumps its user's counter. Nobody is notified of their own action. */
export async function createNotification<T extends NotificationType>(
  ctx: MutationCtx,
  input: NewNotification<T>,
): Promise<Id<"notifications"> | null> {
  if (input.sender && input.sender.senderId === input.userId) return null;
  if ((await ctx.db.get("users", input.userId)) === null) return null; // e.g. an inviter who deleted their account
  const now = Date.now();
  const data = {
    ...(input.data ?? TEST_DATA),
    ...(input.sender ? { senderName: input.sender.senderName } : {}),
    timestamp: now,
  };
  const id = await ctx.db.insert("notifications", {
    userId: input.userId,
    type: input.type,
    title: input.title,
    message: input.message,
    data,
    read: input.read ?? false,
    senderId: input.sender?.senderId ?? null,
    invitationKey: input.invitationKey ?? null,
    crewId: input.crewId ?? null,
    eventId: input.eventId ?? null,
    createdAt: now,
  });
  if (!input.read) await adjustUnread(ctx, input.userId, 1);
  await schedulePush(ctx, { ...input, data });
  return id;
}

// ---------------------------------------------------------------- marking read

export async function markRead(ctx: MutationCtx, row: NotificationDoc): Promise<void> {
  if (row.read) return;
  await ctx.db.patch("notifications", row._id, { read: true });
  await adjustUnread(ctx, row.userId, -1);
}

/**
 * Marks up to NOTIFICATION_BATCH of the user's unread notifications created
 * up to `until` as read, and the counter down by as many. Returns true when
 * none is left (newer ones, arriving meanwhile, stay unread).
 */
export async function markAllReadBatch(
  ctx: MutationCtx,
  userId: Id<"users">,
  until: number,
): Promise<boolean> {
  const rows = await ctx.db
    .query("notifications")
    .withIndex("by_user_and_read", (q) =>
      q.eq("userId", userId).eq("read", false).lte("_creationTime", until),
    )
    .take(NOTIFICATION_BATCH);
  for (const row of rows) await ctx.db.patch("notifications", row._id, { read: true });
  await adjustUnread(ctx, userId, -rows.length);
  return rows.length < NOTIFICATION_BATCH;
}

export async function markAllRead(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  // Up to the newest unread one now, so ones that arrive while the batches run stay unread. Not
  // Date.now(): creation times are made unique by stepping past the clock within a millisecond.
  const newest = await ctx.db
    .query("notifications")
    .withIndex("by_user_and_read", (q) => q.eq("userId", userId).eq("read", false))
    .order("desc")
    .first();
  if (newest === null) return;
  const until = newest._creationTime;
  if (!(await markAllReadBatch(ctx, userId, until))) {
    await ctx.scheduler.runAfter(0, internal.notifications.continueMarkAllRead, { userId, until });
  }
}

// ---------------------------------------------------------------- invitations

/**
 * An invitation's notifications settled or deleted per mutation. Nudges and
 * re-invitations add one each, so an invitation may have any number; the
 * newest (what the bell shows first) go in the answering mutation, older
 * ones in scheduled batches.
 */
export const INVITATION_NOTIFICATION_BATCH = 100;

/** One user's notifications of one invitation, newest first, created before `before` when given. */
function invitationNotificationsQuery(
  ctx: QueryCtx,
  userId: Id<"users">,
  invitationKey: string,
  before: number | undefined,
) {
  return ctx.db
    .query("notifications")
    .withIndex("by_user_and_invitation_key", (q) => {
      const range = q.eq("userId", userId).eq("invitationKey", invitationKey);
      return before === undefined ? range : range.lt("_creationTime", before);
    })
    .order("desc");
}

/**
 * Records the answer to an invitation on every one of the user's
 * notifications of it (its InvitationAnswer: `userResponse`, `respondedAt`,
 * `responseMethod`) and marks them read. A batch, newest first; older ones (created before the
 * oldest of this batch, so a new invitation's stay untouched) are scheduled.
 */
export async function recordInvitationResponse(
  ctx: MutationCtx,
  userId: Id<"users">,
  invitationKey: string,
  response: InvitationResponse,
  method: InvitationResponseMethod = "in_app",
  continuing: { respondedAt: number; before: number } | null = null,
): Promise<void> {
  const respondedAt = continuing?.respondedAt ?? Date.now();
  const rows = await invitationNotificationsQuery(
    ctx,
    userId,
    invitationKey,
    continuing?.before,
  ).take(INVITATION_NOTIFICATION_BATCH);
  const answer: InvitationAnswer = {
    userResponse: response,
    respondedAt,
    responseMethod: method,
  };
  for (const row of rows) {
    if (isAnswered(row.data)) continue;
    await ctx.db.patch("notifications", row._id, { data: { ...row.data, ...answer } });
    await markRead(ctx, row);
  }
  if (rows.length === INVITATION_NOTIFICATION_BATCH) {
    await ctx.scheduler.runAfter(0, internal.notifications.continueInvitationResponse, {
      userId,
      invitationKey,
      response,
      method,
      respondedAt,
      before: rows[rows.length - 1]._creationTime,
    });
  }
}

/**
 * Removes a user's notifications of `invitationKey` (an invitation
 * withdrawn): a batch, newest first; older ones are scheduled (only those
 * created before this batch's oldest, so a new invitation's stays).
 */
export async function deleteInvitationNotifications(
  ctx: MutationCtx,
  userId: Id<"users">,
  invitationKey: string,
  before?: number,
): Promise<void> {
  const rows = await invitationNotificationsQuery(ctx, userId, invitationKey, before).take(
    INVITATION_NOTIFICATION_BATCH,
  );
  for (const row of rows) await deleteNotification(ctx, row);
  if (rows.length === INVITATION_NOTIFICATION_BATCH) {
    await ctx.scheduler.runAfter(0, internal.notifications.continueDeleteInvitationNotifications, {
      userId,
      invitationKey,
      before: rows[rows.length - 1]._creationTime,
    });
  }
}

// ---------------------------------------------------------------- clean-up

export async function deleteNotification(ctx: MutationCtx, row: NotificationDoc): Promise<void> {
  await ctx.db.delete("notifications", row._id);
  if (!row.read) await adjustUnread(ctx, row.userId, -1);
}

/** Up to `limit` notifications about a crew; returns how many were deleted. */
export async function deleteNotificationsOfCrew(
  ctx: MutationCtx,
  crewId: Id<"crews">,
  limit: number,
): Promise<number> {
  const rows = await ctx.db
    .query("notifications")
    .withIndex("by_crew", (q) => q.eq("crewId", crewId))
    .take(limit);
  for (const row of rows) await deleteNotification(ctx, row);
  return rows.length;
}

/** Up to `limit` notifications about an event (the 'cancelled' ones carry no eventId and stay). */
export async function deleteNotificationsOfEvent(
  ctx: MutationCtx,
  eventId: Id<"events">,
  limit: number,
): Promise<number> {
  const rows = await ctx.db
    .query("notifications")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .take(limit);
  for (const row of rows) await deleteNotification(ctx, row);
  return rows.length;
}

/**
 * A deleted account's notifications: its own (and its counter), and those it
 * sent, in batches. Returns true when none is left.
 */
export async function deleteNotificationsOfUserBatch(
  ctx: MutationCtx,
  userId: Id<"users">,
  limit: number,
): Promise<boolean> {
  const own = await ctx.db
    .query("notifications")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .take(limit);
  for (const row of own) await ctx.db.delete("notifications", row._id);
  const sent = await ctx.db
    .query("notifications")
    .withIndex("by_sender", (q) => q.eq("senderId", userId))
    .take(Math.max(0, limit - own.length));
  for (const row of sent) await deleteNotification(ctx, row);
  if (own.length + sent.length >= limit) return false;
  const counter = await getCounter(ctx, userId);
  if (counter !== null) await ctx.db.delete("notification_counters", counter._id);
  return true;
}
