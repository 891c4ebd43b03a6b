import { describe, expect, it } from "vitest";
import { consume, formatRetryAfter, HOUR_MS, MAGIC_LINK_LIMITS, refill } from "./rateLimit";

describe("token bucket", () => {
  const config = { rate: 5, periodMs: HOUR_MS };

  it("allows a full bucket, then refuses with the wait until the next token", () => {
    let state = null;
    for (let i = 0; i < 5; i++) {
      const result = consume(state, config, 1_000);
      expect(result.ok).toBe(true);
      state = result.state;
    }
    const refused = consume(state, config, 1_000);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryAfterMs).toBe(HOUR_MS / 5);
  });

  it("refills continuously, never above capacity", () => {
    const empty = { tokens: 0, updatedAt: 0 };
    expect(refill(empty, config, HOUR_MS / 5).tokens).toBeCloseTo(1);
    expect(refill(empty, config, 10 * HOUR_MS).tokens).toBe(5);
    expect(consume(empty, config, HOUR_MS / 5).ok).toBe(true);
    expect(consume(empty, config, HOUR_MS / 10).ok).toBe(false);
  });

  it("does not go backwards when the clock does", () => {
    expect(refill({ tokens: 1, updatedAt: 100 }, config, 50)).toEqual({ tokens: 1, updatedAt: 100 });
  });

  it("honours a separate capacity", () => {
    const bursty = { rate: 1, periodMs: 1000, capacity: 3 };
    expect(refill(null, bursty, 0).tokens).toBe(3);
  });

  it("has the magic-link limits", () => {
    expect(MAGIC_LINK_LIMITS.perEmail).toEqual({ rate: 5, periodMs: HOUR_MS });
    expect(MAGIC_LINK_LIMITS.global).toEqual({ rate: 100, periodMs: 60_000 });
  });

  it("formats waits in whole minutes", () => {
    expect(formatRetryAfter(1)).toBe("1 minute");
    expect(formatRetryAfter(12 * 60_000 - 5)).toBe("12 minutes");
  });
});
