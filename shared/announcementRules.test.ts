import { describe, expect, test } from "vitest";
import {
  ANNOUNCEMENT_EXCERPT_LENGTH,
  ANNOUNCEMENT_MAX_LENGTH,
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_WINDOW_MS,
  ANNOUNCEMENTS_PER_DAY,
  announcementExcerpt,
  announcementGroupOf,
  announcementsLeft,
  canPostAnnouncement,
  checkAnnouncement,
  groupsLabel,
} from "./announcementRules";
import type { Participation } from "./eventAccess";

const none: Participation = { isCreator: false, rsvpStatus: null, member: null };

describe("checkAnnouncement", () => {
  test("keeps the text by the user-text rule and the groups once, in order", () => {
    expect(
      checkAnnouncement({
        text: "  Table 4\r\nat the back\u202e ",
        groups: ["maybe", "going", "maybe"],
      }),
    ).toEqual({ ok: true, text: "Table 4\nat the back", groups: ["going", "maybe"] });
  });

  test("refuses blank, too long and lone-surrogate text at the text field", () => {
    expect(checkAnnouncement({ text: " \u200b ", groups: ["going"] })).toEqual({
      ok: false,
      field: "text",
      message: ANNOUNCEMENT_MESSAGES.textRequired,
    });
    expect(
      checkAnnouncement({ text: "a".repeat(ANNOUNCEMENT_MAX_LENGTH), groups: ["going"] }).ok,
    ).toBe(true);
    expect(
      checkAnnouncement({ text: "a".repeat(ANNOUNCEMENT_MAX_LENGTH + 1), groups: ["going"] }),
    ).toMatchObject({
      field: "text",
      message: ANNOUNCEMENT_MESSAGES.textTooLong,
    });
    // Emoji count once.
    expect(
      checkAnnouncement({ text: "🍺".repeat(ANNOUNCEMENT_MAX_LENGTH), groups: ["going"] }).ok,
    ).toBe(true);
    expect(checkAnnouncement({ text: "a\ud800", groups: ["going"] })).toMatchObject({
      field: "text",
    });
  });

  test("refuses no group and unknown groups", () => {
    expect(checkAnnouncement({ text: "hi", groups: [] })).toMatchObject({
      field: "groups",
      message: ANNOUNCEMENT_MESSAGES.groupsRequired,
    });
    expect(checkAnnouncement({ text: "hi", groups: ["going", "everyone"] })).toMatchObject({
      field: "groups",
      message: ANNOUNCEMENT_MESSAGES.unknownGroup,
    });
  });
});

test("the host and accepted co-hosts may post; attendees, invitees and strangers may not", () => {
  expect(canPostAnnouncement({ ...none, isCreator: true })).toBe(true);
  expect(canPostAnnouncement({ ...none, member: { role: "co_host", status: "accepted" } })).toBe(
    true,
  );
  expect(canPostAnnouncement({ ...none, member: { role: "co_host", status: "pending" } })).toBe(
    false,
  );
  expect(canPostAnnouncement({ ...none, rsvpStatus: "going" })).toBe(false);
  expect(canPostAnnouncement(none)).toBe(false);
  expect(canPostAnnouncement(null)).toBe(false);
});

test("the daily limit slides over 24 hours", () => {
  const now = 10 * ANNOUNCEMENT_WINDOW_MS;
  expect(announcementsLeft([], now)).toBe(ANNOUNCEMENTS_PER_DAY);
  const five = Array.from({ length: 5 }, (_, i) => now - i * 1000);
  expect(announcementsLeft(five, now)).toBe(0);
  expect(announcementsLeft([...five, ...five], now)).toBe(0);
  expect(announcementsLeft([now - ANNOUNCEMENT_WINDOW_MS, now - 1], now)).toBe(
    ANNOUNCEMENTS_PER_DAY - 1,
  );
});

test("each person is in one group at most", () => {
  const at = (p: Partial<Participation>, waitlisted = false) =>
    announcementGroupOf({ ...none, ...p, waitlisted });
  expect(at({ isCreator: true })).toBe("going");
  expect(at({ rsvpStatus: "going" })).toBe("going");
  expect(at({ member: { role: "attendee", status: "accepted" } })).toBe("going");
  expect(at({ rsvpStatus: "maybe" })).toBe("maybe");
  expect(at({ rsvpStatus: "maybe", member: { role: "attendee", status: "accepted" } })).toBe(
    "maybe",
  );
  expect(at({ member: { role: "attendee", status: "pending" } })).toBe("invited");
  expect(at({ rsvpStatus: "maybe" }, true)).toBe("waitlisted");
  expect(at({}, true)).toBe("waitlisted");
  // Declined, not going, or nothing: no group, so they hear nothing further.
  expect(at({ member: { role: "attendee", status: "declined" } })).toBeNull();
  expect(at({ rsvpStatus: "not_going" })).toBeNull();
  expect(at({})).toBeNull();
});

test("excerpts and labels", () => {
  expect(announcementExcerpt("a\n\nb")).toBe("a b");
  const long = announcementExcerpt("x".repeat(300));
  expect([...long]).toHaveLength(ANNOUNCEMENT_EXCERPT_LENGTH);
  expect(long.endsWith("…")).toBe(true);
  expect(groupsLabel(["going"])).toBe("Going");
  expect(groupsLabel(["going", "maybe", "waitlisted"])).toBe("Going, Maybe and Waitlist");
});
