/**
 * Capacity, waitlist and plus-ones: how many seats a session has, how many
 * are taken, who fits, the order the waitlist is promoted in and the words.
 * Pure: shared by the forms, the join area and the server's one write path.
 *
 * A seat is a person attending (the host, everyone going, accepted members)
 * or a plus-one of someone going. A session without a capacity never fills.
 */

/** A capacity, when set, is 2–500 seats (the host and at least one guest). */
export const CAPACITY_MIN = 2;
export const CAPACITY_MAX = 500;
/** A host allows 0–5 plus-ones per guest. */
export const PLUS_ONES_MAX = 5;
/** The host's waitlist page holds at most this many people. */
export const WAITLIST_PAGE_MAX = 50;
/** A place in the waitlist is counted up to this many people ahead, then shown as "N+". */
export const WAITLIST_PLACE_COUNTED_MAX = 100;
/** One promotion pass looks at this many waitlisted people at most, in order. */
export const WAITLIST_PROMOTION_SCAN = 50;

export const CAPACITY_MESSAGES = {
  capacityRange: `Capacity must be between ${CAPACITY_MIN} and ${CAPACITY_MAX}`,
  plusOnesRange: `Plus-ones must be between 0 and ${PLUS_ONES_MAX}`,
  plusOnesOverAllowed: (allowed: number) =>
    allowed === 0
      ? "This session takes no plus-ones"
      : `You can bring at most ${allowed} plus-one${allowed === 1 ? "" : "s"}`,
  full: "This session is full",
  notOnWaitlist: "This person is not on the waitlist",
  noSpotForThem: "There is no free spot for this person and their plus-ones",
  plusOnesNeedGoing: "Join the session before picking plus-ones",
  joinWaitlist: "Join the waitlist",
  leaveWaitlist: "Leave the waitlist",
  onWaitlist: "You're on the waitlist",
  leftWaitlist: "Left the waitlist",
  addedToWaitlist: "Added to the waitlist",
  promoted: "You're in! A spot opened up",
} as const;

/** The capacity settings of a session as stored (absent on sessions made before capacities). */
export type CapacitySettings = {
  capacity?: number | null;
  plusOnesAllowed?: number;
};

/** The maintained counters the seat rules read. */
export type SeatCounters = CapacitySettings & {
  attendeeCount: number;
  plusOneCount?: number;
  waitlistCount?: number;
};

/** Seats taken: attendees and the plus-ones of those going. */
export function seatsUsed(event: SeatCounters): number {
  return event.attendeeCount + (event.plusOneCount ?? 0);
}

/** Free seats, or null when the session has no capacity. Never below 0 (a lowered capacity removes no one). */
export function freeSeats(event: SeatCounters): number | null {
  if (event.capacity == null) return null;
  return Math.max(0, event.capacity - seatsUsed(event));
}

/** Seats a party takes: the person and their plus-ones. */
export function partySize(plusOnes: number): number {
  return 1 + plusOnes;
}

/** Whether `seats` more fit now. */
export function fits(event: SeatCounters, seats: number): boolean {
  const free = freeSeats(event);
  return free === null || seats <= free;
}

/**
 * Whether a new join is admitted at once: its party fits and nobody is
 * waiting already (a newcomer never jumps the queue).
 */
export function admitsNewJoin(event: SeatCounters, plusOnes: number): boolean {
  return (event.waitlistCount ?? 0) === 0 && fits(event, partySize(plusOnes));
}

/** Whether the session shows as full to someone not attending: no seat, or a queue already. */
export function isFull(event: SeatCounters): boolean {
  return !admitsNewJoin(event, 0);
}

/** How many plus-ones each guest may bring (none on sessions that never set it). */
function allowedPlusOnes(event: CapacitySettings): number {
  return event.plusOnesAllowed ?? 0;
}

type WaitlistCandidate<Id> = { id: Id; plusOnes: number };

/**
 * Who is promoted when `free` seats open, given the waitlist in order
 * (earliest first): each person whose party fits what is left, in order; a
 * party too big for what is left keeps its place and the next one who fits
 * goes in. Unlimited (null) admits everyone.
 */
export function promotionOrder<Id>(
  free: number | null,
  waitlist: readonly WaitlistCandidate<Id>[],
): Id[] {
  const promoted: Id[] = [];
  let left = free ?? Number.POSITIVE_INFINITY;
  for (const entry of waitlist) {
    if (left <= 0) break;
    const size = partySize(entry.plusOnes);
    if (size <= left) {
      promoted.push(entry.id);
      left -= size;
    }
  }
  return promoted;
}

/** Validates a capacity from a form or a call: null (no limit) or a whole number 2–500. */
export function capacityError(capacity: number | null | undefined): string | null {
  if (capacity == null) return null;
  if (!Number.isInteger(capacity) || capacity < CAPACITY_MIN || capacity > CAPACITY_MAX)
    return CAPACITY_MESSAGES.capacityRange;
  return null;
}

/** Validates a plus-ones allowance (0–5). */
export function plusOnesAllowedError(allowed: number | null | undefined): string | null {
  if (allowed == null) return null;
  if (!Number.isInteger(allowed) || allowed < 0 || allowed > PLUS_ONES_MAX)
    return CAPACITY_MESSAGES.plusOnesRange;
  return null;
}

/** Validates the plus-ones a guest asks for against what the session allows. */
export function plusOnesError(plusOnes: number, event: CapacitySettings): string | null {
  if (!Number.isInteger(plusOnes) || plusOnes < 0 || plusOnes > PLUS_ONES_MAX)
    return CAPACITY_MESSAGES.plusOnesRange;
  const allowed = allowedPlusOnes(event);
  if (plusOnes > allowed) return CAPACITY_MESSAGES.plusOnesOverAllowed(allowed);
  return null;
}

/** '12 going', '12 / 20 going', '12 / 20 going · 3 waiting'. */
export function goingLabel(event: SeatCounters): string {
  const used = seatsUsed(event);
  const going = event.capacity == null ? `${used} going` : `${used} / ${event.capacity} going`;
  const waiting = event.waitlistCount ?? 0;
  return waiting > 0 ? `${going} · ${waiting} waiting` : going;
}

/** 'Place 1 on the waitlist', or 'Place 100+ …' past the counted bound. */
export function waitlistPlaceLabel(place: number): string {
  const shown =
    place > WAITLIST_PLACE_COUNTED_MAX ? `${WAITLIST_PLACE_COUNTED_MAX}+` : String(place);
  return `Place ${shown} on the waitlist`;
}

/** '+1', '+2'… for a guest's party; empty with none. */
export function plusOnesLabel(plusOnes: number): string {
  return plusOnes > 0 ? `+${plusOnes}` : "";
}
