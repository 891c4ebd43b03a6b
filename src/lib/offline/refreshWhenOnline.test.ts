import { describe, expect, it, vi } from "vitest";
import { refreshWhenOnline, type Waiting } from "./refreshWhenOnline";

/** A network the test switches on and off; pauses are recorded, not waited for. */
function fakeNetwork() {
  let online = false;
  let wake: (() => void) | null = null;
  const pauses: number[] = [];
  const waiting: Waiting = {
    online: () => (online ? Promise.resolve() : new Promise<void>((resolve) => (wake = resolve))),
    pause: (ms) => {
      pauses.push(ms);
      return Promise.resolve();
    },
  };
  return {
    waiting,
    pauses,
    goOnline() {
      online = true;
      wake?.();
    },
    goOffline() {
      online = false;
    },
  };
}

describe("refreshWhenOnline", () => {
  it("passes the stored token through without the network", async () => {
    const net = fakeNetwork();
    const fetchToken = vi.fn(() => Promise.resolve("stored"));
    await expect(
      refreshWhenOnline(fetchToken, net.waiting)({ forceRefreshToken: false }),
    ).resolves.toBe("stored");
  });

  it("waits for the network instead of failing a refresh while offline", async () => {
    const net = fakeNetwork();
    const fetchToken = vi.fn(() => Promise.resolve("fresh"));
    const refreshed = refreshWhenOnline(fetchToken, net.waiting)({ forceRefreshToken: true });
    await Promise.resolve();
    expect(fetchToken).not.toHaveBeenCalled();
    net.goOnline();
    await expect(refreshed).resolves.toBe("fresh");
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it("tries again after a refresh that got no answer, with growing pauses, never giving up", async () => {
    const net = fakeNetwork();
    net.goOnline();
    let calls = 0;
    const fetchToken = vi.fn(() => {
      calls += 1;
      return calls <= 7
        ? Promise.reject(new TypeError("Failed to fetch"))
        : Promise.resolve("fresh");
    });
    await expect(
      refreshWhenOnline(fetchToken, net.waiting)({ forceRefreshToken: true }),
    ).resolves.toBe("fresh");
    expect(net.pauses).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it("passes on the server's verdict that the session is over (no token)", async () => {
    const net = fakeNetwork();
    net.goOnline();
    const fetchToken = vi.fn(() => Promise.resolve(null));
    await expect(
      refreshWhenOnline(fetchToken, net.waiting)({ forceRefreshToken: true }),
    ).resolves.toBeNull();
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });
});
