/**
 * The shapes of what the login screens' queries return (convex/authConfig.ts)
 * as `returns:` validators.
 */
import { v } from "convex/values";
import { nullable } from "convex-helpers/validators";

/** Which sign-in methods this deployment offers (Google only when configured). */
export const signInProvidersValidator = v.object({ email: v.boolean(), google: v.boolean() });

/**
 * Whether a sign-in code can still sign someone in ("invalid" covers used,
 * replaced and never issued), and the provider that issued it ("email" for
 * magic links, "google") when known (./magicLinks.ts `signInCodeStatus`).
 */
export const signInCodeStatusValidator = v.object({
  status: v.union(v.literal("valid"), v.literal("expired"), v.literal("invalid")),
  provider: nullable(v.string()),
});
