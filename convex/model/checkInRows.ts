/**
 * Deleting check-ins and buddy rows (./checkIns.ts has the rest): when their
 * time is up (a week after the session), when the person cancels, leaves the
 * session or deletes their account, and with a deleted session. Writes rows
 * only — no notification is sent — so the write paths that call it
 * (participation, the clean-up registries) stay free of the check-in logic.
 */
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import type { AccountCleanup, EventCleanup } from "./batchedCleanup";
import { cancelIfPending } from "./scheduledJobs";

export type CheckInDoc = Doc<"check_ins">;

/** Rows a deleted account's check-in clean-up handles per mutation; the rest scheduled. */
export const CHECK_IN_CLEANUP_BATCH = 100;

export async function buddyRowsOf(
  ctx: MutationCtx,
  checkInId: Id<"check_ins">,
): Promise<Doc<"check_in_buddies">[]> {
  // At most CHECK_IN_MAX_BUDDIES rows (checked on write).
  return await ctx.db
    .query("check_in_buddies")
    .withIndex("by_check_in", (q) => q.eq("checkInId", checkInId))
    .take(10);
}

/**
 * The reminder's Home safe button goes once its check-in closes or is deleted: the close is
 * recorded on the notification (as an invitation's answer is).
 */
export async function closeReminderNotification(
  ctx: MutationCtx,
  checkIn: CheckInDoc,
  closedAt: number,
): Promise<void> {
  if (checkIn.reminderNotificationId === null) return;
  const notification = await ctx.db.get("notifications", checkIn.reminderNotificationId);
  if (notification === null || notification.data.closedAt !== undefined) return;
  await ctx.db.patch("notifications", notification._id, {
    data: { ...notification.data, closedAt },
  });
}

/** Deletes a check-in with its buddy rows and pending jobs. Returns the rows deleted. */
export async function deleteCheckIn(ctx: MutationCtx, checkIn: CheckInDoc): Promise<number> {
  await cancelIfPending(ctx, checkIn.stepJobId);
  await cancelIfPending(ctx, checkIn.deleteJobId);
  await closeReminderNotification(ctx, checkIn, Date.now());
  const buddies = await buddyRowsOf(ctx, checkIn._id);
  for (const row of buddies) await ctx.db.delete("check_in_buddies", row._id);
  await ctx.db.delete("check_ins", checkIn._id);
  return buddies.length + 1;
}

/**
 * Someone stopped attending a session (left, removed, declined): their own check-in there goes,
 * and they are nobody's buddy there any more.
 */
export async function removeFromCheckInsOfEvent(
  ctx: MutationCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
): Promise<void> {
  const own = await ctx.db
    .query("check_ins")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId).eq("userId", userId))
    .unique();
  if (own !== null) await deleteCheckIn(ctx, own);
  // A person is a buddy of at most every other attendee's one check-in; bounded by the session.
  const asBuddy = await ctx.db
    .query("check_in_buddies")
    .withIndex("by_event_and_buddy", (q) => q.eq("eventId", eventId).eq("buddyId", userId))
    .take(CHECK_IN_CLEANUP_BATCH);
  for (const row of asBuddy) await ctx.db.delete("check_in_buddies", row._id);
}

/** A deleted session's check-ins (a clean-up step). */
export const deleteCheckInsOfEvent: EventCleanup = async (ctx, eventId, limit) => {
  // A check-in is its row and up to five buddy rows.
  const take = Math.max(1, Math.floor(limit / 6));
  const rows = await ctx.db
    .query("check_ins")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId))
    .take(take);
  let handled = 0;
  for (const row of rows) handled += await deleteCheckIn(ctx, row);
  // Fewer than `limit` says finished; a full take may have left some.
  return rows.length < take ? handled : Math.max(handled, limit);
};

/**
 * Deleting an account: the person's own check-ins and their places as someone's buddy, a
 * batch now and the rest scheduled (`checkIns.continueAccountCleanup`).
 */
export const deleteCheckInsOfUser: AccountCleanup = async (ctx, userId) => {
  const own = await ctx.db
    .query("check_ins")
    .withIndex("by_user_and_open", (q) => q.eq("userId", userId))
    .take(CHECK_IN_CLEANUP_BATCH);
  for (const row of own) await deleteCheckIn(ctx, row);
  const asBuddy = await ctx.db
    .query("check_in_buddies")
    .withIndex("by_buddy_and_alerted", (q) => q.eq("buddyId", userId))
    .take(CHECK_IN_CLEANUP_BATCH);
  for (const row of asBuddy) await ctx.db.delete("check_in_buddies", row._id);
  if (own.length === CHECK_IN_CLEANUP_BATCH || asBuddy.length === CHECK_IN_CLEANUP_BATCH) {
    await ctx.scheduler.runAfter(0, internal.checkIns.continueAccountCleanup, { userId });
  }
};
