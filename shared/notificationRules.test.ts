import { describe, expect, test } from "vitest";
import {
  NOTIFICATION_TEXTS,
  invitationState,
  isInvitationType,
  notificationLink,
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

describe("invitationState", () => {
  const now = 1_000_000;
  const later = now + 3_600_000;

  test("answered invitations say so; unanswered ones are actionable", () => {
    const crew = (data: Record<string, unknown>) =>
      invitationState({ type: "crew_invitation", data, eventEndTime: null }, now);
    expect(crew({})).toBe("actionable");
    expect(crew({ user_response: "accepted" })).toBe("accepted");
    expect(crew({ user_response: null })).toBe("actionable");
    expect(
      invitationState(
        { type: "event_invitation", data: { user_response: "declined" }, eventEndTime: later },
        now,
      ),
    ).toBe("declined");
    expect(
      invitationState({ type: "event_invitation", data: {}, eventEndTime: later }, now),
    ).toBe("actionable");
  });

  test("an event invitation whose session has ended is expired (at its end, not before)", () => {
    const at = (end: number | null) =>
      invitationState({ type: "event_invitation", data: {}, eventEndTime: end }, now);
    expect(at(now + 1)).toBe("actionable");
    expect(at(now)).toBe("expired");
    expect(at(now - 1)).toBe("expired");
    // A session that is gone cannot be joined either.
    expect(at(null)).toBe("expired");
    // An answer wins over expiry; crew invitations never expire by time.
    expect(
      invitationState(
        { type: "event_invitation", data: { user_response: "accepted" }, eventEndTime: 0 },
        now,
      ),
    ).toBe("accepted");
    expect(invitationState({ type: "crew_invitation", data: {}, eventEndTime: 0 }, now)).toBe(
      "actionable",
    );
  });

  test("the session's end as it is now decides, not a copy stored on the notification", () => {
    const stale = { event_end_time: now - 1 };
    expect(
      invitationState({ type: "event_invitation", data: stale, eventEndTime: later }, now),
    ).toBe("actionable");
    expect(
      invitationState(
        { type: "event_invitation", data: { event_end_time: later }, eventEndTime: now - 1 },
        now,
      ),
    ).toBe("expired");
  });

  test("other types have no invitation state", () => {
    expect(
      invitationState(
        { type: "event_rsvp", data: { user_response: "accepted" }, eventEndTime: null },
        now,
      ),
    ).toBe("none");
    expect(isInvitationType("event_invitation")).toBe(true);
    expect(isInvitationType("crew_invitation_response")).toBe(false);
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

  test("notificationLink: the session, else the crew, else none", () => {
    expect(notificationLink({ event_path: "/e/x", crew_id: "c" })).toBe("/e/x");
    expect(notificationLink({ crew_id: "c1" })).toBe("/crew/c1");
    expect(notificationLink({ badges_path: "/profile/sam/badges" })).toBe("/profile/sam/badges");
    expect(notificationLink({})).toBeNull();
  });
});
