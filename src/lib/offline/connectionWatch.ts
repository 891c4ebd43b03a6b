/**
 * Whether the app is cut off from the server, shared by every screen that asks: one watch, so
 * a button mounted while the banner already says "Offline" is off from its first paint.
 */

/**
 * A dropped socket usually comes back within a second or two (a server restart, a network
 * hand-over): only a loss that lasts longer counts. The browser saying it is offline counts at once.
 */
export const LOST_AFTER_MS = 2_000;

/** What the watch reads: the browser's online flag and the Convex client's socket. */
export interface ConnectionSource {
  browserOnline(): boolean;
  socket(): { isWebSocketConnected: boolean; connectionRetries: number };
  /** Calls back on any change of either; returns the unsubscribe. */
  subscribe(onChange: () => void): () => void;
}

interface ConnectionWatch {
  /** Since when (ms since the epoch) the app has been cut off, or null while connected. */
  lostAt: () => number | null;
  /** For useSyncExternalStore: the source is watched while anyone listens. */
  subscribe: (listener: () => void) => () => void;
}

export function createConnectionWatch(
  source: ConnectionSource,
  lostAfterMs = LOST_AFTER_MS,
): ConnectionWatch {
  let lostAt: number | null = null;
  let since: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unwatch: (() => void) | null = null;
  const listeners = new Set<() => void>();

  function set(next: number | null) {
    if (next === lostAt) return;
    lostAt = next;
    for (const listener of [...listeners]) listener();
  }

  function clearTimer() {
    clearTimeout(timer);
    timer = undefined;
  }

  function update() {
    const browserOnline = source.browserOnline();
    const socket = source.socket();
    // A socket that has failed to (re)connect at least once, not the first connection's wait.
    const cut = !browserOnline || (!socket.isWebSocketConnected && socket.connectionRetries > 0);
    if (!cut) {
      since = null;
      clearTimer();
      set(null);
      return;
    }
    since ??= Date.now();
    const at = since;
    if (!browserOnline) {
      clearTimer();
      set(at);
    } else if (lostAt === null && timer === undefined) {
      timer = setTimeout(() => {
        timer = undefined;
        set(at);
      }, lostAfterMs);
    }
  }

  return {
    lostAt: () => lostAt,
    subscribe(listener) {
      listeners.add(listener);
      if (unwatch === null) {
        unwatch = source.subscribe(update);
        update();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0 || unwatch === null) return;
        unwatch();
        unwatch = null;
        clearTimer();
        since = null;
        lostAt = null;
      };
    },
  };
}

const CONNECTION_LOST = "The connection was lost. Try again when you're back online.";

/** Why a request was stopped: the connection was lost while it ran. */
export class ConnectionLostError extends Error {
  constructor() {
    super(CONNECTION_LOST);
    this.name = "ConnectionLostError";
  }
}

/**
 * The Convex client rejects an action still running when its socket drops (an action is not
 * resent: it may have had effects). Its own message names the client's internals.
 */
const ACTION_CUT_OFF = "Connection lost while action was in flight";

/** The message to show for a request the lost connection stopped, else null. */
export function connectionLostReason(error: unknown): string | null {
  if (error instanceof ConnectionLostError) return CONNECTION_LOST;
  return error instanceof Error && error.message.includes(ACTION_CUT_OFF) ? CONNECTION_LOST : null;
}

/**
 * Runs `task` with a signal aborted (reason: ConnectionLostError) if the connection is lost
 * before it settles, or at once if it is already lost. For requests nothing resends, such as
 * an upload: a stalled one would otherwise leave its button spinning until the browser gives up.
 */
export async function runUnlessConnectionLost<T>(
  watch: ConnectionWatch,
  task: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const abortIfLost = () => {
    if (watch.lostAt() !== null && !controller.signal.aborted) {
      controller.abort(new ConnectionLostError());
    }
  };
  const unsubscribe = watch.subscribe(abortIfLost);
  abortIfLost();
  try {
    return await task(controller.signal);
  } finally {
    unsubscribe();
  }
}
