/**
 * E-mail preferences: the five
 * categories a person can turn off, how often they want mail, and what that
 * means for one message — send it now, keep it for the morning digest, or
 * skip it. Pure: shared by the Settings page and the send path.
 *
 * Critical mail (sign-in links) never asks: it is always sent.
 */
import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns";

export const EMAIL_CATEGORIES = [
  "event_invitation",
  "event_reminder",
  "crew_invitation",
  "host_announcement",
  "marketing",
] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

export const EMAIL_FREQUENCIES = ["immediate", "daily", "weekly", "never"] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];

export type EmailPreferences = {
  eventInvitations: boolean;
  eventReminders: boolean;
  crewInvitations: boolean;
  hostAnnouncements: boolean;
  marketingEmails: boolean;
  emailFrequency: EmailFrequency;
};

type EmailPreferenceToggle = Exclude<keyof EmailPreferences, "emailFrequency">;

/** Invitations, reminders and hosts' announcements on, marketing off, immediate. */
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = {
  eventInvitations: true,
  eventReminders: true,
  crewInvitations: true,
  hostAnnouncements: true,
  marketingEmails: false,
  emailFrequency: "immediate",
};

/** The preference that switches each category on or off. */
export const CATEGORY_TOGGLE: Record<EmailCategory, EmailPreferenceToggle> = {
  event_invitation: "eventInvitations",
  event_reminder: "eventReminders",
  crew_invitation: "crewInvitations",
  host_announcement: "hostAnnouncements",
  marketing: "marketingEmails",
};

/** Labels on the Settings page and the unsubscribe page (ours: the spec names the fields only). */
export const EMAIL_CATEGORY_COPY: Record<EmailCategory, { label: string; description: string }> = {
  event_invitation: {
    label: "Session invitations",
    description: "When someone invites you to a session, and nudges to answer",
  },
  event_reminder: {
    label: "Session reminders",
    description: "An e-mail 1 hour before a session you're going to",
  },
  crew_invitation: { label: "Crew invitations", description: "When someone invites you to a crew" },
  host_announcement: {
    label: "Announcements from hosts",
    description: "When the host of a session you're in posts an announcement",
  },
  marketing: { label: "News and offers", description: "Occasional news about Clink" },
};

export const EMAIL_FREQUENCY_COPY: Record<EmailFrequency, { label: string; description: string }> =
  {
    immediate: { label: "Immediately", description: "Each e-mail as it happens" },
    daily: { label: "Daily digest", description: "One e-mail a day, at 8:00 in the morning" },
    weekly: {
      label: "Weekly digest",
      description: "One e-mail on Mondays, at 8:00 in the morning",
    },
    never: { label: "Never", description: "No e-mail except sign-in links" },
  };

export const EMAIL_PREFERENCE_MESSAGES = {
  saved: "Email preferences saved!",
  failedToLoad: "Failed to load email preferences",
  failedToSave: "Failed to save preferences",
  invalidUnsubscribeLink: "This unsubscribe link is not valid",
} as const;

export type EmailDecision = "send" | "digest" | "skip";

/**
 * What happens to one message of `category` for someone with `preferences`.
 * A reminder cannot wait for tomorrow's digest, so digest frequencies skip it
 * (the in-app reminder still comes).
 */
export function decideEmail(preferences: EmailPreferences, category: EmailCategory): EmailDecision {
  if (!preferences[CATEGORY_TOGGLE[category]]) return "skip";
  switch (preferences.emailFrequency) {
    case "never":
      return "skip";
    case "immediate":
      return "send";
    case "daily":
    case "weekly":
      return category === "event_reminder" ? "skip" : "digest";
  }
}

/**
 * A safety alert (a buddy did not check in after a night out) is no category one turns off and
 * is never held for a digest: it goes at once, whatever the frequency, except to someone who
 * chose "never" (no e-mail but sign-in links), whose in-app and push alert still come.
 */
export function decideSafetyEmail(preferences: EmailPreferences): "send" | "skip" {
  return preferences.emailFrequency === "never" ? "skip" : "send";
}

/** What a one-click unsubscribe turns off: one category, or (from a digest) all non-critical mail. */
export type UnsubscribeScope = EmailCategory | "all";

export function isUnsubscribeScope(value: unknown): value is UnsubscribeScope {
  return (
    value === "all" ||
    (typeof value === "string" && (EMAIL_CATEGORIES as readonly string[]).includes(value))
  );
}

/** The preferences once `scope` is unsubscribed: its category off, or every e-mail ("never"). */
export function unsubscribed(
  preferences: EmailPreferences,
  scope: UnsubscribeScope,
): EmailPreferences {
  if (scope === "all") return { ...preferences, emailFrequency: "never" };
  return { ...preferences, [CATEGORY_TOGGLE[scope]]: false };
}

/** What the unsubscribe page says was turned off. */
export function unsubscribeScopeLabel(scope: UnsubscribeScope): string {
  return scope === "all"
    ? "all e-mails except sign-in links"
    : EMAIL_CATEGORY_COPY[scope].label.toLowerCase();
}

/** The digest goes out at 8:00 in the user's time zone (UTC when unknown). */
const DIGEST_HOUR = 8;
/** Weekly digests go out on Mondays (date-fns: 0 Sunday … 6 Saturday). */
const WEEKLY_DIGEST_DAY = 1;
const DEFAULT_DIGEST_TIME_ZONE = "UTC";

/** The first morning (08:00 local, Mondays for weekly) strictly after `now`. */
export function nextDigestTime(
  now: number,
  frequency: "daily" | "weekly",
  timeZone: string | null,
): number {
  const zone = timeZone !== null && isTimeZone(timeZone) ? timeZone : DEFAULT_DIGEST_TIME_ZONE;
  const local = new TZDate(now, zone);
  let candidate = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate(),
    DIGEST_HOUR,
    0,
    0,
    zone,
  );
  if (candidate.getTime() <= now) candidate = addDays(candidate, 1);
  if (frequency === "weekly") {
    while (candidate.getDay() !== WEEKLY_DIGEST_DAY) candidate = addDays(candidate, 1);
  }
  return candidate.getTime();
}

/** An IANA zone the runtime knows ("Europe/Paris"), as the browser reports it. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
