/**
 * Profile rules shared by the edit form (client) and the profile functions
 * (server): field limits, username generation and validation, normalising
 * empty strings to null, the avatar file rules and the zod schemas of the
 * edit form.
 */
import { z } from "zod";
import { FAVORITE_DRINKS, NO_FAVORITE_DRINK, type FavoriteDrink } from "./drinks";
import {
  DEFAULT_DISPLAY_NAME,
  normalizeOptionalText,
  PROFILE_VISIBILITIES,
  type ProfileVisibility,
} from "./profileNames";
import { repairOptionalUserText, textLength, type UserTextOptions } from "./userText";
import { optionalUserText } from "./userTextFields";

export {
  DEFAULT_PROFILE_VISIBILITY,
  normalizeOptionalText,
  profileDisplayName,
  PROFILE_VISIBILITIES,
  PROFILE_VISIBILITY_OPTIONS,
} from "./profileNames";

// ---------------------------------------------------------------- limits

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/** Generated usernames are cut to 20 characters before any suffix. */
const GENERATED_USERNAME_MAX_LENGTH = 20;
export const DISPLAY_NAME_MAX_LENGTH = 50;
export const NICKNAME_MAX_LENGTH = 30;
export const BIO_MAX_LENGTH = 200;
export const TAGLINE_MAX_LENGTH = 100;

const PROFILE_MESSAGES = {
  usernameRequired: "Username is required and must be at least 3 characters",
  usernameTooShort: "Username must be at least 3 characters long",
  usernameTooLong: `Username must be at most ${USERNAME_MAX_LENGTH} characters long`,
  usernameCharacters: "Username can only contain lowercase letters, numbers and underscores",
  displayNameTooLong: `Display name must be ${DISPLAY_NAME_MAX_LENGTH} characters or less`,
  nicknameTooLong: `Nickname must be ${NICKNAME_MAX_LENGTH} characters or less`,
  bioTooLong: `Bio must be ${BIO_MAX_LENGTH} characters or less`,
  taglineTooLong: `Tagline must be ${TAGLINE_MAX_LENGTH} characters or less`,
  favoriteDrinkInvalid: "Please choose a drink from the list",
  visibilityInvalid: "Please choose who can see your profile",
} as const;

// ---------------------------------------------------------------- usernames

/** What the username field stores: trimmed and lower-cased. */
export function normalizeUsername(value: string): string {
  return value.trim().toLowerCase();
}

/** The message for an (already normalised) edited username, or null when it is fine. */
export function usernameError(username: string): string | null {
  if (username.length === 0) return PROFILE_MESSAGES.usernameRequired;
  if (username.length < USERNAME_MIN_LENGTH) return PROFILE_MESSAGES.usernameTooShort;
  if (username.length > USERNAME_MAX_LENGTH) return PROFILE_MESSAGES.usernameTooLong;
  if (!/^[a-z0-9_]+$/.test(username)) return PROFILE_MESSAGES.usernameCharacters;
  return null;
}

function usernameCharactersOnly(value: string): string {
  return value
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, "");
}

/**
 * Lower-cased, everything but a-z, 0-9 and _ removed, cut to 20;
 * shorter than 3 → '_' and the first 8 characters of the user id appended;
 * no display name → base 'user'. (Accents are decomposed first, so 'José' → 'jose'.)
 */
export function generateUsername(displayName: string | null | undefined, userId: string): string {
  const source = normalizeOptionalText(displayName) ?? "user";
  let username = usernameCharactersOnly(source).slice(0, GENERATED_USERNAME_MAX_LENGTH);
  if (username.length < USERNAME_MIN_LENGTH) {
    username = `${username}_${usernameCharactersOnly(userId).slice(0, 8)}`;
  }
  return username;
}

/**
 * `base` with `_{suffix}` appended, the base shortened so the whole stays
 * within the 30-character limit. Used when a generated username is taken.
 */
export function usernameWithSuffix(base: string, suffix: string): string {
  const room = USERNAME_MAX_LENGTH - suffix.length - 1;
  return `${base.slice(0, Math.max(room, 0))}_${suffix}`;
}

// ---------------------------------------------------------------- display names

/**
 * The display name of a new profile: the auth name (Google), else the e-mail
 * prefix, else 'User', cut to the 50-character limit.
 */
export function displayNameFromAuth(auth: { name?: string | null; email?: string | null }): string {
  // A provider's name cannot be refused, only repaired to the user-text rule.
  const name = repairOptionalUserText(auth.name);
  const emailPrefix = repairOptionalUserText(auth.email?.split("@")[0]);
  return [...(name ?? emailPrefix ?? DEFAULT_DISPLAY_NAME)]
    .slice(0, DISPLAY_NAME_MAX_LENGTH)
    .join("");
}

/** 'User ' plus the last 4 characters of the id, for a profile that cannot be found. */
export function fallbackDisplayName(userId: string): string {
  return `${DEFAULT_DISPLAY_NAME} ${userId.slice(-4)}`;
}

// ---------------------------------------------------------------- edit form schemas

/** The user-text rule (./userText); blank becomes null. */
function optionalTextField(max: number, message: string, options: UserTextOptions = {}) {
  return z
    .union([z.string(), z.null()])
    .transform(optionalUserText(options))
    .refine((value) => value === null || textLength(value) <= max, { message });
}

const favoriteDrinkField = z
  .union([z.string(), z.null()])
  .transform((value) => {
    const trimmed = value?.trim() ?? "";
    return trimmed === "" || trimmed === NO_FAVORITE_DRINK ? null : trimmed;
  })
  .pipe(
    z.union([z.enum(FAVORITE_DRINKS), z.null()], { error: PROFILE_MESSAGES.favoriteDrinkInvalid }),
  );

/** A username that must be present and valid (the edit form). */
const usernameSchema = z
  .string()
  .transform(normalizeUsername)
  .superRefine((value, ctx) => {
    const message = usernameError(value);
    if (message !== null) ctx.addIssue({ code: "custom", message });
  });

/**
 * An update sent to the server: every field optional (absent = unchanged).
 * An empty username in an update is dropped; text fields that are
 * empty become null; favourite drink 'none' (or empty) becomes null.
 */
export const profileUpdateSchema = z.object({
  username: z
    .string()
    .transform(normalizeUsername)
    .superRefine((value, ctx) => {
      if (value === "") return; // dropped below
      const message = usernameError(value);
      if (message !== null) ctx.addIssue({ code: "custom", message });
    })
    .transform((value) => (value === "" ? undefined : value))
    .optional(),
  displayName: optionalTextField(
    DISPLAY_NAME_MAX_LENGTH,
    PROFILE_MESSAGES.displayNameTooLong,
  ).optional(),
  nickname: optionalTextField(NICKNAME_MAX_LENGTH, PROFILE_MESSAGES.nicknameTooLong).optional(),
  bio: optionalTextField(BIO_MAX_LENGTH, PROFILE_MESSAGES.bioTooLong, {
    multiline: true,
  }).optional(),
  tagline: optionalTextField(TAGLINE_MAX_LENGTH, PROFILE_MESSAGES.taglineTooLong).optional(),
  favoriteDrink: favoriteDrinkField.optional(),
  profileVisibility: z
    .enum(PROFILE_VISIBILITIES, { error: PROFILE_MESSAGES.visibilityInvalid })
    .optional(),
  showCrewsPublicly: z.boolean().optional(),
});

/** What the client sends (`profiles.update` args). */
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/**
 * The edit form: every field present, the username required
 * ('Username is required and must be at least 3 characters' when empty).
 * Its output is a valid `profiles.update` argument.
 */
export const profileFormSchema = z.object({
  username: usernameSchema,
  displayName: optionalTextField(DISPLAY_NAME_MAX_LENGTH, PROFILE_MESSAGES.displayNameTooLong),
  nickname: optionalTextField(NICKNAME_MAX_LENGTH, PROFILE_MESSAGES.nicknameTooLong),
  bio: optionalTextField(BIO_MAX_LENGTH, PROFILE_MESSAGES.bioTooLong, { multiline: true }),
  tagline: optionalTextField(TAGLINE_MAX_LENGTH, PROFILE_MESSAGES.taglineTooLong),
  favoriteDrink: favoriteDrinkField,
  profileVisibility: z.enum(PROFILE_VISIBILITIES, { error: PROFILE_MESSAGES.visibilityInvalid }),
  showCrewsPublicly: z.boolean(),
});

export type ProfileFormInput = z.input<typeof profileFormSchema>;

/** The form's starting values from a stored profile (null → '' and 'none'). */
export function profileFormDefaults(profile: {
  username: string;
  displayName: string | null;
  nickname: string | null;
  bio: string | null;
  tagline: string | null;
  favoriteDrink: FavoriteDrink | null;
  profileVisibility: ProfileVisibility;
  showCrewsPublicly: boolean;
}): ProfileFormInput {
  return {
    username: profile.username,
    displayName: profile.displayName ?? "",
    nickname: profile.nickname ?? "",
    bio: profile.bio ?? "",
    tagline: profile.tagline ?? "",
    favoriteDrink: profile.favoriteDrink ?? NO_FAVORITE_DRINK,
    profileVisibility: profile.profileVisibility,
    showCrewsPublicly: profile.showCrewsPublicly,
  };
}

export type FieldError = { field: string; message: string };

/** The first problem zod found, as a field and message (for one error at a time). */
export function firstIssue(error: z.ZodError): FieldError {
  const issue = error.issues[0];
  return {
    field: String(issue?.path[0] ?? ""),
    message: issue?.message ?? PROFILE_MESSAGES.usernameRequired,
  };
}

// ---------------------------------------------------------------- avatar

export const AVATAR_MAX_MB = 5;
export const AVATAR_MAX_BYTES = AVATAR_MAX_MB * 1024 * 1024;
const AVATAR_ALLOWED_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
type AvatarType = (typeof AVATAR_ALLOWED_TYPES)[number];
/** For `<input type="file" accept=…>`. */
export const AVATAR_ACCEPT = AVATAR_ALLOWED_TYPES.join(",");

export function fileTooLargeMessage(maxMb: number = AVATAR_MAX_MB): string {
  return `File size must be less than ${maxMb}MB`;
}

export function fileTypeNotAllowedMessage(types: readonly string[] = AVATAR_ALLOWED_TYPES): string {
  return `File type not allowed. Supported types: ${types.join(", ")}`;
}

/** 'image/jpg' is what some tools write for JPEG. */
function canonicalImageType(type: string): string {
  const lower = type.trim().toLowerCase();
  return lower === "image/jpg" ? "image/jpeg" : lower;
}

function isAllowedAvatarType(type: string | null | undefined): type is AvatarType {
  return (
    typeof type === "string" &&
    (AVATAR_ALLOWED_TYPES as readonly string[]).includes(canonicalImageType(type))
  );
}

export type AvatarFileProblem = {
  code: "FILE_TOO_LARGE" | "FILE_TYPE_NOT_ALLOWED";
  message: string;
};

/**
 * Checks a file's type and size (in the browser before upload, and on the
 * server against the stored file). Type is checked first.
 */
export function avatarFileProblem(file: {
  type: string | null | undefined;
  size: number;
}): AvatarFileProblem | null {
  if (!isAllowedAvatarType(file.type)) {
    return { code: "FILE_TYPE_NOT_ALLOWED", message: fileTypeNotAllowedMessage() };
  }
  if (file.size > AVATAR_MAX_BYTES) {
    return { code: "FILE_TOO_LARGE", message: fileTooLargeMessage() };
  }
  return null;
}

/** How many leading bytes `sniffImageType` needs. */
export const IMAGE_SNIFF_BYTES = 12;

/**
 * The image type a file really is, from its first bytes (magic numbers),
 * whatever its name or declared content type say. Null when unrecognised.
 */
export function sniffImageType(
  bytes: Uint8Array,
): "image/jpeg" | "image/png" | "image/webp" | "image/gif" | null {
  const startsWith = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length &&
    signature.every((byte, i) => bytes[offset + i] === byte);
  if (startsWith([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  // "RIFF" <size> "WEBP"
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8))
    return "image/webp";
  if (startsWith([0x47, 0x49, 0x46, 0x38])) return "image/gif";
  return null;
}
