import { describe, expect, test } from "vitest";
import { formatWait, NUDGE_COOLDOWN_MS, NUDGE_MESSAGES, nudgeWaitMs } from "./reminderRules";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe("nudge cooldown", () => {
  test("12 hours after the last nudge; none yet means now", () => {
    expect(nudgeWaitMs(null, 1_000)).toBe(0);
    expect(nudgeWaitMs(0, HOUR)).toBe(NUDGE_COOLDOWN_MS - HOUR);
    expect(nudgeWaitMs(0, NUDGE_COOLDOWN_MS)).toBe(0);
    expect(nudgeWaitMs(0, NUDGE_COOLDOWN_MS + 5)).toBe(0);
  });

  test("waits read in minutes under an hour, else in hours", () => {
    expect(formatWait(30 * 1000)).toBe("1 minute");
    expect(formatWait(45 * MINUTE)).toBe("45 minutes");
    expect(formatWait(HOUR)).toBe("1 hour");
    expect(formatWait(2 * HOUR)).toBe("2 hours");
    // A page whose clock is a minute behind still says 12 hours.
    expect(formatWait(12 * HOUR + MINUTE)).toBe("12 hours");
    expect(NUDGE_MESSAGES.cooldown(2 * HOUR)).toBe(
      "Invitees were nudged recently. You can nudge again in 2 hours",
    );
  });

  test("the confirmation counts who was nudged", () => {
    expect(NUDGE_MESSAGES.sent(1)).toBe("Nudged 1 invitee who hasn't answered yet");
    expect(NUDGE_MESSAGES.sent(3)).toBe("Nudged 3 invitees who haven't answered yet");
  });
});
