/**
 * Announcements go with their session (its clean-up batches) and with their
 * author's account. Their notifications go with them by other paths: those
 * of a deleted session by its `eventId`, those of a deleted account by their
 * sender (./notifications).
 */
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";

/** Up to `limit` of a deleted session's announcements; returns how many went. */
export async function deleteAnnouncementsOfEvent(
  ctx: MutationCtx,
  eventId: Id<"events">,
  limit: number,
): Promise<number> {
  const rows = await ctx.db
    .query("event_announcements")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("event_announcements", row._id);
  return rows.length;
}

/** Up to `limit` of a deleted account's announcements (a co-host's, on others' sessions). */
export async function deleteAnnouncementsOfAuthor(
  ctx: MutationCtx,
  authorId: Id<"users">,
  limit: number,
): Promise<number> {
  const rows = await ctx.db
    .query("event_announcements")
    .withIndex("by_author", (q) => q.eq("authorId", authorId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("event_announcements", row._id);
  return rows.length;
}
