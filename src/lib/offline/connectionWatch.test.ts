import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ConnectionLostError,
  LOST_AFTER_MS,
  connectionLostReason,
  createConnectionWatch,
  runUnlessConnectionLost,
  type ConnectionSource,
} from "./connectionWatch";

/** A browser flag and a socket the test sets; each change is reported like the real ones. */
function fakeConnection() {
  const state = { browserOnline: true, isWebSocketConnected: true, connectionRetries: 0 };
  const listeners = new Set<() => void>();
  const source: ConnectionSource = {
    browserOnline: () => state.browserOnline,
    socket: () => ({
      isWebSocketConnected: state.isWebSocketConnected,
      connectionRetries: state.connectionRetries,
    }),
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
  const change = (next: Partial<typeof state>) => {
    Object.assign(state, next);
    for (const listener of [...listeners]) listener();
  };
  return {
    source,
    listeners,
    browserOffline: () => change({ browserOnline: false }),
    browserOnline: () => change({ browserOnline: true }),
    socketDown: () => change({ isWebSocketConnected: false, connectionRetries: 1 }),
    socketUp: () => change({ isWebSocketConnected: true, connectionRetries: 0 }),
    change,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date(2030, 0, 1, 21) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("createConnectionWatch", () => {
  it("is connected while the browser is online and the socket is up", () => {
    const net = fakeConnection();
    const watch = createConnectionWatch(net.source);
    watch.subscribe(() => undefined);
    expect(watch.lostAt()).toBeNull();
  });

  it("counts the browser going offline at once, from that moment", () => {
    const net = fakeConnection();
    const watch = createConnectionWatch(net.source);
    const listener = vi.fn();
    watch.subscribe(listener);
    net.browserOffline();
    expect(watch.lostAt()).toBe(Date.now());
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("counts a dropped socket only once it has stayed down for 2 s, dated from the drop", () => {
    const net = fakeConnection();
    const watch = createConnectionWatch(net.source);
    watch.subscribe(() => undefined);
    const droppedAt = Date.now();
    net.socketDown();
    vi.advanceTimersByTime(LOST_AFTER_MS - 1);
    expect(watch.lostAt()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(watch.lostAt()).toBe(droppedAt);
  });

  it("does not count a socket that comes back within 2 s", () => {
    const net = fakeConnection();
    const watch = createConnectionWatch(net.source);
    watch.subscribe(() => undefined);
    net.socketDown();
    vi.advanceTimersByTime(1_000);
    net.socketUp();
    vi.advanceTimersByTime(5_000);
    expect(watch.lostAt()).toBeNull();
  });

  it("does not count the first connection's wait (no failed attempt yet)", () => {
    const net = fakeConnection();
    net.change({ isWebSocketConnected: false, connectionRetries: 0 });
    const watch = createConnectionWatch(net.source);
    watch.subscribe(() => undefined);
    vi.advanceTimersByTime(10_000);
    expect(watch.lostAt()).toBeNull();
  });

  it("counts at once when the browser goes offline during a socket's 2 s of grace", () => {
    const net = fakeConnection();
    const watch = createConnectionWatch(net.source);
    watch.subscribe(() => undefined);
    const droppedAt = Date.now();
    net.socketDown();
    vi.advanceTimersByTime(500);
    net.browserOffline();
    expect(watch.lostAt()).toBe(droppedAt);
  });

  it("is connected again, and tells its listeners, when both are back", () => {
    const net = fakeConnection();
    const watch = createConnectionWatch(net.source);
    const listener = vi.fn();
    watch.subscribe(listener);
    net.browserOffline();
    net.socketDown();
    net.browserOnline();
    expect(watch.lostAt()).not.toBeNull();
    net.socketUp();
    expect(watch.lostAt()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("shares one reading between its listeners: a late one sees the loss at once", () => {
    const net = fakeConnection();
    const watch = createConnectionWatch(net.source);
    watch.subscribe(() => undefined);
    net.socketDown();
    vi.advanceTimersByTime(LOST_AFTER_MS);
    const late = vi.fn();
    watch.subscribe(late);
    expect(watch.lostAt()).not.toBeNull();
    expect(net.listeners.size).toBe(1);
  });

  it("watches the source only while someone listens", () => {
    const net = fakeConnection();
    const watch = createConnectionWatch(net.source);
    const first = watch.subscribe(() => undefined);
    const second = watch.subscribe(() => undefined);
    expect(net.listeners.size).toBe(1);
    first();
    expect(net.listeners.size).toBe(1);
    second();
    expect(net.listeners.size).toBe(0);
  });

  it("reads the state afresh when watched again", () => {
    const net = fakeConnection();
    const watch = createConnectionWatch(net.source);
    const stop = watch.subscribe(() => undefined);
    net.browserOffline();
    stop();
    net.change({ browserOnline: true });
    watch.subscribe(() => undefined);
    expect(watch.lostAt()).toBeNull();
  });
});

describe("runUnlessConnectionLost", () => {
  it("lets a task finish while connected", async () => {
    const net = fakeConnection();
    const watch = createConnectionWatch(net.source);
    await expect(
      runUnlessConnectionLost(watch, (signal) => Promise.resolve(signal.aborted)),
    ).resolves.toBe(false);
    expect(net.listeners.size).toBe(0);
  });

  it("aborts the task's signal with ConnectionLostError when the connection is lost", async () => {
    const net = fakeConnection();
    const watch = createConnectionWatch(net.source);
    const running = runUnlessConnectionLost(
      watch,
      (signal) =>
        new Promise((_, reject) =>
          signal.addEventListener("abort", () => reject(signal.reason as Error)),
        ),
    );
    net.socketDown();
    vi.advanceTimersByTime(LOST_AFTER_MS);
    await expect(running).rejects.toBeInstanceOf(ConnectionLostError);
  });

  it("starts with an aborted signal when the connection is already lost", async () => {
    const net = fakeConnection();
    net.change({ browserOnline: false });
    const watch = createConnectionWatch(net.source);
    await expect(
      runUnlessConnectionLost(watch, (signal) => Promise.resolve(signal.aborted)),
    ).resolves.toBe(true);
  });
});

describe("connectionLostReason", () => {
  it("explains a request the lost connection stopped", () => {
    const reason = "The connection was lost. Try again when you're back online.";
    expect(connectionLostReason(new ConnectionLostError())).toBe(reason);
    expect(
      connectionLostReason(
        new Error(
          "[CONVEX A(photos:add)] Connection lost while action was in flight\n  Called by client",
        ),
      ),
    ).toBe(reason);
  });

  it("says nothing about other failures", () => {
    expect(connectionLostReason(new Error("The file is too large"))).toBeNull();
    expect(connectionLostReason("nope")).toBeNull();
  });
});
