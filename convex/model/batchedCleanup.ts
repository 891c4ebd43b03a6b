/**
 * Deleting many rows without hitting a transaction's limits: clean-up steps
 * each handle up to `limit` rows and report how many they handled; a step
 * that handled fewer than it was allowed is finished. The caller runs the
 * steps within a budget and schedules itself again until they all finish
 * (event deletion, and a deleted account's events and recap rows).
 */
import type { MutationCtx } from "../_generated/server";

export type CleanupStep<K> = (ctx: MutationCtx, key: K, limit: number) => Promise<number>;

/** Runs `steps` in order within `budget` rows. True when every step is finished. */
export async function runCleanupSteps<K>(
  ctx: MutationCtx,
  key: K,
  steps: ReadonlyArray<CleanupStep<K>>,
  budget: number,
): Promise<boolean> {
  let left = budget;
  for (const step of steps) {
    const limit = left;
    left -= await step(ctx, key, limit);
    if (left <= 0) return false;
  }
  return true;
}
