/**
 * Magic-link sign-in around `@convex-dev/auth`'s Email provider:
 * - `checkMagicLinkRequest` runs inside the library's mutation that creates
 *   the verification code (via the `afterUserCreatedOrUpdated` callback with
 *   type "email"): it validates the address and enforces the send rate limits,
 *   and a refusal rolls that whole mutation back (no user, no code, and the
 *   previously sent link stays valid);
 * - `sendMagicLink` is the provider's `sendVerificationRequest`: it has the
 *   e-mail rendered and sent through the single e-mail path by an action of
 *   emailDelivery.ts (rendering stays out of auth.ts, which also defines the
 *   library's queries and mutations, and of this file, which they import);
 * - `signInCodeStatus` tells /auth/callback whether a link's code is still
 *   usable, expired, or used (the library deletes a code when it is used,
 *   when it is found expired, and when a newer link is requested).
 */
import type { Infer } from "convex/values";
import { internal } from "../_generated/api";
import type { ActionCtx, MutationCtx, QueryCtx } from "../_generated/server";
import { env } from "../_generated/server";
import {
  AUTH_MESSAGES,
  isValidEmail,
  magicLinkRateLimitMessage,
  normalizeEmail,
} from "../../shared/authMessages";
import { MAGIC_LINK_LIMITS } from "../../shared/rateLimit";
import { AUTH_CALLBACK_PATH, authCallbackUrl } from "../../shared/redirects";
import type { signInCodeStatusValidator } from "./authValidators";
import { appError } from "./errors";
import { resetRateLimit, takeToken } from "./rateLimits";

export const MAGIC_LINK_RATE_LIMITS = {
  perEmail: "magic_link_email",
  global: "magic_link_global",
} as const;

const GLOBAL_KEY = "all";

/**
 * Validates the address of a magic-link request and takes a token from the
 * per-address and the global bucket; throws VALIDATION or RATE_LIMITED.
 * Addresses must arrive normalised (trimmed, lower case: `normalizeEmail`),
 * so one person cannot end up with two accounts.
 */
export async function checkMagicLinkRequest(
  ctx: MutationCtx,
  email: unknown,
  now: number = Date.now(),
): Promise<void> {
  if (typeof email !== "string" || email.trim() === "") {
    throw appError("VALIDATION", AUTH_MESSAGES.emailRequired, { field: "email" });
  }
  if (email !== normalizeEmail(email) || !isValidEmail(email)) {
    throw appError("VALIDATION", AUTH_MESSAGES.emailInvalid, { field: "email" });
  }
  const perEmail = await takeToken(
    ctx,
    MAGIC_LINK_RATE_LIMITS.perEmail,
    email,
    MAGIC_LINK_LIMITS.perEmail,
    now,
  );
  if (!perEmail.ok) {
    throw appError("RATE_LIMITED", magicLinkRateLimitMessage("email", perEmail.retryAfterMs), {
      field: "email",
      retryAfterMs: perEmail.retryAfterMs,
    });
  }
  const global = await takeToken(
    ctx,
    MAGIC_LINK_RATE_LIMITS.global,
    GLOBAL_KEY,
    MAGIC_LINK_LIMITS.global,
    now,
  );
  if (!global.ok) {
    throw appError("RATE_LIMITED", magicLinkRateLimitMessage("global", global.retryAfterMs), {
      retryAfterMs: global.retryAfterMs,
    });
  }
}

/** Forgets an address's send bucket (account deletion). */
export async function resetMagicLinkLimit(ctx: MutationCtx, email: string): Promise<void> {
  await resetRateLimit(ctx, MAGIC_LINK_RATE_LIMITS.perEmail, email);
}

export function siteUrl(): string {
  const url = env.SITE_URL;
  if (!url)
    throw new Error(
      "Missing environment variable `SITE_URL` (the app's URL, e.g. http://localhost:5173)",
    );
  return url.replace(/\/+$/, "");
}

/**
 * The link to put in the e-mail: the library's URL (already on
 * /auth/callback through the `redirect` callback), or — when `signIn` was
 * called without `redirectTo` and the library used SITE_URL itself — the same
 * code moved onto /auth/callback.
 */
export function magicLinkCallbackUrl(libraryUrl: string, site: string = siteUrl()): string {
  const url = new URL(libraryUrl);
  if (url.pathname === AUTH_CALLBACK_PATH) return libraryUrl;
  const fixed = new URL(authCallbackUrl(site, null));
  const code = url.searchParams.get("code");
  if (code !== null) fixed.searchParams.set("code", code);
  return fixed.toString();
}

/** The Email provider's `sendVerificationRequest`: sends the link, or fails with 'Failed to send magic link'. */
export async function sendMagicLink(
  ctx: ActionCtx,
  params: { identifier: string; url: string; expires: Date },
): Promise<void> {
  const result = await ctx.runAction(internal.emailDelivery.sendMagicLink, {
    to: params.identifier,
    link: magicLinkCallbackUrl(params.url),
    expiresAt: params.expires.getTime(),
  });
  if (result.status === "failed")
    throw appError("EMAIL_SEND_FAILED", AUTH_MESSAGES.magicLinkFailed);
}

/** How the library stores codes: lower-case hex SHA-256. */
export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export type SignInCodeStatus = Infer<typeof signInCodeStatusValidator>;

/**
 * Whether a sign-in `code` (from a magic link or a Google return) can still
 * sign someone in, and which provider issued it. "invalid" covers used,
 * replaced by a newer link, or never issued — the library keeps no record of
 * used codes, so these cannot be told apart.
 */
export async function signInCodeStatus(
  ctx: QueryCtx,
  code: string,
  now: number = Date.now(),
): Promise<SignInCodeStatus> {
  if (code.length === 0 || code.length > 256) return { status: "invalid", provider: null };
  const hashed = await sha256Hex(code);
  const verification = await ctx.db
    .query("authVerificationCodes")
    .withIndex("code", (q) => q.eq("code", hashed))
    .unique();
  if (verification === null) return { status: "invalid", provider: null };
  return {
    status: verification.expirationTime < now ? "expired" : "valid",
    provider: verification.provider,
  };
}
