import { describe, expect, it } from "vitest";
import {
  attendanceWording,
  avatarOverflowLabel,
  foundSessionsText,
  isJoinButtonShown,
  joinButtonLabel,
  paginationItems,
  type JoinButtonState,
} from "./eventCopy";

describe("join button", () => {
  const state: JoinButtonState = {
    signedIn: true,
    isHost: false,
    hasJoined: false,
    busy: null,
    active: false,
  };

  it("has the spec's label for every state", () => {
    expect(joinButtonLabel({ ...state, signedIn: false })).toBe("Sign in to Join");
    expect(joinButtonLabel({ ...state, isHost: true })).toBe("You are the host");
    expect(joinButtonLabel(state)).toBe("Join the Party");
    expect(joinButtonLabel({ ...state, hasJoined: true })).toBe("Joined!");
    expect(joinButtonLabel({ ...state, hasJoined: true, active: true })).toBe("Leave Event");
    expect(joinButtonLabel({ ...state, busy: "joining" })).toBe("Joining...");
    expect(joinButtonLabel({ ...state, hasJoined: true, busy: "leaving" })).toBe("Leaving...");
  });

  it("is hidden for the host and for past events", () => {
    expect(isJoinButtonShown({ isHost: false, isPast: false })).toBe(true);
    expect(isJoinButtonShown({ isHost: true, isPast: false })).toBe(false);
    expect(isJoinButtonShown({ isHost: false, isPast: true })).toBe(false);
  });
});

describe("wording", () => {
  it("speaks of past events in the past tense", () => {
    expect(attendanceWording(true)).toEqual({
      whoHeading: "Who Joined",
      hosting: "hosted",
      attending: "attended",
      going: "joined",
      state: "concluded",
    });
    expect(attendanceWording(false)).toEqual({
      whoHeading: "Who's Coming",
      hosting: "is hosting",
      attending: "attending",
      going: "going",
      state: "upcoming",
    });
  });

  it("counts sessions found", () => {
    expect(foundSessionsText(0)).toBe("Found 0 sessions");
    expect(foundSessionsText(1)).toBe("Found 1 session");
    expect(foundSessionsText(12)).toBe("Found 12 sessions");
    expect(foundSessionsText(50, true)).toBe("Found 50+ sessions");
  });

  it("shows '+N' past the avatar stack", () => {
    expect(avatarOverflowLabel(7, 4)).toBe("+3");
    expect(avatarOverflowLabel(5, 5)).toBeNull();
  });
});

describe("paginationItems", () => {
  it("shows every page when there are few", () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it("shows first, last and the current page's neighbours, with gaps", () => {
    expect(paginationItems(5, 10)).toEqual([1, "gap", 4, 5, 6, "gap", 10]);
    expect(paginationItems(1, 10)).toEqual([1, 2, "gap", 10]);
    expect(paginationItems(10, 10)).toEqual([1, "gap", 9, 10]);
  });

  it("fills a one-page gap with the page itself", () => {
    expect(paginationItems(4, 10)).toEqual([1, 2, 3, 4, 5, "gap", 10]);
  });

  it("is empty without pages", () => {
    expect(paginationItems(1, 0)).toEqual([]);
  });
});
