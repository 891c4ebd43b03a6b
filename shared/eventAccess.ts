/**
 * Event rules the server needs beyond shared/eventRules.ts and friends:
 * who counts as attending, the role a user has in an event, who may RSVP to
 * a private event, discover's drink groups (the "more" filter as a stored
 * value), the page-size bounds, and the messages the spec implies but does
 * not word. Pure: no Convex or React imports.
 */
import type { DrinkType } from "./drinks";
import type { DiscoverDrinkFilter } from "./discoverFilters";
import type { MemberRole, MemberStatus, RsvpStatus } from "./eventOptions";

// ---------------------------------------------------------------- bounds

/** Discover pages hold at most this many events (the spec's 50 per load). */
export const DISCOVER_PAGE_MAX = 50;
/** Your Sessions, profile tabs, RSVP and attendee lists: at most this many per page. */
export const EVENT_LIST_PAGE_MAX = 50;
/** `GET /public-events` returns at most this many upcoming public events. */
export const PUBLIC_EVENTS_FEED_LIMIT = 50;
/** The event page shows this many attendee avatars at most (5 on desktop). */
export const EVENT_PAGE_ATTENDEES_SHOWN = 5;
/** The event page lists at most this many co-hosts under "Hosted By". */
export const EVENT_PAGE_CO_HOSTS_MAX = 10;
/** "Next session" looks at the next 5. */
export const NEXT_EVENTS_LOOKAHEAD = 5;
/** Someone else's private events considered for their profile tab counts. */
export const PROFILE_PRIVATE_EVENTS_CHECKED_MAX = 50;

/** `n` clamped to 1…max (a page size asked by a client). */
export function clampPageSize(n: number, max: number): number {
  if (!Number.isFinite(n)) return max;
  return Math.min(Math.max(Math.floor(n), 1), max);
}

// ---------------------------------------------------------------- messages

/** Ours, where the spec names a rule but no message (recorded in docs/decisions.md). */
export const EVENT_ACCESS_MESSAGES = {
  eventEnded: "This session has already ended",
  hostCannotLeave: "The host cannot leave their own event",
  onlyAttendeesCanBeCoHosts: "Only attendees can be promoted to co-host",
  notACoHost: "This member is not a co-host",
} as const;

// ---------------------------------------------------------------- drink groups

/** Discover's drink filter values that stand for stored drink groups ("all" is no filter). */
export const DRINK_GROUPS = [
  "beer",
  "wine",
  "cocktails",
  "whiskey",
  "more",
] as const satisfies readonly DiscoverDrinkFilter[];
export type DrinkGroup = (typeof DRINK_GROUPS)[number];

const NAMED_GROUPS: readonly string[] = DRINK_GROUPS.filter((group) => group !== "more");

/** The group an event's drink falls in: itself when the filter names it, otherwise "more". */
export function drinkGroupOf(drinkType: DrinkType): DrinkGroup {
  return NAMED_GROUPS.includes(drinkType) ? (drinkType as DrinkGroup) : "more";
}

/** The group a drink filter selects; null for "all". */
export function drinkGroupForFilter(filter: DiscoverDrinkFilter): DrinkGroup | null {
  return filter === "all" ? null : filter;
}

// ---------------------------------------------------------------- participation

/** What one user has in one event. */
export type Participation = {
  isCreator: boolean;
  rsvpStatus: RsvpStatus | null;
  member: { role: MemberRole; status: MemberStatus } | null;
};

/**
 * Attendee count: the creator, users going, and accepted members
 * — unless the member's own RSVP says maybe or not going. An RSVP answers an
 * invitation (maybe accepts it, as the invitee did respond), so the RSVP is
 * what says whether an accepted member comes.
 */
export function isAttendee(p: Participation): boolean {
  if (p.isCreator || p.rsvpStatus === "going") return true;
  return p.member?.status === "accepted" && p.rsvpStatus === null;
}

export type EventRole = "host" | "co_host" | "attendee" | "none";

/** A person's role at an event: host (the creator), co_host, attendee or none. */
export function eventRoleOf(p: Participation): EventRole {
  if (p.isCreator) return "host";
  if (p.member?.status === "accepted" && p.member.role === "co_host") return "co_host";
  return isAttendee(p) ? "attendee" : "none";
}

/** Edit: the creator or an accepted co-host. Delete: the creator only (a co-host may edit, not delete). */
export function canEditEvent(p: Participation): boolean {
  const role = eventRoleOf(p);
  return role === "host" || role === "co_host";
}

/**
 * Who may view a private event: its attendees (the
 * creator, users going), accepted members (also one who said maybe or not
 * going, so they can change their mind), invitees whose invitation is
 * pending (so they can answer it on the page), and accepted members of a
 * crew invited to it (`sharesInvitedCrew`). Public events: anyone.
 */
export function canViewEvent(
  event: { isPublic: boolean },
  p: Participation | null,
  sharesInvitedCrew = false,
): boolean {
  if (event.isPublic || sharesInvitedCrew) return true;
  return (
    p !== null &&
    (isAttendee(p) || p.member?.status === "accepted" || p.member?.status === "pending")
  );
}

/**
 * Who may set an RSVP: anyone signed in on a public event; on a private one
 * those who can view it, and those it concerns already — an invitation
 * (a member row of any status) or an earlier RSVP (e.g. someone who said
 * "not going" may change their mind). Never the creator (always attending).
 */
export function canRsvpTo(event: { isPublic: boolean }, p: Participation): boolean {
  if (p.isCreator) return false;
  return event.isPublic || p.rsvpStatus !== null || p.member !== null;
}
