import { describe, expect, it } from "vitest";
import type { EventPageData } from "./eventPageQuery";
import { withQueuedAnswer, withQueuedChanges, withQueuedRsvp } from "./queuedRsvp";

type Viewer = EventPageData["viewer"];

function page(
  viewer: Partial<Viewer>,
  counts = { going: 3, maybe: 1, notGoing: 0, attendees: 4 },
  seats: { capacity: number | null; waitlistCount: number } = { capacity: null, waitlistCount: 0 },
) {
  return {
    event: {
      goingCount: counts.going,
      maybeCount: counts.maybe,
      notGoingCount: counts.notGoing,
      attendeeCount: counts.attendees,
      plusOneCount: 0,
      ...seats,
    },
    viewer: {
      signedIn: true,
      userId: "ana",
      role: "none",
      rsvpStatus: null,
      member: null,
      isAttending: false,
      canEdit: false,
      canDelete: false,
      canManageCoHosts: false,
      canRsvp: true,
      plusOnes: 0,
      waitlistPlace: null,
      ...viewer,
    },
  } as unknown as EventPageData;
}

const countsOf = (data: EventPageData) => ({
  going: data.event.goingCount,
  maybe: data.event.maybeCount,
  notGoing: data.event.notGoingCount,
  attendees: data.event.attendeeCount,
});

describe("a queued join on a full session", () => {
  const full = { capacity: 4, waitlistCount: 2 };

  it("is predicted onto the end of the waitlist, never as going", () => {
    const shown = withQueuedRsvp(page({}, undefined, full), "going");
    expect(shown.viewer).toMatchObject({ isAttending: false, rsvpStatus: null, waitlistPlace: 3 });
    expect(shown.event).toMatchObject({ attendeeCount: 4, goingCount: 3, waitlistCount: 3 });
  });

  it("a session with seats but a queue also waitlists (nobody jumps the queue)", () => {
    const queued = withQueuedRsvp(page({}, undefined, { capacity: 10, waitlistCount: 1 }), "going");
    expect(queued.viewer.waitlistPlace).toBe(2);
  });

  it("changes nothing once the server says waitlisted", () => {
    const waiting = page({ waitlistPlace: 3 }, undefined, { capacity: 4, waitlistCount: 3 });
    expect(withQueuedRsvp(waiting, "going")).toBe(waiting);
  });

  it("leaving takes the place off the waitlist", () => {
    const waiting = page({ waitlistPlace: 1 }, undefined, { capacity: 4, waitlistCount: 1 });
    const shown = withQueuedRsvp(waiting, null);
    expect(shown.viewer.waitlistPlace).toBeNull();
    expect(shown.event.waitlistCount).toBe(0);
  });
});

describe("a queued join, leave or RSVP as the page shows it", () => {
  it("joining counts the viewer in once", () => {
    const shown = withQueuedRsvp(page({}), "going");
    expect(shown.viewer).toMatchObject({
      rsvpStatus: "going",
      isAttending: true,
      role: "attendee",
    });
    expect(countsOf(shown)).toEqual({ going: 4, maybe: 1, notGoing: 0, attendees: 5 });
  });

  it("changes nothing once the server's answer already says so (no double count)", () => {
    const joined = page({ rsvpStatus: "going", isAttending: true, role: "attendee" });
    expect(withQueuedRsvp(joined, "going")).toBe(joined);
  });

  it("leaving moves the viewer out, and ends an accepted invitation", () => {
    const invited = page({
      rsvpStatus: null,
      isAttending: true,
      role: "attendee",
      member: { role: "attendee", status: "accepted" },
    });
    const shown = withQueuedRsvp(invited, null);
    expect(shown.viewer).toMatchObject({ isAttending: false, member: null, role: "none" });
    expect(countsOf(shown)).toEqual({ going: 3, maybe: 1, notGoing: 0, attendees: 3 });
  });

  it("going → maybe moves one count to the other", () => {
    const going = page({ rsvpStatus: "going", isAttending: true, role: "attendee" });
    const shown = withQueuedRsvp(going, "maybe");
    expect(shown.viewer).toMatchObject({ rsvpStatus: "maybe", isAttending: false });
    expect(countsOf(shown)).toEqual({ going: 2, maybe: 2, notGoing: 0, attendees: 3 });
  });

  it("the host stays the host and is counted once whatever they answer", () => {
    const host = page({ role: "host", isAttending: true });
    const shown = withQueuedRsvp(host, "not_going");
    expect(shown.viewer).toMatchObject({ role: "host", isAttending: true });
    expect(countsOf(shown).attendees).toBe(4);
  });
});

describe("a queued answer to the viewer's invitation as the page shows it", () => {
  const invited = (rsvpStatus: Viewer["rsvpStatus"] = null) =>
    page({ rsvpStatus, member: { role: "attendee", status: "pending" } });

  it("accepting counts the viewer in as an attendee", () => {
    const shown = withQueuedAnswer(invited(), "accepted");
    expect(shown.viewer).toMatchObject({
      member: { role: "attendee", status: "accepted" },
      isAttending: true,
      role: "attendee",
    });
    expect(countsOf(shown)).toEqual({ going: 3, maybe: 1, notGoing: 0, attendees: 5 });
  });

  it("accepting while the viewer said maybe keeps them out of the attendees, as the server does", () => {
    const shown = withQueuedAnswer(invited("maybe"), "accepted");
    expect(shown.viewer.isAttending).toBe(false);
    expect(countsOf(shown).attendees).toBe(4);
  });

  it("declining changes no count", () => {
    const shown = withQueuedAnswer(invited(), "declined");
    expect(shown.viewer.member).toEqual({ role: "attendee", status: "declined" });
    expect(countsOf(shown)).toEqual(countsOf(invited()));
  });

  it("an accepted co-host invitation makes the viewer a co-host", () => {
    const coHost = page({ member: { role: "co_host", status: "pending" } });
    expect(withQueuedAnswer(coHost, "accepted").viewer.role).toBe("co_host");
  });

  it("changes nothing once the server has the answer, or the invitation is gone", () => {
    const answered = page({
      member: { role: "attendee", status: "accepted" },
      isAttending: true,
      role: "attendee",
    });
    expect(withQueuedAnswer(answered, "accepted")).toBe(answered);
    const withdrawn = page({});
    expect(withQueuedAnswer(withdrawn, "accepted")).toBe(withdrawn);
  });
});

describe("queued changes applied in tap order", () => {
  it("accept then leave ends with the viewer out and the invitation gone, counted once", () => {
    const invited = page({ member: { role: "attendee", status: "pending" } });
    const shown = withQueuedChanges(invited, [
      { kind: "answer", response: "accepted", queuedAt: 1 },
      { kind: "rsvp", status: null, queuedAt: 2 },
    ]);
    expect(shown.viewer).toMatchObject({ member: null, isAttending: false, role: "none" });
    expect(countsOf(shown)).toEqual(countsOf(invited));
  });

  it("changes already applied by the server change nothing more", () => {
    // The server applied "accept, then leave" and the calls have not left the outbox yet.
    const applied = page({});
    expect(
      withQueuedChanges(applied, [
        { kind: "answer", response: "accepted", queuedAt: 1 },
        { kind: "rsvp", status: null, queuedAt: 2 },
      ]),
    ).toBe(applied);
  });

  it("with nothing queued the page is the server's", () => {
    const data = page({ rsvpStatus: "going", isAttending: true, role: "attendee" });
    expect(withQueuedChanges(data, [])).toBe(data);
  });
});
