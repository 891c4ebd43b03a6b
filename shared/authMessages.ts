/**
 * Sign-in texts and timings: the login `error` query value
 * mapping, the Google error mapping, welcome and sign-out toasts, e-mail
 * address rules, rate-limit messages. Shared by the login screens and the
 * auth functions.
 */
import { APP_NAME } from "./brand";
import { formatRetryAfter } from "./rateLimit";

// ---------------------------------------------------------------- timings

export const AUTH_TIMINGS = {
  /** Magic links expire after 1 hour (also the provider's `maxAge`, in seconds). */
  magicLinkMaxAgeSeconds: 60 * 60,
  /** /auth/callback: authorization-code flow polls 10 times every 500 ms. */
  callbackPollAttempts: 10,
  callbackPollIntervalMs: 500,
  /** Magic-link flow: go to /profile after 500 ms, or give up after 10 s. */
  magicLinkRedirectDelayMs: 500,
  magicLinkTimeoutMs: 10_000,
  /** A user is "new" for 60 s after the profile is created. */
  newUserWindowMs: 60_000,
  /** Wait before the welcome toast: 2 s for a new user, 0.5 s otherwise. */
  welcomeDelayNewUserMs: 2_000,
  welcomeDelayReturningUserMs: 500,
  /** Sign-out: redirect to / after 0.5 s. */
  signOutRedirectDelayMs: 500,
} as const;

export function isNewUser(profileCreatedAt: number, now: number): boolean {
  return now - profileCreatedAt < AUTH_TIMINGS.newUserWindowMs;
}

// ---------------------------------------------------------------- toasts

const WELCOME_FALLBACK_NAME = "Champion";

/** 'Welcome to Clink, {name}' for a new user, 'Welcome back, {name}' otherwise. */
export function welcomeToastText(options: { isNewUser: boolean; displayName?: string | null }): string {
  const name = options.displayName?.trim() || WELCOME_FALLBACK_NAME;
  return options.isNewUser ? `Welcome to ${APP_NAME}, ${name}` : `Welcome back, ${name}`;
}

export const AUTH_MESSAGES = {
  /** Toast when profile creation found the profile already made (spec: duplicate, 23505). */
  welcomeBackDuplicate: "Welcome back! 🍻",
  signedOut: "See you later! 👋",
  signOutFailed: "Failed to sign out. Please try again.",
  magicLinkFailed: "Failed to send magic link",
  emailRequired: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  magicLinkExpired: "This magic link has expired. Links work for 1 hour, so request a new one below.",
  magicLinkUsed: "This magic link has already been used or is no longer valid. Request a new one below.",
  pleaseSignIn: "Please sign in to access this page",
  notAuthenticated: "Not authenticated",
  authRequired: "Authentication required: User or user.id is missing",
  profileNotFoundCreating: "Profile not found. Creating a new one...",
  profileCreationPermissions: "Profile creation failed due to permissions...",
  accountSetupPermissionsToast: "Account setup failed due to permissions. Please contact support.",
  accountSetupNetwork: "Network issue during setup. Please refresh the page and try again.",
  accountSetupOther: "Account setup encountered an issue. Please refresh the page.",
  welcomeFlowFailed: "Account setup had an issue, but you are signed in. Please refresh if you experience problems.",
  oauthSessionTimeout: "OAuth session timeout - please try again",
  googleSignInFailedTitle: "Google sign in failed",
  googleSetupIssue: "Google sign-in had a setup issue. Please try again or use magic link! 📧",
  googleUnavailable: "Google sign-in temporarily unavailable...",
  googleNotConfigured: "Google sign-in not configured...",
  googleAuthFailed: "Google sign-in authentication failed...",
  googleFailedOther: "Google sign-in failed. Please try magic link instead! 📧",
  googleExchangeFailed: "Google sign-in failed during authentication. Please try again or use magic link.",
  googleTimedOut: "Google sign-in timed out. Please try again.",
  magicLinkTimedOut: "Magic link verification timed out. Please try again.",
  deleteAccountDataFailed: "Failed to delete account data: ",
  deleteAccountFailed: "Failed to delete account. Please try again or contact support.",
} as const;

function authenticationFailedMessage(description: string): string {
  return `Authentication failed: ${description}`;
}

export function avatarUploadFailedMessage(message: string): string {
  return `Failed to upload avatar: ${message}`;
}

export function failedToLoadProfileMessage(message: string): string {
  return `Failed to load profile: ${message}`;
}

// ---------------------------------------------------------------- login ?error=

/**
 * `error` values the app itself puts on /login (besides free-text ones).
 * `magic_link_expired` and `magic_link_invalid` come from /auth/callback
 * after `authConfig.codeStatus`.
 */
export const LOGIN_ERROR_CODES = {
  magicLinkTimeout: "magic_link_timeout",
  oauthSessionTimeout: "oauth_session_timeout",
  magicLinkExpired: "magic_link_expired",
  magicLinkInvalid: "magic_link_invalid",
} as const;

/**
 * The message for the login screen's `error` query value;
 * values it does not know are shown as they are. Null for no error.
 */
export function loginErrorMessage(error: string | null | undefined): string | null {
  const value = error?.trim();
  if (!value) return null;
  if (value.includes("Unable to exchange external code")) return AUTH_MESSAGES.googleExchangeFailed;
  switch (value) {
    case LOGIN_ERROR_CODES.oauthSessionTimeout:
      return AUTH_MESSAGES.googleTimedOut;
    case LOGIN_ERROR_CODES.magicLinkTimeout:
      return AUTH_MESSAGES.magicLinkTimedOut;
    case LOGIN_ERROR_CODES.magicLinkExpired:
      return AUTH_MESSAGES.magicLinkExpired;
    case LOGIN_ERROR_CODES.magicLinkInvalid:
      return AUTH_MESSAGES.magicLinkUsed;
    default:
      return value;
  }
}

// ---------------------------------------------------------------- Google

/**
 * `error` values the backend puts on /auth/callback after a failed Google
 * sign-in (besides Google's own OAuth codes such as `access_denied` and
 * `server_error`, which are passed through).
 */
export const GOOGLE_CALLBACK_ERRORS = {
  /** The code exchange with Google (or saving the user) failed. */
  exchangeFailed: "oauth_exchange_failed",
} as const;

/**
 * The message for a failed Google sign-in, from a thrown error,
 * an OAuth `error` code or an `error_description`.
 */
export function googleSignInErrorMessage(error: unknown): string {
  const text = (
    typeof error === "string"
      ? error
      : error instanceof Error
        ? error.message
        : typeof (error as { message?: unknown } | null)?.message === "string"
          ? (error as { message: string }).message
          : ""
  ).toLowerCase();
  if (text.includes("database error saving new user")) return AUTH_MESSAGES.googleSetupIssue;
  if (text.includes("server_error") || text.includes("temporarily_unavailable")) return AUTH_MESSAGES.googleUnavailable;
  if (
    text.includes("provider is not enabled") ||
    text.includes("not configured") ||
    text.includes("provider not found") ||
    text.includes("unsupported provider")
  ) {
    return AUTH_MESSAGES.googleNotConfigured;
  }
  if (
    text.includes("oauth_exchange_failed") ||
    text.includes("oauth exchange failed") ||
    text.includes("unable to exchange external code")
  ) {
    return AUTH_MESSAGES.googleAuthFailed;
  }
  return AUTH_MESSAGES.googleFailedOther;
}

/**
 * What /auth/callback sends to /login?error=… when a sign-in came back with
 * an error: Google failures get the Google mapping, others
 * 'Authentication failed: {description}'.
 */
export function callbackErrorForLogin(params: {
  error: string;
  errorDescription?: string | null;
  provider?: string | null;
}): string {
  // Both the code and the description: Google sends `server_error` with a free-text description.
  if (params.provider === "google") {
    return googleSignInErrorMessage([params.error, params.errorDescription].filter(Boolean).join(": "));
  }
  return authenticationFailedMessage(params.errorDescription || params.error);
}

// ---------------------------------------------------------------- e-mail addresses

/** The form of an address the backend accepts: trimmed and lower-cased. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

const EMAIL_PATTERN =
  /^[^\s@\p{Cc}\p{Cf}\p{Cs}]+@[^\s@\p{Cc}\p{Cf}\p{Cs}]+\.[^\s@\p{Cc}\p{Cf}\p{Cs}]+$/u;

/**
 * Whether `value` (normalised) looks like an address. Whitespace, controls
 * (NUL among them), lone surrogates and invisible format characters (bidi
 * overrides, zero-width spaces) are refused anywhere in it: a mail server may
 * cut the address at a NUL, and an address that reads like another must not be
 * stored.
 */
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** The message for an e-mail field value (normalise first), or null when it is fine. */
export function emailError(value: string): string | null {
  if (value.trim() === "") return AUTH_MESSAGES.emailRequired;
  if (!isValidEmail(value)) return AUTH_MESSAGES.emailInvalid;
  return null;
}

// ---------------------------------------------------------------- rate limits

export function magicLinkRateLimitMessage(scope: "email" | "global", retryAfterMs: number): string {
  return scope === "email"
    ? `Too many sign-in links requested for this email. Please wait ${formatRetryAfter(retryAfterMs)} and try again.`
    : `We're sending a lot of sign-in links right now. Please try again in ${formatRetryAfter(retryAfterMs)}.`;
}
