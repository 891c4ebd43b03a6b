/**
 * Bar-crawl stops: the ordered places a session moves through, with an
 * optional planned time each, and the current stop the host moves on live.
 * Limits, who may change them, the input check, the maps link and the texts.
 * Pure: the stops section and the server use the same checks.
 */
import { canEditEvent, type Participation } from "./eventAccess";
import { isPlaceIdWithinBounds, LOCATION_MAX_LENGTH } from "./places";
import { cleanUserText, textLength } from "./userText";

/** A crawl holds at most 12 stops; it shows to guests and goes live from 2. */
export const STOPS_MAX = 12;
export const STOPS_MIN_FOR_CRAWL = 2;
const STOP_NAME_MAX_LENGTH = LOCATION_MAX_LENGTH;
/** A planned time may sit this far before the session's start or after its end (arriving early, a last one after). */
export const STOP_TIME_SLACK_MS = 2 * 60 * 60 * 1000;
/** "The crew moved to …" goes to a session's people at most once a minute; later moves in the minute are told together. */
export const STOP_NOTICE_INTERVAL_MS = 60 * 1000;

export const STOP_MESSAGES = {
  title: "The crawl",
  onlyHosts: "Only the host and co-hosts can change the stops",
  nameRequired: "Pick a place or type where the stop is",
  nameTooLong: `A stop's place can be at most ${STOP_NAME_MAX_LENGTH} characters`,
  placeInvalid: "That place could not be read; pick it again or type it",
  timeOutsideSession: "A stop's time must be during the session (up to 2 hours before or after)",
  tooManyStops: `A crawl can have at most ${STOPS_MAX} stops`,
  stopNotFound: "That stop is not part of this crawl",
  wrongOrder: "The new order must list each stop of the crawl exactly once",
  needTwoStops: `A crawl needs at least ${STOPS_MIN_FOR_CRAWL} stops`,
  lastStop: "This is the last stop: there is nowhere to move on to",
  alreadyMoved: "The crew has already moved on from that stop",
  ended: "This session has already ended",
  weAreHere: "We're here",
  movingOn: "Moving on",
  openInMaps: "Open in maps",
  addStop: "Add stop",
  addAnotherToStart: "Add at least one more stop to start the crawl.",
  noStopsYet: "Planning a bar crawl? Add the stops and move the crew along live.",
  failedToLoad: "Failed to load the stops",
} as const;

/** Changing the stops and moving the crew on: exactly those who may edit the session. */
export function canEditStops(p: Participation | null): boolean {
  return p !== null && canEditEvent(p);
}

/** A place picked from the places search. */
export type StopPlace = {
  placeId: string;
  placeName: string;
  address: string | null;
  latitude: number;
  longitude: number;
};

export type StopInput = { name: string; place: StopPlace | null; plannedTime: number | null };
type CheckedStop =
  | { ok: true; name: string; place: StopPlace | null; plannedTime: number | null }
  | { ok: false; field: "name" | "place" | "plannedTime"; message: string };

function isCoordinate(value: number, limit: number): boolean {
  return Number.isFinite(value) && Math.abs(value) <= limit;
}

/**
 * The stop as stored, or the first thing wrong: the place's text (the user-text rule, required,
 * at most 200 characters), a picked place's id and coordinates, and a planned time within the
 * session, give or take STOP_TIME_SLACK_MS.
 */
export function checkStop(
  input: StopInput,
  session: { startTime: number; endTime: number },
): CheckedStop {
  const cleaned = cleanUserText(input.name);
  if (!cleaned.ok) return { ok: false, field: "name", message: cleaned.message };
  if (cleaned.text === "") return { ok: false, field: "name", message: STOP_MESSAGES.nameRequired };
  if (textLength(cleaned.text) > STOP_NAME_MAX_LENGTH)
    return { ok: false, field: "name", message: STOP_MESSAGES.nameTooLong };
  let place: StopPlace | null = null;
  if (input.place !== null) {
    const placeName = cleanUserText(input.place.placeName);
    const address = input.place.address === null ? null : cleanUserText(input.place.address);
    if (
      !isPlaceIdWithinBounds(input.place.placeId) ||
      !placeName.ok ||
      placeName.text === "" ||
      textLength(placeName.text) > STOP_NAME_MAX_LENGTH ||
      (address !== null && (!address.ok || textLength(address.text) > STOP_NAME_MAX_LENGTH)) ||
      !isCoordinate(input.place.latitude, 90) ||
      !isCoordinate(input.place.longitude, 180)
    )
      return { ok: false, field: "place", message: STOP_MESSAGES.placeInvalid };
    place = {
      placeId: input.place.placeId.trim(),
      placeName: placeName.text,
      address: address?.ok && address.text !== "" ? address.text : null,
      latitude: input.place.latitude,
      longitude: input.place.longitude,
    };
  }
  const time = input.plannedTime;
  if (
    time !== null &&
    (!Number.isFinite(time) ||
      time < session.startTime - STOP_TIME_SLACK_MS ||
      time > session.endTime + STOP_TIME_SLACK_MS)
  )
    return { ok: false, field: "plannedTime", message: STOP_MESSAGES.timeOutsideSession };
  return { ok: true, name: cleaned.text, place, plannedTime: time };
}

/**
 * Whether `order` lists each of `current` exactly once (a reorder sent from a stale list, or with
 * a foreign id, is refused rather than guessed at).
 */
export function isSameStops(current: readonly string[], order: readonly string[]): boolean {
  if (order.length !== current.length || new Set(order).size !== order.length) return false;
  const known = new Set(current);
  return order.every((id) => known.has(id));
}

/** Where a maps app opens a stop: by coordinates when the place was picked, else by its text. */
export function stopMapsUrl(stop: {
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
}): string {
  const query =
    stop.latitude !== null && stop.longitude !== null
      ? `${stop.latitude},${stop.longitude}`
      : stop.address !== null && !stop.address.includes(stop.name)
        ? `${stop.name}, ${stop.address}`
        : (stop.address ?? stop.name);
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** "Bar crawl: The Crown → Nightjar → Jo's flat": a crawl's stops in one line. */
export function crawlRoute(names: readonly string[]): string {
  return `Bar crawl: ${names.join(" → ")}`;
}

/** "3 stops · 5 hours", "2 stops · 1 hour", "4 stops · 2.5 hours", "2 stops · 45 min": a crawl in one line (to the half hour). */
export function crawlSummary(stopCount: number, durationMs: number): string {
  const stops = `${stopCount} ${stopCount === 1 ? "stop" : "stops"}`;
  const minutes = Math.max(0, Math.round(durationMs / 60_000));
  if (minutes < 60) return `${stops} · ${minutes} min`;
  const hours = Math.round(minutes / 30) / 2;
  return `${stops} · ${hours} ${hours === 1 ? "hour" : "hours"}`;
}

export const STOP_NOTICE_TEXTS = {
  moved: (place: string, event: string) => ({
    title: `The crew moved to ${place}`,
    message: `"${event}" is at ${place} now`,
  }),
} as const;
