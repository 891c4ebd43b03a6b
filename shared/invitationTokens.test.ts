import { describe, expect, test } from "vitest";
import {
  generateInvitationToken,
  inferFromToken,
  INVITATION_TOKEN_LIFETIME_MS,
  invitationPath,
  isWellFormedToken,
  successTitle,
  tokenStatus,
} from "./invitationTokens";

describe("invitation tokens", () => {
  test("a prefix naming type and answer, then 32 random characters (~190 bits)", () => {
    const token = generateInvitationToken("crew", "decline");
    expect(token).toMatch(/^crew_decline_[A-Za-z0-9]{32}$/);
    expect(isWellFormedToken(token)).toBe(true);
    expect(generateInvitationToken("crew", "decline")).not.toBe(token);
    expect(32 * Math.log2(62)).toBeGreaterThan(128);
  });

  test("type and action are inferred from the prefix only", () => {
    expect(inferFromToken("event_accept_abc")).toEqual({ type: "event", action: "accept" });
    expect(inferFromToken("crew_decline_x")).toEqual({ type: "crew", action: "decline" });
    for (const token of ["", "abc", "party_accept_x", "event_maybe_x", "EVENT_ACCEPT_x"]) {
      expect(inferFromToken(token)).toBeNull();
    }
    expect(isWellFormedToken("event_accept_short")).toBe(false);
    expect(isWellFormedToken(`event_accept_${"a".repeat(31)}!`)).toBe(false);
  });

  test("status: expired once the expiry is earlier than now, else used, else valid", () => {
    const expiresAt = 1_000 + INVITATION_TOKEN_LIFETIME_MS;
    expect(tokenStatus({ expiresAt, used: false }, expiresAt - 1)).toBe("valid");
    expect(tokenStatus({ expiresAt, used: false }, expiresAt)).toBe("valid");
    expect(tokenStatus({ expiresAt, used: true }, expiresAt)).toBe("used");
    expect(tokenStatus({ expiresAt, used: true }, expiresAt + 1)).toBe("expired");
    expect(INVITATION_TOKEN_LIFETIME_MS).toBe(48 * 3600_000);
  });

  test("paths and titles", () => {
    expect(invitationPath("event", "accept", "event_accept_A")).toBe(
      "/invitation/event/accept/event_accept_A",
    );
    expect(successTitle("event", "accept")).toBe("Event Joined!");
    expect(successTitle("event", "decline")).toBe("Event Declined");
    expect(successTitle("crew", "accept")).toBe("Crew Joined!");
    expect(successTitle("crew", "decline")).toBe("Crew Invitation Declined");
  });
});
