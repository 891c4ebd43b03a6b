/** What the login screens need to know about sign-in on this deployment. */
import { v } from "convex/values";
import { query } from "./_generated/server";
import { isGoogleConfigured } from "./model/authProviders";
import { signInCodeStatusValidator, signInProvidersValidator } from "./model/authValidators";
import { signInCodeStatus } from "./model/magicLinks";

/** `{ email: true, google }`: Google only when AUTH_GOOGLE_ID / AUTH_GOOGLE_SECRET are set. */
export const providers = query({
  args: {},
  returns: signInProvidersValidator,
  handler: () => ({ email: true, google: isGoogleConfigured() }),
});

/**
 * Whether the `code` of a magic link (or of a Google return) can still sign
 * in: `{ status: "valid" | "expired" | "invalid", provider }`. "expired":
 * older than 1 hour; "invalid": already used, replaced by a newer link, or
 * never issued. /auth/callback asks before `signIn(provider, { code })` to
 * show the right message. Results can lag the clock by a little (Convex
 * caches queries), so a failed `signIn` stays the final word.
 */
export const codeStatus = query({
  args: { code: v.string() },
  returns: signInCodeStatusValidator,
  handler: async (ctx, { code }) => await signInCodeStatus(ctx, code),
});
