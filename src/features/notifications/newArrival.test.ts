import { describe, expect, it } from "vitest";
import { arrivalAnnouncement, newArrival } from "./newArrival";

const at = (createdAt: number) => ({ createdAt, title: `t${createdAt}`, message: "m" });

describe("newArrival", () => {
  it("never toasts on the first answer, with or without notifications", () => {
    expect(newArrival(undefined, at(5))).toEqual({ toast: null, seenUpTo: 5 });
    expect(newArrival(undefined, null)).toEqual({ toast: null, seenUpTo: 0 });
  });

  it("toasts a notification newer than the newest seen", () => {
    expect(newArrival(5, at(9))).toEqual({ toast: at(9), seenUpTo: 9 });
    expect(newArrival(0, at(1))).toEqual({ toast: at(1), seenUpTo: 1 });
  });

  it("stays quiet when the newest is the same one (read, answered) or older (deleted)", () => {
    expect(newArrival(9, at(9))).toEqual({ toast: null, seenUpTo: 9 });
    expect(newArrival(9, at(4))).toEqual({ toast: null, seenUpTo: 9 });
    expect(newArrival(9, null)).toEqual({ toast: null, seenUpTo: 9 });
  });
});

describe("arrivalAnnouncement", () => {
  it("says who did what, or which badge was unlocked", () => {
    const invitation = { createdAt: 1, type: "event_invitation", title: "Session invitation" };
    expect(
      arrivalAnnouncement({ ...invitation, message: 'Sam invited you to "Friday drinks"' }),
    ).toBe('New: Sam invited you to "Friday drinks"');
    expect(
      arrivalAnnouncement({
        createdAt: 2,
        type: "badge_achievement",
        title: "Badge unlocked: First Round 🍺",
        message: "Join your first session",
      }),
    ).toBe("New: Badge unlocked: First Round 🍺. Join your first session");
  });
});
