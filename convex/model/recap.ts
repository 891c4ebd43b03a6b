/**
 * After the night (the recap): who may see and who may add ratings, photos and
 * comments, and the event's maintained recap counters.
 *
 * - Everything opens at `recapUnlockTime` (past, or 2 h after the start,
 *   whichever comes first — shared/eventTiming.ts).
 * - Seeing the gallery, the comments and the rating summary: anyone who may
 *   see the event (`getEventEnsuringAccess`: public → anyone, private → its
 *   attendees), so the public page and the 'You missed this one!' card work.
 * - Adding (rating, photo, comment): attendees only — going RSVP, accepted
 *   member or the creator (`isAttendee`).
 */
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { isAttendee } from "../../shared/eventAccess";
import { isRecapUnlocked } from "../../shared/eventTiming";
import { RECAP_MESSAGES, averageRating } from "../../shared/recapRules";
import { appError } from "./errors";
import { getEventEnsuringAccess, getEventOrThrow, type EventAccess, type EventDoc } from "./events";
import { participationOf, readParticipationRows } from "./participation";

export function recapUnlocked(event: EventDoc, now: number = Date.now()): boolean {
  return isRecapUnlocked(event, now, event.timeZone);
}

/** Throws 'Ratings, photos and comments open …' (ours) before the unlock time. */
export function ensureRecapUnlocked(event: EventDoc, now: number = Date.now()): void {
  if (!recapUnlocked(event, now)) throw appError("FORBIDDEN", RECAP_MESSAGES.recapLocked);
}

/** The event, when the viewer may see it (the event page's rule); its recap may still be locked. */
export async function getEventEnsuringRecapViewer(
  ctx: QueryCtx,
  eventId: Id<"events">,
  viewerId: Id<"users"> | null,
): Promise<EventAccess> {
  return await getEventEnsuringAccess(ctx, await ctx.db.get("events", eventId), viewerId);
}

/**
 * The event, when `userId` attended it (going, accepted member or creator)
 * and its recap is open. Non-attendees get `refusal` (the area's message),
 * also on a private event they cannot see.
 */
export async function getEventEnsuringRecapAttendee(
  ctx: QueryCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
  refusal: string,
): Promise<EventDoc> {
  const event = await getEventOrThrow(ctx, eventId);
  const rows = await readParticipationRows(ctx, eventId, userId);
  if (!isAttendee(participationOf(event, userId, rows))) throw appError("FORBIDDEN", refusal);
  ensureRecapUnlocked(event);
  return event;
}

/** Whether the user attended (false when signed out). */
export function viewerAttended(access: EventAccess): boolean {
  return access.participation !== null && isAttendee(access.participation);
}

// ---------------------------------------------------------------- counters

export type RecapCounterDelta = {
  ratingSum?: number;
  ratingCount?: number;
  photoCount?: number;
  hiddenPhotoCount?: number;
  commentCount?: number;
};

/** Adds to the event's recap counters (never below 0); nothing when the event is gone. */
export async function adjustRecapCounters(
  ctx: MutationCtx,
  eventId: Id<"events">,
  delta: RecapCounterDelta,
): Promise<void> {
  const event = await ctx.db.get("events", eventId);
  if (event === null) return;
  const patch: RecapCounterDelta = {};
  for (const key of ["ratingSum", "ratingCount", "photoCount", "hiddenPhotoCount", "commentCount"] as const) {
    if (delta[key] !== undefined && delta[key] !== 0) patch[key] = Math.max(0, (event[key] ?? 0) + delta[key]);
  }
  if (Object.keys(patch).length > 0) await ctx.db.patch("events", eventId, patch);
}

/** `{ average, total }` from the event's counters: average to 1 decimal, null without ratings. */
export function ratingSummaryOf(event: EventDoc): { average: number | null; total: number } {
  const total = event.ratingCount ?? 0;
  return { average: averageRating(event.ratingSum ?? 0, total), total };
}
