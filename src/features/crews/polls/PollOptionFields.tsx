import { createElement, useContext, type ReactNode } from "react";
import { fromDateTimeLocalValue } from "@shared/eventTiming";
import { Field, inputStyles } from "@/components/ui/Field";
import { PollPlaceFieldSlot, type PollPlaceValue } from "./placeFieldSlot";

/** One option being written: its date and start as a datetime-local value, and its place. */
export type PollOptionDraft = { when: string; place: PollPlaceValue };

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
 * session wizard's places search when the route provides it, else plain text).
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
  const PlaceField = useContext(PollPlaceFieldSlot);
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
      {PlaceField ? (
        // The slot holds one component for the app's lifetime, handed in by the route.
        createElement(PlaceField, {
          value: value.place,
          onChange: (place) => onChange({ place }),
          error: errors?.place ?? undefined,
        })
      ) : (
        <Field label="Location" error={errors?.place}>
          {(control) => (
            <input
              {...control}
              className={inputStyles}
              value={value.place.location}
              onChange={(event) =>
                onChange({ place: { location: event.target.value, place: null } })
              }
            />
          )}
        </Field>
      )}
    </div>
  );
}
