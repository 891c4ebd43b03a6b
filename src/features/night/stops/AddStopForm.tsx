import { useMutation } from "convex/react";
import { useState, type FormEvent } from "react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { appErrorData, errorMessage } from "@shared/errors";
import { fromDateTimeLocalValue, toDateTimeLocalValue } from "@shared/eventTiming";
import { STOP_MESSAGES, STOP_TIME_SLACK_MS, checkStop } from "@shared/stopRules";
import { LocationField, type LocationValue } from "@/components/places/LocationField";
import { Button } from "@/components/ui/Button";
import { Field, inputStyles } from "@/components/ui/Field";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { toast } from "@/lib/toast";
import { viewerTimeZone } from "@/lib/viewerTimeZone";

type Errors = Partial<Record<"name" | "place" | "plannedTime", string>>;

const EMPTY: LocationValue = { location: "", place: null };

/**
 * Adds a stop at the end of the crawl: a place from the places search (or any text) and an
 * optional planned time within the session. Checked here with the server's own rule, and again
 * by the server. Needs the connection.
 */
export function AddStopForm({
  eventId,
  startTime,
  endTime,
}: {
  eventId: Id<"events">;
  startTime: number;
  endTime: number;
}) {
  const add = useMutation(api.stops.add);
  const [location, setLocation] = useState<LocationValue>(EMPTY);
  const [timeText, setTimeText] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const need = useNetworkNeeded("adding a stop", busy);
  const zone = viewerTimeZone();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || need.blocked) return;
    const input = {
      name: location.place?.placeName ?? location.location,
      place: location.place,
      plannedTime: timeText === "" ? null : fromDateTimeLocalValue(timeText, zone),
    };
    const checked = checkStop(
      { ...input, plannedTime: timeText === "" ? null : (input.plannedTime ?? Number.NaN) },
      { startTime, endTime },
    );
    if (!checked.ok) {
      setErrors({ [checked.field]: checked.message });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await add({ eventId, ...input });
      // The stop shows in the list as soon as it is saved, sometimes just before this call
      // returns: what was typed for the next one meanwhile stays.
      setLocation((current) => (current === location ? EMPTY : current));
      setTimeText((current) => (current === timeText ? "" : current));
      toast.success(`Added ${checked.name}`);
    } catch (error) {
      const field = appErrorData(error)?.field;
      const message = errorMessage(error, "Failed to add the stop");
      if (field === "name" || field === "place" || field === "plannedTime")
        setErrors({ [field]: message });
      else toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label="Add a stop"
      className="flex flex-col gap-4 rounded-2xl bg-night-900/60 p-4 ring-1 ring-night-700"
    >
      <LocationField
        label="Next stop"
        value={location}
        onChange={(value) => {
          setLocation(value);
          if (errors.name ?? errors.place) setErrors({});
        }}
        error={errors.name ?? errors.place}
      />
      <Field label="Planned time (optional)" error={errors.plannedTime}>
        {(control) => (
          <input
            {...control}
            type="datetime-local"
            value={timeText}
            min={toDateTimeLocalValue(startTime - STOP_TIME_SLACK_MS, zone)}
            max={toDateTimeLocalValue(endTime + STOP_TIME_SLACK_MS, zone)}
            onChange={(event) => setTimeText(event.target.value)}
            className={inputStyles}
          />
        )}
      </Field>
      <Button type="submit" size="md" className="self-start" {...need.control}>
        {busy ? need.busyLabel("Adding…") : STOP_MESSAGES.addStop}
      </Button>
      <NeedsNetworkNote need={need} />
    </form>
  );
}
