/**
 * Uploads a file to a Convex upload URL with XMLHttpRequest, whose upload
 * progress events `fetch` does not offer, and resolves with the storage id.
 */
export function uploadWithProgress(
  uploadUrl: string,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", uploadUrl);
    request.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(new Error(uploadFailureReason(request)));
        return;
      }
      try {
        const body = JSON.parse(request.responseText) as { storageId?: unknown };
        if (typeof body.storageId !== "string") throw new Error("no storage id");
        onProgress(1);
        resolve(body.storageId);
      } catch {
        reject(new Error("The server sent an unexpected answer"));
      }
    };
    request.onerror = () => reject(new Error("Network error"));
    request.onabort = () => reject(new Error("Upload cancelled"));
    request.send(file);
  });
}

function uploadFailureReason(request: XMLHttpRequest): string {
  if (request.status === 413) return "The file is too large";
  const text = request.responseText.trim();
  return text && text.length < 200 ? text : `Upload failed (${request.status})`;
}
