/**
 * The shape of every user-facing failure the backend throws
 * (`throw new ConvexError({ code, message })`), and the codes.
 *
 * The UI shows `message` in one place (`errorMessage(error, fallback)`), and
 * branches on `code` only where it needs to (e.g. `field` for inline form errors).
 * No Convex import here: this module is shared by `convex/` and `src/`.
 */

export const ERROR_CODES = [
  /** No signed-in user (or the user's account no longer exists). */
  "NOT_AUTHENTICATED",
  /** Signed in, but not allowed to do this. */
  "FORBIDDEN",
  /** The thing asked for does not exist (or is not visible to the caller). */
  "NOT_FOUND",
  /** Input failed a rule; `field` names the form field when there is one. */
  "VALIDATION",
  /** The chosen username belongs to someone else. */
  "USERNAME_TAKEN",
  /** Upload larger than allowed. */
  "FILE_TOO_LARGE",
  /** Upload of a type that is not allowed (judged from the file's bytes). */
  "FILE_TYPE_NOT_ALLOWED",
  /** Too many requests; `retryAfterMs` says when to try again. */
  "RATE_LIMITED",
  /** The account-deletion confirmation word was not typed correctly. */
  "CONFIRMATION_MISMATCH",
  /** A debug or test page was called on a deployment that does not enable them. */
  "DEBUG_PAGES_DISABLED",
  /** An e-mail could not be delivered. */
  "EMAIL_SEND_FAILED",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The `data` of every `ConvexError` the backend throws on purpose. */
export type AppErrorData = {
  code: ErrorCode;
  message: string;
  /** For VALIDATION / USERNAME_TAKEN / FILE_*: the form field the message belongs to. */
  field?: string;
  /** For RATE_LIMITED: milliseconds until a retry can succeed. */
  retryAfterMs?: number;
};

/** Fixed messages, used by both sides. */
export const ERROR_MESSAGES = {
  notAuthenticated: "Not authenticated",
  invalidUserId: "Invalid user ID provided",
  profileNotFound: "Profile not found",
  usernameTaken: "Username is already taken",
  profileUpdateFailed: "Failed to update profile",
  deleteAccountFailed: "Failed to delete account. Please try again or contact support.",
  deleteConfirmationMismatch: "Please type DELETE to confirm",
  debugPagesDisabled: "Debug pages are not enabled on this deployment",
  fileNotFound: "Uploaded file not found. Please try again.",
  pleaseSignIn: "Please sign in to access this page",
} as const;

export function isAppErrorData(value: unknown): value is AppErrorData {
  if (typeof value !== "object" || value === null) return false;
  const { code, message } = value as Record<string, unknown>;
  return (
    typeof message === "string" &&
    typeof code === "string" &&
    (ERROR_CODES as readonly string[]).includes(code)
  );
}

/** The `AppErrorData` carried by a thrown `ConvexError`, if it is one of ours. */
export function appErrorData(error: unknown): AppErrorData | null {
  if (typeof error !== "object" || error === null) return null;
  const data = (error as { data?: unknown }).data;
  return isAppErrorData(data) ? data : null;
}

/**
 * The text to show for a failed call: our own message when the backend sent
 * one, otherwise `fallback` (never a raw stack or server-internal message).
 */
export function errorMessage(error: unknown, fallback: string): string {
  return appErrorData(error)?.message ?? fallback;
}
