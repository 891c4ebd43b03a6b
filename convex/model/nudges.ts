/**
 * Nudges: invitees who have not answered get a reminder to answer —
 * in-app (an invitation notification, so the bell shows Accept and Decline)
 * and by e-mail with one-tap Accept / Decline links, as their preferences
 * allow. From the host's Nudge button, and automatically 3 hours before the
 * start; at most once per 12 hours per session for both together, and the
 * button also takes from the sender's nudge limit.
 */
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { INVITATION_TOKEN_LIFETIME_TEXT } from "../../shared/invitationTokens";
import {
  NUDGE_COOLDOWN_MS,
  NUDGE_MESSAGES,
  nudgeWaitMs,
  REMINDER_TEXTS,
} from "../../shared/reminderRules";
import { queueEmailToUser } from "./emailQueue";
import { appError } from "./errors";
import { notifyOfEventInvitation } from "./eventNotifications";
import { ensureNotEnded, type EventDoc } from "./events";
import { eventEmailDetails, issueInvitationTokens } from "./invitationEmails";
import { senderOf, type Sender } from "./notifications";
import { getReminderRow, planReminders, REMINDER_BATCH } from "./reminders";
import { enforceSenderLimit } from "./senderLimits";

/** The first `limit` invitees of a session who have not answered. */
async function pendingInvitees(ctx: QueryCtx, eventId: Id<"events">, limit: number) {
  return await ctx.db
    .query("event_members")
    .withIndex("by_event_and_status", (q) => q.eq("eventId", eventId).eq("status", "pending"))
    .take(limit);
}

/**
 * What the session page's Nudge button needs: whether anyone is waiting, and
 * from when a nudge may go again (null: now). No clock read: the page compares.
 */
export async function nudgeStatus(ctx: QueryCtx, eventId: Id<"events">) {
  const row = await getReminderRow(ctx, eventId);
  const lastNudgeAt = row?.lastNudgeAt ?? null;
  return {
    hasPendingInvitees: (await pendingInvitees(ctx, eventId, 1)).length > 0,
    nextNudgeAt: lastNudgeAt === null ? null : lastNudgeAt + NUDGE_COOLDOWN_MS,
  };
}

/**
 * The host's (or a co-host's) Nudge (access checked by the caller). Errors:
 * VALIDATION 'This session has already ended' / 'Everyone has answered…';
 * RATE_LIMITED 'Invitees were nudged recently…' or 'Too many nudges…'.
 * Returns how many were nudged in this mutation (the rest follow in batches).
 */
export async function nudgeFromHost(
  ctx: MutationCtx,
  event: EventDoc,
  nudgerId: Id<"users">,
  now: number = Date.now(),
): Promise<{ nudged: number; message: string }> {
  ensureNotEnded(event);
  await planReminders(ctx, event, now); // sessions from before reminders existed get their row here
  const row = (await getReminderRow(ctx, event._id))!;
  const waitMs = nudgeWaitMs(row.lastNudgeAt, now);
  if (waitMs > 0)
    throw appError("RATE_LIMITED", NUDGE_MESSAGES.cooldown(waitMs), { retryAfterMs: waitMs });
  if ((await pendingInvitees(ctx, event._id, 1)).length === 0)
    throw appError("VALIDATION", NUDGE_MESSAGES.nobodyToNudge);
  await enforceSenderLimit(ctx, "nudge", nudgerId, 1, now);
  await ctx.db.patch("event_reminders", row._id, { lastNudgeAt: now });
  const nudged = await nudgePage(ctx, event, await senderOf(ctx, nudgerId), null);
  return { nudged, message: NUDGE_MESSAGES.sent(nudged) };
}

/**
 * The automatic nudge, 3 hours before the start (scheduled by ./reminders),
 * from the host; skipped when the invitees were nudged in the last 12 hours.
 */
export async function autoNudge(
  ctx: MutationCtx,
  eventId: Id<"events">,
  startTime: number,
  now: number = Date.now(),
): Promise<void> {
  const event = await ctx.db.get("events", eventId);
  if (event === null || event.ended || event.startTime !== startTime) return;
  const row = await getReminderRow(ctx, eventId);
  if (row === null || nudgeWaitMs(row.lastNudgeAt, now) > 0) return;
  if ((await pendingInvitees(ctx, eventId, 1)).length === 0) return;
  await ctx.db.patch("event_reminders", row._id, { lastNudgeAt: now });
  await nudgePage(ctx, event, await senderOf(ctx, event.createdBy), null);
}

/** Nudges one page of pending invitees and schedules the next. Returns how many this page reached. */
export async function nudgePage(
  ctx: MutationCtx,
  event: EventDoc,
  sender: Sender,
  cursor: string | null,
): Promise<number> {
  const page = await ctx.db
    .query("event_members")
    .withIndex("by_event_and_status", (q) => q.eq("eventId", event._id).eq("status", "pending"))
    .paginate({ numItems: REMINDER_BATCH, cursor });
  let nudged = 0;
  for (const { userId } of page.page) {
    if (userId === sender.senderId) continue;
    await nudgeOne(ctx, event, userId, sender);
    nudged += 1;
  }
  if (!page.isDone) {
    await ctx.scheduler.runAfter(0, internal.reminders.continueNudge, {
      eventId: event._id,
      senderId: sender.senderId,
      cursor: page.continueCursor,
    });
  }
  return nudged;
}

async function nudgeOne(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
  sender: Sender,
): Promise<void> {
  await notifyOfEventInvitation(ctx, event, userId, sender, {
    texts: REMINDER_TEXTS.nudge(sender.senderName, event.title),
    flag: { nudge: true },
  });
  const details = eventEmailDetails(event);
  await queueEmailToUser(ctx, userId, {
    category: "event_invitation",
    template: "event_nudge",
    props: async () => ({
      ...details,
      ...(await issueInvitationTokens(ctx, { type: "event", event }, userId)),
      hostName: sender.senderName,
      validFor: INVITATION_TOKEN_LIFETIME_TEXT,
    }),
    data: { event_id: event._id, event_title: event.title, inviter_name: sender.senderName },
    digest: {
      category: "event_invitation",
      title: `${sender.senderName} is waiting for your answer`,
      detail: `${event.title}, ${details.eventDateTime}`,
      url: details.eventUrl,
      expiresAt: event.startTime,
    },
  });
}
