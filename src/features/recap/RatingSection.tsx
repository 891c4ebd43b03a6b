import { useId, useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { appErrorData } from "@shared/errors";
import {
  FEEDBACK_MAX_LENGTH,
  RATING_LABELS,
  RATING_VALUES,
  feedbackProblem,
  normalizeFeedback,
  ratingLabel,
  ratingProblem,
  ratingSubmitFailedMessage,
} from "@shared/recapRules";
import { Button } from "@/components/ui/Button";
import { Field, inputStyles } from "@/components/ui/Field";
import { Spinner } from "@/components/ui/Spinner";
import { WaitingMark } from "@/components/ui/WaitingMark";
import { cn } from "@/lib/cn";
import { useQueuedCalls, useQueuedMutation, useWaitingMark } from "@/lib/offline/outbox/useOutbox";
import { withQueuedRating } from "./queuedRating";
import type { RecapData } from "./types";
import { ratingText } from "./types";

/** Five stars, filled up to `value` (decorative: the text beside says it). */
export function StarRow({ value, className }: { value: number; className?: string }) {
  return (
    <span aria-hidden="true" className={cn("inline-flex gap-0.5", className)}>
      {RATING_VALUES.map((n) => (
        <span key={n} className={n <= Math.round(value) ? "text-brand-amber" : "text-night-600"}>
          ★
        </span>
      ))}
    </span>
  );
}

/** The rating summary and, for attendees, their own rating to give or change. */
export function RatingSection({ recap }: { recap: RecapData }) {
  const { average, total } = recap.rating;
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  // A rating still in the outbox shows at once as the viewer's, with the waiting mark.
  const queued = useQueuedCalls(api.ratings.rate, (args) => args.eventId === recap.eventId);
  const waiting = useWaitingMark(queued);
  const last = queued.at(-1);
  const mine = withQueuedRating(
    recap.myRating,
    last ? { ...last.args, queuedAt: last.queuedAt } : null,
  );
  const showForm = recap.canContribute && (mine === null || editing);

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-3xl bg-night-850 p-5 ring-1 ring-night-700 ring-inset sm:p-6"
    >
      <h2 id={headingId} className="font-display text-lg font-extrabold tracking-tight">
        Rating
      </h2>
      <p className="mt-3 flex flex-wrap items-center gap-3" data-testid="rating-summary">
        <StarRow value={average ?? 0} className="text-2xl" />
        <span className="font-bold text-cream-50">{ratingText(average, total)}</span>
      </p>
      {recap.canContribute && mine !== null && !editing && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-night-800/70 p-4">
          <div className="min-w-0">
            <p className="text-sm text-cream-200">
              You rated it <span className="font-bold text-cream-50">{mine.rating}/5</span> ·{" "}
              {ratingLabel(mine.rating)}
            </p>
            {mine.feedback && (
              <p className="mt-1 text-sm break-words text-cream-200">“{mine.feedback}”</p>
            )}
            {waiting && <WaitingMark className="mt-1" />}
          </div>
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            Edit rating
          </Button>
        </div>
      )}
      {showForm && (
        <RatingForm
          eventId={recap.eventId}
          initialRating={mine?.rating ?? 0}
          initialFeedback={mine?.feedback ?? ""}
          isEdit={mine !== null}
          onDone={() => setEditing(false)}
        />
      )}
    </section>
  );
}

function RatingForm({
  eventId,
  initialRating,
  initialFeedback,
  isEdit,
  onDone,
}: {
  eventId: Id<"events">;
  initialRating: number;
  initialFeedback: string;
  isEdit: boolean;
  onDone: () => void;
}) {
  // Queued: shown at once, sent now or once back online.
  const rate = useQueuedMutation(api.ratings.rate);
  const [rating, setRating] = useState(initialRating);
  const [feedback, setFeedback] = useState(initialFeedback);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const groupName = useId();
  const errorId = useId();
  const used = [...feedback].length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = ratingProblem(rating) ?? feedbackProblem(normalizeFeedback(feedback));
    if (problem !== null) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await rate({ eventId, rating, feedback: normalizeFeedback(feedback) });
      toast.success(isEdit ? "Rating updated!" : "Thanks for rating! 🍻");
      onDone();
    } catch (err) {
      setError(ratingSubmitFailedMessage(appErrorData(err)?.message ?? null));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-4">
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="text-sm font-semibold text-cream-200">
          {isEdit ? "Change your rating" : "How was it?"}
        </legend>
        <div className="mt-2 flex gap-1">
          {RATING_VALUES.map((n) => (
            <label key={n} className="group relative cursor-pointer">
              <input
                type="radio"
                name={groupName}
                value={n}
                checked={rating === n}
                onChange={() => {
                  setRating(n);
                  setError(null);
                }}
                className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-full opacity-0"
              />
              <span className="sr-only">
                {n} {n === 1 ? "star" : "stars"}: {RATING_LABELS[n]}
              </span>
              <span
                aria-hidden="true"
                className={cn(
                  "flex size-11 items-center justify-center rounded-full text-3xl transition peer-focus-visible:ring-2 peer-focus-visible:ring-brand-amber group-hover:scale-110",
                  // An unpicked star is the control itself: night-400 keeps it at 3:1 or more.
                  n <= rating ? "text-brand-amber" : "text-night-400",
                )}
              >
                ★
              </span>
            </label>
          ))}
        </div>
        <p className="mt-1 min-h-5 text-sm font-semibold text-brand-amber" aria-live="polite">
          {ratingLabel(rating) ?? ""}
        </p>
        {error && (
          <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-300">
            {error}
          </p>
        )}
      </fieldset>
      <Field label="Feedback (optional)" counter={{ used, max: FEEDBACK_MAX_LENGTH }}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={feedback}
            onChange={(e) => setFeedback(e.target.value)}
            placeholder="What made the night?"
            className={cn(inputStyles, "resize-y")}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy && <Spinner className="size-4" />}
          {isEdit ? "Update Rating" : "Submit Rating"}
        </Button>
        {isEdit && (
          <Button variant="ghost" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
