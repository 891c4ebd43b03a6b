import { describe, expect, test } from "vitest";
import {
  EVENT_INVITATION_MESSAGES,
  addCrewToSelection,
  invitationAnswerOfRsvp,
  isInviteSearchReady,
} from "./eventInvitationRules";

describe("event invitation rules", () => {
  test("the spec's messages", () => {
    expect(EVENT_INVITATION_MESSAGES.invited(3)).toBe(
      "Successfully invited 3 user(s) to the event",
    );
    expect(EVENT_INVITATION_MESSAGES.noneInvited).toBe(
      "No new users were invited (they may already be invited or joined)",
    );
    expect(EVENT_INVITATION_MESSAGES.noCrewMembers).toBe("No crew members to invite");
    expect(EVENT_INVITATION_MESSAGES.failedToSendWithReason("boom")).toBe(
      "Failed to send invitations: boom",
    );
  });

  test("an RSVP answers a pending invitation: going and maybe accept, not going declines", () => {
    expect(invitationAnswerOfRsvp("going")).toBe("accepted");
    expect(invitationAnswerOfRsvp("maybe")).toBe("accepted");
    expect(invitationAnswerOfRsvp("not_going")).toBe("declined");
  });

  test("the search runs from 2 characters, spaces not counted", () => {
    expect(isInviteSearchReady("")).toBe(false);
    expect(isInviteSearchReady("m")).toBe(false);
    expect(isInviteSearchReady(" m ")).toBe(false);
    expect(isInviteSearchReady("mi")).toBe(true);
  });

  test("a crew is selected once: 'Crew already selected'", () => {
    const first = addCrewToSelection([], { crewId: "a", name: "A" });
    expect(first).toEqual({ selected: [{ crewId: "a", name: "A" }], error: null });
    const again = addCrewToSelection(first.selected, { crewId: "a", name: "A" });
    expect(again).toEqual({ selected: first.selected, error: "Crew already selected" });
    expect(again.selected).not.toBe(first.selected);
    const second = addCrewToSelection(first.selected, { crewId: "b", name: "B" });
    expect(second.selected.map((c) => c.crewId)).toEqual(["a", "b"]);
    expect(first.selected).toHaveLength(1); // not mutated
  });
});
