/**
 * Deleting many rows without hitting a transaction's limits: clean-up steps
 * each handle up to `limit` rows and report how many they handled; a step
 * that handled fewer than it was allowed is finished. The caller runs the
 * steps within a budget and schedules itself again until they all finish
 * (event deletion, and a deleted account's events and recap rows).
 *
 * The shapes of every clean-up live here, apart from the registries that list
 * them (ACCOUNT_CLEANUPS, EVENT_CLEANUPS), so an area's clean-up depends on
 * this module only, never on the registry that calls it.
 */
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";

export type CleanupStep<K> = (ctx: MutationCtx, key: K, limit: number) => Promise<number>;

/**
 * One area's part of deleting an account (an entry of ACCOUNT_CLEANUPS): every
 * row the user owns in that area and the files they reference, keeping
 * maintained counters right; what does not fit one mutation is scheduled.
 */
export type AccountCleanup = (ctx: MutationCtx, userId: Id<"users">) => Promise<void>;

/** One area's part of deleting a session (an entry of EVENT_CLEANUPS). */
export type EventCleanup = CleanupStep<Id<"events">>;

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
