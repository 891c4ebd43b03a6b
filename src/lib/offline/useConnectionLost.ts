import { useEffect, useState } from "react";
import { convex } from "../convex";

/**
 * A dropped socket usually comes back within a second or two (a server restart, a network
 * hand-over): only a loss that lasts longer counts. The browser saying it is offline counts at once.
 */
const LOST_AFTER_MS = 2_000;

/**
 * Since when (ms since the epoch) the app has been cut off from the server, or null while it
 * is connected or still connecting for the first time.
 */
export function useConnectionLost(): number | null {
  const [lostAt, setLostAt] = useState<number | null>(null);
  useEffect(() => {
    let since: number | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      const state = convex.connectionState();
      // A socket that has failed to (re)connect at least once, not the first connection's wait.
      const cut = !navigator.onLine || (!state.isWebSocketConnected && state.connectionRetries > 0);
      if (!cut) {
        since = null;
        clearTimeout(timer);
        setLostAt(null);
        return;
      }
      if (since !== null) return;
      const at = Date.now();
      since = at;
      timer = setTimeout(() => setLostAt(at), navigator.onLine ? LOST_AFTER_MS : 0);
    };
    update();
    const unsubscribe = convex.subscribeToConnectionState(update);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      unsubscribe();
      clearTimeout(timer);
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return lostAt;
}
