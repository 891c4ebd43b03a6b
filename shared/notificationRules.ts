/**
 * Notifications: the types, the payload each type carries, the texts, the
 * unread badge, the page size and how an invitation notification reads once
 * answered or expired. Pure: shared by the bell (client) and the functions
 * that create notifications (server).
 */
import { BADGE_COLOR_TIERS, type BadgeColorTier } from "./badgeCatalogue";
import { RSVP_STATUSES, type RsvpStatus } from "./eventOptions";

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
  "poll_nudge",
  "poll_deadline",
  "waitlist_promoted",
  "event_announcement",
  "check_in_reminder",
  "check_in_alert",
  "check_in_closed",
  "crawl_moved",
  "tab_recap",
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The popover loads 20 a page. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATION_TOAST_MS = 5000;
const UNREAD_BADGE_CAP = 99;

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

export const INVITATION_RESPONSES = ["accepted", "declined"] as const;
export type InvitationResponse = (typeof INVITATION_RESPONSES)[number];

/** Where an invitation was answered: in the app, by an e-mail link, or by joining through an invite link. */
export const INVITATION_RESPONSE_METHODS = ["in_app", "email", "invite_link"] as const;
export type InvitationResponseMethod = (typeof INVITATION_RESPONSE_METHODS)[number];

export function isInvitationType(
  type: NotificationType,
): type is "crew_invitation" | "event_invitation" {
  return type === "crew_invitation" || type === "event_invitation";
}

// ---------------------------------------------------------------- payloads

/**
 * The ids a payload holds. Plain strings here (this module knows no Convex
 * types); the server writes and reads its own document ids in their place
 * (convex/model/notifications.ts), and the client gets those through the
 * query's return type.
 */
export type PayloadIds = { user: string; event: string; crew: string };

/**
 * What a notification about a session says of it. Not the session's end:
 * whether an invitation has expired is read from the session when the
 * notification is shown, as a moved session ends later or sooner.
 */
export type SessionPayload<I extends PayloadIds = PayloadIds> = {
  eventId: I["event"];
  eventTitle: string;
  eventCode: string;
  eventDateTime: number;
  durationType: string;
  /** The session page, the link the notification opens. */
  eventPath: string;
};

export type CrewPayload<I extends PayloadIds = PayloadIds> = {
  crewId: I["crew"];
  crewName: string;
};

/** An invitation's answer, recorded on each of its notifications once given (so none keeps Accept and Decline). */
export type InvitationAnswer = {
  userResponse: InvitationResponse;
  respondedAt: number;
  responseMethod: InvitationResponseMethod;
};

export type SessionChange = "time" | "place" | "time_and_place";

/** What a notification about a crew poll says of it; `pollPath` is the poll page it opens. */
type PollPayload = { pollId: string; pollTitle: string; pollPath: string };

/** What each notification type carries (its `data`): written by the server, read by the bell and the push. */
export type NotificationPayloads<I extends PayloadIds = PayloadIds> = {
  event_rsvp: SessionPayload<I> & { rsvpUserId: I["user"]; response: RsvpStatus };
  event_reminder: SessionPayload<I> & { reminder: "starting_soon" };
  crew_invitation: CrewPayload<I> & {
    inviterId: I["user"];
    inviterName: string;
    role: "member";
  } & Partial<InvitationAnswer>;
  crew_invitation_response: CrewPayload<I> & {
    userId: I["user"];
    response: InvitationResponse;
    responseMethod: InvitationResponseMethod;
  };
  event_invitation: SessionPayload<I> & {
    inviterId: I["user"];
    inviterName: string;
    /** A reminder of a pending invitation (a nudge) rather than the invitation itself. */
    nudge?: true;
    /** Sent to someone who answered "If need be" on the crew poll option this session came from. */
    ifNeedBe?: true;
  } & Partial<InvitationAnswer>;
  event_invitation_response: SessionPayload<I> & {
    userId: I["user"];
    response: InvitationResponse;
    responseMethod: InvitationResponseMethod;
  };
  event_update: SessionPayload<I> & { reason: SessionChange };
  /** The session is gone: only what the text needs, and no link. */
  event_cancelled: { eventTitle: string; eventDateTime: number };
  crew_promotion: CrewPayload<I> & { role: "co_host" | "member" };
  event_promotion: SessionPayload<I> & { role: "co_host" | "attendee" };
  /** A seat opened and the person moved from the waitlist to going. */
  waitlist_promoted: SessionPayload<I>;
  /** The host or a co-host posted an announcement to the session's people; the text is the message. */
  event_announcement: SessionPayload<I> & { announcementId: string };
  /** The person's own check-in time passed; `closedAt` is recorded once it closes (its Home safe button goes). */
  check_in_reminder: SessionPayload<I> & { dueAt: number; closedAt?: number };
  /** A buddy did not check in: who, and the last stop known (never a location). */
  check_in_alert: SessionPayload<I> & { ownerId: I["user"]; lastStop: string | null };
  /** A check-in the buddy watches closed: the person got home, or a buddy said they are fine. */
  check_in_closed: SessionPayload<I> & { ownerId: I["user"]; reason: "home" | "fine" };
  /** The host or a co-host moved the bar crawl on: the stop the crew is at now. */
  crawl_moved: SessionPayload<I> & { stopId: string; stopName: string };
  /** The morning after: what the person still owes or is owed on the session's tab (the text says it). */
  tab_recap: SessionPayload<I>;
  badge_achievement: {
    badgeKey: string;
    badgeName: string;
    badgeDescription: string;
    /** Null on awards stored before the medal was kept with them (the toast shows a default). */
    badgeIcon: string | null;
    badgeTier: BadgeColorTier | null;
    /** Null on awards stored before the link was: they open the person's own profile. */
    badgesPath: string | null;
  };
  /** A crew member is asked to answer a poll. */
  poll_nudge: CrewPayload<I> & PollPayload;
  /** A poll's creator hears its deadline passed without a pick. */
  poll_deadline: CrewPayload<I> & PollPayload;
};

export type NotificationPayload<
  T extends NotificationType,
  I extends PayloadIds = PayloadIds,
> = NotificationPayloads<I>[T];

/**
 * A notification with its payload, discriminated by type. The payload is null
 * for a row whose data holds none of its type (a debug page's test
 * notification): such a row shows its texts only, with no link and no buttons.
 */
export type TypedNotification<I extends PayloadIds = PayloadIds> = {
  [T in NotificationType]: { type: T; data: NotificationPayload<T, I> | null };
}[NotificationType];

/** A notification's stored data: a flat record (the schema's validator). */
export type StoredNotificationData = Readonly<Record<string, unknown>>;

type Reader<P> = (data: StoredNotificationData) => P | undefined;

/** Today's camelCase key, else the snake_case one older rows were written with. */
function stored(data: StoredNotificationData, key: string, oldKey?: string): unknown {
  const value = data[key];
  return value !== undefined || oldKey === undefined ? value : data[oldKey];
}

const text =
  (key: string, oldKey?: string): Reader<string> =>
  (data) => {
    const value = stored(data, key, oldKey);
    return typeof value === "string" ? value : undefined;
  };

const time =
  (key: string, oldKey?: string): Reader<number> =>
  (data) => {
    const value = stored(data, key, oldKey);
    return typeof value === "number" ? value : undefined;
  };

const oneOf =
  <V extends string>(values: readonly V[], key: string, oldKey?: string): Reader<V> =>
  (data) => {
    const value = stored(data, key, oldKey);
    return values.find((allowed) => allowed === value);
  };

/** A field older rows may lack: null then, and the payload is still read. */
const orNull =
  <V>(read: Reader<V>): Reader<V | null> =>
  (data) =>
    read(data) ?? null;

/** Reads every field of a payload; undefined when a required one is missing. */
function fields<P extends Record<string, unknown>>(readers: {
  [K in keyof P]-?: Reader<P[K]>;
}): Reader<P> {
  return (data) => {
    const payload: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(readers) as [string, Reader<unknown>][]) {
      const value = read(data);
      if (value === undefined) return undefined;
      payload[key] = value;
    }
    return payload as P;
  };
}

/** Two readers' fields together; undefined unless both read. */
function both<A, B>(a: Reader<A>, b: Reader<B>): Reader<A & B> {
  return (data) => {
    const first = a(data);
    if (first === undefined) return undefined;
    const second = b(data);
    return second === undefined ? undefined : { ...first, ...second };
  };
}

const session = fields<SessionPayload>({
  eventId: text("eventId", "event_id"),
  eventTitle: text("eventTitle", "event_title"),
  eventCode: text("eventCode"),
  eventDateTime: time("eventDateTime", "event_date_time"),
  durationType: text("durationType", "duration_type"),
  eventPath: text("eventPath", "event_path"),
});

const crew = fields<CrewPayload>({
  crewId: text("crewId", "crew_id"),
  crewName: text("crewName", "crew_name"),
});

const poll = fields<PollPayload>({
  pollId: text("pollId"),
  pollTitle: text("pollTitle"),
  pollPath: text("pollPath"),
});

const inviter = fields({
  inviterId: text("inviterId", "inviter_id"),
  inviterName: text("inviterName", "inviter_name"),
});

const userResponse = oneOf(INVITATION_RESPONSES, "userResponse", "user_response");
const responseMethod = oneOf(INVITATION_RESPONSE_METHODS, "responseMethod", "response_method");

/** An invitation's answer when one is recorded, else nothing. */
const answer: Reader<Partial<InvitationAnswer>> = (data) =>
  fields<InvitationAnswer>({
    userResponse,
    respondedAt: time("respondedAt", "responded_at"),
    responseMethod,
  })(data) ?? {};

/** What the inviter of an answered invitation hears: who answered, what, and where. */
const answerer = fields({
  userId: text("userId", "user_id"),
  response: oneOf(INVITATION_RESPONSES, "response"),
  responseMethod,
});

const PAYLOAD_READERS: { [T in NotificationType]: Reader<NotificationPayload<T>> } = {
  event_rsvp: both(
    session,
    fields({ rsvpUserId: text("rsvpUserId"), response: oneOf(RSVP_STATUSES, "response") }),
  ),
  event_reminder: both(
    session,
    fields({ reminder: oneOf(["starting_soon"] as const, "reminder") }),
  ),
  crew_invitation: both(
    both(crew, inviter),
    both(fields({ role: oneOf(["member"] as const, "role") }), answer),
  ),
  crew_invitation_response: both(crew, answerer),
  event_invitation: both(
    both(session, inviter),
    both(answer, (data) => ({
      ...(data.nudge === true ? { nudge: true as const } : {}),
      ...(data.ifNeedBe === true ? { ifNeedBe: true as const } : {}),
    })),
  ),
  event_invitation_response: both(session, answerer),
  event_update: both(
    session,
    fields({ reason: oneOf(["time", "place", "time_and_place"] as const, "reason") }),
  ),
  event_cancelled: fields({
    eventTitle: text("eventTitle", "event_title"),
    eventDateTime: time("eventDateTime", "event_date_time"),
  }),
  crew_promotion: both(crew, fields({ role: oneOf(["co_host", "member"] as const, "role") })),
  event_promotion: both(session, fields({ role: oneOf(["co_host", "attendee"] as const, "role") })),
  waitlist_promoted: session,
  event_announcement: both(session, fields({ announcementId: text("announcementId") })),
  check_in_reminder: both(
    both(session, fields({ dueAt: time("dueAt") })),
    (data): { closedAt?: number } =>
      typeof data.closedAt === "number" ? { closedAt: data.closedAt } : {},
  ),
  check_in_alert: both(
    session,
    fields({ ownerId: text("ownerId"), lastStop: orNull(text("lastStop")) }),
  ),
  check_in_closed: both(
    session,
    fields({ ownerId: text("ownerId"), reason: oneOf(["home", "fine"] as const, "reason") }),
  ),
  crawl_moved: both(session, fields({ stopId: text("stopId"), stopName: text("stopName") })),
  tab_recap: session,
  badge_achievement: fields({
    badgeKey: text("badgeKey", "badge_key"),
    badgeName: text("badgeName"),
    badgeDescription: text("badgeDescription"),
    badgeIcon: orNull(text("badgeIcon", "badge_icon")),
    badgeTier: orNull(oneOf(BADGE_COLOR_TIERS, "badgeTier", "badge_tier")),
    badgesPath: orNull(text("badgesPath", "badges_path")),
  }),
  poll_nudge: both(crew, poll),
  poll_deadline: both(crew, poll),
};

/**
 * A stored notification's data as its type's payload. Reads the camelCase
 * keys rows are written with and the snake_case ones of rows written before
 * (so no stored notification becomes unreadable); anything else on the row is
 * left out. Null when the data holds no payload of the type.
 */
export function readNotificationPayload<T extends NotificationType>(
  type: T,
  data: StoredNotificationData,
): NotificationPayload<T> | null {
  const read = PAYLOAD_READERS[type] as Reader<NotificationPayload<T>>;
  return read(data) ?? null;
}

/**
 * A stored notification as the typed union. The one place a payload is tied
 * to its type for the compiler: `readNotificationPayload` reads the payload
 * of exactly the type given.
 */
export function typedNotification(
  type: NotificationType,
  data: StoredNotificationData,
): TypedNotification {
  return { type, data: readNotificationPayload(type, data) } as TypedNotification;
}

/** The answer an invitation notification records; undefined while unanswered, and for other types. */
export function answerOf(notification: TypedNotification): InvitationResponse | undefined {
  return notification.type === "crew_invitation" || notification.type === "event_invitation"
    ? notification.data?.userResponse
    : undefined;
}

/** Whether an invitation notification's stored data records an answer (in either key style). */
export function isAnswered(data: StoredNotificationData): boolean {
  return userResponse(data) !== undefined;
}

/**
 * How an invitation notification shows: answered ones say so and lose their
 * buttons; an event invitation whose session has ended (or is gone) says it
 * expired. `eventEndTime` is the session's end as the session is now, read
 * when the notification is shown (null: no such session), never a copy from
 * when it was sent, which a moved session makes wrong.
 */
export function invitationState(
  notification: TypedNotification & { eventEndTime: number | null },
  now: number,
): "actionable" | InvitationResponse | "expired" | "none" {
  if (!isInvitationType(notification.type)) return "none";
  const response = answerOf(notification);
  if (response !== undefined) return response;
  const end = notification.eventEndTime;
  if (notification.type === "event_invitation" && (end === null || end <= now)) return "expired";
  return "actionable";
}

/** The session whose check-in a reminder's Home safe button closes; null once it closed, and for other types. */
export function homeSafeTarget(notification: TypedNotification): string | null {
  if (notification.type !== "check_in_reminder" || notification.data === null) return null;
  return notification.data.closedAt === undefined ? notification.data.eventId : null;
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
  eventUpdate: (event: string, what: SessionChange) => ({
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
  eventAnnouncement: (author: string, event: string, excerpt: string) => ({
    title: `📣 ${author} in ${quoted(event)}`,
    message: excerpt,
  }),
  tabRecap: (event: string, line: string) => ({
    title: `The tab for ${quoted(event)}`,
    message: line,
  }),
  waitlistPromoted: (event: string) => ({
    title: "You're in!",
    message: `A spot opened up: you're going to ${quoted(event)}`,
  }),
} as const;

/** The in-app link a notification opens: its session, its badges page or its crew; null when it has none. */
export function notificationLink(notification: TypedNotification): string | null {
  const { data } = notification;
  if (data === null) return null;
  if ("eventPath" in data) return data.eventPath;
  if ("badgesPath" in data) return data.badgesPath;
  if ("pollPath" in data) return data.pollPath;
  if ("crewId" in data) return `/crew/${data.crewId}`;
  return null;
}
