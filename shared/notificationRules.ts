/**
 * Notifications: the types, the texts each one carries, the
 * unread badge, the page size and how an invitation notification reads once
 * answered or expired. Pure: shared by the bell (client) and the functions
 * that create notifications (server).
 */

export const NOTIFICATION_TYPES = [
  "event_rsvp",
  "event_reminder",
  "crew_invitation",
  "crew_invitation_response",
  "event_invitation",
  "event_invitation_response",
  "event_update",
  "event_cancelled",
  "crew_promotion",
  "event_promotion",
  "badge_achievement",
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The popover loads 20 a page. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATION_TOAST_MS = 5000;
export const UNREAD_BADGE_CAP = 99;

export const NOTIFICATION_MESSAGES = {
  title: "Notifications",
  emptyTitle: "No notifications yet",
  emptyBody: "We'll let you know when something happens!",
  refreshed: "Notifications refreshed",
  failedToLoad: "Failed to load notifications",
  accepted: "✅ You accepted this invitation.",
  declined: "❌ You declined this invitation.",
  expired: "⚠️ Event has expired",
  markAllRead: "Mark all read",
  invitationAccepted: "Invitation accepted!",
  invitationDeclined: "Invitation declined.",
  crewJoined: "Joined the crew! 🍺",
  crewDeclined: "Crew invitation declined",
  failedToRespond: "Failed to respond to invitation",
} as const;

/** '3', '99', '99+'; null when there is nothing unread (no badge). */
export function unreadBadgeLabel(unread: number): string | null {
  if (!Number.isFinite(unread) || unread <= 0) return null;
  return unread > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(Math.floor(unread));
}

export type InvitationResponse = "accepted" | "declined";

export function isInvitationType(
  type: NotificationType,
): type is "crew_invitation" | "event_invitation" {
  return type === "crew_invitation" || type === "event_invitation";
}

/**
 * How an invitation notification shows: answered ones say so and
 * lose their buttons; an event invitation whose session has ended (or is
 * gone) says it expired. `eventEndTime` is the session's end as the session
 * is now, read when the notification is shown (null: no such session), never
 * a copy from when it was sent, which a moved session makes wrong.
 */
export function invitationState(
  notification: {
    type: NotificationType;
    data: Record<string, unknown>;
    eventEndTime: number | null;
  },
  now: number,
): "actionable" | InvitationResponse | "expired" | "none" {
  if (!isInvitationType(notification.type)) return "none";
  const response = notification.data.user_response;
  if (response === "accepted" || response === "declined") return response;
  const end = notification.eventEndTime;
  if (notification.type === "event_invitation" && (end === null || end <= now)) return "expired";
  return "actionable";
}

// ---------------------------------------------------------------- texts

const quoted = (name: string) => `"${name}"`;

/** Title and message of each notification the app creates (ours: the spec gives types, not words). */
export const NOTIFICATION_TEXTS = {
  crewInvitation: (inviter: string, crew: string) => ({
    title: "Crew invitation",
    message: `${inviter} invited you to join the crew ${quoted(crew)}`,
  }),
  crewInvitationResponse: (invitee: string, crew: string, response: InvitationResponse) => ({
    title: response === "accepted" ? "Crew invitation accepted" : "Crew invitation declined",
    message: `${invitee} ${response} your invitation to ${quoted(crew)}`,
  }),
  crewPromotion: (crew: string, role: "co_host" | "member") => ({
    title: role === "co_host" ? "You're a co-host now" : "Crew role changed",
    message:
      role === "co_host"
        ? `You were made a co-host of ${quoted(crew)}`
        : `You are now a member of ${quoted(crew)}`,
  }),
  eventInvitation: (inviter: string, event: string) => ({
    title: "Session invitation",
    message: `${inviter} invited you to ${quoted(event)}`,
  }),
  eventInvitationResponse: (invitee: string, event: string, response: InvitationResponse) => ({
    title: response === "accepted" ? "Invitation accepted" : "Invitation declined",
    message: `${invitee} ${response} your invitation to ${quoted(event)}`,
  }),
  eventRsvp: (user: string, event: string, status: "going" | "maybe" | "not_going") => ({
    title: "New RSVP",
    message: `${user} ${status === "going" ? "is going to" : status === "maybe" ? "might come to" : "can't make it to"} ${quoted(event)}`,
  }),
  eventUpdate: (event: string, what: "time" | "place" | "time_and_place") => ({
    title: "Session updated",
    message: `${quoted(event)} has a new ${what === "time" ? "time" : what === "place" ? "place" : "time and place"}`,
  }),
  eventCancelled: (event: string) => ({
    title: "Session cancelled",
    message: `${quoted(event)} was cancelled by the host`,
  }),
  eventPromotion: (event: string, role: "co_host" | "attendee") => ({
    title: role === "co_host" ? "You're a co-host now" : "Session role changed",
    message:
      role === "co_host"
        ? `You were made a co-host of ${quoted(event)}`
        : `You are no longer a co-host of ${quoted(event)}`,
  }),
} as const;

/** The in-app link a notification opens, from its data; null when it has none. */
export function notificationLink(data: Record<string, unknown>): string | null {
  if (typeof data.event_path === "string") return data.event_path;
  if (typeof data.badges_path === "string") return data.badges_path;
  if (typeof data.crew_id === "string") return `/crew/${data.crew_id}`;
  return null;
}
