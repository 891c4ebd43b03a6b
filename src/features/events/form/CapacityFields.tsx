import {
  CAPACITY_MAX,
  CAPACITY_MIN,
  PLUS_ONES_MAX,
  capacityError,
} from "@shared/capacityRules";
import { Field, inputStyles } from "@/components/ui/Field";

/** What the form holds: the capacity as typed ('' for no limit) and the plus-ones per guest. */
export type CapacityValues = { capacity: string; plusOnesAllowed: number };

export function capacityValuesFrom(event: {
  capacity?: number | null;
  plusOnesAllowed?: number;
}): CapacityValues {
  return {
    capacity: event.capacity == null ? "" : String(event.capacity),
    plusOnesAllowed: event.plusOnesAllowed ?? 0,
  };
}

/** The payload's fields: null capacity is no limit. */
export function capacityInput(values: CapacityValues) {
  const typed = values.capacity.trim();
  return {
    capacity: typed === "" ? null : Number(typed),
    plusOnesAllowed: values.plusOnesAllowed,
  };
}

/** The capacity's problem as typed, checked by the shared rule (the server checks it again). */
export function capacityProblem(values: CapacityValues): string | null {
  return capacityError(capacityInput(values).capacity);
}

/**
 * Capacity (optional, 2–500 seats, the host's included) and plus-ones per guest (0–5), in the
 * create wizard and the edit dialog.
 */
export function CapacityFields({
  values,
  onChange,
  error,
}: {
  values: CapacityValues;
  onChange: (next: CapacityValues) => void;
  error?: string | null;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label="Capacity"
        hint={`Optional: ${CAPACITY_MIN}–${CAPACITY_MAX} spots, yours and plus-ones included. Full? People join a waitlist.`}
        error={error}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={CAPACITY_MIN}
            max={CAPACITY_MAX}
            placeholder="No limit"
            value={values.capacity}
            onChange={(event) => onChange({ ...values, capacity: event.target.value })}
            className={inputStyles}
          />
        )}
      </Field>
      <Field label="Plus-ones per guest" hint="How many friends each guest may bring.">
        {(control) => (
          <select
            {...control}
            value={values.plusOnesAllowed}
            onChange={(event) =>
              onChange({ ...values, plusOnesAllowed: Number(event.target.value) })
            }
            className={inputStyles}
          >
            {Array.from({ length: PLUS_ONES_MAX + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n === 0 ? "None" : `Up to ${n}`}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
