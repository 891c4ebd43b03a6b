import { describe, expect, test } from "vitest";
import {
  NOTIFICATION_TEXTS,
  invitationState,
  isAnswered,
  isInvitationType,
  notificationLink,
  readNotificationPayload,
  typedNotification,
  unreadBadgeLabel,
} from "./notificationRules";

describe("unreadBadgeLabel", () => {
  test("0 → no badge, 1 → '1', 99 → '99', 100 → '99+'", () => {
    expect(unreadBadgeLabel(0)).toBeNull();
    expect(unreadBadgeLabel(1)).toBe("1");
    expect(unreadBadgeLabel(99)).toBe("99");
    expect(unreadBadgeLabel(100)).toBe("99+");
    expect(unreadBadgeLabel(2_000)).toBe("99+");
  });

  test("nothing sensible → no badge", () => {
    expect(unreadBadgeLabel(-3)).toBeNull();
    expect(unreadBadgeLabel(Number.NaN)).toBeNull();
    expect(unreadBadgeLabel(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

/** A session payload as the server writes it. */
const SESSION = {
  eventId: "e1",
  eventTitle: "Pints",
  eventCode: "ABC123",
  eventDateTime: 1_700_000_000_000,
  durationType: "evening",
  eventPath: "/event/pints",
};
const INVITER = { inviterId: "u1", inviterName: "Sam" };
const CREW = { crewId: "c1", crewName: "Regulars" };

describe("invitationState", () => {
  const now = 1_000_000;
  const later = now + 3_600_000;
  const crewInvitation = { ...CREW, ...INVITER, role: "member" as const };
  const eventInvitation = { ...SESSION, ...INVITER };

  test("answered invitations say so; unanswered ones are actionable", () => {
    const crew = (answer: { userResponse?: "accepted" | "declined" }) =>
      invitationState(
        { type: "crew_invitation", data: { ...crewInvitation, ...answer }, eventEndTime: null },
        now,
      );
    expect(crew({})).toBe("actionable");
    expect(crew({ userResponse: "accepted" })).toBe("accepted");
    expect(
      invitationState(
        {
          type: "event_invitation",
          data: { ...eventInvitation, userResponse: "declined" },
          eventEndTime: later,
        },
        now,
      ),
    ).toBe("declined");
    expect(
      invitationState(
        { type: "event_invitation", data: eventInvitation, eventEndTime: later },
        now,
      ),
    ).toBe("actionable");
  });

  test("an event invitation whose session has ended is expired (at its end, not before)", () => {
    const at = (end: number | null) =>
      invitationState({ type: "event_invitation", data: eventInvitation, eventEndTime: end }, now);
    expect(at(now + 1)).toBe("actionable");
    expect(at(now)).toBe("expired");
    expect(at(now - 1)).toBe("expired");
    // A session that is gone cannot be joined either.
    expect(at(null)).toBe("expired");
    // An answer wins over expiry; crew invitations never expire by time.
    expect(
      invitationState(
        {
          type: "event_invitation",
          data: { ...eventInvitation, userResponse: "accepted" },
          eventEndTime: 0,
        },
        now,
      ),
    ).toBe("accepted");
    expect(
      invitationState({ type: "crew_invitation", data: crewInvitation, eventEndTime: 0 }, now),
    ).toBe("actionable");
  });

  test("an invitation without a payload (a debug page's test notification) reads as unanswered", () => {
    expect(invitationState({ type: "crew_invitation", data: null, eventEndTime: null }, now)).toBe(
      "actionable",
    );
    expect(invitationState({ type: "event_invitation", data: null, eventEndTime: null }, now)).toBe(
      "expired",
    );
  });

  test("the session's end as it is now decides, not a copy stored on the notification", () => {
    const stored = typedNotification("event_invitation", {
      ...eventInvitation,
      event_end_time: now - 1,
    });
    expect(invitationState({ ...stored, eventEndTime: later }, now)).toBe("actionable");
  });

  test("other types have no invitation state", () => {
    expect(
      invitationState(
        {
          type: "event_invitation_response",
          data: { ...SESSION, userId: "u2", response: "accepted", responseMethod: "in_app" },
          eventEndTime: null,
        },
        now,
      ),
    ).toBe("none");
    expect(isInvitationType("event_invitation")).toBe(true);
    expect(isInvitationType("crew_invitation_response")).toBe(false);
  });
});

describe("payloads: written camelCase, older rows' snake_case still read", () => {
  test("a payload as written reads back as it is; extra keys on the row are left out", () => {
    expect(
      readNotificationPayload("event_invitation", {
        ...SESSION,
        ...INVITER,
        senderName: "Sam",
        timestamp: 5,
      }),
    ).toEqual({ ...SESSION, ...INVITER });
    expect(
      readNotificationPayload("event_invitation", { ...SESSION, ...INVITER, nudge: true }),
    ).toEqual({ ...SESSION, ...INVITER, nudge: true });
  });

  test("an event invitation stored with the old keys, answered by e-mail", () => {
    const old = {
      event_id: "e1",
      eventId: "e1",
      event_title: "Pints",
      eventTitle: "Pints",
      eventCode: "ABC123",
      event_date_time: 1_700_000_000_000,
      duration_type: "evening",
      event_path: "/event/pints",
      inviter_id: "u1",
      invited_by: "u1",
      inviter_name: "Sam",
      senderName: "Sam",
      timestamp: 5,
      user_response: "accepted",
      response: "accepted",
      responded_at: 9,
      response_method: "email",
    };
    expect(readNotificationPayload("event_invitation", old)).toEqual({
      ...SESSION,
      ...INVITER,
      userResponse: "accepted",
      respondedAt: 9,
      responseMethod: "email",
    });
    expect(isAnswered(old)).toBe(true);
    expect(isAnswered({ ...SESSION, ...INVITER })).toBe(false);
  });

  test("crew, response, cancelled and badge rows stored with the old keys", () => {
    expect(
      readNotificationPayload("crew_invitation_response", {
        crew_id: "c1",
        crewId: "c1",
        crew_name: "Regulars",
        crewName: "Regulars",
        joiner_id: "u2",
        user_id: "u2",
        response: "declined",
        response_method: "in_app",
      }),
    ).toEqual({ ...CREW, userId: "u2", response: "declined", responseMethod: "in_app" });
    expect(
      readNotificationPayload("event_cancelled", {
        event_title: "Pints",
        eventTitle: "Pints",
        event_date_time: 7,
      }),
    ).toEqual({ eventTitle: "Pints", eventDateTime: 7 });
    expect(
      readNotificationPayload("badge_achievement", {
        badge_key: "first_pour",
        badgeName: "First Pour",
        badgeDescription: "Your first session",
        badge_icon: "🍺",
        badge_tier: "bronze",
        badges_path: "/profile/sam/badges",
      }),
    ).toEqual({
      badgeKey: "first_pour",
      badgeName: "First Pour",
      badgeDescription: "Your first session",
      badgeIcon: "🍺",
      badgeTier: "bronze",
      badgesPath: "/profile/sam/badges",
    });
  });

  test("an award stored before its medal and link were kept still reads, with nulls", () => {
    expect(
      readNotificationPayload("badge_achievement", {
        badge_key: "first_pour",
        badgeName: "First Pour",
        badgeDescription: "Your first session",
      }),
    ).toMatchObject({ badgeIcon: null, badgeTier: null, badgesPath: null });
  });

  test("data with no payload of its type (a debug page's test notification) reads as null", () => {
    expect(readNotificationPayload("event_invitation", { test: true })).toBeNull();
    expect(readNotificationPayload("badge_achievement", { test: true, timestamp: 1 })).toBeNull();
    expect(readNotificationPayload("event_rsvp", { ...SESSION, response: "sometimes" })).toBeNull();
  });
});

describe("texts and links", () => {
  test("texts name who and what", () => {
    expect(NOTIFICATION_TEXTS.crewInvitation("Sam", "Regulars").message).toBe(
      'Sam invited you to join the crew "Regulars"',
    );
    expect(NOTIFICATION_TEXTS.eventInvitationResponse("Ava", "Pints", "declined")).toEqual({
      title: "Invitation declined",
      message: 'Ava declined your invitation to "Pints"',
    });
    expect(NOTIFICATION_TEXTS.eventUpdate("Pints", "time_and_place").message).toBe(
      '"Pints" has a new time and place',
    );
  });

  test("notificationLink: the session, the badges page or the crew, else none", () => {
    expect(notificationLink({ type: "event_update", data: { ...SESSION, reason: "time" } })).toBe(
      "/event/pints",
    );
    expect(notificationLink({ type: "crew_promotion", data: { ...CREW, role: "co_host" } })).toBe(
      "/crew/c1",
    );
    expect(
      notificationLink(
        typedNotification("badge_achievement", {
          badgeKey: "first_pour",
          badgeName: "First Pour",
          badgeDescription: "d",
          badgesPath: "/profile/sam/badges",
        }),
      ),
    ).toBe("/profile/sam/badges");
    expect(
      notificationLink({
        type: "event_cancelled",
        data: { eventTitle: "Pints", eventDateTime: 1 },
      }),
    ).toBeNull();
    expect(notificationLink({ type: "event_invitation", data: null })).toBeNull();
  });
});
