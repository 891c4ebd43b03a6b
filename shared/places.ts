/**
 * Place search shared by the wizard and the server: result shapes and the
 * timing rules (min 3 characters, 300 ms debounce, at least 100 ms
 * between requests, predictions cached 5 min, details 1 h).
 */
const PLACE_SEARCH_MIN_CHARS = 3;
export const PLACE_SEARCH_DEBOUNCE_MS = 300;
export const PLACE_SEARCH_MIN_INTERVAL_MS = 100;
export const PLACE_PREDICTIONS_CACHE_MS = 5 * 60_000;
export const PLACE_DETAILS_CACHE_MS = 60 * 60_000;
export const PLACE_CACHE_CLEANUP_MS = 10 * 60_000;
export const PLACE_PREDICTIONS_LIMIT = 5;

export type PlaceProviderName = "osm" | "google" | "fixture";

/** One autocomplete suggestion. */
export type PlacePrediction = {
  placeId: string;
  /** The place's name ("The Crown & Anchor"). */
  name: string;
  /** The rest of the address, for the second line of a suggestion. */
  address: string;
};

/** What an event stores about its place. */
export type PlaceDetails = {
  placeId: string;
  placeName: string;
  address: string;
  latitude: number;
  longitude: number;
};

/** A session's location, a poll option's place, a crawl stop's place: at most 200 characters. */
export const LOCATION_MAX_LENGTH = 200;

/** Longer text is no place name: not sent to a provider (as long as a location may be). */
const PLACE_SEARCH_MAX_CHARS = LOCATION_MAX_LENGTH;
/** Provider ids are short ('osm:N42', Google's ~30–200 characters); longer ones are refused unread. */
const PLACE_ID_MAX_LENGTH = 256;

/** Whether a query is worth sending: at least 3 characters, at most 200. */
export function isSearchablePlaceQuery(query: string): boolean {
  const length = query.trim().length;
  return length >= PLACE_SEARCH_MIN_CHARS && length <= PLACE_SEARCH_MAX_CHARS;
}

/** Whether a place id may be looked up or stored: non-empty and at most 256 characters. */
export function isPlaceIdWithinBounds(placeId: string): boolean {
  const length = placeId.trim().length;
  return length > 0 && length <= PLACE_ID_MAX_LENGTH;
}

/** The text a picked place puts in the location box: its name and address, without repeats. */
export function placeLocationText(place: { placeName: string; address: string | null }): string {
  const address = place.address?.trim() ?? "";
  if (address === "") return place.placeName;
  return address.includes(place.placeName) ? address : `${place.placeName}, ${address}`;
}
