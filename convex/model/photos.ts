/**
 * The photo gallery (types, size and caption limits, who may delete:
 * docs/product-rules.md#recap). Uploads are checked in an action
 * like avatars (model/avatars.ts): size from the `_storage` metadata, the
 * real type from the file's first bytes; a refused file is deleted. Then an
 * internal mutation checks access again and inserts the row.
 */
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { ActionCtx, MutationCtx, QueryCtx } from "../_generated/server";
import type { PaginationOptions, PaginationResult } from "convex/server";
import type { Infer } from "convex/values";
import { IMAGE_SNIFF_BYTES, sniffImageType } from "../../shared/profileRules";
import { ERROR_MESSAGES } from "../../shared/errors";
import { PHOTO_MAX_BYTES, RECAP_MESSAGES, parseCaption, photoFileProblem, type PhotoFileProblem } from "../../shared/recapRules";
import { clampPageSize } from "../../shared/eventAccess";
import { canObjectToPhoto, canSeeObjectors, canSeePhoto, hiddenPhotoReason, isPhotoHidden } from "../../shared/photoConsentRules";
import { appError } from "./errors";
import { People } from "./eventViews";
import type { photoViewValidator } from "./recapValidators";
import { deleteStoredFile, isAnotherUsersAvatar } from "./profiles";
import { adjustRecapCounters, getEventEnsuringRecapAttendee, getEventEnsuringRecapViewer, recapUnlocked } from "./recap";
import { countBadgeActivity } from "./badgeCounters";
import { deleteObjectionsOfPhoto, isHostOf, objectorNames, photoStandingOf } from "./photoObjections";

export type PhotoDoc = Doc<"event_photos">;

/** Gallery pages hold at most this many photos. */
export const PHOTO_PAGE_MAX = 20;

// ---------------------------------------------------------------- adding

/** Whether the file is already something else: a photo, an event cover or an avatar of someone else. */
export async function isStoredFileInUse(ctx: QueryCtx, storageId: Id<"_storage">, userId: Id<"users">): Promise<boolean> {
  const photo = await ctx.db
    .query("event_photos")
    .withIndex("by_storage_id", (q) => q.eq("storageId", storageId))
    .first();
  if (photo !== null) return true;
  const cover = await ctx.db
    .query("events")
    .withIndex("by_cover_storage_id", (q) => q.eq("coverStorageId", storageId))
    .first();
  return cover !== null || (await isAnotherUsersAvatar(ctx, storageId, userId));
}

export type PhotoUploadInfo = { size: number; contentType: string | null; inUse: boolean } | null;

/** For the action: access (attendee, open recap), then the file's metadata. */
export async function photoUploadInfo(
  ctx: QueryCtx,
  userId: Id<"users">,
  eventId: Id<"events">,
  storageId: Id<"_storage">,
): Promise<PhotoUploadInfo> {
  await getEventEnsuringRecapAttendee(ctx, eventId, userId, RECAP_MESSAGES.onlyAttendeesUpload);
  const file = await ctx.db.system.get("_storage", storageId);
  if (file === null) return null;
  return { size: file.size, contentType: file.contentType ?? null, inUse: await isStoredFileInUse(ctx, storageId, userId) };
}

/** The action's part: checks the stored file, deletes it when refused, then inserts through an internal mutation. */
export async function checkAndAddPhoto(
  ctx: ActionCtx,
  userId: Id<"users">,
  input: { eventId: Id<"events">; storageId: Id<"_storage">; caption?: string | null },
): Promise<{ photoId: Id<"event_photos">; url: string | null }> {
  const { eventId, storageId } = input;
  const caption = parseCaption(input.caption);
  if (!caption.ok) throw appError("VALIDATION", caption.message, { field: "caption" });
  const upload: PhotoUploadInfo = await ctx.runQuery(internal.photos.uploadInfo, { userId, eventId, storageId });
  if (upload === null) throw appError("NOT_FOUND", ERROR_MESSAGES.fileNotFound, { field: "photo" });
  // Someone else's file: refuse, and leave it alone.
  if (upload.inUse) throw appError("FORBIDDEN", ERROR_MESSAGES.fileNotFound, { field: "photo" });

  const refuse = async (problem: PhotoFileProblem): Promise<never> => {
    await ctx.storage.delete(storageId);
    throw appError(problem.code, problem.message, { field: "photo" });
  };
  // A declared type naming something else is refused before reading; an empty one is left to the bytes.
  const declared = photoFileProblem({ type: upload.contentType ?? "", size: 0 });
  if (declared !== null) return await refuse(declared);
  // Too large: refuse without downloading it.
  if (upload.size > PHOTO_MAX_BYTES) {
    return await refuse(photoFileProblem({ type: "image/jpeg", size: upload.size })!);
  }
  const blob = await ctx.storage.get(storageId);
  if (blob === null) throw appError("NOT_FOUND", ERROR_MESSAGES.fileNotFound, { field: "photo" });
  const head = new Uint8Array(await blob.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
  const problem = photoFileProblem({ type: sniffImageType(head), size: blob.size });
  if (problem !== null) return await refuse(problem);

  return await ctx.runMutation(internal.photos.addAfterChecks, { userId, eventId, storageId, caption: caption.caption });
}

/** The mutation's part: the user still exists and may upload; one row, one more in the event's count. */
export async function insertPhotoAfterChecks(
  ctx: MutationCtx,
  userId: Id<"users">,
  input: { eventId: Id<"events">; storageId: Id<"_storage">; caption: string | null },
): Promise<{ photoId: Id<"event_photos">; url: string | null }> {
  if ((await ctx.db.get("users", userId)) === null) {
    await deleteStoredFile(ctx, input.storageId);
    throw appError("NOT_AUTHENTICATED", RECAP_MESSAGES.notAuthenticated);
  }
  await getEventEnsuringRecapAttendee(ctx, input.eventId, userId, RECAP_MESSAGES.onlyAttendeesUpload);
  if (await isStoredFileInUse(ctx, input.storageId, userId)) {
    throw appError("FORBIDDEN", ERROR_MESSAGES.fileNotFound, { field: "photo" });
  }
  const photoId = await ctx.db.insert("event_photos", {
    eventId: input.eventId,
    uploadedBy: userId,
    storageId: input.storageId,
    caption: input.caption,
    createdAt: Date.now(),
  });
  await adjustRecapCounters(ctx, input.eventId, { photoCount: 1 });
  await countBadgeActivity(ctx, userId, "photo");
  return { photoId, url: await ctx.storage.getUrl(input.storageId) };
}

// ---------------------------------------------------------------- removing

/** Deletes the row, its file and its objections, and takes it out of the event's shown or hidden count. */
export async function deletePhoto(ctx: MutationCtx, photo: PhotoDoc): Promise<void> {
  await ctx.db.delete("event_photos", photo._id);
  await deleteStoredFile(ctx, photo.storageId);
  await deleteObjectionsOfPhoto(ctx, photo._id);
  await adjustRecapCounters(ctx, photo.eventId, isPhotoHidden(photo) ? { hiddenPhotoCount: -1 } : { photoCount: -1 });
}

/** The uploader or the event's creator may delete a photo. */
export function canDeletePhoto(photo: PhotoDoc, event: { createdBy: Id<"users"> } | null, userId: Id<"users"> | null): boolean {
  return userId !== null && (photo.uploadedBy === userId || event?.createdBy === userId);
}

export async function deletePhotoEnsuringUploaderOrHost(
  ctx: MutationCtx,
  userId: Id<"users">,
  photoId: Id<"event_photos">,
): Promise<void> {
  const photo = await ctx.db.get("event_photos", photoId);
  if (photo === null) throw appError("NOT_FOUND", RECAP_MESSAGES.photoNotFound);
  const event = await ctx.db.get("events", photo.eventId);
  if (!canDeletePhoto(photo, event, userId)) throw appError("FORBIDDEN", RECAP_MESSAGES.deletePhotoNotAllowed);
  await deletePhoto(ctx, photo);
}

// ---------------------------------------------------------------- listing

/** A photo as one viewer sees it (who may delete it, why it is hidden, whether they objected). */
export type PhotoView = Infer<typeof photoViewValidator>;

/** Who is looking: their id and whether they host the session (creator or co-host). */
export type PhotoViewer = { id: Id<"users"> | null; isHost: boolean };

/** A photo as `viewer` sees it, or null when it is hidden from them (no row, no file URL). */
export async function photoView(
  ctx: QueryCtx,
  photo: PhotoDoc,
  event: { createdBy: Id<"users"> },
  people: People,
  viewer: PhotoViewer,
): Promise<PhotoView | null> {
  const standing = await photoStandingOf(ctx, photo, viewer.id, viewer.isHost);
  if (!canSeePhoto(photo, standing)) return null;
  const hiddenReason = isPhotoHidden(photo)
    ? hiddenPhotoReason({
        count: photo.objectionCount ?? 0,
        viewerObjected: standing.hasObjected,
        names: canSeeObjectors(standing) ? await objectorNames(ctx, photo, viewer.id, people) : [],
      })
    : null;
  return {
    _id: photo._id,
    eventId: photo.eventId,
    url: await ctx.storage.getUrl(photo.storageId),
    caption: photo.caption,
    createdAt: photo.createdAt,
    uploader: await people.get(photo.uploadedBy),
    canDelete: canDeletePhoto(photo, event, viewer.id),
    hiddenReason,
    viewerObjected: standing.hasObjected,
    canObject: canObjectToPhoto(viewer.id !== null, standing) && !standing.hasObjected,
  };
}

const EMPTY_PAGE = { page: [], isDone: true, continueCursor: "" };

/**
 * Newest first, for anyone who may see the event, once its recap is open (an
 * empty page before). A hidden photo is left out of the page for those who
 * may not see it, so a page may hold fewer than asked for.
 */
export async function listPhotosForViewer(
  ctx: QueryCtx,
  viewerId: Id<"users"> | null,
  eventId: Id<"events">,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<PhotoView>> {
  const access = await getEventEnsuringRecapViewer(ctx, eventId, viewerId);
  const { event } = access;
  if (!recapUnlocked(event)) return EMPTY_PAGE;
  const result = await ctx.db
    .query("event_photos")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .order("desc")
    .paginate({ ...paginationOpts, numItems: clampPageSize(paginationOpts.numItems, PHOTO_PAGE_MAX) });
  const people = new People(ctx, viewerId);
  const viewer = { id: viewerId, isHost: isHostOf(access) };
  const views = await Promise.all(result.page.map((photo) => photoView(ctx, photo, event, people, viewer)));
  return { ...result, page: views.filter((view) => view !== null) };
}

/** The newest photo of an event shown to everyone, among its latest page; or null. */
export async function latestPhoto(ctx: QueryCtx, eventId: Id<"events">): Promise<PhotoDoc | null> {
  const latest = await ctx.db
    .query("event_photos")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .order("desc")
    .take(PHOTO_PAGE_MAX);
  return latest.find((photo) => !isPhotoHidden(photo)) ?? null;
}
