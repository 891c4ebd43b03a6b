import { describe, expect, it } from "vitest";
import type { EventPageData } from "./EventPage";
import { withQueuedRsvp } from "./queuedRsvp";

type Viewer = EventPageData["viewer"];

function page(viewer: Partial<Viewer>, counts = { going: 3, maybe: 1, notGoing: 0, attendees: 4 }) {
  return {
    event: {
      goingCount: counts.going,
      maybeCount: counts.maybe,
      notGoingCount: counts.notGoing,
      attendeeCount: counts.attendees,
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
