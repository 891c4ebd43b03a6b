/**
 * Losing the network must not sign anyone out. The Convex client asks the auth library for a
 * fresh token (`forceRefreshToken`) before the old one expires, and again when the server
 * refuses one. If that refresh cannot reach the server, @convex-dev/auth throws (after two
 * quick retries), and the client then leaves its socket stopped or, given nothing, drops the
 * session. A thrown refresh means "no answer", not "signed out": the library itself clears the
 * tokens only when the server answers that the session is over.
 *
 * So a forced refresh that throws is tried again, once the browser is back online and then
 * with growing pauses (at most RETRY_MAX_MS apart), until it gets an answer: the user keeps
 * their session and the device's copy meanwhile, and the token is refreshed when the network
 * returns. The unforced call (the stored token) never needs the network and is passed through.
 */
type FetchToken = (args: { forceRefreshToken: boolean }) => Promise<string | null | undefined>;

const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

export type Waiting = {
  /** Resolves when the browser says it is online (at once if it already is). */
  online(): Promise<void>;
  /** Resolves after `ms`, or sooner when the browser comes back online. */
  pause(ms: number): Promise<void>;
};

const nextOnline = () =>
  new Promise<void>((resolve) =>
    window.addEventListener("online", () => resolve(), { once: true }),
  );

const browserWaiting: Waiting = {
  online: () => (navigator.onLine ? Promise.resolve() : nextOnline()),
  pause: (ms) =>
    Promise.race([new Promise<void>((resolve) => setTimeout(resolve, ms)), nextOnline()]),
};

export function refreshWhenOnline(
  fetchToken: FetchToken,
  waiting: Waiting = browserWaiting,
): FetchToken {
  return async (args) => {
    if (!args.forceRefreshToken) return await fetchToken(args);
    for (let attempt = 0; ; attempt++) {
      await waiting.online();
      try {
        return await fetchToken(args);
      } catch {
        // No answer (the browser may claim to be online while the server is out of reach).
        await waiting.pause(Math.min(RETRY_FIRST_MS * 2 ** attempt, RETRY_MAX_MS));
      }
    }
  };
}
