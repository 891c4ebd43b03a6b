import { describe, expect, it } from "vitest";
import {
  PUSHED_NOTIFICATION_TYPES,
  isPushed,
  isValidPushSubscription,
  pushPayload,
} from "./pushRules";

describe("which notifications are pushed", () => {
  it("invitations, reminders, badge awards, a seat from the waitlist, hosts' announcements, check-ins, the crawl and crew polls only", () => {
    expect([...PUSHED_NOTIFICATION_TYPES].sort()).toEqual([
      "badge_achievement",
      "check_in_alert",
      "check_in_reminder",
      "crawl_moved",
      "crew_invitation",
      "event_announcement",
      "event_invitation",
      "event_reminder",
      "poll_deadline",
      "poll_nudge",
      "waitlist_promoted",
    ]);
    expect(isPushed("event_rsvp")).toBe(false);
    expect(isPushed("crew_promotion")).toBe(false);
  });
});

describe("pushPayload", () => {
  it("opens the notification's own page and collapses repeats about the same thing", () => {
    expect(
      pushPayload({
        type: "event_invitation",
        title: "Session invitation",
        message: "Sam invited you to 'Friday stouts'",
        data: {
          eventId: "e1",
          eventTitle: "Friday stouts",
          eventCode: "ABC123",
          eventDateTime: 1,
          durationType: "evening",
          eventPath: "/event/friday-stouts",
          inviterId: "u1",
          inviterName: "Sam",
        },
      }),
    ).toEqual({
      title: "Session invitation",
      body: "Sam invited you to 'Friday stouts'",
      url: "/event/friday-stouts",
      tag: "event_invitation:/event/friday-stouts",
    });
    expect(
      pushPayload({
        type: "crew_invitation",
        title: "t",
        message: "m",
        data: {
          crewId: "abc",
          crewName: "Regulars",
          inviterId: "u1",
          inviterName: "Sam",
          role: "member",
        },
      }).url,
    ).toBe("/crew/abc");
  });

  it("a badge award opens the badges page the engine stored", () => {
    expect(
      pushPayload({
        type: "badge_achievement",
        title: "Badge earned",
        message: "First Pour",
        data: {
          badgeKey: "first_pour",
          badgeName: "First Pour",
          badgeDescription: "d",
          badgeIcon: "🍺",
          badgeTier: "bronze",
          badgesPath: "/profile/sam/badges",
        },
      }),
    ).toMatchObject({ url: "/profile/sam/badges", tag: "badge_achievement:/profile/sam/badges" });
  });

  it("a badge without a link opens the profile; anything else without one the home page", () => {
    expect(
      pushPayload({ type: "badge_achievement", title: "t", message: "m", data: null }),
    ).toMatchObject({ url: "/profile", tag: "badge_achievement" });
    expect(pushPayload({ type: "event_reminder", title: "t", message: "m", data: null }).url).toBe(
      "/",
    );
  });
});

describe("isValidPushSubscription", () => {
  // Lengths of a real subscription: a 65-byte P-256 key and a 16-byte secret, base64url.
  const keys = { p256dh: "B".padEnd(87, "A"), auth: "x".repeat(22) };
  const endpoint = "https://fcm.googleapis.com/fcm/send/abc123";

  it("accepts what the Push API gives", () => {
    expect(isValidPushSubscription({ endpoint, keys })).toBe(true);
    expect(isValidPushSubscription({ endpoint, keys: { ...keys, auth: `${keys.auth}==` } })).toBe(
      true,
    );
  });

  it("refuses plain http, non-URLs, overlong endpoints and keys of the wrong size or alphabet", () => {
    expect(isValidPushSubscription({ endpoint: "http://push.example.com/x", keys })).toBe(false);
    expect(isValidPushSubscription({ endpoint: "push service", keys })).toBe(false);
    expect(isValidPushSubscription({ endpoint: `${endpoint}/${"a".repeat(2048)}`, keys })).toBe(
      false,
    );
    expect(isValidPushSubscription({ endpoint, keys: { ...keys, p256dh: "B".repeat(86) } })).toBe(
      false,
    );
    expect(
      isValidPushSubscription({ endpoint, keys: { ...keys, auth: "x+/".repeat(7) + "x" } }),
    ).toBe(false);
  });
});
