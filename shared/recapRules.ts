/**
 * After the night: star ratings with
 * their labels, feedback and comment limits, the photo file rules, the seven
 * comment reactions and the messages. Pure: no Convex or React imports.
 */
import { isImageTypeRefused } from "./imageTypes";
import { cleanUserText, hasLoneSurrogate, USER_TEXT_MESSAGES } from "./userText";

// ---------------------------------------------------------------- ratings

const RATING_MIN = 1;
const RATING_MAX = 5;
export const RATING_VALUES = [1, 2, 3, 4, 5] as const;
type RatingValue = (typeof RATING_VALUES)[number];

export const RATING_LABELS: Record<RatingValue, string> = {
  1: "Poor Experience",
  2: "Below Average",
  3: "Good Event",
  4: "Great Experience",
  5: "Outstanding!",
};

export const FEEDBACK_MAX_LENGTH = 500;
export const COMMENT_MAX_LENGTH = 500;
/** Ours: the spec has a caption but no limit. */
export const CAPTION_MAX_LENGTH = 200;

// ---------------------------------------------------------------- photos

/** 10 MB (10485760 bytes). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
// ---------------------------------------------------------------- reactions

/** The 7 reactions, in display order; `key` is the ASCII name counts are stored under. */
export const REACTIONS = [
  { emoji: "🍻", key: "beers", label: "Cheers" },
  { emoji: "🙌", key: "raised_hands", label: "Raised hands" },
  { emoji: "🤘", key: "horns", label: "Rock on" },
  { emoji: "🥴", key: "woozy", label: "Woozy" },
  { emoji: "😂", key: "laughing", label: "Laughing" },
  { emoji: "❤️", key: "heart", label: "Love" },
  { emoji: "🔥", key: "fire", label: "Fire" },
] as const;
export type Reaction = (typeof REACTIONS)[number]["emoji"];
export type ReactionKey = (typeof REACTIONS)[number]["key"];
export const REACTION_EMOJIS: readonly Reaction[] = REACTIONS.map((r) => r.emoji);

export function isReaction(value: unknown): value is Reaction {
  return typeof value === "string" && (REACTION_EMOJIS as readonly string[]).includes(value);
}

export function reactionKey(reaction: Reaction): ReactionKey {
  return REACTIONS.find((r) => r.emoji === reaction)!.key;
}

/** Stored counts (by key) as the 7 reactions in order with their counts. */
export function reactionList(
  counts: Partial<Record<string, number>>,
  mine: ReadonlySet<string> = new Set(),
): Array<{ reaction: Reaction; count: number; mine: boolean }> {
  return REACTIONS.map((r) => ({
    reaction: r.emoji,
    count: counts[r.key] ?? 0,
    mine: mine.has(r.emoji),
  }));
}

// ---------------------------------------------------------------- messages

export const RECAP_MESSAGES = {
  // Ratings.
  selectRating: "Please select a rating",
  ratingRange: "Rating must be between 1 and 5 stars",
  signInToRate: "You must be signed in to rate events",
  onlyAttendeesRate: "You can only rate events you attended",
  // Comments.
  enterComment: "Please enter a comment",
  // Photos.
  selectImage: "Please select an image file",
  imageTooLarge: "Image must be smaller than 10MB",
  onlyAttendeesUpload: "You can only upload photos to events you are attending or have attended",
  deletePhotoNotAllowed: "You can only delete your own photos or photos from events you host",
  photoNotFound: "Photo not found",
  notAuthenticated: "User not authenticated",
  // Loading and submitting.
  loadPhotosFailed: "Failed to load photos",
  loadCommentsFailed: "Failed to load comments",
  submitRatingFailed: "Failed to submit rating",
  // Ours, where the spec names a rule but no message (docs/decisions.md).
  feedbackTooLong: `Feedback must be ${FEEDBACK_MAX_LENGTH} characters or less`,
  commentTooLong: `Comment must be ${COMMENT_MAX_LENGTH} characters or less`,
  captionTooLong: `Caption must be ${CAPTION_MAX_LENGTH} characters or less`,
  onlyAttendeesComment: "You can only comment on events you are attending or have attended",
  recapLocked:
    "Ratings, photos and comments open 2 hours after the start, or when the session ends",
  unknownReaction: "Please pick one of the reactions",
  commentNotFound: "Comment not found",
} as const;

function length(value: string): number {
  return [...value].length;
}

/** The rating's problem, or null: missing → 'Please select a rating'; not a whole 1–5 → 'Rating must be between 1 and 5 stars'. */
export function ratingProblem(rating: number | null | undefined): string | null {
  if (rating === null || rating === undefined || rating === 0) return RECAP_MESSAGES.selectRating;
  if (!Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX)
    return RECAP_MESSAGES.ratingRange;
  return null;
}

/** 'Failed to submit rating: {reason}' with the server's reason, or 'Failed to submit rating' without one. */
export function ratingSubmitFailedMessage(reason: string | null): string {
  return reason === null
    ? RECAP_MESSAGES.submitRatingFailed
    : `${RECAP_MESSAGES.submitRatingFailed}: ${reason}`;
}

export function ratingLabel(rating: number): string | null {
  return (RATING_LABELS as Record<number, string>)[rating] ?? null;
}

/**
 * Feedback by the user-text rule (./userText); blank → null. Text the rule
 * refuses is kept as sent, for `feedbackProblem` to report.
 */
export function normalizeFeedback(feedback: string | null | undefined): string | null {
  const cleaned = cleanUserText(feedback ?? "", { multiline: true });
  if (!cleaned.ok) return feedback ?? null;
  return cleaned.text === "" ? null : cleaned.text;
}

export function feedbackProblem(feedback: string | null): string | null {
  if (feedback === null) return null;
  if (hasLoneSurrogate(feedback)) return USER_TEXT_MESSAGES.invalidCharacters;
  return length(feedback) > FEEDBACK_MAX_LENGTH ? RECAP_MESSAGES.feedbackTooLong : null;
}

/** The comment by the user-text rule, or its problem. */
export function parseComment(
  content: string,
): { ok: true; content: string } | { ok: false; message: string } {
  const cleaned = cleanUserText(content, { multiline: true });
  if (!cleaned.ok) return cleaned;
  const trimmed = cleaned.text;
  if (trimmed === "") return { ok: false, message: RECAP_MESSAGES.enterComment };
  if (length(trimmed) > COMMENT_MAX_LENGTH)
    return { ok: false, message: RECAP_MESSAGES.commentTooLong };
  return { ok: true, content: trimmed };
}

/** Caption by the user-text rule; blank → null. */
export function parseCaption(
  caption: string | null | undefined,
): { ok: true; caption: string | null } | { ok: false; message: string } {
  const cleaned = cleanUserText(caption ?? "");
  if (!cleaned.ok) return cleaned;
  const trimmed = cleaned.text;
  if (length(trimmed) > CAPTION_MAX_LENGTH)
    return { ok: false, message: RECAP_MESSAGES.captionTooLong };
  return { ok: true, caption: trimmed === "" ? null : trimmed };
}

export type PhotoFileProblem = {
  code: "FILE_TYPE_NOT_ALLOWED" | "FILE_TOO_LARGE";
  message: string;
};

/**
 * A photo's problem (type first, then size), or null: the one picture rule of
 * ./imageTypes (a browser's empty type passes; the server passes the type of
 * the stored file's bytes, null when it is no picture).
 */
export function photoFileProblem(file: {
  type: string | null;
  size: number;
}): PhotoFileProblem | null {
  if (isImageTypeRefused(file.type))
    return { code: "FILE_TYPE_NOT_ALLOWED", message: RECAP_MESSAGES.selectImage };
  if (file.size > PHOTO_MAX_BYTES)
    return { code: "FILE_TOO_LARGE", message: RECAP_MESSAGES.imageTooLarge };
  return null;
}

// ---------------------------------------------------------------- summary

/** The average to 1 decimal, or null without ratings. */
export function averageRating(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum / count) * 10) / 10;
}
