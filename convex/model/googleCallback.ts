/**
 * Google sign-in failures, mapped to the fixed messages people see
 * (shared/authMessages.ts).
 *
 * `@convex-dev/auth` answers every failed Google callback with a plain
 * redirect to the site, dropping the reason. This wraps its callback route so
 * the app's /auth/callback learns what happened:
 * - Google reported an error (`?error=access_denied`, `server_error`,
 *   `temporarily_unavailable`…): passed on as `error` / `error_description`;
 * - the code exchange or saving the user failed: `error=oauth_exchange_failed`.
 * Both with `provider=google`; `shared/authMessages.ts` turns them into text.
 * Successful sign-ins pass through untouched.
 */
import type { HttpRouter } from "convex/server";
import { httpAction } from "../_generated/server";
import { GOOGLE_CALLBACK_ERRORS } from "../../shared/authMessages";
import { authCallbackUrl } from "../../shared/redirects";
import { siteUrl } from "./magicLinks";

export const GOOGLE_CALLBACK_PATH = "/api/auth/callback/google";

/** The function an httpAction wraps. */
type HttpHandler = Parameters<typeof httpAction>[0];

export function googleErrorRedirect(error: string, description: string | null): Response {
  const target = new URL(authCallbackUrl(siteUrl(), null));
  target.searchParams.set("provider", "google");
  target.searchParams.set("error", error);
  if (description) target.searchParams.set("error_description", description);
  return new Response(null, { status: 302, headers: { Location: target.toString(), "Cache-Control": "no-store" } });
}

/** Adds the wrapper in front of the library's Google callback; does nothing when Google is off. */
export function routeGoogleCallbackErrors(http: HttpRouter): void {
  const match = http.lookup(GOOGLE_CALLBACK_PATH, "GET");
  if (match === null) return;
  // The registered handler function (convex keeps it as `_handler`); if a
  // future convex version hides it, the library's own behaviour stays.
  const libraryHandler = (match[0] as unknown as { _handler?: HttpHandler })._handler;
  if (typeof libraryHandler !== "function") return;
  http.route({
    path: GOOGLE_CALLBACK_PATH,
    method: "GET",
    handler: httpAction(async (ctx, request) => {
      const url = new URL(request.url);
      const error = url.searchParams.get("error");
      if (error !== null) return googleErrorRedirect(error, url.searchParams.get("error_description"));
      const response = await libraryHandler(ctx, request);
      const location = response.headers.get("Location");
      if (response.status >= 300 && response.status < 400 && location !== null) {
        if (!new URL(location).searchParams.has("code")) {
          return googleErrorRedirect(GOOGLE_CALLBACK_ERRORS.exchangeFailed, null);
        }
      }
      return response;
    }),
  });
}
