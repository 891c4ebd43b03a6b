import { describe, expect, test } from "vitest";
import {
  decideEmail,
  decideSafetyEmail,
  DEFAULT_EMAIL_PREFERENCES,
  isUnsubscribeScope,
  nextDigestTime,
  unsubscribed,
} from "./emailPreferences";

describe("decideEmail", () => {
  test("a category turned off is skipped whatever the frequency", () => {
    const off = { ...DEFAULT_EMAIL_PREFERENCES, crewInvitations: false };
    expect(decideEmail(off, "crew_invitation")).toBe("skip");
    expect(decideEmail(off, "event_invitation")).toBe("send");
    expect(decideEmail(DEFAULT_EMAIL_PREFERENCES, "marketing")).toBe("skip");
  });

  test("daily and weekly hold invitations for the digest but skip reminders; never skips all", () => {
    for (const emailFrequency of ["daily", "weekly"] as const) {
      const prefs = { ...DEFAULT_EMAIL_PREFERENCES, emailFrequency };
      expect(decideEmail(prefs, "event_invitation")).toBe("digest");
      expect(decideEmail(prefs, "event_reminder")).toBe("skip");
    }
    const never = { ...DEFAULT_EMAIL_PREFERENCES, emailFrequency: "never" as const };
    expect(decideEmail(never, "event_invitation")).toBe("skip");
  });
});

describe("unsubscribe scopes", () => {
  test("a category turns that one off; all means never", () => {
    expect(unsubscribed(DEFAULT_EMAIL_PREFERENCES, "event_reminder").eventReminders).toBe(false);
    expect(unsubscribed(DEFAULT_EMAIL_PREFERENCES, "all").emailFrequency).toBe("never");
    expect(isUnsubscribeScope("all")).toBe(true);
    expect(isUnsubscribeScope("crew_invitation")).toBe(true);
    expect(isUnsubscribeScope("everything")).toBe(false);
    expect(isUnsubscribeScope(undefined)).toBe(false);
  });
});

describe("nextDigestTime", () => {
  const mondayTen = Date.UTC(2026, 10, 23, 10, 0); // Monday

  test("daily: the next 08:00 in the zone (today if still ahead, else tomorrow)", () => {
    expect(nextDigestTime(mondayTen, "daily", "Europe/Paris")).toBe(Date.UTC(2026, 10, 24, 7, 0));
    expect(nextDigestTime(mondayTen, "daily", "America/Los_Angeles")).toBe(
      Date.UTC(2026, 10, 23, 16, 0),
    );
    // Exactly 08:00 is not "after now": the next day.
    expect(nextDigestTime(Date.UTC(2026, 10, 23, 8, 0), "daily", null)).toBe(
      Date.UTC(2026, 10, 24, 8, 0),
    );
  });

  test("weekly: the next Monday 08:00; an unknown zone reads as UTC", () => {
    expect(nextDigestTime(mondayTen, "weekly", null)).toBe(Date.UTC(2026, 10, 30, 8, 0));
    expect(nextDigestTime(Date.UTC(2026, 10, 23, 6, 0), "weekly", "Nowhere/Town")).toBe(
      Date.UTC(2026, 10, 23, 8, 0),
    );
  });

  test("across a daylight-saving change the digest stays at 08:00 local", () => {
    // Paris leaves summer time on Sunday 25 October 2026.
    expect(nextDigestTime(Date.UTC(2026, 9, 24, 12, 0), "daily", "Europe/Paris")).toBe(
      Date.UTC(2026, 9, 25, 7, 0),
    );
    expect(nextDigestTime(Date.UTC(2026, 9, 23, 12, 0), "daily", "Europe/Paris")).toBe(
      Date.UTC(2026, 9, 24, 6, 0),
    );
  });
});

test("a safety alert goes at once whatever the digest and the categories; only 'never' stops it", () => {
  const allOff = {
    ...DEFAULT_EMAIL_PREFERENCES,
    eventInvitations: false,
    eventReminders: false,
    crewInvitations: false,
    hostAnnouncements: false,
  };
  expect(decideSafetyEmail(allOff)).toBe("send");
  expect(decideSafetyEmail({ ...allOff, emailFrequency: "daily" })).toBe("send");
  expect(decideSafetyEmail({ ...allOff, emailFrequency: "weekly" })).toBe("send");
  expect(decideSafetyEmail({ ...allOff, emailFrequency: "never" })).toBe("skip");
});
