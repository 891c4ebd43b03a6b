/**
 * Web push: which notifications also go to the person's
 * devices, what the push carries, and what a stored subscription must look
 * like. Pure: used by the functions that send (server) and by the service
 * worker's contract (public/sw.js reads the payload's fields).
 */
import {
  notificationLink,
  type NotificationType,
  type TypedNotification,
} from "./notificationRules";

/**
 * Invitations, reminders, badge awards, a seat from the waitlist, hosts' announcements, the
 * crawl moving on and crew polls (a nudge to answer, a deadline passed) reach a closed app;
 * the rest waits for the bell.
 */
export const PUSHED_NOTIFICATION_TYPES: readonly NotificationType[] = [
  "crew_invitation",
  "event_invitation",
  "event_reminder",
  "badge_achievement",
  "waitlist_promoted",
  "event_announcement",
  "check_in_reminder",
  "check_in_alert",
  "crawl_moved",
  "poll_nudge",
  "poll_deadline",
];

export function isPushed(type: NotificationType): boolean {
  return PUSHED_NOTIFICATION_TYPES.includes(type);
}

/** What public/sw.js shows, and the in-app path a click opens. */
export type PushPayload = {
  title: string;
  body: string;
  url: string;
  /** Replaces an earlier push about the same thing on the device. */
  tag: string;
};

export function pushPayload(
  notification: TypedNotification & { title: string; message: string },
): PushPayload {
  // The page the bell opens: the session, the badges page, the crew.
  const link = notificationLink(notification);
  const tag =
    link === null ? notification.type : `${notification.type}:${link}`.slice(0, MAX_TAG_LENGTH);
  return {
    title: notification.title,
    body: notification.message,
    // Older badge notifications without a path open the person's own profile.
    url: link ?? (notification.type === "badge_achievement" ? "/profile" : "/"),
    tag,
  };
}

const MAX_TAG_LENGTH = 200;

/** A push service keeps a message this long for a device that is offline (seconds). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** Devices kept per person; subscribing one more drops the oldest. */
export const MAX_PUSH_DEVICES = 10;

export const PUSH_MESSAGES = {
  invalidSubscription: "Invalid push subscription",
} as const;

export type PushSubscriptionInput = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
};

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Unpadded base64url length of `bytes` bytes. */
const base64UrlLength = (bytes: number) => Math.ceil((bytes * 4) / 3);

/**
 * A browser's PushSubscription as the Push API gives it: an https endpoint,
 * a P-256 public key (65 bytes) and a 16-byte auth secret, base64url.
 */
export function isValidPushSubscription(input: PushSubscriptionInput): boolean {
  let url: URL;
  try {
    url = new URL(input.endpoint);
  } catch {
    return false;
  }
  const key = input.keys.p256dh.replace(/=+$/, "");
  const auth = input.keys.auth.replace(/=+$/, "");
  return (
    url.protocol === "https:" &&
    input.endpoint.length <= 2048 &&
    BASE64URL.test(key) &&
    key.length === base64UrlLength(65) &&
    BASE64URL.test(auth) &&
    auth.length === base64UrlLength(16)
  );
}
