/**
 * Event rules shared by the wizard and edit dialog (client) and the event
 * functions (server): field limits, the spec's validation messages, toasts and
 * errors, the cover image rules and the zod schemas of the
 * create and edit payloads.
 */
import { z } from "zod";
import { DRINK_TYPES } from "./drinks";
import type { ErrorCode } from "./errors";
import { EVENT_ERRORS } from "./eventMessages";
import { DURATION_TYPES, VIBES } from "./eventOptions";
import { DEFAULT_EVENT_DURATION_MS, HOUR_MS, timeZoneOrUtc } from "./eventTiming";
import { isImageTypeRefused } from "./imageTypes";
import { isPlaceIdWithinBounds, LOCATION_MAX_LENGTH } from "./places";
import type { FieldError } from "./profileRules";
import { textLength } from "./userText";
import type { UserTextOptions } from "./userText";
import { optionalUserText, userText } from "./userTextFields";

// ---------------------------------------------------------------- limits

export const TITLE_MAX_LENGTH = 100;
export const PLACE_NICKNAME_MAX_LENGTH = 50;
export const NOTES_MAX_LENGTH = 1000;

export const CREATE_WIZARD_STEPS = 3;
export const EDIT_WIZARD_STEPS = 4;
/** The wizard's form resets this long after the dialog closes (after its exit animation). */
export const WIZARD_RESET_DELAY_MS = 300;

/** Inviting: user search is debounced. */
export const USER_SEARCH_DEBOUNCE_MS = 300;

// ---------------------------------------------------------------- messages

/** Form validation; the "too long" and "choose" messages are our own wording. */
export const EVENT_VALIDATION_MESSAGES = {
  titleRequired: "Event title is required",
  titleTooLong: `Event title must be ${TITLE_MAX_LENGTH} characters or less`,
  placeNicknameTooLong: `Place nickname must be ${PLACE_NICKNAME_MAX_LENGTH} characters or less`,
  locationTooLong: `Location must be ${LOCATION_MAX_LENGTH} characters or less`,
  notesTooLong: `Notes must be ${NOTES_MAX_LENGTH} characters or less`,
  timeChoiceRequired: "Please choose when the session starts",
  startTimeRequired: "Start time is required",
  endTimeRequired: "End time is required",
  endTimeBeforeStart: "End time must be after start time",
  startTooFarInPast: "Start time can't be more than a day in the past",
  startTooFarAhead: "Start time must be within the next year",
  sessionTooLong: "A session can last at most 24 hours",
  endedTimesLocked: "This session has ended, so its start and end can no longer change",
  drinkTypeRequired: "Please choose a drink type",
  vibeRequired: "Please choose a vibe",
  placeInvalid: "Please choose a place from the list",
  coverTooLarge: "Cover image must be less than 5MB",
  coverWrongType: "Cover image must be JPEG, PNG, or WebP",
  crewAlreadySelected: "Crew already selected",
  invalidSlug: "Invalid event slug provided",
  invalidIdOrSlug: "Invalid event ID or slug provided",
  invalidEventUrl: "Invalid Event URL",
} as const;

// Toasts and failures live in ./eventMessages, zod-free, so screens that show them do not load zod.
export { EVENT_ERRORS, EVENT_TOASTS } from "./eventMessages";

/** 'Failed to create event: {reason}'. */
export function createFailedMessage(reason: string): string {
  return `${EVENT_ERRORS.createFailed}: ${reason}`;
}

/** 'Failed to upload cover image: {reason}' (create falls back to the vibe cover; edit saves anyway). */
export function coverUploadFailedMessage(reason: string): string {
  return `Failed to upload cover image: ${reason}`;
}

/** 'Failed to promote member' / 'Failed to demote member' (the generic form). */
export function memberActionFailedMessage(action: "promote" | "demote"): string {
  return `Failed to ${action} member`;
}

// ---------------------------------------------------------------- cover image

const COVER_IMAGE_MAX_MB = 5;
export const COVER_IMAGE_MAX_BYTES = COVER_IMAGE_MAX_MB * 1024 * 1024;

export type CoverImageProblem = {
  code: Extract<ErrorCode, "FILE_TOO_LARGE" | "FILE_TYPE_NOT_ALLOWED">;
  message: string;
};

/**
 * The spec's message for a cover that may not be used, or null: the one
 * picture rule of ./imageTypes (a browser's empty type passes; the server
 * passes the type of the stored file's bytes, null when it is no picture).
 */
export function coverImageProblem(file: {
  type: string | null | undefined;
  size: number;
}): CoverImageProblem | null {
  if (isImageTypeRefused(file.type)) {
    return { code: "FILE_TYPE_NOT_ALLOWED", message: EVENT_VALIDATION_MESSAGES.coverWrongType };
  }
  if (file.size > COVER_IMAGE_MAX_BYTES) {
    return { code: "FILE_TOO_LARGE", message: EVENT_VALIDATION_MESSAGES.coverTooLarge };
  }
  return null;
}

// ---------------------------------------------------------------- timing bounds

/**
 * How far a session's times may reach (ours: the spec gives no bounds, but
 * unbounded ones let a session stay LIVE at the top of discover for ever).
 * A start may be a day late (logging last night's session) and at most a
 * year ahead; an explicit end at most 24 hours after the start.
 */
const START_MAX_PAST_MS = 24 * HOUR_MS;
const START_MAX_AHEAD_MS = 365 * 24 * HOUR_MS;
const EVENT_MAX_LENGTH_MS = 24 * HOUR_MS;

type Times = { startTime: number; endTime: number };

/**
 * The bounds problem of a session's resolved times, or null. On create pass
 * no `current`; `explicitEnd` is false when the end was derived (all night
 * ends at midnight, which a DST change can put 25 hours away). On edit pass
 * the stored times: an ended session's times are frozen (so an edit cannot
 * un-end it), and unchanged times are never refused, so an ongoing session
 * keeps its start while its other details are edited.
 */
export function eventTimesProblem(
  times: Times,
  now: number,
  options: { current?: Times & { ended: boolean }; explicitEnd?: boolean } = {},
): FieldError | null {
  const { current, explicitEnd = true } = options;
  const startChanged = current === undefined || times.startTime !== current.startTime;
  const endChanged = current === undefined || times.endTime !== current.endTime;
  if (current !== undefined && (current.ended || current.endTime <= now)) {
    return startChanged || endChanged
      ? { field: "startTime", message: EVENT_VALIDATION_MESSAGES.endedTimesLocked }
      : null;
  }
  if (startChanged && times.startTime < now - START_MAX_PAST_MS) {
    return { field: "startTime", message: EVENT_VALIDATION_MESSAGES.startTooFarInPast };
  }
  if (startChanged && times.startTime > now + START_MAX_AHEAD_MS) {
    return { field: "startTime", message: EVENT_VALIDATION_MESSAGES.startTooFarAhead };
  }
  if (
    explicitEnd &&
    (startChanged || endChanged) &&
    times.endTime - times.startTime > EVENT_MAX_LENGTH_MS
  ) {
    return { field: "endTime", message: EVENT_VALIDATION_MESSAGES.sessionTooLong };
  }
  return null;
}

// ---------------------------------------------------------------- schemas

const M = EVENT_VALIDATION_MESSAGES;

const titleField = z
  .string({ error: M.titleRequired })
  .transform(userText())
  .refine((value) => value !== "", { message: M.titleRequired })
  .refine((value) => textLength(value) <= TITLE_MAX_LENGTH, { message: M.titleTooLong });

/** The user-text rule; blank becomes null. */
function optionalTextField(max: number, message: string, options: UserTextOptions = {}) {
  return z
    .union([z.string(), z.null()])
    .optional()
    .transform(optionalUserText(options))
    .refine((value) => value === null || textLength(value) <= max, { message });
}

/** A place picked from the location search . */
export const placeSchema = z.object(
  {
    placeId: z.string().trim().refine(isPlaceIdWithinBounds, { message: M.placeInvalid }),
    placeName: z.string().transform(userText()).pipe(z.string().max(LOCATION_MAX_LENGTH)),
    address: z
      .string()
      .nullable()
      .transform(optionalUserText())
      .pipe(z.string().max(LOCATION_MAX_LENGTH).nullable()),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  },
  { error: M.placeInvalid },
);

export type Place = z.output<typeof placeSchema>;

/** Epoch milliseconds, or null/absent when not chosen. */
const optionalTimeField = z
  .union([z.number(), z.null()])
  .optional()
  .transform((value) => value ?? null);

/**
 * Run a timing check even when other fields failed (zod skips refinements
 * after failures by default), so step 1 shows its errors while step 2 is empty;
 * but only once the timing fields themselves parsed.
 */
const whenTimingFieldsParsed: z.core.$ZodSuperRefineParams = {
  when: (payload) =>
    !payload.issues.some((issue) =>
      ["durationType", "startTime", "endTime"].includes(String(issue.path?.[0])),
    ),
};

/** Fields both payloads share, apart from timing. */
const detailFields = {
  title: titleField,
  placeNickname: optionalTextField(PLACE_NICKNAME_MAX_LENGTH, M.placeNicknameTooLong),
  location: optionalTextField(LOCATION_MAX_LENGTH, M.locationTooLong),
  place: placeSchema
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  drinkType: z.enum(DRINK_TYPES, { error: M.drinkTypeRequired }),
  vibe: z.enum(VIBES, { error: M.vibeRequired }),
  notes: optionalTextField(NOTES_MAX_LENGTH, M.notesTooLong, { multiline: true }),
  isPublic: z.boolean(),
};

/**
 * What the create wizard sends. Timing by choice: 'now' needs nothing (the
 * server starts it at its own now); specific_time and all_night need a start
 * (their end is derived, so any end sent is dropped); custom needs a start and
 * an end after it. `timeZone` is the host's, for midnight; unknown → UTC.
 * Resolve the times with `resolveEventTimes` (./eventTiming).
 */
export const eventCreateSchema = z
  .object({
    ...detailFields,
    durationType: z.enum(DURATION_TYPES, { error: M.timeChoiceRequired }),
    startTime: optionalTimeField,
    endTime: optionalTimeField,
    timeZone: z.string().optional().transform(timeZoneOrUtc),
  })
  .superRefine((value, ctx) => {
    const needsStart = value.durationType !== "now";
    if (needsStart && value.startTime === null) {
      ctx.addIssue({ code: "custom", path: ["startTime"], message: M.startTimeRequired });
    }
    if (value.durationType !== "custom") return;
    if (value.endTime === null) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: M.endTimeRequired });
    } else if (value.startTime !== null && value.endTime <= value.startTime) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: M.endTimeBeforeStart });
    }
  }, whenTimingFieldsParsed)
  .transform((value) => ({
    ...value,
    startTime: value.durationType === "now" ? null : value.startTime,
    endTime: value.durationType === "custom" ? value.endTime : null,
  }));

export type EventCreateInput = z.input<typeof eventCreateSchema>;

/** The wizard's starting choices: right now, beer, casual, public. */
export const CREATE_WIZARD_DEFAULTS = {
  durationType: "now",
  drinkType: "beer",
  vibe: "casual",
  isPublic: true,
} as const satisfies Partial<EventCreateInput>;

/**
 * What the edit dialog sends: an explicit start, and an end that defaults to
 * start + 3 hours.
 */
export const eventEditSchema = z
  .object({
    ...detailFields,
    startTime: optionalTimeField,
    endTime: optionalTimeField,
  })
  .superRefine((value, ctx) => {
    if (value.startTime === null) {
      ctx.addIssue({ code: "custom", path: ["startTime"], message: M.startTimeRequired });
    } else if (value.endTime !== null && value.endTime <= value.startTime) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: M.endTimeBeforeStart });
    }
  }, whenTimingFieldsParsed)
  .transform((value) => {
    const startTime = value.startTime ?? 0; // present: checked above
    return { ...value, startTime, endTime: value.endTime ?? startTime + DEFAULT_EVENT_DURATION_MS };
  });

export type EventEditInput = z.input<typeof eventEditSchema>;

// ---------------------------------------------------------------- wizard steps

/** The fields each create-wizard step owns; step 3 is always valid. */
export const CREATE_STEP_FIELDS: Record<number, readonly (keyof EventCreateInput)[]> = {
  1: ["title", "durationType", "startTime", "endTime", "placeNickname", "location", "place"],
  2: ["drinkType", "vibe"],
  3: [],
};

/** The fields each edit step owns: basics and time, attendees, drink/vibe/cover/notes, visibility and invites. */
export const EDIT_STEP_FIELDS: Record<number, readonly (keyof EventEditInput)[]> = {
  1: ["title", "startTime", "endTime", "placeNickname", "location", "place"],
  2: [],
  3: ["drinkType", "vibe", "notes"],
  4: ["isPublic"],
};

function stepErrors(schema: z.ZodType, fields: readonly string[], values: unknown): FieldError[] {
  const result = schema.safeParse(values);
  if (result.success) return [];
  return result.error.issues
    .map((issue) => ({ field: String(issue.path[0] ?? ""), message: issue.message }))
    .filter((error) => fields.includes(error.field));
}

/** The problems that keep a create-wizard step from advancing ([] when it may). */
export function createStepErrors(step: number, values: Partial<EventCreateInput>): FieldError[] {
  return stepErrors(eventCreateSchema, CREATE_STEP_FIELDS[step] ?? [], values);
}

export function editStepErrors(step: number, values: Partial<EventEditInput>): FieldError[] {
  return stepErrors(eventEditSchema, EDIT_STEP_FIELDS[step] ?? [], values);
}
