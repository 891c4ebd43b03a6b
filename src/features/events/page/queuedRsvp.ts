/**
 * Joining, leaving, RSVPs and invitation answers queued in the outbox, shown at once on the
 * session page: the viewer's standing and the counts as they will be once the server has
 * applied the queued changes in order (the server's own state when nothing is queued, or after
 * a refusal).
 */
import { isFull } from "@shared/capacityRules";
import { eventRoleOf, isAttendee, type Participation } from "@shared/eventAccess";
import type { InvitationResponse } from "@shared/notificationRules";
import type { EventPageData } from "./eventPageQuery";

type Rsvp = Participation["rsvpStatus"];

/** One queued change of the viewer's standing (an RSVP of null: leaving), in tap order. */
export type QueuedChange =
  | { kind: "rsvp"; status: Rsvp; queuedAt: number }
  | { kind: "answer"; response: InvitationResponse; queuedAt: number };

const COUNT_OF = { going: "goingCount", maybe: "maybeCount", not_going: "notGoingCount" } as const;

/**
 * The page with the viewer's participation `after` in place of the one it shows: their role,
 * answer and attendance, and each count moved by the difference. The page itself when nothing
 * changes (the server already shows it), so a change the live result has caught up with is
 * never counted twice. Permissions (edit, delete) stay the server's to grant.
 */
function withParticipation(data: EventPageData, after: Participation): EventPageData {
  const { viewer, event } = data;
  const before: Participation = {
    isCreator: viewer.role === "host",
    rsvpStatus: viewer.rsvpStatus,
    member: viewer.member,
  };
  if (after.rsvpStatus === before.rsvpStatus && after.member === before.member) return data;
  const counts = {
    goingCount: event.goingCount,
    maybeCount: event.maybeCount,
    notGoingCount: event.notGoingCount,
  };
  if (before.rsvpStatus !== null) counts[COUNT_OF[before.rsvpStatus]] -= 1;
  if (after.rsvpStatus !== null) counts[COUNT_OF[after.rsvpStatus]] += 1;
  const attendingNow = isAttendee(after);
  const attendeeChange = Number(attendingNow) - Number(isAttendee(before));
  return {
    ...data,
    event: { ...event, ...counts, attendeeCount: event.attendeeCount + attendeeChange },
    viewer: {
      ...viewer,
      role: eventRoleOf(after),
      rsvpStatus: after.rsvpStatus,
      member: after.member,
      isAttending: attendingNow,
    },
  };
}

/**
 * The page with the viewer at the end of the waitlist, as the server answers a join on a full
 * session (or one with a queue): not going, the waiting count one up. Already waiting: as it is.
 */
function withWaitlisted(data: EventPageData): EventPageData {
  const { viewer, event } = data;
  if (viewer.waitlistPlace !== null) return data;
  return {
    ...data,
    event: { ...event, waitlistCount: event.waitlistCount + 1 },
    viewer: { ...viewer, waitlistPlace: event.waitlistCount + 1 },
  };
}

/** The page with the viewer off the waitlist (leaving takes their place too, as the server does). */
function withoutWaitlistPlace(data: EventPageData): EventPageData {
  const { viewer, event } = data;
  if (viewer.waitlistPlace === null) return data;
  return {
    ...data,
    event: { ...event, waitlistCount: Math.max(0, event.waitlistCount - 1) },
    viewer: { ...viewer, waitlistPlace: null },
  };
}

/**
 * The page once `status` is applied. Leaving also ends an accepted invitation (it is gone), as
 * the server does; a pending one stays pending. A join that will not find a seat (the session
 * is full, or people wait already) is predicted onto the waitlist, never as going.
 */
export function withQueuedRsvp(data: EventPageData, status: Rsvp): EventPageData {
  const { viewer } = data;
  if (!viewer.signedIn) return data;
  if (status === "going" && !viewer.isAttending) {
    if (viewer.waitlistPlace !== null || isFull(data.event)) return withWaitlisted(data);
  }
  const shown = status === null ? withoutWaitlistPlace(data) : data;
  const member = status === null && viewer.member?.status === "accepted" ? null : viewer.member;
  return withParticipation(shown, {
    isCreator: viewer.role === "host",
    rsvpStatus: status,
    member,
  });
}

/**
 * The page once the viewer's answer to their invitation is applied. Only a pending invitation
 * takes an answer: once the server has recorded it (or withdrawn the invitation) there is
 * nothing left to show.
 */
export function withQueuedAnswer(data: EventPageData, response: InvitationResponse): EventPageData {
  const { viewer } = data;
  if (!viewer.signedIn || viewer.member?.status !== "pending") return data;
  return withParticipation(data, {
    isCreator: viewer.role === "host",
    rsvpStatus: viewer.rsvpStatus,
    member: { ...viewer.member, status: response },
  });
}

/** The page once every queued change is applied, oldest first, as the server will. */
export function withQueuedChanges(
  data: EventPageData,
  changes: readonly QueuedChange[],
): EventPageData {
  return changes.reduce(
    (shown, change) =>
      change.kind === "rsvp"
        ? withQueuedRsvp(shown, change.status)
        : withQueuedAnswer(shown, change.response),
    data,
  );
}
