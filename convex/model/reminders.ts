/**
 * Session reminders and the automatic nudge, as scheduled functions
 * (no polling). Each session has one `event_reminders` row with three jobs
 * planned for its start: the e-mail reminder 1 hour before, the in-app
 * reminder 30 minutes before (both to everyone attending) and the automatic
 * nudge 3 hours before (to invitees who have not answered).
 *
 * - Creating a session plans whatever is still in the future; moving its start
 *   re-plans (the old jobs are cancelled); deleting it cancels them.
 * - A job reads who attends when it runs, so someone who left gets nothing
 *   and nobody needs a job of their own.
 * - Each job is a mutation (run exactly once) that goes through the
 *   attendees page by page; a job planned for another start does nothing.
 *   So a reminder is never sent twice for the same start; a session moved
 *   to a new time is reminded again for the new time.
 */
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { reminderTimes } from "../../shared/eventTiming";
import { AUTO_NUDGE_LEAD_MS, REMINDER_TEXTS } from "../../shared/reminderRules";
import { queueEmailToUser } from "./emailQueue";
import type { EventCleanup } from "./batchedCleanup";
import { eventNotificationData } from "./eventNotifications";
import type { EventDoc } from "./events";
import { eventEmailDetails } from "./invitationEmails";
import { createNotification } from "./notifications";
import { cancelIfPending } from "./scheduledJobs";

export type ReminderKind = "email" | "in_app" | "nudge";
type JobField = "emailJobId" | "inAppJobId" | "nudgeJobId";

const JOB_FIELD: Record<ReminderKind, JobField> = {
  email: "emailJobId",
  in_app: "inAppJobId",
  nudge: "nudgeJobId",
};

/** Attendees (or invitees) handled per reminder mutation; the rest in scheduled continuations. */
export const REMINDER_BATCH = 100;

export async function getReminderRow(
  ctx: QueryCtx,
  eventId: Id<"events">,
): Promise<Doc<"event_reminders"> | null> {
  return await ctx.db
    .query("event_reminders")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .unique();
}

/** When each job is due for a start time. */
export function reminderSchedule(startTime: number): Record<ReminderKind, number> {
  const { email, inApp } = reminderTimes(startTime);
  return { email, in_app: inApp, nudge: startTime - AUTO_NUDGE_LEAD_MS };
}

/**
 * Plans the session's reminders for its current start (after it was created
 * or edited): nothing changes when they are already planned for it; else the
 * old jobs are cancelled and those still in the future scheduled.
 */
export async function planReminders(
  ctx: MutationCtx,
  event: EventDoc,
  now: number = Date.now(),
): Promise<void> {
  const row = await getReminderRow(ctx, event._id);
  if (row !== null && row.startTime === event.startTime) return;
  if (row !== null) await cancelReminderJobs(ctx, row);
  const jobs: Record<JobField, Id<"_scheduled_functions"> | null> = {
    emailJobId: null,
    inAppJobId: null,
    nudgeJobId: null,
  };
  if (!event.ended) {
    const due = reminderSchedule(event.startTime);
    for (const kind of Object.keys(due) as ReminderKind[]) {
      if (due[kind] <= now) continue;
      jobs[JOB_FIELD[kind]] = await ctx.scheduler.runAt(due[kind], internal.reminders.fire, {
        eventId: event._id,
        kind,
        startTime: event.startTime,
        cursor: null,
      });
    }
  }
  if (row === null) {
    await ctx.db.insert("event_reminders", {
      eventId: event._id,
      startTime: event.startTime,
      ...jobs,
      lastNudgeAt: null,
    });
  } else {
    await ctx.db.patch("event_reminders", row._id, { startTime: event.startTime, ...jobs });
  }
}

async function cancelReminderJobs(ctx: MutationCtx, row: Doc<"event_reminders">): Promise<void> {
  for (const field of Object.values(JOB_FIELD)) await cancelIfPending(ctx, row[field]);
}

/** Event clean-up: the pending jobs are cancelled and the row deleted. */
export const deleteRemindersOfEvent: EventCleanup = async (ctx, eventId) => {
  const row = await getReminderRow(ctx, eventId);
  if (row === null) return 0;
  await cancelReminderJobs(ctx, row);
  await ctx.db.delete("event_reminders", row._id);
  return 1;
};

/**
 * Sends one page of the e-mail or in-app reminder to the session's
 * attendees (as their preferences allow) and schedules the next page.
 * A job for another start (the session moved) or a gone session does nothing.
 */
export async function sendReminderPage(
  ctx: MutationCtx,
  eventId: Id<"events">,
  kind: "email" | "in_app",
  startTime: number,
  cursor: string | null,
): Promise<void> {
  const event = await ctx.db.get("events", eventId);
  if (event === null || event.ended || event.startTime !== startTime) return;
  const page = await ctx.db
    .query("event_participants")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .paginate({ numItems: REMINDER_BATCH, cursor });
  for (const { userId } of page.page) {
    if (kind === "in_app") await sendInAppReminder(ctx, event, userId);
    else await sendReminderEmail(ctx, event, userId);
  }
  if (!page.isDone) {
    await ctx.scheduler.runAfter(0, internal.reminders.fire, {
      eventId,
      kind,
      startTime,
      cursor: page.continueCursor,
    });
  }
}

async function sendInAppReminder(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
): Promise<void> {
  await createNotification(ctx, {
    userId,
    type: "event_reminder",
    ...REMINDER_TEXTS.inAppReminder(event.title),
    data: { ...eventNotificationData(event), reminder: "starting_soon" },
    eventId: event._id,
  });
}

async function sendReminderEmail(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
): Promise<void> {
  const details = eventEmailDetails(event);
  await queueEmailToUser(ctx, userId, {
    category: "event_reminder",
    template: "event_reminder",
    props: () => Promise.resolve({ ...details, startsIn: "1 hour" }),
    data: { event_id: event._id, event_title: event.title, event_date_time: event.startTime },
    // Never used: a reminder is not held for a digest (shared/emailPreferences `decideEmail`).
    digest: {
      category: "event_reminder",
      title: `${event.title} starts in 1 hour`,
      detail: details.eventDateTime,
      url: details.eventUrl,
      expiresAt: event.startTime,
    },
  });
}
