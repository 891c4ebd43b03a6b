/**
 * The rows of a session's bar crawl (`event_stops`, `event_crawls`) as other
 * areas read them: the calendar, the share page and the recap ask for the
 * first stop or the count; the session's clean-up deletes them. The rules
 * and the live moves are in ./stops.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { STOPS_MAX, STOPS_MIN_FOR_CRAWL } from "../../shared/stopRules";

export type StopDoc = Doc<"event_stops">;
export type CrawlDoc = Doc<"event_crawls">;

/** The rate-limit bucket of "The crew moved to …", one per session. */
export const STOP_NOTICE_LIMIT = "crawl_notice";

export async function getCrawl(ctx: QueryCtx, eventId: Id<"events">): Promise<CrawlDoc | null> {
  return await ctx.db
    .query("event_crawls")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .unique();
}

/** The session's stops in order (at most STOPS_MAX). */
export async function stopsOf(ctx: QueryCtx, eventId: Id<"events">): Promise<StopDoc[]> {
  return await ctx.db
    .query("event_stops")
    .withIndex("by_event_and_position", (q) => q.eq("eventId", eventId))
    .take(STOPS_MAX);
}

/** Where a crawl meets: its first stop, once it has 2 stops or more (one stop is no crawl yet). */
export function crawlStartIn(
  crawl: Pick<CrawlDoc, "stopCount" | "firstStop"> | null,
): CrawlDoc["firstStop"] {
  return crawl !== null && crawl.stopCount >= STOPS_MIN_FOR_CRAWL ? crawl.firstStop : null;
}

/** Where a session's crawl meets (its first stop), when it has one of 2 stops or more; one indexed read. */
export async function crawlStartOf(
  ctx: QueryCtx,
  eventId: Id<"events">,
): Promise<CrawlDoc["firstStop"]> {
  return crawlStartIn(await getCrawl(ctx, eventId));
}

/** How many stops a session's crawl has; 0 while it has fewer than 2 (no crawl to speak of). */
export async function crawlStopCount(ctx: QueryCtx, eventId: Id<"events">): Promise<number> {
  const crawl = await getCrawl(ctx, eventId);
  return crawl !== null && crawl.stopCount >= STOPS_MIN_FOR_CRAWL ? crawl.stopCount : 0;
}

// ---------------------------------------------------------------- clean-up

/** Up to `limit` of a deleted session's stops, then its crawl row and notice bucket; returns how many went. */
export async function deleteStopsOfEvent(
  ctx: MutationCtx,
  eventId: Id<"events">,
  limit: number,
): Promise<number> {
  const stops = await ctx.db
    .query("event_stops")
    .withIndex("by_event_and_position", (q) => q.eq("eventId", eventId))
    .take(limit);
  for (const stop of stops) await ctx.db.delete("event_stops", stop._id);
  if (stops.length >= limit) return stops.length;
  const crawl = await getCrawl(ctx, eventId);
  if (crawl !== null) await ctx.db.delete("event_crawls", crawl._id);
  const bucket = await ctx.db
    .query("rate_limits")
    .withIndex("by_name_and_key", (q) => q.eq("name", STOP_NOTICE_LIMIT).eq("key", eventId))
    .unique();
  if (bucket !== null) await ctx.db.delete("rate_limits", bucket._id);
  return stops.length + (crawl === null ? 0 : 1) + (bucket === null ? 0 : 1);
}
