/** Which sign-in methods this deployment offers. */
import { env } from "../_generated/server";

/** Google sign-in needs AUTH_GOOGLE_ID and AUTH_GOOGLE_SECRET (read by @auth/core's Google provider). */
export function isGoogleConfigured(): boolean {
  return Boolean(env.AUTH_GOOGLE_ID?.trim() && env.AUTH_GOOGLE_SECRET?.trim());
}
