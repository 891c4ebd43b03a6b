/** The stored-file sweep (model/uploads.ts), run hourly by crons.ts. */
import { internalMutation } from "./_generated/server";
import { internal } from "./_generated/api";
import { sweepUnreferencedFiles } from "./model/uploads";

/** Deletes day-old files nothing refers to, a batch at a time. */
export const sweepUnreferenced = internalMutation({
  args: {},
  handler: async (ctx) => {
    const result = await sweepUnreferencedFiles(ctx);
    if (result.more) await ctx.scheduler.runAfter(0, internal.uploads.sweepUnreferenced, {});
    return result;
  },
});
