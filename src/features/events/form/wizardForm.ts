/**
 * The create wizard's and edit dialog's form state, and how it becomes the
 * payloads of shared/eventRules.ts. Times are edited as `datetime-local`
 * strings in the viewer's zone and sent as epoch milliseconds.
 */
import type { DrinkType } from "@shared/drinks";
import type { DurationType, Vibe } from "@shared/eventOptions";
import {
  CREATE_WIZARD_DEFAULTS,
  type EventCreateInput,
  type EventEditInput,
  type Place,
} from "@shared/eventRules";
import {
  DEFAULT_EVENT_DURATION_MS,
  HOUR_MS,
  fromDateTimeLocalValue,
  toDateTimeLocalValue,
} from "@shared/eventTiming";

export type EventFormValues = {
  title: string;
  durationType: DurationType;
  /** `datetime-local` values; "" when empty. */
  startLocal: string;
  endLocal: string;
  placeNickname: string;
  location: string;
  place: Place | null;
  drinkType: DrinkType;
  vibe: Vibe;
  notes: string;
  isPublic: boolean;
  /** A new cover chosen in the form (checked type and size). */
  cover: File | null;
};

/** The next full hour: a sensible first start for "Specific Time" and friends. */
export function suggestedStart(now: number): number {
  return Math.ceil((now + 1) / HOUR_MS) * HOUR_MS;
}

/** The create wizard's defaults: right now, beer, casual, public. */
export function initialCreateValues(): EventFormValues {
  return {
    title: "",
    durationType: CREATE_WIZARD_DEFAULTS.durationType,
    startLocal: "",
    endLocal: "",
    placeNickname: "",
    location: "",
    place: null,
    drinkType: CREATE_WIZARD_DEFAULTS.drinkType,
    vibe: CREATE_WIZARD_DEFAULTS.vibe,
    notes: "",
    isPublic: CREATE_WIZARD_DEFAULTS.isPublic,
    cover: null,
  };
}

/**
 * Switching the time choice: a choice that needs a start gets the next full
 * hour if none is set yet; custom also gets an end 3 hours later.
 */
export function withDurationType(
  values: EventFormValues,
  durationType: DurationType,
  now: number,
  timeZone: string,
): EventFormValues {
  const next = { ...values, durationType };
  if (durationType === "now") return next;
  const start = fromDateTimeLocalValue(values.startLocal, timeZone) ?? suggestedStart(now);
  next.startLocal = values.startLocal || toDateTimeLocalValue(start, timeZone);
  if (durationType === "custom" && values.endLocal === "") {
    next.endLocal = toDateTimeLocalValue(start + DEFAULT_EVENT_DURATION_MS, timeZone);
  }
  return next;
}

function localTime(value: string, timeZone: string): number | null {
  return value.trim() === "" ? null : fromDateTimeLocalValue(value, timeZone);
}

const shared = (values: EventFormValues) => ({
  title: values.title,
  placeNickname: values.placeNickname,
  location: values.location,
  place: values.place,
  drinkType: values.drinkType,
  vibe: values.vibe,
  notes: values.notes,
  isPublic: values.isPublic,
});

/** What `events.create` receives (`eventCreateSchema` input). */
export function toCreateInput(values: EventFormValues, timeZone: string): EventCreateInput {
  return {
    ...shared(values),
    durationType: values.durationType,
    startTime: values.durationType === "now" ? null : localTime(values.startLocal, timeZone),
    endTime: values.durationType === "custom" ? localTime(values.endLocal, timeZone) : null,
    timeZone,
  };
}

/** What `events.update` receives (`eventEditSchema` input). */
export function toEditInput(values: EventFormValues, timeZone: string): EventEditInput {
  return {
    ...shared(values),
    startTime: localTime(values.startLocal, timeZone),
    endTime: localTime(values.endLocal, timeZone),
  };
}

/** The fields of an event, as the server sends them, that the edit form starts from. */
export type EditableEventFields = {
  title: string;
  durationType: DurationType;
  startTime: number;
  endTime: number;
  placeNickname: string | null;
  location: string | null;
  placeName: string | null;
  placeId?: string | null;
  latitude: number | null;
  longitude: number | null;
  drinkType: DrinkType;
  vibe: Vibe;
  notes: string | null;
  isPublic: boolean;
};

/** The edit form filled from an event as the server sends it. */
export function editValuesFrom(
  event: EditableEventFields,
  timeZone: string,
): EventFormValues {
  const place: Place | null =
    event.placeId && event.latitude !== null && event.longitude !== null
      ? {
          placeId: event.placeId,
          placeName: event.placeName ?? "",
          address: event.location,
          latitude: event.latitude,
          longitude: event.longitude,
        }
      : null;
  return {
    title: event.title,
    durationType: event.durationType,
    startLocal: toDateTimeLocalValue(event.startTime, timeZone),
    endLocal: toDateTimeLocalValue(event.endTime, timeZone),
    placeNickname: event.placeNickname ?? "",
    location: event.location ?? "",
    place,
    drinkType: event.drinkType,
    vibe: event.vibe,
    notes: event.notes ?? "",
    isPublic: event.isPublic,
    cover: null,
  };
}

/** Field errors as a map, first message per field. */
export function errorMap(errors: ReadonlyArray<{ field: string; message: string }>) {
  const map: Record<string, string> = {};
  for (const error of errors) map[error.field] ??= error.message;
  return map;
}
