import { describe, expect, it } from "vitest";
import { NETWORK_COPY, networkNeed } from "./networkNeed";

const need = (online: boolean, busy: boolean) =>
  networkNeed({ action: "creating a session", online, busy, noteId: "note" });

describe("networkNeed", () => {
  it("online, idle: the button works as usual, with no note", () => {
    const idle = need(true, false);
    expect(idle).toMatchObject({ blocked: false, waiting: false, note: null });
    expect(idle.control).toEqual({});
    expect(idle.busyLabel("Creating...")).toBe("Creating...");
  });

  it("online with the request out: the usual busy label", () => {
    const sending = need(true, true);
    expect(sending).toMatchObject({ blocked: false, waiting: false, note: null });
    expect(sending.busyLabel("Creating...")).toBe("Creating...");
  });

  it("offline, idle: blocked, aria-disabled, described by the reason", () => {
    const blocked = need(false, false);
    expect(blocked).toMatchObject({
      blocked: true,
      waiting: false,
      note: "You're offline: creating a session needs a connection.",
    });
    expect(blocked.control).toEqual({ "aria-disabled": true, "aria-describedby": "note" });
  });

  it("offline with the request out: kept pending, waiting for the connection, not blocked", () => {
    const waiting = need(false, true);
    expect(waiting).toMatchObject({
      blocked: false,
      waiting: true,
      note: "You're offline: creating a session will finish when you're back online.",
    });
    expect(waiting.control).toEqual({ "aria-describedby": "note" });
    expect(waiting.busyLabel("Creating...")).toBe(NETWORK_COPY.waiting);
    expect(NETWORK_COPY.waiting).toBe("Waiting for the connection…");
  });

  it("keeps a button's other descriptions beside the note", () => {
    expect(need(true, false).controlWith("hint", false, undefined)).toEqual({
      "aria-describedby": "hint",
    });
    expect(need(true, false).controlWith()).toEqual({});
    expect(need(false, false).controlWith("hint", "error")).toEqual({
      "aria-disabled": true,
      "aria-describedby": "hint error note",
    });
  });
});
