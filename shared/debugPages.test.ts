import { describe, expect, test } from "vitest";
import {
  appendLog,
  failRunningStep,
  formatDuration,
  previewList,
  sessionHealth,
  tokenLabel,
  type DebugLogLine,
} from "./debugPages";

describe("debug page rules", () => {
  test("durations read in the biggest whole unit: s, m, h or d", () => {
    expect(
      [0, 59, 60, 599, 3599, 3600, 86_399, 86_400, 3 * 86_400 + 5, -4].map(formatDuration),
    ).toEqual(["0s", "59s", "1m", "9m", "59m", "1h", "23h", "1d", "3d", "0s"]);
  });

  test("a session is destructive under 600 s and expired at 60 s or less", () => {
    expect(sessionHealth(3600)).toBe("valid");
    expect(sessionHealth(600)).toBe("valid");
    expect(sessionHealth(599)).toBe("refresh_soon");
    expect(sessionHealth(61)).toBe("refresh_soon");
    expect(sessionHealth(60)).toBe("expired");
  });

  test("token labels: expired first, then used, else valid", () => {
    expect(tokenLabel({ expiresAt: 2000, used: false }, 1000)).toBe("VALID");
    expect(tokenLabel({ expiresAt: 2000, used: true }, 1000)).toBe("USED");
    expect(tokenLabel({ expiresAt: 500, used: true }, 1000)).toBe("EXPIRED");
    expect(tokenLabel({ expiresAt: 500, used: false }, 1000)).toBe("EXPIRED");
  });

  test("lists show 5 and '+N more'", () => {
    expect(previewList([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(previewList([1, 2, 3, 4, 5, 6, 7])).toEqual({ shown: [1, 2, 3, 4, 5], more: 2 });
  });

  test("the log keeps the newest lines up to its cap", () => {
    let lines: DebugLogLine[] = [];
    for (let id = 1; id <= 25; id++)
      lines = appendLog(lines, { id, time: id, type: "info", message: `#${id}` }, 20);
    expect(lines).toHaveLength(20);
    expect(lines[0]?.id).toBe(6);
    expect(lines.at(-1)?.id).toBe(25);
  });

  test("on failure the running step becomes error", () => {
    expect(
      failRunningStep({
        "Create Event": "success",
        "Send Invitation": "running",
        "Process Email Response": "pending",
        "Verify Notification Sync": "pending",
      }),
    ).toEqual({
      "Create Event": "success",
      "Send Invitation": "error",
      "Process Email Response": "pending",
      "Verify Notification Sync": "pending",
    });
  });
});
