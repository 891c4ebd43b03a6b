import { useAction } from "convex/react";
import { useEffect, useMemo, useState } from "react";
import { api } from "@convex/_generated/api";
import {
  PLACE_SEARCH_DEBOUNCE_MS,
  isSearchablePlaceQuery,
  type PlaceDetails,
  type PlacePrediction,
} from "@shared/places";
import {
  placeSearchClient,
  predictionCacheKey,
  startPlaceCacheCleanup,
  type PlaceSearchBackend,
} from "./placeSearchClient";

type PlaceSearchState = {
  predictions: PlacePrediction[];
  /** A search for the current text is waiting for its debounce or its answer. */
  searching: boolean;
  /** The last search failed (typing on retries; free text still works). */
  failed: boolean;
};

type Result = { key: string; predictions: PlacePrediction[]; failed: boolean };

/** Backend calls through Convex's place actions. */
export function usePlaceSearchBackend(): PlaceSearchBackend {
  const autocomplete = useAction(api.places.autocomplete);
  const details = useAction(api.places.details);
  return useMemo(
    () => ({
      autocomplete: (query: string) => autocomplete({ query }),
      details: (placeId: string) => details({ placeId }),
    }),
    [autocomplete, details],
  );
}

/**
 * Suggestions for what the user is typing: nothing under 3 characters, one
 * search 300 ms after typing stops, answers for older text ignored.
 */
export function usePlaceSearch(backend: PlaceSearchBackend, query: string): PlaceSearchState {
  const key = predictionCacheKey(query);
  const searchable = isSearchablePlaceQuery(query);
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    startPlaceCacheCleanup();
  }, []);

  useEffect(() => {
    if (!searchable) return;
    let cancelled = false;
    const cached = placeSearchClient.predictionsCache.get(key);
    const delay = cached === undefined ? PLACE_SEARCH_DEBOUNCE_MS : 0;
    const timer = window.setTimeout(() => {
      placeSearchClient.predictions(backend, query).then(
        (predictions) => {
          if (!cancelled) setResult({ key, predictions, failed: false });
        },
        () => {
          if (!cancelled) setResult({ key, predictions: [], failed: true });
        },
      );
    }, delay);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
    // `query` is represented by `key` (same search after trimming and case).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [backend, key, searchable]);

  if (!searchable) return { predictions: [], searching: false, failed: false };
  if (result === null || result.key !== key) {
    return { predictions: result?.predictions ?? [], searching: true, failed: false };
  }
  return { predictions: result.predictions, searching: false, failed: result.failed };
}

/** Details of a picked suggestion, through the 1-hour cache. */
export function fetchPlaceDetails(
  backend: PlaceSearchBackend,
  placeId: string,
): Promise<PlaceDetails | null> {
  return placeSearchClient.details(backend, placeId);
}
