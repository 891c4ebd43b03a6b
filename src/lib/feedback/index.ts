/**
 * Sound, vibration and a visual pulse on joining, RSVP, reactions and badge
 * awards. The player is loaded on the first interaction, so it adds
 * nothing to the first page; every failure is ignored.
 */
import type { FeedbackKind } from "@shared/feedback";

/** Plays `kind` with the stored settings; `target` is the element that pulses. */
export function playFeedback(kind: FeedbackKind, target?: Element | null): void {
  import("./player")
    .then(({ play }) => play(kind, target ?? null))
    .catch(() => {
      // Feedback is decoration: a failed chunk load or audio error changes nothing.
    });
}
