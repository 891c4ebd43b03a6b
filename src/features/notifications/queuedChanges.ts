/**
 * Marking read and answering invitations queued in the outbox, shown at once in the bell: each
 * notification as it will be once the server has applied them, and the unread count. With
 * nothing queued (or after a refusal) both are the server's own.
 */
import type { Id } from "../../../convex/_generated/dataModel";
import type { InvitationResponse } from "../../../shared/notificationRules";
import type { NotificationView } from "./NotificationItem";

export type InvitationTarget =
  | { type: "crew_invitation"; crewId: Id<"crews"> }
  | { type: "event_invitation"; eventId: Id<"events"> };

/** What an invitation notification answers, from its data; null if the data lacks the id. */
export function invitationTarget(
  type: string,
  data: Record<string, unknown>,
): InvitationTarget | null {
  if (type === "crew_invitation" && typeof data.crew_id === "string")
    return { type, crewId: data.crew_id as Id<"crews"> };
  if (type === "event_invitation" && typeof data.event_id === "string")
    return { type, eventId: data.event_id as Id<"events"> };
  return null;
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
  const answered = notification.data.user_response;
  if (answered === "accepted" || answered === "declined") return null;
  const target = invitationTarget(notification.type, notification.data);
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
  return {
    ...notification,
    read,
    data:
      answer === null
        ? notification.data
        : { ...notification.data, user_response: answer.response },
  };
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
