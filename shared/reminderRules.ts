/**
 * Reminders and nudges: when they go out, how often a session's
 * invitees may be nudged, and the words. Pure: shared by the session page's
 * Nudge button and the functions that schedule and send them.
 *
 * Reminder times themselves are in ./eventTiming (`reminderTimes`: in-app
 * 30 minutes before the start, e-mail 1 hour before).
 */
import { formatRetryAfter, HOUR_MS, MINUTE_MS } from "./rateLimit";

/** The automatic nudge to invitees who have not answered: 3 hours before the start. */
export const AUTO_NUDGE_LEAD_MS = 3 * HOUR_MS;
/** A session's invitees are nudged at most once per 12 hours (the host's button and the automatic one together). */
export const NUDGE_COOLDOWN_MS = 12 * HOUR_MS;

/** How long until the session's invitees may be nudged again; 0 when they may now. */
export function nudgeWaitMs(lastNudgeAt: number | null, now: number): number {
  if (lastNudgeAt === null) return 0;
  return Math.max(0, lastNudgeAt + NUDGE_COOLDOWN_MS - now);
}

/** "45 minutes", "1 hour", "12 hours": under an hour in whole minutes (rounded up), else to the nearest hour. */
export function formatWait(ms: number): string {
  if (ms <= HOUR_MS - MINUTE_MS) return formatRetryAfter(ms);
  const hours = Math.max(1, Math.round(ms / HOUR_MS));
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

/** Ours: the spec has no nudges. */
export const NUDGE_MESSAGES = {
  button: "Nudge",
  buttonHint: "Remind the invitees who haven't answered",
  nobodyToNudge: "Everyone has answered. Nobody to nudge!",
  onlyHosts: "Only the host and co-hosts can nudge invitees",
  sent: (count: number) =>
    count === 1
      ? "Nudged 1 invitee who hasn't answered yet"
      : `Nudged ${count} invitees who haven't answered yet`,
  cooldown: (waitMs: number) =>
    `Invitees were nudged recently. You can nudge again in ${formatWait(waitMs)}`,
  failed: "Failed to nudge invitees",
} as const;

/** The in-app texts (type event_invitation for nudges, so the bell shows Accept and Decline; event_reminder for reminders). */
export const REMINDER_TEXTS = {
  nudge: (host: string, event: string) => ({
    title: "Still deciding?",
    message: `${host} is waiting for your answer to "${event}"`,
  }),
  inAppReminder: (event: string) => ({
    title: "Starting soon",
    message: `"${event}" starts in 30 minutes`,
  }),
} as const;
