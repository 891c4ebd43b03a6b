import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { hasBeenWelcomed, markWelcomed } from "@/lib/authStorage";
import { sleep } from "@/lib/sleep";
import { toast } from "@/lib/toast";
import { AUTH_MESSAGES, AUTH_TIMINGS, welcomeToastText } from "@shared/authMessages";
import { ACCOUNT_SETUP_TOAST_ID } from "./accountSetupToast";

type Profile = FunctionReturnType<typeof api.profiles.ensureMine>;

/**
 * After a sign-in: makes sure the profile exists (`ensureProfile`), and the first time this
 * browser sees this person, toasts 'Welcome to Clink, {name}' after 2 s (new user) or
 * 'Welcome back, {name}' after 0.5 s.
 */
export async function welcomeSignedInUser(ensureProfile: () => Promise<Profile>): Promise<void> {
  try {
    const { profile, isNewUser } = await ensureProfile();
    if (hasBeenWelcomed(profile.userId)) return;
    markWelcomed(profile.userId);
    await sleep(
      isNewUser ? AUTH_TIMINGS.welcomeDelayNewUserMs : AUTH_TIMINGS.welcomeDelayReturningUserMs,
    );
    toast.success(welcomeToastText({ isNewUser, displayName: profile.displayName }));
  } catch {
    toast.error(AUTH_MESSAGES.welcomeFlowFailed, { id: ACCOUNT_SETUP_TOAST_ID });
  }
}
