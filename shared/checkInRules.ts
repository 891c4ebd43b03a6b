/**
 * "Got home safe" check-ins: someone going to a session picks 1–5 buddies
 * among its people and a time; if they have not tapped "Home safe" by then
 * they are reminded, and CHECK_IN_ALERT_DELAY_MS later the buddies are
 * alerted. The limits, the timing, the checks a form and the server share,
 * and the words people see. Pure. No location is ever part of a check-in.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

const CHECK_IN_MIN_BUDDIES = 1;
export const CHECK_IN_MAX_BUDDIES = 5;

/** The time offered at first: an hour after the session ends. */
const CHECK_IN_DEFAULT_AFTER_END_MS = 60 * 60 * 1000;
/** The latest check-in time: this long after the session ends (later is not about getting home). */
export const CHECK_IN_LATEST_AFTER_END_MS = 12 * 60 * 60 * 1000;
/** From the reminder (the person's own time passed) to the buddies' alert. */
export const CHECK_IN_ALERT_DELAY_MS = 15 * 60 * 1000;
/** A check-in is deleted this long after its session (or its time, when later). */
export const CHECK_IN_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Buddy alerts the home screen's banner lists at most. */
export const CHECK_IN_BANNER_ALERTS_MAX = 3;
/** The viewer's own open check-ins (one per session) the banner lists at most. */
export const CHECK_IN_BANNER_OWN_MAX = 3;
/** The session's people the buddy picker offers at most. */
export const CHECK_IN_CANDIDATES_MAX = 50;

/**
 * Where a check-in stands. Open: `waiting` (before its time), `reminded`
 * (time passed, the person was reminded), `alerted` (the buddies were told).
 * Closed: `home` (the person tapped Home safe), `fine` (a buddy said they are
 * with them or they are fine).
 */
export const CHECK_IN_STATUSES = ["waiting", "reminded", "alerted", "home", "fine"] as const;
export type CheckInStatus = (typeof CHECK_IN_STATUSES)[number];

export function isOpenCheckIn(status: CheckInStatus): boolean {
  return status === "waiting" || status === "reminded" || status === "alerted";
}

export const CHECK_IN_MESSAGES = {
  title: "Got home safe?",
  intro:
    "Pick a few friends here tonight. If you haven't tapped Home safe by your time, we remind you, and 15 minutes later they hear about it. No location is ever shared.",
  start: "Turn on check-in",
  save: "Start check-in",
  buddiesLabel: "Buddies",
  timeLabel: "I'll check in by",
  homeSafe: "Home safe",
  homeSafeWaiting: "Home safe: waiting for signal",
  cancel: "Cancel check-in",
  cancelled: "Check-in cancelled",
  started: "Check-in on: tap Home safe when you're home",
  homeSafeDone: "Glad you're home! Your buddies know.",
  homeSafeQueued: "Home safe saved: your buddies hear it as soon as you have signal",
  markFine: "I'm with them / they're fine",
  markedFine: "Thanks: the alert is closed for everyone",
  notFound: "Check-in not found",
  notGoing: "Only people going to this session can turn on a check-in",
  alreadyOn: "You already have a check-in for this session",
  tooFewBuddies: "Pick at least one buddy",
  tooManyBuddies: `Pick at most ${CHECK_IN_MAX_BUDDIES} buddies`,
  selfBuddy: "You can't be your own buddy",
  duplicateBuddy: "Each buddy only once",
  buddyNotThere: "Buddies must be going to this session",
  timeInPast: "Pick a time that is still ahead",
  timeTooLate: "Pick a time at most 12 hours after the session ends",
  notAlerted: "There is no alert to close",
  noCandidates: "Nobody else is going yet: buddies are picked among the session's people.",
  failed: "Couldn't save the check-in",
} as const;

/** What is wrong with a buddy list (ids as strings), or null when it is fine. Membership is the server's. */
export function buddyListProblem(buddyIds: readonly string[], ownerId: string): string | null {
  if (buddyIds.length < CHECK_IN_MIN_BUDDIES) return CHECK_IN_MESSAGES.tooFewBuddies;
  if (buddyIds.length > CHECK_IN_MAX_BUDDIES) return CHECK_IN_MESSAGES.tooManyBuddies;
  if (buddyIds.includes(ownerId)) return CHECK_IN_MESSAGES.selfBuddy;
  if (new Set(buddyIds).size !== buddyIds.length) return CHECK_IN_MESSAGES.duplicateBuddy;
  return null;
}

/** What is wrong with a check-in time for a session ending at `endTime`, or null. */
export function dueTimeProblem(dueAt: number, endTime: number, now: number): string | null {
  if (!Number.isFinite(dueAt) || dueAt <= now) return CHECK_IN_MESSAGES.timeInPast;
  if (dueAt > endTime + CHECK_IN_LATEST_AFTER_END_MS) return CHECK_IN_MESSAGES.timeTooLate;
  return null;
}

/** The time the form offers first: an hour after the session ends. */
export function defaultDueAt(endTime: number): number {
  return endTime + CHECK_IN_DEFAULT_AFTER_END_MS;
}

/** When a check-in is deleted: a week after its session ends or after its time, whichever is later. */
export function checkInDeleteAt(endTime: number, dueAt: number): number {
  return Math.max(endTime, dueAt) + CHECK_IN_RETENTION_MS;
}

/** "HH:mm" in `timeZone` (the session's, in an alert), else the device's (the form's time field). */
export function clockOf(time: number, timeZone?: string): string {
  return format(timeZone === undefined ? time : new TZDate(time, timeZone), "HH:mm");
}

/**
 * A time of day ("01:30", the device's zone) as the first such moment after the session
 * starts — or after `now` when it has started: "01:30" on a night out means the small hours
 * after it, not the night before. Null for anything that is not HH:mm.
 */
export function dueAtFromClock(clock: string, startTime: number, now: number): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(clock);
  if (match === null) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  const from = Math.max(startTime, now);
  const candidate = new Date(from);
  candidate.setHours(hours, minutes, 0, 0);
  // Stepped by calendar day (not 24 h), so a change of clocks keeps the time of day.
  while (candidate.getTime() <= from) candidate.setDate(candidate.getDate() + 1);
  return candidate.getTime();
}

/** The texts of the check-in notifications. */
export const CHECK_IN_TEXTS = {
  reminder: (event: string) => ({
    title: "Home safe? 🏠",
    message: `You said you'd check in after "${event}". Tap Home safe, or your buddies hear about it in 15 minutes.`,
  }),
  alert: (owner: string, event: string, dueClock: string, lastStop: string | null) => ({
    title: `⚠️ ${owner} hasn't checked in`,
    message: `${owner} said they'd be home by ${dueClock} after "${event}"${lastStop ? `. Last stop: ${lastStop}` : ""}. Check on them?`,
  }),
  home: (owner: string, event: string) => ({
    title: `${owner} got home safe 🏠`,
    message: `${owner} checked in after "${event}".`,
  }),
  fine: (buddy: string, owner: string) => ({
    title: `${owner} is fine`,
    message: `${buddy} is with ${owner} or heard from them: the alert is closed.`,
  }),
} as const;
