import { describe, expect, it } from "vitest";
import type { CrewPageData } from "../lib/types";
import { withQueuedCrewAnswer } from "./queuedCrewAnswer";

function page(viewer: Partial<CrewPageData["viewer"]>, counts = { members: 4, pending: 2 }) {
  return {
    crew: {
      _id: "crew",
      name: "Night Owls",
      memberCount: counts.members,
      pendingCount: counts.pending,
    },
    viewer: {
      signedIn: true,
      role: null,
      isMember: false,
      hasPendingInvitation: false,
      canEdit: false,
      canInvite: false,
      canDelete: false,
      canLeave: false,
      canSeeInvitations: false,
      ...viewer,
    },
  } as unknown as CrewPageData;
}

const invited = () => page({ hasPendingInvitation: true });

describe("a queued answer to a crew invitation as the crew page shows it", () => {
  it("accepting makes the viewer a member, counted once, and ends the invitation", () => {
    const shown = withQueuedCrewAnswer(invited(), "accepted");
    expect(shown.viewer).toMatchObject({
      role: "member",
      isMember: true,
      hasPendingInvitation: false,
      // Leaving and the members-only lists wait for the server's membership.
      canLeave: false,
      canSeeInvitations: false,
    });
    expect(shown.crew).toMatchObject({ memberCount: 5, pendingCount: 1 });
  });

  it("declining ends the invitation and adds no member", () => {
    const shown = withQueuedCrewAnswer(invited(), "declined");
    expect(shown.viewer).toMatchObject({
      role: null,
      isMember: false,
      hasPendingInvitation: false,
    });
    expect(shown.crew).toMatchObject({ memberCount: 4, pendingCount: 1 });
  });

  it("changes nothing once the server has the answer (no double count)", () => {
    const member = page({ role: "member", isMember: true }, { members: 5, pending: 1 });
    expect(withQueuedCrewAnswer(member, "accepted")).toBe(member);
  });

  it("changes nothing once the invitation was withdrawn", () => {
    const withdrawn = page({});
    expect(withQueuedCrewAnswer(withdrawn, "declined")).toBe(withdrawn);
  });
});
