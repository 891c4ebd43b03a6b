import { describe, expect, test } from "vitest";
import {
  PHOTO_MAX_BYTES,
  RATING_LABELS,
  REACTION_EMOJIS,
  averageRating,
  feedbackProblem,
  isReaction,
  normalizeFeedback,
  parseCaption,
  parseComment,
  photoFileProblem,
  ratingLabel,
  ratingProblem,
  ratingSubmitFailedMessage,
  reactionKey,
  reactionList,
} from "./recapRules";

describe("ratings", () => {
  test("labels", () => {
    expect(RATING_LABELS).toEqual({
      1: "Poor Experience",
      2: "Below Average",
      3: "Good Event",
      4: "Great Experience",
      5: "Outstanding!",
    });
    expect(ratingLabel(5)).toBe("Outstanding!");
    expect(ratingLabel(6)).toBeNull();
  });

  test("missing and out-of-range ratings", () => {
    expect(ratingProblem(undefined)).toBe("Please select a rating");
    expect(ratingProblem(null)).toBe("Please select a rating");
    expect(ratingProblem(0)).toBe("Please select a rating");
    for (const bad of [-1, 6, 2.5, Number.NaN]) expect(ratingProblem(bad)).toBe("Rating must be between 1 and 5 stars");
    for (const good of [1, 2, 3, 4, 5]) expect(ratingProblem(good)).toBeNull();
  });

  test("feedback: trimmed, empty is null, at most 500 characters", () => {
    expect(normalizeFeedback("  ")).toBeNull();
    expect(normalizeFeedback(undefined)).toBeNull();
    expect(normalizeFeedback(" great ")).toBe("great");
    expect(feedbackProblem("x".repeat(500))).toBeNull();
    expect(feedbackProblem("🍺".repeat(500))).toBeNull();
    expect(feedbackProblem("x".repeat(501))).toBe("Feedback must be 500 characters or less");
  });

  test("average to 1 decimal", () => {
    expect(averageRating(0, 0)).toBeNull();
    expect(averageRating(5, 1)).toBe(5);
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(10, 3)).toBe(3.3);
    expect(averageRating(9, 2)).toBe(4.5);
  });
});

describe("comments", () => {
  test("required, trimmed, at most 500", () => {
    expect(parseComment("")).toEqual({ ok: false, message: "Please enter a comment" });
    expect(parseComment("   \n ")).toEqual({ ok: false, message: "Please enter a comment" });
    expect(parseComment("  cheers  ")).toEqual({ ok: true, content: "cheers" });
    expect(parseComment(`  ${"x".repeat(500)}  `)).toEqual({ ok: true, content: "x".repeat(500) });
    expect(parseComment("x".repeat(501))).toEqual({ ok: false, message: "Comment must be 500 characters or less" });
  });

  test("captions", () => {
    expect(parseCaption("  ")).toEqual({ ok: true, caption: null });
    expect(parseCaption(" hi ")).toEqual({ ok: true, caption: "hi" });
    expect(parseCaption("x".repeat(201)).ok).toBe(false);
  });

  test("the 7 reactions", () => {
    expect(REACTION_EMOJIS).toEqual(["🍻", "🙌", "🤘", "🥴", "😂", "❤️", "🔥"]);
    expect(isReaction("🍻")).toBe(true);
    expect(isReaction("👍")).toBe(false);
    expect(reactionKey("❤️")).toBe("heart");
    const list = reactionList({ beers: 2, fire: 1 }, new Set(["🔥"]));
    expect(list).toHaveLength(7);
    expect(list[0]).toEqual({ reaction: "🍻", count: 2, mine: false });
    expect(list[6]).toEqual({ reaction: "🔥", count: 1, mine: true });
  });
});

describe("photos", () => {
  test("types and size", () => {
    expect(PHOTO_MAX_BYTES).toBe(10485760);
    for (const type of ["image/jpeg", "image/png", "image/webp"]) {
      expect(photoFileProblem({ type, size: PHOTO_MAX_BYTES })).toBeNull();
    }
    for (const type of ["image/gif", "text/plain", null]) {
      expect(photoFileProblem({ type, size: 10 })).toEqual({ code: "FILE_TYPE_NOT_ALLOWED", message: "Please select an image file" });
    }
    expect(photoFileProblem({ type: "image/png", size: PHOTO_MAX_BYTES + 1 })).toEqual({
      code: "FILE_TOO_LARGE",
      message: "Image must be smaller than 10MB",
    });
  });
});

describe("rating submission failures", () => {
  test("'Failed to submit rating: {reason}', or the bare message without a reason", () => {
    expect(ratingSubmitFailedMessage("You can only rate events you attended")).toBe(
      "Failed to submit rating: You can only rate events you attended",
    );
    expect(ratingSubmitFailedMessage(null)).toBe("Failed to submit rating");
  });
});
