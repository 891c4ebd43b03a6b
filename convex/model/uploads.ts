/**
 * Stored files (covers, photos, avatars): minting upload URLs, rate-limited
 * per user, and sweeping files nothing refers to. A file is uploaded first
 * and claimed afterwards by `setCover`, `photos.add` or `setAvatar`; a refused
 * file is deleted at once, a replaced one too, but an abandoned upload (the
 * tab closed before the claim) would stay for ever. The hourly sweep deletes
 * every file no document refers to once it is a day old, walking `_storage`
 * in creation order from where it stopped last time (`file_sweeps`).
 */
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { HOUR_MS, UPLOAD_URL_LIMIT, uploadRateLimitMessage } from "../../shared/rateLimit";
import { appError } from "./errors";
import { takeToken } from "./rateLimits";

/** A one-time upload URL, at most UPLOAD_URL_LIMIT per user (RATE_LIMITED beyond). */
export async function generateUploadUrlFor(ctx: MutationCtx, userId: Id<"users">): Promise<string> {
  const token = await takeToken(ctx, "upload_url", userId, UPLOAD_URL_LIMIT);
  if (!token.ok) {
    throw appError("RATE_LIMITED", uploadRateLimitMessage(token.retryAfterMs), { retryAfterMs: token.retryAfterMs });
  }
  return await ctx.storage.generateUploadUrl();
}

/** Everything that may refer to a stored file; an area that stores files adds its check here. */
const FILE_REFERENCES: ReadonlyArray<(ctx: QueryCtx, storageId: Id<"_storage">) => Promise<boolean>> = [
  async (ctx, storageId) =>
    (await ctx.db
      .query("events")
      .withIndex("by_cover_storage_id", (q) => q.eq("coverStorageId", storageId))
      .first()) !== null,
  async (ctx, storageId) =>
    (await ctx.db
      .query("event_photos")
      .withIndex("by_storage_id", (q) => q.eq("storageId", storageId))
      .first()) !== null,
  async (ctx, storageId) =>
    (await ctx.db
      .query("user_profiles")
      .withIndex("by_avatar_storage_id", (q) => q.eq("avatarStorageId", storageId))
      .first()) !== null,
];

export async function isStoredFileReferenced(ctx: QueryCtx, storageId: Id<"_storage">): Promise<boolean> {
  for (const isReferenced of FILE_REFERENCES) if (await isReferenced(ctx, storageId)) return true;
  return false;
}

/** An upload is claimed within moments; one unclaimed after a day was abandoned. */
export const UNCLAIMED_FILE_GRACE_MS = 24 * HOUR_MS;
export const FILE_SWEEP_BATCH = 100;

/**
 * Checks the next FILE_SWEEP_BATCH files past the grace period that were not
 * checked yet, deleting the ones nothing refers to. Files found referenced
 * are not checked again: whoever drops a reference deletes the file.
 */
export async function sweepUnreferencedFiles(
  ctx: MutationCtx,
  now: number = Date.now(),
): Promise<{ checked: number; deleted: number; more: boolean }> {
  const progress = await ctx.db.query("file_sweeps").first();
  const from = progress?.checkedThrough ?? 0;
  const files = await ctx.db.system
    .query("_storage")
    .withIndex("by_creation_time", (q) => q.gt("_creationTime", from).lte("_creationTime", now - UNCLAIMED_FILE_GRACE_MS))
    .take(FILE_SWEEP_BATCH);
  let deleted = 0;
  for (const file of files) {
    if (await isStoredFileReferenced(ctx, file._id)) continue;
    await ctx.storage.delete(file._id);
    deleted += 1;
  }
  const last = files.at(-1);
  if (last !== undefined) {
    if (progress === null) await ctx.db.insert("file_sweeps", { checkedThrough: last._creationTime });
    else await ctx.db.patch("file_sweeps", progress._id, { checkedThrough: last._creationTime });
  }
  return { checked: files.length, deleted, more: files.length === FILE_SWEEP_BATCH };
}
