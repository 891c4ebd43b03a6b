import { useAuthActions } from "@convex-dev/auth/react";
import { useMutation } from "convex/react";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { clearWelcomed } from "@/lib/authStorage";
import { forgetUserOnDevice } from "@/lib/offline/forgetUser";
import { beginSessionExit, endSessionExit } from "@/lib/sessionExit";
import { toast } from "@/lib/toast";

/**
 * Signs out: ends the session on the server and in this browser,
 * clears the welcome list, stops this browser's pushes, toasts 'See you later! 👋' and goes to / after 0.5 s.
 * Failure: toast 'Failed to sign out. Please try again.'.
 */
export function useSignOut(): () => Promise<void> {
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  const forgetPushDevice = useMutation(api.push.unsubscribe);

  return useCallback(async () => {
    // The sign-in texts stay out of the first page: they load while signing out. A failed load
    // (a newer deployment replaced the file) must not stop the sign-out itself.
    const texts = import("@shared/authMessages");
    beginSessionExit();
    // First, so that even a sign-out the network holds up leaves nothing of the user here.
    void forgetUserOnDevice();
    // While still signed in: this browser stops getting the account's pushes (loaded now: the
    // helper stays out of the first page).
    await import("@/lib/pushDevice")
      .then(({ leavePushOnSignOut }) => leavePushOnSignOut(forgetPushDevice))
      .catch(() => undefined);
    try {
      await signOut();
    } catch {
      endSessionExit();
      void texts.then(({ AUTH_MESSAGES }) => toast.error(AUTH_MESSAGES.signOutFailed));
      return;
    }
    clearWelcomed();
    void forgetUserOnDevice();
    const loaded = await texts.catch(() => null);
    if (loaded === null) {
      // Signed out all the same; a full load of the landing page picks up the new deployment.
      window.location.assign("/");
      return;
    }
    toast(loaded.AUTH_MESSAGES.signedOut);
    // The landing page ends the exit when it opens.
    setTimeout(() => void navigate("/"), loaded.AUTH_TIMINGS.signOutRedirectDelayMs);
  }, [signOut, navigate, forgetPushDevice]);
}
