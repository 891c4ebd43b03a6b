/**
 * The rows of a session's waitlist (`event_waitlist`) and its maintained
 * count on the event (`waitlistCount`). Only reads and writes of the rows:
 * who is promoted and when is ./participation's (the write that frees a
 * seat), joining and leaving the list ./waitlist's.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { WAITLIST_PLACE_COUNTED_MAX } from "../../shared/capacityRules";

export type WaitlistDoc = Doc<"event_waitlist">;
type EventDoc = Doc<"events">;

export async function getWaitlistEntry(
  ctx: QueryCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
): Promise<WaitlistDoc | null> {
  return await ctx.db
    .query("event_waitlist")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId).eq("userId", userId))
    .unique();
}

/** The first `limit` people waiting, earliest first. */
export async function firstWaitlisted(
  ctx: QueryCtx,
  eventId: Id<"events">,
  limit: number,
): Promise<WaitlistDoc[]> {
  return await ctx.db
    .query("event_waitlist")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .take(limit);
}

/**
 * A person's place (1 = next), counting at most WAITLIST_PLACE_COUNTED_MAX
 * people ahead; past that the place reads as that bound plus one ("100+").
 */
export async function waitlistPlace(ctx: QueryCtx, entry: WaitlistDoc): Promise<number> {
  const ahead = await ctx.db
    .query("event_waitlist")
    .withIndex("by_event", (q) =>
      q.eq("eventId", entry.eventId).lt("_creationTime", entry._creationTime),
    )
    .take(WAITLIST_PLACE_COUNTED_MAX + 1);
  return ahead.length + 1;
}

async function patchWaitlistCount(
  ctx: MutationCtx,
  event: EventDoc,
  delta: number,
): Promise<EventDoc> {
  const waitlistCount = Math.max(0, (event.waitlistCount ?? 0) + delta);
  await ctx.db.patch("events", event._id, { waitlistCount });
  return { ...event, waitlistCount };
}

/** Puts a person at the end of the waitlist, or changes their plus-ones keeping their place. */
export async function addToWaitlist(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
  plusOnes: number,
): Promise<{ event: EventDoc; entry: WaitlistDoc }> {
  const existing = await getWaitlistEntry(ctx, event._id, userId);
  if (existing !== null) {
    if (existing.plusOnes !== plusOnes)
      await ctx.db.patch("event_waitlist", existing._id, { plusOnes });
    return { event, entry: { ...existing, plusOnes } };
  }
  const id = await ctx.db.insert("event_waitlist", { eventId: event._id, userId, plusOnes });
  return { event: await patchWaitlistCount(ctx, event, 1), entry: (await ctx.db.get("event_waitlist", id))! };
}

/** Takes a row off the waitlist and the count down. */
export async function removeWaitlistEntry(
  ctx: MutationCtx,
  event: EventDoc,
  entry: WaitlistDoc,
): Promise<EventDoc> {
  await ctx.db.delete("event_waitlist", entry._id);
  return await patchWaitlistCount(ctx, event, -1);
}
