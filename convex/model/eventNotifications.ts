/**
 * The notifications a session sends: an invitation, an invitation's answer
 * (to the inviter), an RSVP (to the host), a change of time or place and a
 * cancellation (to the attendees), and a change of role. The write paths
 * (./events, ./eventInvitations, the public functions) call these after
 * their change; nothing here changes a session or a participation.
 */
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { eventPath } from "../../shared/eventSlug";
import {
  NOTIFICATION_TEXTS,
  type InvitationResponse,
  type SessionChange,
  type SessionPayload,
} from "../../shared/notificationRules";
import {
  createNotification,
  eventInvitationKey,
  senderOf,
  type NotificationIds,
  type Sender,
} from "./notifications";
import type { EventDoc } from "./participation";

/**
 * What every notification about a session carries of it (SessionPayload).
 * Not the session's end: whether an invitation has expired is read from the
 * session when the notification is shown (`withSessionEnds`), as a moved
 * session ends later or sooner.
 */
export function eventNotificationData(event: EventDoc): SessionPayload<NotificationIds> {
  return {
    eventId: event._id,
    eventTitle: event.title,
    eventCode: event.eventCode,
    eventDateTime: event.startTime,
    durationType: event.durationType,
    eventPath: eventPath(event),
  };
}

/** An invitation notification's payload: the session and who invited. */
function invitationData(event: EventDoc, sender: Sender) {
  return {
    ...eventNotificationData(event),
    inviterId: sender.senderId,
    inviterName: sender.senderName,
  };
}

/**
 * How an invitation's notification reads when it is not a plain invitation: a
 * nudge to answer one, or a poll's If-need-be voter invited to the session it
 * became; its flag goes in the payload.
 */
type InvitationVariant = {
  texts: { title: string; message: string };
  flag: { nudge: true } | { ifNeedBe: true };
};

/**
 * The invitee hears of an invitation to a session (its notification carries
 * Accept and Decline, and replaces any earlier one about the same session).
 */
export async function notifyOfEventInvitation(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
  sender: Sender,
  variant: InvitationVariant | null = null,
): Promise<void> {
  await createNotification(ctx, {
    userId,
    type: "event_invitation",
    ...(variant?.texts ?? NOTIFICATION_TEXTS.eventInvitation(sender.senderName, event.title)),
    data: { ...invitationData(event, sender), ...variant?.flag },
    sender,
    invitationKey: eventInvitationKey(event._id),
    eventId: event._id,
  });
}

/** The inviter hears that their invitation to a session was accepted or declined. */
export async function notifyInviterOfAnswer(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
  inviterId: Id<"users">,
  response: InvitationResponse,
  method: "in_app" | "email",
): Promise<void> {
  const invitee = await senderOf(ctx, userId);
  await createNotification(ctx, {
    userId: inviterId,
    type: "event_invitation_response",
    ...NOTIFICATION_TEXTS.eventInvitationResponse(invitee.senderName, event.title, response),
    data: { ...eventNotificationData(event), userId, response, responseMethod: method },
    sender: invitee,
    eventId: event._id,
  });
}

/** The host hears of a new or changed RSVP (an event_rsvp notification). */
export async function notifyHostOfRsvp(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
  status: "going" | "maybe" | "not_going",
): Promise<void> {
  const sender = await senderOf(ctx, userId);
  await createNotification(ctx, {
    userId: event.createdBy,
    type: "event_rsvp",
    ...NOTIFICATION_TEXTS.eventRsvp(sender.senderName, event.title, status),
    data: { ...eventNotificationData(event), rsvpUserId: userId, response: status },
    sender,
    eventId: event._id,
  });
}

// ---------------------------------------------------------------- telling attendees

/** Attendees told per mutation of a session change; the rest in scheduled batches. */
export const ATTENDEE_NOTIFY_BATCH = 200;
/** A deleted session's attendees that hear it was cancelled (told in the deleting mutation, before its rows go). */
export const CANCELLED_NOTIFY_MAX = 500;

/** Which of time and place an edit changed (an event_update tells attendees), or null when neither did. */
export function sessionChangeOf(before: EventDoc, after: EventDoc): SessionChange | null {
  const time = before.startTime !== after.startTime || before.endTime !== after.endTime;
  const place =
    before.location !== after.location ||
    before.placeId !== after.placeId ||
    before.placeName !== after.placeName;
  if (time && place) return "time_and_place";
  return time ? "time" : place ? "place" : null;
}

/**
 * Tells the next ATTENDEE_NOTIFY_BATCH attendees (host and editor excepted)
 * that the session's time or place changed; schedules the rest.
 */
export async function notifyAttendeesOfChange(
  ctx: MutationCtx,
  eventId: Id<"events">,
  change: SessionChange,
  editorId: Id<"users">,
  cursor: string | null,
): Promise<void> {
  const event = await ctx.db.get("events", eventId);
  if (event === null) return;
  const page = await ctx.db
    .query("event_participants")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .paginate({ numItems: ATTENDEE_NOTIFY_BATCH, cursor });
  const sender = await senderOf(ctx, editorId);
  for (const row of page.page) {
    if (row.userId === event.createdBy) continue;
    await createNotification(ctx, {
      userId: row.userId,
      type: "event_update",
      ...NOTIFICATION_TEXTS.eventUpdate(event.title, change),
      data: { ...eventNotificationData(event), reason: change },
      sender,
      eventId,
    });
  }
  if (!page.isDone) {
    await ctx.scheduler.runAfter(0, internal.invitations.continueNotifyAttendees, {
      eventId,
      change,
      editorId,
      cursor: page.continueCursor,
    });
  }
}

/**
 * Before a session is deleted: its attendees (up to CANCELLED_NOTIFY_MAX)
 * hear it was cancelled. The notification keeps the title, not the session
 * (which is gone), so the session's clean-up leaves it.
 */
export async function notifyAttendeesOfCancellation(
  ctx: MutationCtx,
  event: EventDoc,
): Promise<void> {
  const rows = await ctx.db
    .query("event_participants")
    .withIndex("by_event", (q) => q.eq("eventId", event._id))
    .take(CANCELLED_NOTIFY_MAX);
  const sender = await senderOf(ctx, event.createdBy);
  for (const row of rows) {
    await createNotification(ctx, {
      userId: row.userId,
      type: "event_cancelled",
      ...NOTIFICATION_TEXTS.eventCancelled(event.title),
      data: { eventTitle: event.title, eventDateTime: event.startTime },
      sender,
    });
  }
}

/** A member promoted to co-host or demoted hears of it (an event_promotion notification). */
export async function notifyRoleChange(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
  byUserId: Id<"users">,
  role: "co_host" | "attendee",
): Promise<void> {
  await createNotification(ctx, {
    userId,
    type: "event_promotion",
    ...NOTIFICATION_TEXTS.eventPromotion(event.title, role),
    data: { ...eventNotificationData(event), role },
    sender: await senderOf(ctx, byUserId),
    eventId: event._id,
  });
}
