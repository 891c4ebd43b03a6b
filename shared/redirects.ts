/**
 * Post-login redirects (the `redirect` query parameter and the
 * stored redirectAfterLogin). Only same-site paths are ever followed, so a
 * link like /login?redirect=//evil.example cannot send anyone off-site.
 */

/** Where a user goes after signing in when nothing else was asked for. */
export const DEFAULT_POST_LOGIN_PATH = "/profile";

/** The return address of magic links and Google sign-in. */
export const AUTH_CALLBACK_PATH = "/auth/callback";

/** The query parameter of /login and /auth/callback carrying the post-login path. */
export const REDIRECT_PARAM = "redirect";

/** Pages that make no sense to come back to after signing in (they would loop). */
const AUTH_PAGES = ["/login", "/auth", AUTH_CALLBACK_PATH];

/**
 * `value` if it is a same-site path — starts with exactly one '/', no
 * backslashes, whitespace or control characters (which browsers may read as
 * '/' or strip), not an auth page — otherwise null.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string") return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  if (value.length > 2048) return null;
  // Backslashes ('/\evil' is '//evil' to a browser), whitespace and control characters.
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, "https://same-site.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "https://same-site.invalid") return null;
  if (AUTH_PAGES.some((page) => url.pathname === page || url.pathname === `${page}/`)) return null;
  return value;
}

/** `/login?redirect=…`: sign in, then come back to `path` (plain /login when it is no safe path). */
export function loginPathReturningTo(path: string): string {
  const safe = safeRedirectPath(path);
  return safe === null ? "/login" : `/login?${REDIRECT_PARAM}=${encodeURIComponent(safe)}`;
}

/** The path to go to after sign-in: a safe `value`, otherwise `fallback` (/profile). */
export function sanitizeRedirectPath(value: unknown, fallback: string = DEFAULT_POST_LOGIN_PATH): string {
  return safeRedirectPath(value) ?? fallback;
}

/**
 * `/auth/callback`, carrying the post-login path when there is a safe one
 * other than the default: `/auth/callback?redirect=%2Fevents`.
 */
export function authCallbackPath(postLoginPath?: string | null): string {
  const safe = safeRedirectPath(postLoginPath);
  if (safe === null || safe === DEFAULT_POST_LOGIN_PATH) return AUTH_CALLBACK_PATH;
  return `${AUTH_CALLBACK_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(safe)}`;
}

/**
 * The callback address the server uses for a `redirectTo` given to
 * `signIn(…, { redirectTo })`: `redirectTo` may be the post-login path
 * ('/events'), the callback path itself ('/auth/callback?redirect=%2Fevents'),
 * or an absolute URL on the site; anything else lands on plain `/auth/callback`.
 * Returns `${siteUrl}/auth/callback[?redirect=…]`.
 */
export function authCallbackUrl(siteUrl: string, redirectTo: string | null | undefined): string {
  const base = siteUrl.replace(/\/+$/, "");
  let candidate = redirectTo ?? null;
  if (candidate !== null && candidate.startsWith(`${base}/`)) candidate = candidate.slice(base.length);
  let postLogin: string | null = null;
  if (candidate !== null && candidate.startsWith("/") && !candidate.startsWith("//")) {
    const url = new URL(candidate, "https://same-site.invalid");
    postLogin =
      url.pathname === AUTH_CALLBACK_PATH ? url.searchParams.get(REDIRECT_PARAM) : safeRedirectPath(candidate);
  }
  return `${base}${authCallbackPath(postLogin)}`;
}
