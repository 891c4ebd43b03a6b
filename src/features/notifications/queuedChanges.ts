/**
 * Marking read and answering invitations queued in the outbox, shown at once in the bell: each
 * notification as it will be once the server has applied them, and the unread count. With
 * nothing queued (or after a refusal) both are the server's own.
 */
import type { Id } from "@convex/_generated/dataModel";
import { answerOf, type InvitationResponse } from "@shared/notificationRules";
import type { NotificationView } from "./notificationView";

export type InvitationTarget =
  | { type: "crew_invitation"; crewId: Id<"crews"> }
  | { type: "event_invitation"; eventId: Id<"events"> };

/** What an invitation notification answers; null for any other, or one without a payload. */
export function invitationTarget(notification: NotificationView): InvitationTarget | null {
  if (notification.type === "crew_invitation" && notification.data !== null)
    return { type: notification.type, crewId: notification.data.crewId };
  if (notification.type === "event_invitation" && notification.data !== null)
    return { type: notification.type, eventId: notification.data.eventId };
  return null;
}

/** The notification showing `response` as its answer (an invitation with its payload; any other as it is). */
function withAnswer(
  notification: NotificationView,
  response: InvitationResponse,
): NotificationView {
  if (notification.type === "crew_invitation" && notification.data !== null)
    return { ...notification, data: { ...notification.data, userResponse: response } };
  if (notification.type === "event_invitation" && notification.data !== null)
    return { ...notification, data: { ...notification.data, userResponse: response } };
  return notification;
}

function sameTarget(a: InvitationTarget, b: InvitationTarget): boolean {
  if (a.type === "crew_invitation") return b.type === a.type && b.crewId === a.crewId;
  return b.type === a.type && b.eventId === a.eventId;
}

export type QueuedAnswer = {
  target: InvitationTarget;
  response: InvitationResponse;
  queuedAt: number;
};

/** The signed-in user's queued changes to their notifications. */
export type QueuedNotificationChanges = {
  /** A "mark all read" is queued: the server reads every notification there is when it runs. */
  allRead: boolean;
  /** Notifications opened (marked read one by one). */
  readIds: ReadonlySet<string>;
  /** Invitation answers, oldest first. */
  answers: readonly QueuedAnswer[];
};

/**
 * The last queued answer to the invitation `notification` carries, while the server shows it
 * unanswered (once answered, there or elsewhere, the server's answer is what shows).
 */
export function queuedAnswerFor(
  notification: NotificationView,
  answers: readonly QueuedAnswer[],
): QueuedAnswer | null {
  if (answerOf(notification) !== undefined) return null;
  const target = invitationTarget(notification);
  if (target === null) return null;
  return answers.findLast((answer) => sameTarget(answer.target, target)) ?? null;
}

/**
 * The notification once the queued changes are applied: read when opened or all were marked
 * read, and answered (which the server also marks read). The notification itself when nothing
 * changes, which is the case once the server shows the change.
 */
export function withQueuedChanges(
  notification: NotificationView,
  queued: QueuedNotificationChanges,
): NotificationView {
  const answer = queuedAnswerFor(notification, queued.answers);
  const read =
    notification.read || queued.allRead || queued.readIds.has(notification._id) || answer !== null;
  if (answer === null && read === notification.read) return notification;
  return { ...(answer === null ? notification : withAnswer(notification, answer.response)), read };
}

/**
 * The bell's unread count once the queued changes are applied. A notification in `known` (the
 * live list, or the device's copy of it) counts off only while it shows unread there, so a read
 * the server has already counted is not taken off again; an opened notification the list does
 * not show counts off by its id (it was unread when opened).
 */
export function queuedUnreadCount(
  unread: number,
  queued: QueuedNotificationChanges,
  known: readonly NotificationView[],
): number {
  if (queued.allRead) return 0;
  let readNow = 0;
  const listed = new Set<string>();
  for (const notification of known) {
    listed.add(notification._id);
    if (!notification.read && withQueuedChanges(notification, queued).read) readNow += 1;
  }
  for (const id of queued.readIds) if (!listed.has(id)) readNow += 1;
  return Math.max(0, unread - readNow);
}
