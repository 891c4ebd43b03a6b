import { useSyncExternalStore } from "react";
import { convex } from "../convex";
import { createConnectionWatch, runUnlessConnectionLost } from "./connectionWatch";

/** The app's one watch on its connection to the server. */
const appConnection = createConnectionWatch({
  browserOnline: () => navigator.onLine,
  socket: () => convex.connectionState(),
  subscribe(onChange) {
    const unsubscribe = convex.subscribeToConnectionState(onChange);
    window.addEventListener("online", onChange);
    window.addEventListener("offline", onChange);
    return () => {
      unsubscribe();
      window.removeEventListener("online", onChange);
      window.removeEventListener("offline", onChange);
    };
  },
});

/**
 * Since when (ms since the epoch) the app has been cut off from the server, or null while it
 * is connected or still connecting for the first time.
 */
export function useConnectionLost(): number | null {
  return useSyncExternalStore(appConnection.subscribe, appConnection.lostAt, () => null);
}

/** False while the app is cut off from the server (see useConnectionLost). */
export function useOnline(): boolean {
  return useConnectionLost() === null;
}

/** Runs `task` with a signal aborted when the app's connection is lost (see connectionWatch). */
export function runWhileConnected<T>(task: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return runUnlessConnectionLost(appConnection, task);
}
