/**
 * The Toast Recap card, shown after the night: who came, the rating
 * summary, the photo
 * and comment counts, the top comment (most reactions) or else the latest
 * photo, and whether the viewer attended ('You missed this one!' when not).
 * Bounded: counters from the event, 5 participants, one comment or photo.
 */
import type { Infer } from "convex/values";
import type { Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { EVENT_PAGE_ATTENDEES_SHOWN } from "../../shared/eventAccess";
import { recapUnlockTime } from "../../shared/eventTiming";
import { crawlSummary } from "../../shared/stopRules";
import { ViewerReactions, commentView, topComment } from "./comments";
import { People } from "./eventViews";
import { getRating, ratingView } from "./ratings";
import type { recapViewValidator } from "./recapValidators";
import { latestPhoto, photoView } from "./photos";
import { isHostOf } from "./photoObjections";
import { getEventEnsuringRecapViewer, ratingSummaryOf, recapUnlocked, viewerAttended } from "./recap";
import { crawlStopCount } from "./stopRows";

export async function recapForViewer(
  ctx: QueryCtx,
  viewerId: Id<"users"> | null,
  eventId: Id<"events">,
): Promise<RecapView> {
  const access = await getEventEnsuringRecapViewer(ctx, eventId, viewerId);
  const { event } = access;
  const people = new People(ctx, viewerId);
  const unlocked = recapUnlocked(event);
  const attended = viewerAttended(access);
  const base = {
    eventId,
    unlocked,
    unlockTime: recapUnlockTime(event, event.timeZone),
    viewerAttended: attended,
    /** Attendees may rate, upload and comment (once unlocked). */
    canContribute: unlocked && attended,
    rating: ratingSummaryOf(event),
    photoCount: event.photoCount ?? 0,
    /** Photos hidden at someone's request: told to the hosts only (0 for others). */
    hiddenPhotoCount: isHostOf(access) ? (event.hiddenPhotoCount ?? 0) : 0,
    commentCount: event.commentCount ?? 0,
    attendeeCount: event.attendeeCount,
    /** "3 stops · 5 hours" for a session with a bar crawl; null without one. */
    crawl: await crawlLine(ctx, eventId, event.endTime - event.startTime),
  };
  const participants = await ctx.db
    .query("event_participants")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .take(EVENT_PAGE_ATTENDEES_SHOWN);
  const whoCame = await Promise.all(participants.map((row) => people.get(row.userId)));
  if (!unlocked) return { ...base, whoCame, myRating: null, topComment: null, latestPhoto: null };

  const myRow = viewerId === null ? null : await getRating(ctx, eventId, viewerId);
  const comment = await topComment(ctx, eventId);
  const photo = comment === null ? await latestPhoto(ctx, eventId) : null;
  return {
    ...base,
    whoCame,
    myRating: myRow === null ? null : ratingView(myRow),
    topComment: comment === null ? null : await commentView(comment, people, new ViewerReactions(ctx, eventId, viewerId)),
    latestPhoto: photo === null ? null : await photoView(ctx, photo, event, people, { id: viewerId, isHost: isHostOf(access) }),
  };
}

/** A crawl's line: its stops and the session's length (one indexed read). */
async function crawlLine(ctx: QueryCtx, eventId: Id<"events">, durationMs: number): Promise<string | null> {
  const stops = await crawlStopCount(ctx, eventId);
  return stops === 0 ? null : crawlSummary(stops, durationMs);
}

export type RecapView = Infer<typeof recapViewValidator>;
