import { useAction, useMutation } from "convex/react";
import { useCallback } from "react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { errorMessage } from "@shared/errors";
import { connectionLostReason } from "@/lib/offline/connectionWatch";
import { runWhileConnected } from "@/lib/offline/useConnectionLost";
import { uploadWithProgress } from "@/lib/uploadWithProgress";

/**
 * Uploads a cover with progress and makes it the event's cover; throws with
 * a readable reason (the server's message when it refused the file). An upload
 * stops when the connection is lost, so the form's button never spins on it.
 */
export function useCoverUpload() {
  const generateUploadUrl = useMutation(api.events.generateCoverUploadUrl);
  const setCover = useAction(api.events.setCover);
  return useCallback(
    async (eventId: Id<"events">, file: File, onProgress: (fraction: number) => void) => {
      try {
        const uploadUrl = await generateUploadUrl({});
        const storageId = await runWhileConnected((signal) =>
          uploadWithProgress(uploadUrl, file, (percent) => onProgress(percent / 100), signal),
        );
        await setCover({ eventId, storageId: storageId as Id<"_storage"> });
      } catch (error) {
        const fallback =
          connectionLostReason(error) ??
          (error instanceof Error && !("data" in error) ? error.message : "Please try again");
        throw new Error(errorMessage(error, fallback), { cause: error });
      }
    },
    [generateUploadUrl, setCover],
  );
}
