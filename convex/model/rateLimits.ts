/**
 * Rate limits stored in `rate_limits`: one token bucket (shared/rateLimit.ts)
 * per (name, key). Checked and consumed inside a mutation, so concurrent
 * requests serialise on the row and a refusal that throws writes nothing.
 */
import type { MutationCtx } from "../_generated/server";
import { consume, type RateLimitConfig, type RateLimitResult } from "../../shared/rateLimit";

/** Takes `count` tokens (default one) from bucket (name, key) when there are enough; reports the wait otherwise. */
export async function takeToken(
  ctx: MutationCtx,
  name: string,
  key: string,
  config: RateLimitConfig,
  now: number = Date.now(),
  count: number = 1,
): Promise<RateLimitResult> {
  const row = await ctx.db
    .query("rate_limits")
    .withIndex("by_name_and_key", (q) => q.eq("name", name).eq("key", key))
    .unique();
  const result = consume(row === null ? null : { tokens: row.tokens, updatedAt: row.updatedAt }, config, now, count);
  if (result.ok) {
    if (row === null) {
      await ctx.db.insert("rate_limits", { name, key, ...result.state });
    } else {
      await ctx.db.patch("rate_limits", row._id, result.state);
    }
  }
  return result;
}

/** Forgets bucket (name, key), e.g. when an account is deleted. */
export async function resetRateLimit(ctx: MutationCtx, name: string, key: string): Promise<void> {
  const row = await ctx.db
    .query("rate_limits")
    .withIndex("by_name_and_key", (q) => q.eq("name", name).eq("key", key))
    .unique();
  if (row !== null) await ctx.db.delete("rate_limits", row._id);
}
