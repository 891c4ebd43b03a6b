/**
 * Receipts of queued (offline) taps: a mutation sent with an idempotency key
 * runs once per (user, key); a later call with the same key answers with the
 * recorded result and changes nothing. The receipt is written in the same
 * transaction as the tap's effect, so a tap that is refused (throws) leaves
 * no receipt and may be sent again. Keys are per user: one user's receipts
 * are never read for another, so a key cannot replay or reveal someone
 * else's tap.
 */
import type { Value } from "convex/values";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import {
  IDEMPOTENCY_MESSAGES,
  OFFLINE_TAP_MAX_AGE_MS,
  isIdempotencyKey,
} from "../../shared/idempotency";
import { internal } from "../_generated/api";
import { runCleanupSteps, type CleanupStep } from "./batchedCleanup";
import { appError } from "./errors";

/** Receipts are kept as long as a queued tap may still be sent (shared/idempotency.ts). */
export const IDEMPOTENCY_RETENTION_MS = OFFLINE_TAP_MAX_AGE_MS;

/** Receipts deleted per clean-up run; a larger backlog is worked off by scheduled continuations. */
export const IDEMPOTENCY_CLEANUP_BATCH = 200;

/**
 * Runs `run` once for (`userId`, `idempotencyKey`): without a key it just
 * runs; with a key already recorded for this user and `name` it returns the
 * recorded result without running; otherwise it runs and records the key,
 * `name` (the function, e.g. "events:join") and the result.
 * Errors: VALIDATION when the key is malformed or was used with another function.
 */
export async function runOnce<T extends Value | undefined>(
  ctx: MutationCtx,
  userId: Id<"users">,
  idempotencyKey: string | undefined,
  name: string,
  run: () => Promise<T>,
): Promise<T> {
  if (idempotencyKey === undefined) return await run();
  if (!isIdempotencyKey(idempotencyKey)) {
    throw appError("VALIDATION", IDEMPOTENCY_MESSAGES.malformedKey, { field: "idempotencyKey" });
  }
  const receipt = await ctx.db
    .query("idempotencyKeys")
    .withIndex("by_user_and_key", (q) => q.eq("userId", userId).eq("key", idempotencyKey))
    .unique();
  if (receipt !== null) {
    // A key names one tap; sent with another function it is a client's mistake, not a replay.
    if (receipt.name !== name) {
      throw appError("VALIDATION", IDEMPOTENCY_MESSAGES.keyUsedElsewhere, {
        field: "idempotencyKey",
      });
    }
    return receipt.result as T;
  }
  const result = await run();
  await ctx.db.insert("idempotencyKeys", {
    userId,
    key: idempotencyKey,
    name,
    ...(result === undefined ? {} : { result }),
  });
  return result;
}

/** Deletes up to `limit` receipts made before `before`, oldest first (a clean-up step). */
export const deleteReceiptsBefore: CleanupStep<number> = async (ctx, before, limit) => {
  const rows = await ctx.db
    .query("idempotencyKeys")
    .withIndex("by_creation_time", (q) => q.lt("_creationTime", before))
    .take(limit);
  for (const row of rows) await ctx.db.delete("idempotencyKeys", row._id);
  return rows.length;
};

/** Deletes up to `limit` of a user's receipts (a clean-up step: deleting their account). */
export const deleteReceiptsOfUser: CleanupStep<Id<"users">> = async (ctx, userId, limit) => {
  const rows = await ctx.db
    .query("idempotencyKeys")
    .withIndex("by_user_and_key", (q) => q.eq("userId", userId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("idempotencyKeys", row._id);
  return rows.length;
};

/**
 * Deleting an account: the receipts of the user's taps go with it (they hold what each tap
 * answered). A batch now; the rest in scheduled batches.
 */
export async function deleteReceiptsOfDeletedUser(
  ctx: MutationCtx,
  userId: Id<"users">,
): Promise<void> {
  const done = await runCleanupSteps(
    ctx,
    userId,
    [deleteReceiptsOfUser],
    IDEMPOTENCY_CLEANUP_BATCH,
  );
  if (!done) await ctx.scheduler.runAfter(0, internal.idempotency.deleteReceiptsOfUser, { userId });
}
