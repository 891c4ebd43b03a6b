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
import { IMAGE_SNIFF_BYTES, sniffImageType } from "../../shared/profileRules";
import { ERROR_MESSAGES } from "../../shared/errors";
import { PHOTO_MAX_BYTES, RECAP_MESSAGES, parseCaption, photoFileProblem, type PhotoFileProblem } from "../../shared/recapRules";
import { clampPageSize } from "../../shared/eventAccess";
import { appError } from "./errors";
import { People, type PersonView } from "./eventViews";
import { deleteStoredFile, isAnotherUsersAvatar } from "./profiles";
import { adjustRecapCounters, getEventEnsuringRecapAttendee, getEventEnsuringRecapViewer, recapUnlocked } from "./recap";
import { countBadgeActivity } from "./badgeCounters";

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

/** Deletes the row and its file, and takes it out of the event's count. */
export async function deletePhoto(ctx: MutationCtx, photo: PhotoDoc): Promise<void> {
  await ctx.db.delete("event_photos", photo._id);
  await deleteStoredFile(ctx, photo.storageId);
  await adjustRecapCounters(ctx, photo.eventId, { photoCount: -1 });
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

export type PhotoView = {
  _id: Id<"event_photos">;
  eventId: Id<"events">;
  url: string | null;
  caption: string | null;
  createdAt: number;
  uploader: PersonView;
  canDelete: boolean;
};

export async function photoView(ctx: QueryCtx, photo: PhotoDoc, event: { createdBy: Id<"users"> }, people: People, viewerId: Id<"users"> | null): Promise<PhotoView> {
  return {
    _id: photo._id,
    eventId: photo.eventId,
    url: await ctx.storage.getUrl(photo.storageId),
    caption: photo.caption,
    createdAt: photo.createdAt,
    uploader: await people.get(photo.uploadedBy),
    canDelete: canDeletePhoto(photo, event, viewerId),
  };
}

const EMPTY_PAGE = { page: [], isDone: true, continueCursor: "" };

/** Newest first, for anyone who may see the event, once its recap is open (an empty page before). */
export async function listPhotosForViewer(
  ctx: QueryCtx,
  viewerId: Id<"users"> | null,
  eventId: Id<"events">,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<PhotoView>> {
  const { event } = await getEventEnsuringRecapViewer(ctx, eventId, viewerId);
  if (!recapUnlocked(event)) return EMPTY_PAGE;
  const result = await ctx.db
    .query("event_photos")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .order("desc")
    .paginate({ ...paginationOpts, numItems: clampPageSize(paginationOpts.numItems, PHOTO_PAGE_MAX) });
  const people = new People(ctx, viewerId);
  return { ...result, page: await Promise.all(result.page.map((photo) => photoView(ctx, photo, event, people, viewerId))) };
}

/** The newest photo of an event, or null. */
export async function latestPhoto(ctx: QueryCtx, eventId: Id<"events">): Promise<PhotoDoc | null> {
  return await ctx.db
    .query("event_photos")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .order("desc")
    .first();
}
