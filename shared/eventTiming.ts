/**
 * When an event happens, as people read it: default ends, status and labels,
 * the LIVE badge, the countdown, upcoming vs past, when ratings, photos and
 * comments open, and when reminders go out.
 *
 * Every function takes the current time (`now`) rather than reading a clock,
 * and an IANA `timeZone` wherever local wall-clock time matters (midnight,
 * "today", "tomorrow", the displayed time). Times are epoch milliseconds, as
 * Convex stores them; `Instant` also accepts a `Date`.
 */
import { TZDate } from "@date-fns/tz";
import { addDays, format, startOfDay } from "date-fns";
import type { DurationType } from "./eventOptions";

export type Instant = Date | number;

/** The timing fields of an event. `endTime` is absent when none was given. */
export type EventTimes = {
  startTime: number;
  endTime?: number | null;
  durationType: DurationType;
};

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;

/** Length of an event without an end, other than all_night and specific_time. */
export const DEFAULT_EVENT_DURATION_MS = 3 * HOUR_MS;
const SPECIFIC_TIME_DURATION_MS = 4 * HOUR_MS;
/** Ratings, photos and comments open this long after the start, or at the end if sooner. */
const RECAP_UNLOCK_AFTER_START_MS = 2 * HOUR_MS;
/** The countdown shows when the start is less than this far away. */
const COUNTDOWN_WINDOW_MS = 24 * HOUR_MS;
const IN_APP_REMINDER_LEAD_MS = 30 * MINUTE_MS;
const EMAIL_REMINDER_LEAD_MS = HOUR_MS;

export const TIMING_STATUSES = ["past", "now", "today", "tomorrow", "future"] as const;
export type TimingStatus = (typeof TIMING_STATUSES)[number];

export function toMillis(instant: Instant): number {
  return typeof instant === "number" ? instant : instant.getTime();
}

// ---------------------------------------------------------------- time zones

// Building an Intl.DateTimeFormat costs up to a millisecond on a phone, and every card and
// label checks its zone on each render: a zone found valid once stays valid.
const knownTimeZones = new Set<string>();

export function isValidTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value === "") return false;
  if (knownTimeZones.has(value)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
  } catch {
    return false;
  }
  knownTimeZones.add(value);
  return true;
}

/** `value` when it is a time zone the runtime knows, otherwise UTC (e.g. a bad client value). */
export function timeZoneOrUtc(value: unknown): string {
  return isValidTimeZone(value) ? value : "UTC";
}

// A stored zone is checked on write, but a read never trusts one value so far that it throws.
function zoned(instant: Instant, timeZone: string): TZDate {
  return new TZDate(toMillis(instant), timeZoneOrUtc(timeZone));
}

// ---------------------------------------------------------------- showable instants

/**
 * Dates can show instants within ±8.64e15 ms (JavaScript's range); a day is
 * kept for zone offsets. A stored time outside (or not a number) shows as
 * UNKNOWN_TIME_TEXT: the formatters never throw.
 */
const SHOWABLE_INSTANT_MAX_MS = 8.64e15 - 24 * 60 * 60 * 1000;
export const UNKNOWN_TIME_TEXT = "Time to be confirmed";

export function isShowableInstant(instant: Instant): boolean {
  const ms = toMillis(instant);
  return Number.isFinite(ms) && Math.abs(ms) <= SHOWABLE_INSTANT_MAX_MS;
}

/** Whether an event's start and (explicit or default) end can be shown; lists skip one that cannot. */
export function hasShowableTimes(event: EventTimes, timeZone: string): boolean {
  return isShowableInstant(event.startTime) && isShowableInstant(eventEnd(event, timeZone));
}

/** `instant` in `timeZone` by a date-fns pattern; UNKNOWN_TIME_TEXT when it cannot be shown. */
function formatInZone(instant: Instant, timeZone: string, pattern: string): string {
  return isShowableInstant(instant) ? format(zoned(instant, timeZone), pattern) : UNKNOWN_TIME_TEXT;
}

// Each day start costs several zone-offset lookups, and a list asks for the same few again and
// again (every card's status: the ends of today and tomorrow by the same clock), so recent
// answers are kept.
const localDayStarts = new Map<string, number>();
const LOCAL_DAY_STARTS_KEPT = 64;

/** The start of the local day `days` after the day of `instant` (DST-safe: by calendar, not by 24 h). */
function startOfLocalDay(instant: Instant, timeZone: string, days = 0): number {
  const key = `${toMillis(instant)} ${timeZone} ${days}`;
  let start = localDayStarts.get(key);
  if (start === undefined) {
    start = startOfDay(addDays(zoned(instant, timeZone), days)).getTime();
    if (localDayStarts.size >= LOCAL_DAY_STARTS_KEPT) localDayStarts.clear();
    localDayStarts.set(key, start);
  }
  return start;
}

/**
 * The first moment of the next local day strictly after `instant`. Where a
 * DST change skips midnight (e.g. America/Santiago), that day's first moment.
 */
export function nextLocalMidnight(instant: Instant, timeZone: string): number {
  return startOfLocalDay(instant, timeZone, 1);
}

/**
 * An `<input type="datetime-local">` value ('2025-03-29T20:00') for `instant`
 * in `timeZone`; '' (an empty input) when it cannot be shown.
 */
export function toDateTimeLocalValue(instant: Instant, timeZone: string): string {
  return isShowableInstant(instant) ? format(zoned(instant, timeZone), "yyyy-MM-dd'T'HH:mm") : "";
}

/**
 * The instant a `datetime-local` value means in `timeZone`, or null for an
 * empty or malformed value. A wall time skipped by DST moves forward an hour.
 */
export function fromDateTimeLocalValue(value: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (match === null) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  if (hour > 23 || minute > 59 || second > 59) return null;
  const time = new TZDate(year, month - 1, day, hour, minute, second, timeZone).getTime();
  // A day that does not exist (31 February) would roll over into the next month.
  if (
    Number.isNaN(time) ||
    format(zoned(time, timeZone), "yyyy-MM-dd") !== value.trim().slice(0, 10)
  )
    return null;
  return time;
}

// ---------------------------------------------------------------- ends

/**
 * The end of an event without an explicit end: all_night → the
 * next midnight in `timeZone`; specific_time → 4 h; otherwise 3 h. Durations
 * are elapsed time, so across a DST change the wall clock may show 3 or 5 h.
 */
export function defaultEventEnd(
  startTime: number,
  durationType: DurationType,
  timeZone: string,
): number {
  switch (durationType) {
    case "all_night":
      return nextLocalMidnight(startTime, timeZone);
    case "specific_time":
      return startTime + SPECIFIC_TIME_DURATION_MS;
    default:
      return startTime + DEFAULT_EVENT_DURATION_MS;
  }
}

/** The explicit end when there is one, otherwise the default end. */
export function eventEnd(event: EventTimes, timeZone: string): number {
  return event.endTime ?? defaultEventEnd(event.startTime, event.durationType, timeZone);
}

/** What the wizard's time choice means: 'Right Now' starts at `now`; a missing end gets the default. */
export function resolveEventTimes(
  choice: { durationType: DurationType; startTime?: number | null; endTime?: number | null },
  now: Instant,
  timeZone: string,
): { startTime: number; endTime: number } {
  const startTime =
    choice.durationType === "now" ? toMillis(now) : (choice.startTime ?? toMillis(now));
  const endTime = choice.endTime ?? defaultEventEnd(startTime, choice.durationType, timeZone);
  return { startTime, endTime };
}

// ---------------------------------------------------------------- status

/**
 * past (now at or after the end), now (from the start until the end), or for
 * a later start: today, tomorrow or future by the local calendar of `timeZone`.
 */
export function timingStatus(event: EventTimes, now: Instant, timeZone: string): TimingStatus {
  const nowMs = toMillis(now);
  if (nowMs >= eventEnd(event, timeZone)) return "past";
  if (nowMs >= event.startTime) return "now";
  if (event.startTime < startOfLocalDay(nowMs, timeZone, 1)) return "today";
  if (event.startTime < startOfLocalDay(nowMs, timeZone, 2)) return "tomorrow";
  return "future";
}

/** The LIVE badge: started and not ended (an all-night event is live from its start until midnight). */
export function isLive(event: EventTimes, now: Instant, timeZone: string): boolean {
  return timingStatus(event, now, timeZone) === "now";
}

/** Upcoming lists hold now, today, tomorrow and future; the rest is past. */
export function isUpcoming(event: EventTimes, now: Instant, timeZone: string): boolean {
  return timingStatus(event, now, timeZone) !== "past";
}

/** Upcoming soonest first; past most recent first. */
export function splitUpcomingAndPast<T extends EventTimes>(
  events: readonly T[],
  now: Instant,
  timeZone: string,
): { upcoming: T[]; past: T[] } {
  const upcoming: T[] = [];
  const past: T[] = [];
  for (const event of events) (isUpcoming(event, now, timeZone) ? upcoming : past).push(event);
  upcoming.sort((a, b) => a.startTime - b.startTime);
  past.sort((a, b) => b.startTime - a.startTime);
  return { upcoming, past };
}

// ---------------------------------------------------------------- text

/** '8:00 PM' in `timeZone` (date-fns, so server and browsers print the same characters). */
export function formatEventTime(instant: Instant, timeZone: string): string {
  return formatInZone(instant, timeZone, "h:mm a");
}

/** 'Saturday, March 29, 2025'. */
export function formatEventDate(instant: Instant, timeZone: string): string {
  return formatInZone(instant, timeZone, "EEEE, MMMM d, yyyy");
}

/** '8:00 PM - 12:00 AM': the start and the (explicit or default) end. */
export function formatEventTimeRange(event: EventTimes, timeZone: string): string {
  if (!hasShowableTimes(event, timeZone)) return UNKNOWN_TIME_TEXT;
  return `${formatEventTime(event.startTime, timeZone)} - ${formatEventTime(eventEnd(event, timeZone), timeZone)}`;
}

/** The spec's timing labels, e.g. 'Happening now!', 'Tonight at 9:00 PM - All Night! 🌙'. */
export function timingLabel(event: EventTimes, now: Instant, timeZone: string): string {
  if (!isShowableInstant(event.startTime)) return UNKNOWN_TIME_TEXT;
  const allNight = event.durationType === "all_night";
  const time = formatEventTime(event.startTime, timeZone);
  switch (timingStatus(event, now, timeZone)) {
    case "past":
      return "Event ended";
    case "now":
      return allNight ? "All night session in progress! 🌙" : "Happening now!";
    case "today":
      return allNight ? `Tonight at ${time} - All Night! 🌙` : `Today at ${time}`;
    case "tomorrow":
      return `Tomorrow at ${time}`;
    case "future":
      return formatInZone(event.startTime, timeZone, "EEEE, MMMM d 'at' h:mm a");
  }
}

/** The badge on event cards; 'LIVE' while the event is happening. */
export const TIMING_BADGES: Record<TimingStatus, string> = {
  past: "Past",
  now: "LIVE",
  today: "Today",
  tomorrow: "Tomorrow",
  future: "Upcoming",
};

/** 'Starting in Xh Ym' while the start is less than 24 h away (minutes rounded down); otherwise null. */
export function countdownText(startTime: number, now: Instant): string | null {
  const remaining = startTime - toMillis(now);
  // Written so that NaN (a start that is no number) shows no countdown either.
  if (!(remaining > 0 && remaining < COUNTDOWN_WINDOW_MS)) return null;
  const totalMinutes = Math.floor(remaining / MINUTE_MS);
  return `Starting in ${Math.floor(totalMinutes / 60)}h ${totalMinutes % 60}m`;
}

// ---------------------------------------------------------------- unlocks and reminders

/** When ratings, photos and comments open: the end, or 2 h after the start, whichever is first. */
export function recapUnlockTime(event: EventTimes, timeZone: string): number {
  return Math.min(eventEnd(event, timeZone), event.startTime + RECAP_UNLOCK_AFTER_START_MS);
}

export function isRecapUnlocked(event: EventTimes, now: Instant, timeZone: string): boolean {
  return toMillis(now) >= recapUnlockTime(event, timeZone);
}

/** When the reminders are due: in-app 30 minutes before the start, e-mail 1 hour before. */
export function reminderTimes(startTime: number): { inApp: number; email: number } {
  return { inApp: startTime - IN_APP_REMINDER_LEAD_MS, email: startTime - EMAIL_REMINDER_LEAD_MS };
}
