import { useEffect, type ReactNode } from "react";
import { Navigate } from "react-router-dom";
import { DEFAULT_POST_LOGIN_PATH } from "@shared/redirects";
import { hasStoredSession } from "@/lib/authStorage";
import { endSessionExit, useSessionExit } from "@/lib/sessionExit";
import { useCurrentUser } from "./useCurrentUser";

/**
 * Wraps the landing page: signed-in users go on to `target`
 * (/profile). Visitors see the page at once; a browser holding a session
 * waits for it to be checked instead of flashing the pitch. Arriving here
 * ends a sign-out or account deletion (see lib/sessionExit).
 */
export function LandingGuard({
  children,
  target = DEFAULT_POST_LOGIN_PATH,
}: {
  children: ReactNode;
  target?: string;
}) {
  const state = useCurrentUser();
  const leaving = useSessionExit();
  // Signing out and deleting the account both end here: the exit is over.
  useEffect(() => {
    if (leaving) endSessionExit();
  }, [leaving]);
  if (state.status === "signedIn" && !leaving) return <Navigate to={target} replace />;
  if (state.status === "loading" && hasStoredSession()) return null;
  return children;
}
