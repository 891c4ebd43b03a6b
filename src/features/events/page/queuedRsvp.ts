/**
 * Joining, leaving and RSVPs queued in the outbox, shown at once on the session page: the
 * viewer's answer and the counts as they will be once the server has applied the last queued
 * change (the server's own state when nothing is queued, or after a refusal).
 */
import { eventRoleOf, isAttendee, type Participation } from "../../../../shared/eventAccess";
import type { EventPageData } from "./EventPage";

type Rsvp = Participation["rsvpStatus"];

/** The viewer's queued answer for this session (null: leaving), and since when it waits. */
export type QueuedRsvp = { status: Rsvp; queuedAt: number };

const COUNT_OF = { going: "goingCount", maybe: "maybeCount", not_going: "notGoingCount" } as const;

/**
 * The page as it will be once `status` is applied: the viewer's answer and whether they attend,
 * and each count moved by the difference. Leaving also ends an accepted invitation (it is
 * pending again, or gone), as the server does.
 */
export function withQueuedRsvp(data: EventPageData, status: Rsvp): EventPageData {
  const { viewer, event } = data;
  if (!viewer.signedIn) return data;
  const before: Participation = {
    isCreator: viewer.role === "host",
    rsvpStatus: viewer.rsvpStatus,
    member: viewer.member,
  };
  const after: Participation = {
    ...before,
    rsvpStatus: status,
    member: status === null && viewer.member?.status === "accepted" ? null : viewer.member,
  };
  // Already so on the server (the change was applied, or asks for what already is).
  if (after.rsvpStatus === before.rsvpStatus && after.member === before.member) return data;
  const counts = {
    goingCount: event.goingCount,
    maybeCount: event.maybeCount,
    notGoingCount: event.notGoingCount,
  };
  if (before.rsvpStatus !== null) counts[COUNT_OF[before.rsvpStatus]] -= 1;
  if (status !== null) counts[COUNT_OF[status]] += 1;
  const attendingNow = isAttendee(after);
  const attendeeChange = Number(attendingNow) - Number(isAttendee(before));
  return {
    ...data,
    event: { ...event, ...counts, attendeeCount: event.attendeeCount + attendeeChange },
    viewer: {
      ...viewer,
      role: eventRoleOf(after),
      rsvpStatus: status,
      member: after.member,
      isAttending: attendingNow,
    },
  };
}
