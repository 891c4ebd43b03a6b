/**
 * Checking an uploaded cover image before it becomes an event's cover, the
 * same way avatars are checked (model/avatars.ts): size from the `_storage`
 * metadata, type from the file's first bytes (and a declared type naming
 * something else refused too; one rule with photos: shared/imageTypes.ts); JPEG, PNG or WebP up to 5 MB with the spec's messages
 * ('Cover image must be less than 5MB', 'Cover image must be JPEG, PNG, or
 * WebP'). A refused file is deleted. An action, to read the bytes.
 */
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { ActionCtx } from "../_generated/server";
import { COVER_IMAGE_MAX_BYTES, coverImageProblem, type CoverImageProblem } from "../../shared/eventRules";
import { ERROR_MESSAGES } from "../../shared/errors";
import { IMAGE_SNIFF_BYTES, sniffImageType } from "../../shared/profileRules";
import { appError } from "./errors";

export async function checkAndSetCover(
  ctx: ActionCtx,
  userId: Id<"users">,
  eventId: Id<"events">,
  storageId: Id<"_storage">,
): Promise<{ coverUrl: string | null }> {
  // Throws unless the user may edit the event.
  const upload: { size: number; contentType: string | null; inUseElsewhere: boolean } | null = await ctx.runQuery(
    internal.events.coverUploadInfo,
    { userId, eventId, storageId },
  );
  if (upload === null) throw appError("NOT_FOUND", ERROR_MESSAGES.fileNotFound, { field: "cover" });
  // Someone else's avatar or another event's cover: refuse, and leave the file alone.
  if (upload.inUseElsewhere) throw appError("FORBIDDEN", ERROR_MESSAGES.fileNotFound, { field: "cover" });

  const refuse = async (problem: CoverImageProblem): Promise<never> => {
    await ctx.storage.delete(storageId);
    throw appError(problem.code, problem.message, { field: "cover" });
  };
  // A declared type naming something else is refused before reading; an empty one is left to the bytes.
  const declared = coverImageProblem({ type: upload.contentType ?? "", size: 0 });
  if (declared !== null) return await refuse(declared);
  if (upload.size > COVER_IMAGE_MAX_BYTES) {
    return await refuse(coverImageProblem({ type: "image/jpeg", size: upload.size })!);
  }
  const blob = await ctx.storage.get(storageId);
  if (blob === null) throw appError("NOT_FOUND", ERROR_MESSAGES.fileNotFound, { field: "cover" });
  const head = new Uint8Array(await blob.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
  const problem = coverImageProblem({ type: sniffImageType(head), size: blob.size });
  if (problem !== null) return await refuse(problem);

  return await ctx.runMutation(internal.events.setCoverAfterChecks, { userId, eventId, storageId });
}
