import { useEffect, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { storeRedirectAfterLogin } from "@/lib/authStorage";
import { useSessionExit } from "@/lib/sessionExit";
import { AuthErrorPanel } from "./AuthErrorPanel";
import { useCurrentUser } from "./useCurrentUser";
import { toast } from "@/lib/toast";

/**
 * A page only signed-in users may see: a visitor's path is stored
 * as redirectAfterLogin, they see 'Please sign in to access this page' and go
 * to /login; after signing in they come back. `fallback` shows while loading.
 */
export function ProtectedRoute({
  children,
  fallback,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const state = useCurrentUser();
  const leaving = useSessionExit();
  const location = useLocation();
  const navigate = useNavigate();
  const mustSignIn = state.status === "signedOut" && !leaving;

  useEffect(() => {
    if (!mustSignIn) return;
    storeRedirectAfterLogin(`${location.pathname}${location.search}${location.hash}`);
    // One id: a double render never shows the toast twice. The sign-in texts stay out of the
    // first page: they load with the toast.
    void import("@shared/authMessages").then(({ AUTH_MESSAGES }) =>
      toast(AUTH_MESSAGES.pleaseSignIn, { id: "please-sign-in" }),
    );
    void navigate("/login", { replace: true });
  }, [mustSignIn, location, navigate]);

  if (state.status === "error") return <AuthErrorPanel />;
  if (state.status === "signedIn") return children;
  return fallback ?? null;
}
