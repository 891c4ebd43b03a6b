import { describe, expect, test } from "vitest";
import { DRINK_TYPES } from "./drinks";
import { matchesDrinkFilter } from "./discoverFilters";
import {
  DRINK_GROUPS,
  canEditEvent,
  canRsvpTo,
  canViewEvent,
  clampPageSize,
  drinkGroupForFilter,
  drinkGroupOf,
  eventRoleOf,
  isAttendee,
  type Participation,
} from "./eventAccess";

const nobody: Participation = { isCreator: false, rsvpStatus: null, member: null };
const creator: Participation = { ...nobody, isCreator: true, member: { role: "host", status: "accepted" } };
const going: Participation = { ...nobody, rsvpStatus: "going" };
const maybe: Participation = { ...nobody, rsvpStatus: "maybe" };
const coHost: Participation = { ...nobody, member: { role: "co_host", status: "accepted" } };
const pendingCoHost: Participation = { ...nobody, member: { role: "co_host", status: "pending" } };
const invited: Participation = { ...nobody, member: { role: "attendee", status: "pending" } };
const accepted: Participation = { ...nobody, member: { role: "attendee", status: "accepted" } };

describe("participation rules", () => {
  test("attendees: the creator, users going, accepted members", () => {
    expect([creator, going, coHost, accepted].map(isAttendee)).toEqual([true, true, true, true]);
    // An accepted member's own RSVP decides: maybe or not going is not attending.
    const acceptedMaybe: Participation = { ...accepted, rsvpStatus: "maybe" };
    const acceptedNotGoing: Participation = { ...accepted, rsvpStatus: "not_going" };
    const coHostNotGoing: Participation = { ...coHost, rsvpStatus: "not_going" };
    expect([acceptedMaybe, acceptedNotGoing, coHostNotGoing].map(isAttendee)).toEqual([false, false, false]);
    expect(isAttendee({ ...accepted, rsvpStatus: "going" })).toBe(true);
    expect(eventRoleOf(coHostNotGoing)).toBe("co_host");
    expect(canViewEvent({ isPublic: false }, acceptedNotGoing)).toBe(true);
    expect([nobody, maybe, invited, pendingCoHost, { ...nobody, rsvpStatus: "not_going" as const }].map(isAttendee)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  test("roles and edit rights", () => {
    expect([creator, coHost, pendingCoHost, going, accepted, maybe, nobody].map(eventRoleOf)).toEqual([
      "host",
      "co_host",
      "none",
      "attendee",
      "attendee",
      "none",
      "none",
    ]);
    expect([creator, coHost, pendingCoHost, going].map(canEditEvent)).toEqual([true, true, false, false]);
  });

  test("viewing and RSVPing a private event", () => {
    const priv = { isPublic: false };
    expect(canViewEvent({ isPublic: true }, null)).toBe(true);
    expect(canViewEvent(priv, null)).toBe(false);
    // A pending invitee may open it to answer; a crew invited to it opens it to its members.
    expect([creator, going, accepted, maybe, invited, nobody].map((p) => canViewEvent(priv, p))).toEqual([true, true, true, false, true, false]);
    expect(canViewEvent(priv, nobody, true)).toBe(true);
    expect([creator, going, maybe, invited, nobody].map((p) => canRsvpTo(priv, p))).toEqual([false, true, true, true, false]);
    expect([creator, nobody].map((p) => canRsvpTo({ isPublic: true }, p))).toEqual([false, true]);
  });
});

describe("drink groups", () => {
  test("every drink falls in the group its discover filter selects", () => {
    for (const drink of DRINK_TYPES) {
      const group = drinkGroupOf(drink);
      expect(DRINK_GROUPS).toContain(group);
      expect(matchesDrinkFilter(drink, group)).toBe(true);
    }
    expect(drinkGroupOf("tequila")).toBe("more");
    expect(drinkGroupOf("whiskey")).toBe("whiskey");
    expect(drinkGroupForFilter("all")).toBeNull();
    expect(drinkGroupForFilter("more")).toBe("more");
  });
});

test("page sizes are clamped to 1…max", () => {
  expect(clampPageSize(500, 50)).toBe(50);
  expect(clampPageSize(0, 50)).toBe(1);
  expect(clampPageSize(12.7, 50)).toBe(12);
  expect(clampPageSize(Number.NaN, 50)).toBe(50);
});
