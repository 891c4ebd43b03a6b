/** A failed upload request; its message is fit to show. */
export class UploadError extends Error {}

/**
 * POSTs a file to a Convex upload URL with XMLHttpRequest (fetch cannot
 * report upload progress), calling `onProgress` with 0–100. Resolves with
 * the stored file's id. Aborting `signal` stops the upload.
 */
export function uploadWithProgress(
  url: string,
  file: Blob,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    // A reason given to abort() explains it (the connection was lost); a bare abort is a cancel.
    const cancelled = () => {
      const reason: unknown = signal?.reason;
      return new UploadError(
        reason instanceof Error && reason.name !== "AbortError"
          ? reason.message
          : "Upload cancelled",
      );
    };
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const request = new XMLHttpRequest();
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.open("POST", url);
    request.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener("load", () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          const { storageId } = JSON.parse(request.responseText) as { storageId?: unknown };
          if (typeof storageId === "string") {
            onProgress(100);
            resolve(storageId);
            return;
          }
        } catch {
          // Falls through to the error below.
        }
        reject(new UploadError("The upload answered without a file id"));
        return;
      }
      reject(new UploadError(failureReason(request)));
    });
    request.addEventListener("error", () => reject(new UploadError("Network error during upload")));
    request.addEventListener("abort", () => reject(cancelled()));
    request.send(file);
  });
}

/** The server's own message when it gave one (e.g. a file over the size limit), else the status. */
function failureReason(request: XMLHttpRequest): string {
  try {
    const { message } = JSON.parse(request.responseText) as { message?: unknown };
    if (typeof message === "string" && message) return message;
  } catch {
    // Not JSON: fall back to the status below.
  }
  return request.status === 413 ? "The file is too large" : `Upload failed (${request.status})`;
}
