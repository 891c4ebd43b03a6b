/** Longest side after downscaling, and the JPEG quality used for it. */
const MAX_PHOTO_DIMENSION = 2048;
const RESIZED_JPEG_QUALITY = 0.85;

/** The size to draw an image at so its longest side is at most `max` (unchanged when already small). */
export function fitWithin(width: number, height: number, max: number = MAX_PHOTO_DIMENSION) {
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height, scaled: false };
  const scale = max / longest;
  return { width: Math.round(width * scale), height: Math.round(height * scale), scaled: true };
}

/**
 * Downscales a large photo in the browser (canvas, JPEG 0.85) before upload.
 * Small photos, and any the browser cannot decode or re-encode, are returned
 * as they are: the server checks the stored file either way.
 */
export async function downscaleIfLarge(file: File): Promise<File> {
  if (typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    if (!size.scaled) return file;
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (context === null) return file;
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, "image/jpeg", RESIZED_JPEG_QUALITY),
    );
    if (blob === null || blob.size >= file.size) return file;
    const name = file.name.replace(/\.[^.]+$/, "") + ".jpg";
    return new File([blob], name, { type: "image/jpeg", lastModified: Date.now() });
  } finally {
    bitmap.close();
  }
}
