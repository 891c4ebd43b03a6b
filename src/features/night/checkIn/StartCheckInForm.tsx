import { useMutation, useQuery } from "convex/react";
import { useId, useState, type FormEvent } from "react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import {
  buddyListProblem,
  CHECK_IN_MAX_BUDDIES,
  CHECK_IN_MESSAGES,
  clockOf,
  dueAtFromClock,
  dueTimeProblem,
} from "@shared/checkInRules";
import { appErrorData, errorMessage } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { Field, inputStyles } from "@/components/ui/Field";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { Spinner } from "@/components/ui/Spinner";
import { cn } from "@/lib/cn";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { toast } from "@/lib/toast";
import type { CheckInsView } from "./checkInView";

type FormError = { field: "buddyIds" | "dueAt" | null; message: string };

/**
 * Turning on a check-in: 1–5 buddies among the session's other attendees (the server's list)
 * and the time ("01:30" means the small hours after the session starts), an hour after the
 * end at first. The same checks as the server before sending; the server has the last word.
 */
export function StartCheckInForm({
  eventId,
  view,
  onDone,
}: {
  eventId: Id<"events">;
  view: CheckInsView;
  onDone: () => void;
}) {
  const candidates = useQuery(api.checkIns.candidates, { eventId });
  const start = useMutation(api.checkIns.start);
  const [buddyIds, setBuddyIds] = useState<Id<"users">[]>([]);
  const [clock, setClock] = useState(() => clockOf(view.defaultDueAt));
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  const network = useNetworkNeeded("turning on a check-in", busy);
  const buddiesErrorId = useId();

  function toggle(userId: Id<"users">, on: boolean) {
    setBuddyIds((ids) => (on ? [...ids, userId] : ids.filter((id) => id !== userId)));
    if (error?.field === "buddyIds") setError(null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || network.blocked) return;
    const buddyProblem = buddyListProblem(buddyIds, "");
    if (buddyProblem !== null) return setError({ field: "buddyIds", message: buddyProblem });
    const now = Date.now();
    const dueAt = dueAtFromClock(clock, view.startTime, now);
    const timeProblem =
      dueAt === null ? CHECK_IN_MESSAGES.timeInPast : dueTimeProblem(dueAt, view.endTime, now);
    if (dueAt === null || timeProblem !== null)
      return setError({ field: "dueAt", message: timeProblem ?? CHECK_IN_MESSAGES.timeInPast });
    setBusy(true);
    try {
      await start({ eventId, buddyIds, dueAt });
      toast.success(CHECK_IN_MESSAGES.started);
      onDone();
    } catch (failure) {
      const field = appErrorData(failure)?.field;
      setError({
        field: field === "buddyIds" || field === "dueAt" ? field : null,
        message: errorMessage(failure, CHECK_IN_MESSAGES.failed),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-5" noValidate>
      <p className="text-sm text-cream-200">{CHECK_IN_MESSAGES.intro}</p>
      <fieldset aria-describedby={error?.field === "buddyIds" ? buddiesErrorId : undefined}>
        <legend className="text-sm font-semibold text-cream-200">
          {CHECK_IN_MESSAGES.buddiesLabel} (1–{CHECK_IN_MAX_BUDDIES})
        </legend>
        {candidates === undefined ? (
          <Spinner className="mt-3 size-5" />
        ) : candidates.length === 0 ? (
          <p className="mt-2 text-sm text-cream-400">{CHECK_IN_MESSAGES.noCandidates}</p>
        ) : (
          <div className="mt-2 flex flex-wrap gap-2">
            {candidates.map((person) => (
              <label
                key={person.userId}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full bg-night-950/60 px-4 py-2 text-sm ring-1 ring-night-600 transition ring-inset hover:bg-night-800 has-checked:bg-night-800 has-checked:ring-2 has-checked:ring-brand-amber has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-amber"
              >
                <input
                  type="checkbox"
                  name="buddies"
                  value={person.userId}
                  checked={buddyIds.includes(person.userId)}
                  onChange={(e) => toggle(person.userId, e.target.checked)}
                  className="size-4 accent-brand-amber"
                />
                {person.displayName}
              </label>
            ))}
          </div>
        )}
        {error?.field === "buddyIds" && (
          <p id={buddiesErrorId} className="mt-2 text-sm font-medium text-red-300">
            {error.message}
          </p>
        )}
      </fieldset>
      <Field
        label={CHECK_IN_MESSAGES.timeLabel}
        error={error?.field === "dueAt" ? error.message : undefined}
        className="max-w-48"
      >
        {(control) => (
          <input
            {...control}
            type="time"
            required
            value={clock}
            onChange={(e) => {
              setClock(e.target.value);
              if (error?.field === "dueAt") setError(null);
            }}
            className={cn(inputStyles, "tabular-nums")}
          />
        )}
      </Field>
      {error !== null && error.field === null && (
        <p role="alert" className="text-sm font-medium text-red-300">
          {error.message}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy} {...network.control}>
          {busy && <Spinner className="size-4" />}
          {busy ? network.busyLabel("Starting…") : CHECK_IN_MESSAGES.save}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Not now
        </Button>
        <NeedsNetworkNote need={network} />
      </div>
    </form>
  );
}
