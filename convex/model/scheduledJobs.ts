/** Scheduled jobs remembered by id on a row, so an edit or a deletion can cancel them. */
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";

/** Cancels `jobId` if it has not run yet (a job that ran or was cancelled is left alone). */
export async function cancelIfPending(
  ctx: MutationCtx,
  jobId: Id<"_scheduled_functions"> | null,
): Promise<void> {
  if (jobId === null) return;
  const job = await ctx.db.system.get("_scheduled_functions", jobId);
  if (job !== null && job.state.kind === "pending") await ctx.scheduler.cancel(jobId);
}
