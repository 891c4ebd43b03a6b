/**
 * What the browser keeps about signing in:
 * - welcomeShownIds (local storage): user ids already greeted by the welcome toast;
 * - redirectAfterLogin (session storage): where to go after signing in;
 * - the auth session itself: `@convex-dev/auth` keeps its tokens in local
 *   storage under keys starting with `__convexAuth`.
 * Shared by the auth and account features (sign-out and account deletion clear it).
 */
import { safeRedirectPath } from "@shared/redirects";
import { readStorage, removeStorage, storageKeys, writeStorage } from "./storage";

export const WELCOME_SHOWN_KEY = "welcomeShownIds";
export const REDIRECT_AFTER_LOGIN_KEY = "redirectAfterLogin";
/** Prefix of `@convex-dev/auth`'s token keys (JWT, refresh token, OAuth verifier). */
const CONVEX_AUTH_KEY_PREFIX = "__convexAuth";
const JWT_KEY_PREFIX = "__convexAuthJWT_";

function welcomedIds(): string[] {
  const raw = readStorage("local", WELCOME_SHOWN_KEY);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

export function hasBeenWelcomed(userId: string): boolean {
  return welcomedIds().includes(userId);
}

export function markWelcomed(userId: string): void {
  const ids = welcomedIds();
  if (!ids.includes(userId)) writeStorage("local", WELCOME_SHOWN_KEY, JSON.stringify([...ids, userId]));
}

/** Sign-out clears the welcome list. */
export function clearWelcomed(): void {
  removeStorage("local", WELCOME_SHOWN_KEY);
}

/** Remembers a same-site path to return to after signing in; unsafe paths are ignored. */
export function storeRedirectAfterLogin(path: string): void {
  const safe = safeRedirectPath(path);
  if (safe !== null) writeStorage("session", REDIRECT_AFTER_LOGIN_KEY, safe);
}

export function readRedirectAfterLogin(): string | null {
  return safeRedirectPath(readStorage("session", REDIRECT_AFTER_LOGIN_KEY));
}

export function clearRedirectAfterLogin(): void {
  removeStorage("session", REDIRECT_AFTER_LOGIN_KEY);
}

/** Whether this browser holds a session token (a returning user, before the server confirms it). */
export function hasStoredSession(): boolean {
  return storageKeys("local").some((key) => key.startsWith(JWT_KEY_PREFIX) && readStorage("local", key));
}

/** The stored session token of the app's deployment (the library namespaces it by the URL). */
function storedSessionToken(): string | null {
  const url = import.meta.env.VITE_CONVEX_URL;
  if (url) return readStorage("local", JWT_KEY_PREFIX + url.replace(/[^a-zA-Z0-9]/g, ""));
  const key = storageKeys("local").find((name) => name.startsWith(JWT_KEY_PREFIX));
  return key === undefined ? null : readStorage("local", key);
}

/**
 * The `sub` claim of the stored session token: which session of which user this browser holds,
 * read without the network. Opaque here: it only tells one session from another. The token is
 * not verified (the server does that); null when there is none or it cannot be read.
 */
export function storedSessionSubject(): string | null {
  const token = storedSessionToken();
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const claims: unknown = JSON.parse(atob(base64));
    const subject = (claims as { sub?: unknown } | null)?.sub;
    return typeof subject === "string" && subject !== "" ? subject : null;
  } catch {
    return null;
  }
}

/** Everything sign-in left in this browser (after account deletion). */
export function clearLocalAuthStorage(): void {
  for (const key of storageKeys("local")) {
    if (key.startsWith(CONVEX_AUTH_KEY_PREFIX)) removeStorage("local", key);
  }
  clearWelcomed();
  clearRedirectAfterLogin();
}
