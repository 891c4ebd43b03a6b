/**
 * Photo consent (rules: shared/photoConsentRules.ts, docs/product-rules.md#recap):
 * "I'm in this — don't show it" objections. One row per (photo, person) and
 * the photo's `objectionCount` kept on write; while it is above 0 the photo is
 * hidden and counted in the session's `hiddenPhotoCount` instead of its
 * `photoCount`, so the counts people see stay exact without recounting.
 */
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { canEditEvent } from "../../shared/eventAccess";
import {
  OBJECTOR_NAMES_SHOWN,
  PHOTO_CONSENT_MESSAGES,
  canObjectToPhoto,
  isPhotoHidden,
  type PhotoStanding,
} from "../../shared/photoConsentRules";
import { RECAP_MESSAGES } from "../../shared/recapRules";
import type { CleanupStep, EventCleanup } from "./batchedCleanup";
import { appError } from "./errors";
import type { People } from "./eventViews";
import { getEventAccessIfVisible, type EventAccess } from "./events";
import { adjustRecapCounters, type RecapCounterDelta } from "./recap";

type PhotoDoc = Doc<"event_photos">;
type ObjectionDoc = Doc<"event_photo_objections">;

/** Objection rows deleted with a photo in one mutation; the rest in scheduled batches. */
export const PHOTO_OBJECTIONS_PER_RUN = 100;

/** Which of the session's photo counters a photo is in. */
function photoCounterOf(photo: PhotoDoc): "photoCount" | "hiddenPhotoCount" {
  return isPhotoHidden(photo) ? "hiddenPhotoCount" : "photoCount";
}

export async function objectionOf(
  ctx: QueryCtx,
  photoId: Id<"event_photos">,
  userId: Id<"users"> | null,
): Promise<ObjectionDoc | null> {
  if (userId === null) return null;
  return await ctx.db
    .query("event_photo_objections")
    .withIndex("by_photo_and_user", (q) => q.eq("photoId", photoId).eq("userId", userId))
    .unique();
}

/** Whether the viewer is the session's creator or an accepted co-host. */
export function isHostOf(access: EventAccess): boolean {
  return access.participation !== null && canEditEvent(access.participation);
}

/** The viewer's standing towards a photo; the objection is looked up only when the photo is hidden. */
export async function photoStandingOf(
  ctx: QueryCtx,
  photo: PhotoDoc,
  viewerId: Id<"users"> | null,
  isHost: boolean,
): Promise<PhotoStanding> {
  return {
    isUploader: viewerId !== null && photo.uploadedBy === viewerId,
    isHost,
    hasObjected: isPhotoHidden(photo) && (await objectionOf(ctx, photo._id, viewerId)) !== null,
  };
}

/**
 * The photo and the caller's standing, when the caller may see its gallery:
 * a photo of a session they may not see answers 'Photo not found' like a
 * missing one. A photo hidden from them still takes their objection: it may
 * have been hidden by someone else a moment after they saw it, and theirs must
 * count once that one is lifted.
 */
async function getPhotoEnsuringGalleryViewer(
  ctx: QueryCtx,
  photoId: Id<"event_photos">,
  userId: Id<"users">,
): Promise<{ photo: PhotoDoc; standing: PhotoStanding }> {
  const photo = await ctx.db.get("event_photos", photoId);
  const access = photo === null ? null : await getEventAccessIfVisible(ctx, await ctx.db.get("events", photo.eventId), userId);
  if (photo === null || access === null) throw appError("NOT_FOUND", RECAP_MESSAGES.photoNotFound);
  return { photo, standing: await photoStandingOf(ctx, photo, userId, isHostOf(access)) };
}

/** Moves a photo between the shown and hidden counts when its objection count crosses 0. */
async function setObjectionCount(ctx: MutationCtx, photo: PhotoDoc, objectionCount: number): Promise<void> {
  await ctx.db.patch("event_photos", photo._id, { objectionCount });
  const before = photoCounterOf(photo);
  const after = photoCounterOf({ ...photo, objectionCount });
  if (before === after) return;
  const delta: RecapCounterDelta = {};
  delta[before] = -1;
  delta[after] = 1;
  await adjustRecapCounters(ctx, photo.eventId, delta);
}

/** "I'm in this — don't show it". A second tap changes nothing. The uploader deletes instead. */
export async function objectToPhotoEnsuringGalleryViewer(
  ctx: MutationCtx,
  userId: Id<"users">,
  photoId: Id<"event_photos">,
): Promise<void> {
  const { photo, standing } = await getPhotoEnsuringGalleryViewer(ctx, photoId, userId);
  if (!canObjectToPhoto(true, standing)) throw appError("FORBIDDEN", PHOTO_CONSENT_MESSAGES.ownPhoto);
  if (standing.hasObjected) return;
  await ctx.db.insert("event_photo_objections", { photoId, eventId: photo.eventId, userId });
  await setObjectionCount(ctx, photo, (photo.objectionCount ?? 0) + 1);
}

/** Lifts the caller's own objection; nobody lifts another's (the uploader or a host deletes instead). */
export async function liftObjectionEnsuringOwn(
  ctx: MutationCtx,
  userId: Id<"users">,
  photoId: Id<"event_photos">,
): Promise<void> {
  const { photo } = await getPhotoEnsuringGalleryViewer(ctx, photoId, userId);
  const objection = await objectionOf(ctx, photoId, userId);
  if (objection === null) throw appError("FORBIDDEN", PHOTO_CONSENT_MESSAGES.notYourObjection);
  await ctx.db.delete("event_photo_objections", objection._id);
  await setObjectionCount(ctx, photo, Math.max(0, (photo.objectionCount ?? 0) - 1));
}

/** Why a hidden photo is hidden, for a viewer who sees it; names only for the uploader and the hosts. */
export async function objectorNames(
  ctx: QueryCtx,
  photo: PhotoDoc,
  viewerId: Id<"users"> | null,
  people: People,
): Promise<string[]> {
  const rows = await ctx.db
    .query("event_photo_objections")
    .withIndex("by_photo_and_user", (q) => q.eq("photoId", photo._id))
    .take(OBJECTOR_NAMES_SHOWN + 1);
  const others = rows.filter((row) => row.userId !== viewerId).slice(0, OBJECTOR_NAMES_SHOWN);
  return await Promise.all(others.map(async (row) => (await people.get(row.userId)).displayName));
}

// ---------------------------------------------------------------- clean-up

/** A deleted photo's objections: a batch now, the rest scheduled (`photos.deleteObjectionsOfDeletedPhoto`). */
export async function deleteObjectionsOfPhoto(ctx: MutationCtx, photoId: Id<"event_photos">): Promise<void> {
  const rows = await ctx.db
    .query("event_photo_objections")
    .withIndex("by_photo_and_user", (q) => q.eq("photoId", photoId))
    .take(PHOTO_OBJECTIONS_PER_RUN);
  for (const row of rows) await ctx.db.delete("event_photo_objections", row._id);
  if (rows.length === PHOTO_OBJECTIONS_PER_RUN) {
    await ctx.scheduler.runAfter(0, internal.photos.deleteObjectionsOfDeletedPhoto, { photoId });
  }
}

/** A deleted session's objections (its photos go in their own step). */
export const deletePhotoObjectionsOfEvent: EventCleanup = async (ctx, eventId, limit) => {
  const rows = await ctx.db
    .query("event_photo_objections")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("event_photo_objections", row._id);
  return rows.length;
};

/**
 * A deleted account's objections. The photo's count is left as it is: the
 * photo stays hidden (leaving is not consent), and its uploader or a host may delete it.
 */
export const deletePhotoObjectionsOfUser: CleanupStep<Id<"users">> = async (ctx, userId, limit) => {
  const rows = await ctx.db
    .query("event_photo_objections")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("event_photo_objections", row._id);
  return rows.length;
};
