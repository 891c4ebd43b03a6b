/**
 * Receipts of queued (offline) taps (model/idempotency.ts): their clean-up.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import { runCleanupSteps } from "./model/batchedCleanup";
import {
  IDEMPOTENCY_CLEANUP_BATCH,
  IDEMPOTENCY_RETENTION_MS,
  deleteReceiptsBefore,
  deleteReceiptsOfDeletedUser,
} from "./model/idempotency";

/**
 * Deletes receipts older than the retention, a batch a run, continuing with
 * the first run's cut-off until none older is left (cron).
 */
export const deleteOldReceipts = internalMutation({
  args: { before: v.optional(v.number()) },
  handler: async (ctx, args) => {
    const before = args.before ?? Date.now() - IDEMPOTENCY_RETENTION_MS;
    const done = await runCleanupSteps(
      ctx,
      before,
      [deleteReceiptsBefore],
      IDEMPOTENCY_CLEANUP_BATCH,
    );
    if (!done) await ctx.scheduler.runAfter(0, internal.idempotency.deleteOldReceipts, { before });
    return null;
  },
});

/** Continues deleting a deleted account's receipts, a batch a run. */
export const deleteReceiptsOfUser = internalMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    await deleteReceiptsOfDeletedUser(ctx, userId);
    return null;
  },
});
