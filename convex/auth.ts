/**
 * Sign-in with `@convex-dev/auth`: magic link by e-mail (provider "email"),
 * and Google (provider "google") when AUTH_GOOGLE_ID / AUTH_GOOGLE_SECRET are set.
 *
 * Client: `useAuthActions().signIn("email", { email, redirectTo })` sends the
 * link; the link (and Google) land on `${SITE_URL}/auth/callback?code=…`
 * (plus `&redirect=/path` when a post-login path was given). See
 * model/magicLinks.ts, model/signIn.ts and model/googleCallback.ts.
 */
import Google from "@auth/core/providers/google";
import { Email } from "@convex-dev/auth/providers/Email";
import { convexAuth } from "@convex-dev/auth/server";
import type { ActionCtx } from "./_generated/server";
import { AUTH_TIMINGS } from "../shared/authMessages";
import { authCallbackUrl } from "../shared/redirects";
import { isGoogleConfigured } from "./model/authProviders";
import { sendMagicLink, siteUrl } from "./model/magicLinks";
import { afterUserCreatedOrUpdated } from "./model/signIn";

const magicLink = Email({
  id: "email",
  maxAge: AUTH_TIMINGS.magicLinkMaxAgeSeconds,
  // Magic-link behaviour: the code alone signs in (the default `authorize`
  // also wants the e-mail address in the verifying request, which a link
  // opened on another device does not have). Codes are 32 random characters.
  authorize: undefined,
  // The library passes the action ctx as a second argument.
  sendVerificationRequest: async (params, ...rest: unknown[]) => {
    await sendMagicLink(rest[0] as ActionCtx, params);
  },
});

const google = Google({
  // Google is asked for openid, email and profile, offline access, and consent every time.
  authorization: { params: { scope: "openid email profile", access_type: "offline", prompt: "consent" } },
});

export const { auth, signIn, signOut, store, isAuthenticated } = convexAuth({
  providers: isGoogleConfigured() ? [magicLink, google] : [magicLink],
  callbacks: {
    // Magic links and Google always come back to /auth/callback, carrying a
    // safe same-site post-login path (`redirectTo`) as ?redirect=.
    redirect: ({ redirectTo }) => Promise.resolve(authCallbackUrl(siteUrl(), redirectTo)),
    afterUserCreatedOrUpdated,
  },
});
