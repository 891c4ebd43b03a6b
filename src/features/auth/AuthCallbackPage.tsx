import { useAuthActions } from "@convex-dev/auth/react";
import { useConvex, useConvexAuth, useMutation } from "convex/react";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import {
  AUTH_MESSAGES,
  AUTH_TIMINGS,
  LOGIN_ERROR_CODES,
  callbackErrorForLogin,
  googleSignInErrorMessage,
} from "@shared/authMessages";
import { pageTitle } from "@shared/brand";
import { appErrorData } from "@shared/errors";
import { REDIRECT_PARAM, sanitizeRedirectPath, safeRedirectPath } from "@shared/redirects";
import { Spinner } from "@/components/ui/Spinner";
import { clearRedirectAfterLogin, readRedirectAfterLogin } from "@/lib/authStorage";
import { sleep } from "@/lib/sleep";
import { usePageTitle } from "@/lib/usePageTitle";
import { ACCOUNT_SETUP_TOAST_ID } from "./accountSetupToast";

/** The sign-in return parameters, read once when the page opens. */
function readCallbackParams() {
  const params = new URLSearchParams(window.location.search);
  return {
    code: params.get("code"),
    error: params.get("error"),
    errorDescription: params.get("error_description"),
    provider: params.get("provider"),
    redirect: safeRedirectPath(params.get(REDIRECT_PARAM)),
  };
}

/**
 * /auth/callback: where magic links and Google come back.
 * Clears the code from the address bar, checks it (expired → magic_link_expired,
 * used → magic_link_invalid), signs in, waits for the session — Google polls
 * 10 × 500 ms (then oauth_session_timeout), a magic link up to 10 s (then
 * magic_link_timeout) — makes sure the profile exists, and 500 ms later goes
 * to the `redirect` path, the stored redirectAfterLogin, or /profile.
 * Failures go to /login?error=….
 */
export function AuthCallbackPage() {
  usePageTitle(pageTitle("Signing you in"));
  const convex = useConvex();
  const { signIn } = useAuthActions();
  const ensureMine = useMutation(api.profiles.ensureMine);
  const navigate = useNavigate();
  const auth = useConvexAuth();
  const authRef = useRef(auth);
  useEffect(() => {
    authRef.current = auth;
  });
  const started = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    if (!started.current) {
      started.current = true;
      void run();
    }
    return () => {
      mounted.current = false;
    };

    async function run() {
      const params = readCallbackParams();
      // Tokens never stay in the address bar (or the history).
      const keep = params.redirect ? `?${REDIRECT_PARAM}=${encodeURIComponent(params.redirect)}` : "";
      await navigate(`${window.location.pathname}${keep}`, { replace: true });

      const goToLogin = async (error: string) => {
        if (!mounted.current) return;
        const query = new URLSearchParams({ error });
        if (params.redirect) query.set(REDIRECT_PARAM, params.redirect);
        await navigate(`/login?${query.toString()}`, { replace: true });
      };

      if (params.error) {
        await goToLogin(
          callbackErrorForLogin({
            error: params.error,
            errorDescription: params.errorDescription,
            provider: params.provider,
          }),
        );
        return;
      }

      let provider = params.provider ?? "email";
      if (params.code) {
        try {
          const status = await convex.query(api.authConfig.codeStatus, { code: params.code });
          if (status.status === "expired") return await goToLogin(LOGIN_ERROR_CODES.magicLinkExpired);
          if (status.status === "invalid") return await goToLogin(LOGIN_ERROR_CODES.magicLinkInvalid);
          provider = status.provider ?? provider;
        } catch {
          // The check is advice only; signing in below has the final word.
        }
        try {
          const result = await signIn(provider, { code: params.code });
          if (!result.signingIn) return await goToLogin(LOGIN_ERROR_CODES.magicLinkInvalid);
        } catch (err) {
          return await goToLogin(
            provider === "google"
              ? googleSignInErrorMessage(appErrorData(err)?.message ?? err)
              : LOGIN_ERROR_CODES.magicLinkInvalid,
          );
        }
      }

      // Wait for the server to accept the session.
      const isGoogle = provider === "google";
      const attempts = isGoogle
        ? AUTH_TIMINGS.callbackPollAttempts
        : AUTH_TIMINGS.magicLinkTimeoutMs / AUTH_TIMINGS.callbackPollIntervalMs;
      let signedIn = false;
      for (let attempt = 0; attempt <= attempts && mounted.current; attempt++) {
        if (!authRef.current.isLoading && authRef.current.isAuthenticated) {
          signedIn = true;
          break;
        }
        if (attempt < attempts) await sleep(AUTH_TIMINGS.callbackPollIntervalMs);
      }
      if (!signedIn) {
        return await goToLogin(
          isGoogle ? LOGIN_ERROR_CODES.oauthSessionTimeout : LOGIN_ERROR_CODES.magicLinkTimeout,
        );
      }

      try {
        await ensureMine();
      } catch (err) {
        // Signed in either way; say what went wrong with the account setup.
        toast.error(
          appErrorData(err)?.code === "FORBIDDEN"
            ? AUTH_MESSAGES.accountSetupPermissionsToast
            : AUTH_MESSAGES.accountSetupOther,
          { id: ACCOUNT_SETUP_TOAST_ID },
        );
      }
      await sleep(AUTH_TIMINGS.magicLinkRedirectDelayMs);
      if (!mounted.current) return;
      const destination = sanitizeRedirectPath(params.redirect ?? readRedirectAfterLogin());
      clearRedirectAfterLogin();
      await navigate(destination, { replace: true });
    }
    // Runs once per visit: the parameters are read from the address when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div
      role="status"
      className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center"
    >
      <Spinner className="size-10 text-brand-amber" />
      <h1 className="mt-6 font-display text-2xl font-extrabold tracking-tight">Signing you in…</h1>
      <p className="mt-2 text-cream-200">Hold tight, pouring your first round.</p>
    </div>
  );
}
