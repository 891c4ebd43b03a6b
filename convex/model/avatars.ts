/**
 * Checking an uploaded avatar before it becomes the user's picture.
 *
 * The browser checks type and size before uploading; the server checks again
 * from the stored file itself: its size from the `_storage` metadata, its type
 * from its first bytes (magic numbers), since the content type recorded at
 * upload is whatever the client declared (and convex-test records none). A
 * declared type outside JPG/PNG/WebP is refused too. A refused file is deleted.
 * Reading the bytes needs `ctx.storage.get`, which only actions have: that is
 * why `profiles.setAvatar` is an action.
 */
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { ActionCtx } from "../_generated/server";
import { ERROR_MESSAGES } from "../../shared/errors";
import { isImageTypeRefused } from "../../shared/imageTypes";
import {
  AVATAR_MAX_BYTES,
  IMAGE_SNIFF_BYTES,
  avatarFileProblem,
  fileTypeNotAllowedMessage,
  sniffImageType,
  type AvatarFileProblem,
} from "../../shared/profileRules";
import { appError } from "./errors";

export async function checkAndSetAvatar(
  ctx: ActionCtx,
  userId: Id<"users">,
  storageId: Id<"_storage">,
): Promise<{ avatarUrl: string | null }> {
  const upload: { size: number; contentType: string | null; ownedByAnotherUser: boolean } | null = await ctx.runQuery(
    internal.profiles.avatarUploadInfo,
    { userId, storageId },
  );
  if (upload === null) throw appError("NOT_FOUND", ERROR_MESSAGES.fileNotFound, { field: "avatar" });
  // Someone else's picture: refuse, and leave their file alone.
  if (upload.ownedByAnotherUser) throw appError("FORBIDDEN", ERROR_MESSAGES.fileNotFound, { field: "avatar" });

  const refuse = async (problem: AvatarFileProblem): Promise<never> => {
    await ctx.storage.delete(storageId);
    throw appError(problem.code, problem.message, { field: "avatar" });
  };

  // The picture rule of covers and photos (shared/imageTypes.ts): an empty declared type is left to the bytes.
  if (isImageTypeRefused(upload.contentType ?? "")) {
    return await refuse({ code: "FILE_TYPE_NOT_ALLOWED", message: fileTypeNotAllowedMessage() });
  }
  // Too large: refuse without downloading it.
  if (upload.size > AVATAR_MAX_BYTES) {
    return await refuse(avatarFileProblem({ type: "image/jpeg", size: upload.size })!);
  }
  const blob = await ctx.storage.get(storageId);
  if (blob === null) throw appError("NOT_FOUND", ERROR_MESSAGES.fileNotFound, { field: "avatar" });
  const head = new Uint8Array(await blob.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
  const problem = avatarFileProblem({ type: sniffImageType(head), size: blob.size });
  if (problem !== null) return await refuse(problem);

  return await ctx.runMutation(internal.profiles.setAvatarAfterChecks, { userId, storageId });
}
