import { ConvexReactClient } from "convex/react";
import { refreshWhenOnline } from "./offline/refreshWhenOnline";

function readConvexUrl(): string {
  const url = import.meta.env.VITE_CONVEX_URL;
  if (!url) {
    throw new Error(
      "VITE_CONVEX_URL is not set. Run `npm start` (it starts the local backend and sets it), " +
        "or put VITE_CONVEX_URL=<your Convex deployment URL> in .env.local.",
    );
  }
  return url;
}

/**
 * A session is refreshed proactively when under 600 s remain. The client
 * re-fetches its token (with the refresh token) this long before it expires.
 */
const SESSION_REFRESH_LEEWAY_SECONDS = 600;

/**
 * The Convex client, except that a token refresh the network cannot carry waits for the
 * network instead of ending the session (see offline/refreshWhenOnline).
 */
class OfflineTolerantClient extends ConvexReactClient {
  override setAuth(...[fetchToken, ...rest]: Parameters<ConvexReactClient["setAuth"]>): void {
    super.setAuth(refreshWhenOnline(fetchToken), ...rest);
  }
}

/** The one Convex client of the app; main.tsx provides it to React. */
export const convex: ConvexReactClient = new OfflineTolerantClient(readConvexUrl(), {
  authRefreshTokenLeewaySeconds: SESSION_REFRESH_LEEWAY_SECONDS,
});

/**
 * Opens the connection now instead of at the first query (the client connects lazily). A page
 * whose screen is still loading then has its WebSocket open, and signed in, by the time its
 * queries go out: on a phone the handshake's round trips overlap the screen's download rather
 * than following its first render.
 */
export function connectConvexEarly(): void {
  convex.connectionState();
}
