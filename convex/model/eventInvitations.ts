/**
 * Invitations to sessions (spec 2 §5, spec 3 §4): inviting users and crews
 * (pending `event_members` rows, role attendee), answering, leaving without
 * losing an invitation, and the notifications they send. Every row change
 * goes through `changeParticipation`, so counts, lists and private-event
 * access follow.
 */
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { CREW_MESSAGES, INVITE_BATCH_MAX } from "../../shared/crewRules";
import { EVENT_INVITATION_MESSAGES } from "../../shared/eventInvitationRules";
import { eventPath } from "../../shared/eventSlug";
import { NOTIFICATION_TEXTS, type InvitationResponse } from "../../shared/notificationRules";
import { getCrewVisibleTo, markCrewInvited } from "./crews";
import { appError } from "./errors";
import { ensureNotEnded, type EventDoc } from "./events";
import {
  createNotification,
  eventInvitationKey,
  senderOf,
  type NotificationDoc,
  type NotificationView,
  type Sender,
} from "./notifications";
import { sendEventInvitationEmail } from "./invitationEmails";
import { changeParticipation, readParticipationRows } from "./participation";
import { enforceSenderLimit } from "./senderLimits";

/** Crew members invited in the inviting mutation; the rest in scheduled batches of this size. */
export const CREW_INVITE_BATCH = 100;

/**
 * What an event notification carries. Not the session's
 * end: whether an invitation has expired is read from the session when the
 * notification is shown (`withSessionEnds`), as a moved session ends later or sooner.
 */
export function eventNotificationData(event: EventDoc) {
  return {
    event_id: event._id,
    eventId: event._id,
    event_title: event.title,
    eventTitle: event.title,
    eventCode: event.eventCode,
    event_date_time: event.startTime,
    duration_type: event.durationType,
    event_path: eventPath(event),
  };
}

/**
 * The bell's views, each with `eventEndTime`: for a session invitation, when
 * its session ends as the session is now (null when the session is gone),
 * so "Event has expired" follows a session that was moved; null for the
 * rest. An end copied onto older rows is dropped. Each session is read once
 * per call (a page holds at most 20 notifications).
 */
export async function withSessionEnds(
  ctx: QueryCtx,
  rows: readonly NotificationDoc[],
  views: readonly NotificationView[],
): Promise<Array<NotificationView & { eventEndTime: number | null }>> {
  const ends = new Map<Id<"events">, Promise<number | null>>();
  const endOf = (eventId: Id<"events">) => {
    let end = ends.get(eventId);
    if (end === undefined) {
      end = ctx.db.get("events", eventId).then((event) => event?.endTime ?? null);
      ends.set(eventId, end);
    }
    return end;
  };
  return await Promise.all(
    views.map(async (view, i) => {
      const eventId = rows[i].type === "event_invitation" ? rows[i].eventId : null;
      const { event_end_time: _copied, ...data } = view.data;
      return { ...view, data, eventEndTime: eventId === null ? null : await endOf(eventId) };
    }),
  );
}

/**
 * Leaves an event (spec 2 "Leave"): the RSVP goes, and an accepted
 * membership — except that an accepted invitation returns to pending, so
 * taking back an answer (a 'Maybe' toggled off, which answered it) never
 * deletes an invitation and a private session stays open to answer it; a
 * pending or declined invitation stays as it is.
 */
export async function leaveEvent(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
): Promise<void> {
  const { member } = await readParticipationRows(ctx, event._id, userId);
  const invitation = member?.role === "attendee" && member.invitedBy !== null;
  await changeParticipation(ctx, event, userId, {
    rsvp: null,
    ...(member?.status === "accepted"
      ? { member: invitation ? { role: "attendee", status: "pending" } : null }
      : {}),
  });
}

/**
 * Invites one user (a pending attendee row and an event_invitation
 * notification). Returns false when they are the host, already invited
 * (pending), or already attending; a declined invitation is renewed.
 */
async function inviteOne(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
  sender: Sender,
): Promise<boolean> {
  if (userId === event.createdBy || userId === sender.senderId) return false;
  const rows = await readParticipationRows(ctx, event._id, userId);
  if (
    rows.participant !== null ||
    rows.member?.status === "pending" ||
    rows.member?.status === "accepted"
  )
    return false;
  if ((await ctx.db.get("users", userId)) === null) return false;
  await changeParticipation(ctx, event, userId, {
    member: {
      role: rows.member?.role === "co_host" ? "co_host" : "attendee",
      status: "pending",
      invitedBy: sender.senderId,
    },
  });
  await createNotification(ctx, {
    userId,
    type: "event_invitation",
    ...NOTIFICATION_TEXTS.eventInvitation(sender.senderName, event.title),
    data: {
      ...eventNotificationData(event),
      inviter_id: sender.senderId,
      invited_by: sender.senderId,
      inviter_name: sender.senderName,
    },
    sender,
    invitationKey: eventInvitationKey(event._id),
    eventId: event._id,
  });
  await sendEventInvitationEmail(ctx, event, userId, sender);
  return true;
}

export type InviteResult = { invitedCount: number; queuedCount: number; message: string };

export function inviteResultMessage(count: number): string {
  return count > 0
    ? EVENT_INVITATION_MESSAGES.invited(count)
    : EVENT_INVITATION_MESSAGES.noneInvited;
}

/** Invites users by id (the wizard's selection, at most INVITE_BATCH_MAX). The caller may edit the event. */
export async function inviteUsersToEvent(
  ctx: MutationCtx,
  event: EventDoc,
  inviterId: Id<"users">,
  userIds: readonly Id<"users">[],
): Promise<InviteResult> {
  if (userIds.length === 0 || userIds.length > INVITE_BATCH_MAX) {
    throw appError("VALIDATION", EVENT_INVITATION_MESSAGES.invalidParameters);
  }
  ensureNotEnded(event);
  await enforceSenderLimit(ctx, "invitation", inviterId, new Set(userIds).size);
  const sender = await senderOf(ctx, inviterId);
  let invitedCount = 0;
  let current = event;
  for (const userId of new Set(userIds)) {
    if (await inviteOne(ctx, current, userId, sender)) invitedCount += 1;
    current = (await ctx.db.get("events", event._id)) ?? current;
  }
  return { invitedCount, queuedCount: 0, message: inviteResultMessage(invitedCount) };
}

/**
 * Invites a crew: the crew is linked to the event (its accepted members may
 * see it: DESIGN.md) and each accepted member gets their own pending
 * invitation — the first CREW_INVITE_BATCH here, the rest in scheduled
 * batches (`queuedCount`), so a crew of any size stays inside the
 * transaction limits. The inviter must be an accepted member of the crew.
 */
export async function inviteCrewToEvent(
  ctx: MutationCtx,
  event: EventDoc,
  inviterId: Id<"users">,
  crewId: Id<"crews">,
): Promise<InviteResult> {
  ensureNotEnded(event);
  // A private crew the inviter may not see is 'Crew not found', as an unknown id is.
  const { crew, member: inviterMembership } = await getCrewVisibleTo(ctx, crewId, inviterId);
  if (crew.createdBy !== inviterId && inviterMembership?.status !== "accepted") {
    throw appError("FORBIDDEN", CREW_MESSAGES.notAMember);
  }
  const others = crew.memberCount - (inviterMembership?.status === "accepted" ? 1 : 0);
  if (others <= 0) throw appError("VALIDATION", CREW_MESSAGES.noMembersToInvite);
  await markCrewInvited(ctx, crewId, event._id, inviterId);
  const { invited, cursor, examined, sawInviter } = await inviteCrewBatch(
    ctx,
    event._id,
    crewId,
    inviterId,
    null,
  );
  // The members not yet looked at, the inviter aside (they may be in the first page or a later one).
  const inviterLater = inviterMembership?.status === "accepted" && !sawInviter;
  const queuedCount =
    cursor === null ? 0 : Math.max(0, crew.memberCount - examined - (inviterLater ? 1 : 0));
  return {
    invitedCount: invited,
    queuedCount,
    message: inviteResultMessage(invited + queuedCount),
  };
}

/**
 * Invites the next CREW_INVITE_BATCH accepted members of a crew, scheduling
 * the continuation. Returns how many were invited and the cursor (null when done).
 */
export async function inviteCrewBatch(
  ctx: MutationCtx,
  eventId: Id<"events">,
  crewId: Id<"crews">,
  inviterId: Id<"users">,
  cursor: string | null,
): Promise<{ invited: number; cursor: string | null; examined: number; sawInviter: boolean }> {
  let event = await ctx.db.get("events", eventId);
  if (event === null || event.ended)
    return { invited: 0, cursor: null, examined: 0, sawInviter: false };
  const page = await ctx.db
    .query("crew_members")
    .withIndex("by_crew_and_status", (q) => q.eq("crewId", crewId).eq("status", "accepted"))
    .paginate({ numItems: CREW_INVITE_BATCH, cursor });
  const sender = await senderOf(ctx, inviterId);
  let invited = 0;
  for (const member of page.page) {
    if (await inviteOne(ctx, event, member.userId, sender)) {
      invited += 1;
      event = (await ctx.db.get("events", eventId)) ?? event;
    }
  }
  const examined = page.page.length;
  const sawInviter = page.page.some((member) => member.userId === inviterId);
  if (page.isDone) return { invited, cursor: null, examined, sawInviter };
  await ctx.scheduler.runAfter(0, internal.invitations.continueCrewInvite, {
    eventId,
    crewId,
    inviterId,
    cursor: page.continueCursor,
  });
  return { invited, cursor: page.continueCursor, examined, sawInviter };
}

/**
 * The invitee answers (in-app, or by e-mail later): pending → accepted
 * (counts as attending) or declined. The notifications record the answer
 * (`changeParticipation`) and the inviter hears of it. 'You have no pending
 * invitation…' otherwise.
 */
export async function respondToEventInvitation(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
  response: InvitationResponse,
  method: "in_app" | "email" = "in_app",
): Promise<void> {
  ensureNotEnded(event);
  const rows = await readParticipationRows(ctx, event._id, userId);
  if (rows.member?.status !== "pending")
    throw appError("VALIDATION", EVENT_INVITATION_MESSAGES.noPendingInvitation);
  await changeParticipation(ctx, event, userId, {
    member: { role: rows.member.role, status: response },
    responseMethod: method,
  });
  if (rows.member.invitedBy !== null)
    await notifyInviterOfAnswer(ctx, event, userId, rows.member.invitedBy, response, method);
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
    data: { ...eventNotificationData(event), user_id: userId, response, response_method: method },
    sender: invitee,
    eventId: event._id,
  });
}

/** The host hears of a new or changed RSVP (spec 3 "event RSVP (to the host)"). */
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

export type SessionChange = "time" | "place" | "time_and_place";

/** Which of time and place an edit changed, or null when neither did (spec 3: event_update). */
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
      data: { event_title: event.title, eventTitle: event.title, event_date_time: event.startTime },
      sender,
    });
  }
}

/** A member promoted to co-host or demoted hears of it (spec 3: event_promotion). */
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
