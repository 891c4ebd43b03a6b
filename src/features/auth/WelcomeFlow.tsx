import { useConvexAuth, useMutation } from "convex/react";
import { useEffect, useRef } from "react";
import { api } from "@convex/_generated/api";
import { hasBeenWelcomed, markWelcomed } from "@/lib/authStorage";
import { sleep } from "@/lib/sleep";
import { toast } from "@/lib/toast";

/** One toast for account-setup trouble, whether the callback or the welcome flow saw it first. */
export const ACCOUNT_SETUP_TOAST_ID = "account-setup";

/**
 * The welcome flow: when someone signs in — a session appears
 * after the first load found none — and this browser has not greeted them
 * yet, make sure their profile exists, remember them in welcomeShownIds and,
 * after 2 s (new user) or 0.5 s, toast 'Welcome to Clink, {name}' or
 * 'Welcome back, {name}'. Renders nothing; mounted once under the auth provider.
 */
export function WelcomeFlow() {
  const { isLoading, isAuthenticated } = useConvexAuth();
  const ensureMine = useMutation(api.profiles.ensureMine);
  // null until the first load has settled: a session restored at start-up is not a sign-in.
  const wasAuthenticated = useRef<boolean | null>(null);

  useEffect(() => {
    if (isLoading) return;
    const previous = wasAuthenticated.current;
    wasAuthenticated.current = isAuthenticated;
    if (previous !== false || !isAuthenticated) return;

    void (async () => {
      // The sign-in texts load with the first sign-in, not with every first page; the profile
      // is made whether or not they load.
      const texts = import("@shared/authMessages");
      try {
        const { profile, isNewUser } = await ensureMine();
        const { AUTH_TIMINGS, welcomeToastText } = await texts;
        if (hasBeenWelcomed(profile.userId)) return;
        markWelcomed(profile.userId);
        await sleep(
          isNewUser ? AUTH_TIMINGS.welcomeDelayNewUserMs : AUTH_TIMINGS.welcomeDelayReturningUserMs,
        );
        toast.success(welcomeToastText({ isNewUser, displayName: profile.displayName }));
      } catch {
        const { AUTH_MESSAGES } = await texts;
        toast.error(AUTH_MESSAGES.welcomeFlowFailed, { id: ACCOUNT_SETUP_TOAST_ID });
      }
    })();
  }, [isLoading, isAuthenticated, ensureMine]);

  return null;
}
