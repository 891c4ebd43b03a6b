/**
 * The photo gallery (rules: docs/product-rules.md#recap): thin public functions over model/photos.ts.
 */
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { action, internalMutation, internalQuery, mutation, query } from "./_generated/server";
import { RECAP_MESSAGES } from "../shared/recapRules";
import { appError } from "./model/errors";
import { liftObjectionEnsuringOwn, objectToPhotoEnsuringGalleryViewer, deleteObjectionsOfPhoto } from "./model/photoObjections";
import {
  checkAndAddPhoto,
  deletePhotoEnsuringUploaderOrHost,
  insertPhotoAfterChecks,
  listPhotosForViewer,
  photoUploadInfo,
} from "./model/photos";
import { photoViewValidator } from "./model/recapValidators";
import { generateUploadUrlFor } from "./model/uploads";
import { getViewerId, getViewerIdInAction } from "./model/viewer";

/** An upload URL for a photo file (signed in: 'User not authenticated'). */
export const generateUploadUrl = mutation({
  args: {},
  handler: async (ctx) => {
    const userId = await getViewerId(ctx);
    if (userId === null) throw appError("NOT_AUTHENTICATED", RECAP_MESSAGES.notAuthenticated);
    return await generateUploadUrlFor(ctx, userId);
  },
});

/**
 * Adds an uploaded file to the gallery of an event the caller attends or
 * attended, once its recap is open: `{ eventId, storageId, caption? }` →
 * `{ photoId, url }`. The stored file is checked (real type by its bytes:
 * JPEG, PNG or WebP, else 'Please select an image file'; ≤ 10 MB, else
 * 'Image must be smaller than 10MB') and deleted when refused.
 * Other errors: 'User not authenticated', 'You can only upload photos to
 * events you are attending or have attended', the recap-locked message,
 * 'Caption must be 200 characters or less', 'Uploaded file not found. Please try again.'
 */
export const add = action({
  args: { eventId: v.id("events"), storageId: v.id("_storage"), caption: v.optional(v.union(v.string(), v.null())) },
  handler: async (ctx, args) => {
    const userId = await getViewerIdInAction(ctx);
    if (userId === null) throw appError("NOT_AUTHENTICATED", RECAP_MESSAGES.notAuthenticated);
    return await checkAndAddPhoto(ctx, userId, args);
  },
});

/**
 * The gallery, newest first, at most 20 a page: `{ _id, url, caption,
 * createdAt, uploader, canDelete, hiddenReason, viewerObjected, canObject }`.
 * Anyone who may see the event; an empty page before the recap opens. A photo
 * someone asked not to show is left out (no row, no URL) except for its
 * uploader, the hosts and those who asked, who get `hiddenReason`.
 */
export const list = query({
  args: { eventId: v.id("events"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(photoViewValidator),
  handler: async (ctx, { eventId, paginationOpts }) =>
    await listPhotosForViewer(ctx, await getViewerId(ctx), eventId, paginationOpts),
});

/**
 * Deletes a photo and its file: the uploader or the event's host.
 * Errors: 'User not authenticated', 'Photo not found', 'You can only delete
 * your own photos or photos from events you host'.
 */
export const remove = mutation({
  args: { photoId: v.id("event_photos") },
  handler: async (ctx, { photoId }) => {
    const userId = await getViewerId(ctx);
    if (userId === null) throw appError("NOT_AUTHENTICATED", RECAP_MESSAGES.notAuthenticated);
    await deletePhotoEnsuringUploaderOrHost(ctx, userId, photoId);
    return null;
  },
});

/**
 * "I'm in this — don't show it": hides the photo from everyone but its
 * uploader, the hosts and those who asked. Anyone who may see the gallery;
 * asking twice changes nothing. Errors: 'User not authenticated', 'Photo not
 * found' (also on a session the caller may not see), 'This is your photo: delete it instead'.
 */
export const object = mutation({
  args: { photoId: v.id("event_photos") },
  handler: async (ctx, { photoId }) => {
    const userId = await getViewerId(ctx);
    if (userId === null) throw appError("NOT_AUTHENTICATED", RECAP_MESSAGES.notAuthenticated);
    await objectToPhotoEnsuringGalleryViewer(ctx, userId, photoId);
    return null;
  },
});

/**
 * Lifts the caller's own objection; the photo is shown again once no one objects.
 * Errors: 'User not authenticated', 'Photo not found', 'Only the person who
 * asked not to show it can lift that' (no objection of the caller's own).
 */
export const liftObjection = mutation({
  args: { photoId: v.id("event_photos") },
  handler: async (ctx, { photoId }) => {
    const userId = await getViewerId(ctx);
    if (userId === null) throw appError("NOT_AUTHENTICATED", RECAP_MESSAGES.notAuthenticated);
    await liftObjectionEnsuringOwn(ctx, userId, photoId);
    return null;
  },
});

// ---------------------------------------------------------------- internal (the action's steps)

export const uploadInfo = internalQuery({
  args: { userId: v.id("users"), eventId: v.id("events"), storageId: v.id("_storage") },
  handler: async (ctx, { userId, eventId, storageId }) => {
    if ((await ctx.db.get("users", userId)) === null) throw appError("NOT_AUTHENTICATED", RECAP_MESSAGES.notAuthenticated);
    return await photoUploadInfo(ctx, userId, eventId, storageId);
  },
});

export const addAfterChecks = internalMutation({
  args: { userId: v.id("users"), eventId: v.id("events"), storageId: v.id("_storage"), caption: v.union(v.string(), v.null()) },
  handler: async (ctx, { userId, ...input }) => await insertPhotoAfterChecks(ctx, userId, input),
});


/** Continues deleting a deleted photo's objections (it schedules itself while more are left). */
export const deleteObjectionsOfDeletedPhoto = internalMutation({
  args: { photoId: v.id("event_photos") },
  handler: async (ctx, { photoId }) => {
    await deleteObjectionsOfPhoto(ctx, photoId);
    return null;
  },
});
