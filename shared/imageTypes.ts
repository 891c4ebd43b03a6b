/**
 * One type rule for every uploaded picture — covers, photos and avatars
 * (JPEG, PNG or WebP; "JPG also accepted"). 'image/jpg' is what
 * some tools declare for JPEG. The server judges a stored file by its first
 * bytes (`sniffImageType` in ./profileRules); what the browser declares only
 * rules a file out early when it names another type — an empty declared type
 * (the browser could not tell) is left to the bytes.
 */
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** For `<input type="file" accept=…>`: the types, and the extensions for systems that declare none. */
export const IMAGE_ACCEPT = [...IMAGE_TYPES, "image/jpg", ".jpg", ".jpeg", ".png", ".webp"].join(
  ",",
);

function canonical(type: string): string {
  const lower = type.trim().toLowerCase();
  return lower === "image/jpg" ? "image/jpeg" : lower;
}

/** A JPEG (however declared), PNG or WebP. */
export function isImageType(type: string | null | undefined): boolean {
  return typeof type === "string" && (IMAGE_TYPES as readonly string[]).includes(canonical(type));
}

/**
 * Whether a file's type rules it out: `null` is a file whose bytes are no
 * picture we take (what `sniffImageType` answers); `""` is a browser's
 * "unknown", which passes here and is decided by the bytes on the server.
 */
export function isImageTypeRefused(type: string | null | undefined): boolean {
  if (type === null) return true;
  if (type === undefined || type.trim() === "") return false;
  return !isImageType(type);
}
