/**
 * The viewer's rating queued in the outbox, shown at once as theirs. The summary (average and
 * count) stays the server's: it comes rounded to one decimal, from which the new average cannot
 * be worked out exactly.
 */
import { normalizeFeedback } from "@shared/recapRules";
import type { RecapData } from "./types";

type MyRating = RecapData["myRating"];

/** A queued `ratings.rate` call's arguments, and when it was queued. */
type QueuedRating = {
  rating?: number | null;
  feedback?: string | null;
  queuedAt: number;
};

/**
 * The viewer's rating once the last queued one is applied (each replaces the one before); the
 * server's own when nothing is queued, or when it already shows the same rating and feedback.
 */
export function withQueuedRating(mine: MyRating, queued: QueuedRating | null): MyRating {
  if (queued === null || typeof queued.rating !== "number") return mine;
  const feedback = normalizeFeedback(queued.feedback);
  if (mine !== null && mine.rating === queued.rating && mine.feedback === feedback) return mine;
  return { rating: queued.rating, feedback, updatedAt: queued.queuedAt };
}
