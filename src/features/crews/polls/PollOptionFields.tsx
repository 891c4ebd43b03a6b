import type { ReactNode } from "react";
import { fromDateTimeLocalValue } from "@shared/eventTiming";
import type { LocationValue } from "@/components/places/LocationField";
import { Field, inputStyles } from "@/components/ui/Field";
import { Skeleton } from "@/components/ui/Skeleton";
import { lazyComponent } from "@/lib/lazyComponent";

// The places search (the session wizard's), loaded with the first option's fields.
const LocationField = lazyComponent(
  () => import("@/components/places/LocationField"),
  "LocationField",
  <Skeleton className="h-20" />,
);

/** One option being written: its date and start as a datetime-local value, and its place. */
export type PollOptionDraft = { when: string; place: LocationValue };

export const emptyPollOptionDraft = (): PollOptionDraft => ({
  when: "",
  place: { location: "", place: null },
});

/** What the poll functions take for a draft, or null while its date and start are incomplete. */
export function pollOptionArgs(draft: PollOptionDraft, timeZone: string) {
  const startTime = fromDateTimeLocalValue(draft.when, timeZone);
  if (startTime === null) return null;
  const location = draft.place.location.trim() === "" ? null : draft.place.location;
  return { startTime, location, place: draft.place.place };
}

/**
 * A poll option's fields: a date and start, and an optional place (the
 * session wizard's places search, or typed text).
 * `action` sits beside the date, e.g. a remove button.
 */
export function PollOptionFields({
  label,
  value,
  onChange,
  errors,
  action,
}: {
  label: string;
  value: PollOptionDraft;
  onChange: (change: Partial<PollOptionDraft>) => void;
  errors?: { when?: string | null; place?: string | null };
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-night-900/60 p-3 ring-1 ring-night-700 ring-inset">
      <div className="flex items-end gap-2">
        <Field label={label} className="flex-1" error={errors?.when}>
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              className={inputStyles}
              value={value.when}
              onChange={(event) => onChange({ when: event.target.value })}
            />
          )}
        </Field>
        {action}
      </div>
      <LocationField
        value={value.place}
        onChange={(place) => onChange({ place })}
        error={errors?.place ?? undefined}
      />
    </div>
  );
}
