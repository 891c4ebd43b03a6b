import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { useId, useState } from "react";
import {
  LOCATION_MAX_LENGTH,
  placeLocationText,
  type PlaceDetails,
  type PlacePrediction,
} from "@shared/places";
import { inputStyles } from "@/components/ui/Field";
import { PinIcon } from "@/components/ui/screenIcons";
import { Spinner } from "@/components/ui/Spinner";
import { cn } from "@/lib/cn";
import { fetchPlaceDetails, usePlaceSearch, usePlaceSearchBackend } from "./usePlaceSearch";

/** A picked place as a session or a stop stores it (the address null when the provider gave none). */
export type PickedPlace = Omit<PlaceDetails, "address"> & { address: string | null };

export type LocationValue = { location: string; place: PickedPlace | null };

/**
 * Location search (a session's place, a poll option's, a crawl stop's): suggestions from 3
 * characters, 300 ms after typing stops; picking one pins the place (name, address,
 * coordinates for the map). Whatever is typed is kept as free text, picked or not.
 */
export function LocationField({
  value,
  onChange,
  error,
  label = "Location",
}: {
  value: LocationValue;
  onChange: (value: LocationValue) => void;
  error?: string;
  label?: string;
}) {
  const id = useId();
  const backend = usePlaceSearchBackend();
  const search = usePlaceSearch(backend, value.place ? "" : value.location);
  const [resolving, setResolving] = useState(false);

  async function pick(prediction: PlacePrediction | null) {
    if (prediction === null) return;
    const picked = { placeName: prediction.name, address: prediction.address || null };
    onChange({ location: placeLocationText(picked), place: null });
    setResolving(true);
    try {
      const details = await fetchPlaceDetails(backend, prediction.placeId);
      if (details !== null) {
        const place: PickedPlace = {
          placeId: details.placeId,
          placeName: details.placeName,
          address: details.address || null,
          latitude: details.latitude,
          longitude: details.longitude,
        };
        onChange({ location: placeLocationText(place), place });
      }
    } catch {
      // The typed text stays as a free-text location.
    } finally {
      setResolving(false);
    }
  }

  const status = resolving
    ? "Pinning the place…"
    : value.place
      ? `📍 Pinned: ${value.place.placeName}`
      : search.searching
        ? "Searching places…"
        : search.failed
          ? "Place search is unavailable right now; your text works as the location."
          : value.location.trim().length >= 3 && search.predictions.length === 0
            ? "No places found; your text works as the location."
            : "Type at least 3 characters to search bars and places, or just describe it.";

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-cream-200">
        {label}
      </label>
      <Combobox<PlacePrediction | null>
        value={null}
        onChange={(prediction) => void pick(prediction)}
      >
        <div className="relative">
          <PinIcon className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-brand-pink" />
          <ComboboxInput
            id={id}
            autoComplete="off"
            maxLength={LOCATION_MAX_LENGTH}
            placeholder="Search a bar, or type an address"
            aria-describedby={`${id}-status${error ? ` ${id}-error` : ""}`}
            aria-invalid={error ? true : undefined}
            displayValue={() => value.location}
            onChange={(event) => onChange({ location: event.target.value, place: null })}
            className={cn(inputStyles, "pr-11 pl-11")}
          />
          {(search.searching || resolving) && (
            <Spinner className="absolute top-1/2 right-4 size-4 -translate-y-1/2 text-cream-400" />
          )}
        </div>
        {/* Not modal: with typed text and no suggestion the list stays open, and a modal list
            would make the rest of the form inert, swallowing the first tap on its button. */}
        <ComboboxOptions
          anchor={{ to: "bottom start", gap: 6 }}
          modal={false}
          className="z-[60] w-(--input-width) rounded-2xl bg-night-800 p-1.5 shadow-2xl ring-1 shadow-black/60 ring-night-600 empty:invisible"
        >
          {search.predictions.map((prediction) => (
            <ComboboxOption
              key={prediction.placeId}
              value={prediction}
              className="flex cursor-pointer items-start gap-3 rounded-xl px-3 py-2.5 data-focus:bg-night-700"
            >
              <PinIcon className="mt-0.5 size-4 shrink-0 text-brand-pink" />
              <span className="flex min-w-0 flex-col">
                <span className="truncate text-sm font-semibold text-cream-50">
                  {prediction.name}
                </span>
                {prediction.address && (
                  <span className="truncate text-xs text-cream-400">{prediction.address}</span>
                )}
              </span>
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-300">
          {error}
        </p>
      )}
      <p id={`${id}-status`} className="text-sm text-cream-400" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
