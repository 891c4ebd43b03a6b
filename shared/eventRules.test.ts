import { describe, expect, it } from "vitest";
import {
  COVER_IMAGE_MAX_BYTES,
  CREATE_WIZARD_DEFAULTS,
  EVENT_ERRORS,
  EVENT_TOASTS,
  EVENT_VALIDATION_MESSAGES,
  TITLE_MAX_LENGTH,
  coverImageProblem,
  coverUploadFailedMessage,
  createFailedMessage,
  createStepErrors,
  editStepErrors,
  eventCreateSchema,
  eventEditSchema,
  eventTimesProblem,
  memberActionFailedMessage,
  type EventCreateInput,
} from "./eventRules";
import { HOUR_MS } from "./eventTiming";
import { photoFileProblem } from "./recapRules";

const START = Date.parse("2025-06-06T19:00:00Z");

const valid: EventCreateInput = {
  title: "  Friday Pints  ",
  placeNickname: "",
  location: "The Crown, London",
  place: null,
  durationType: "specific_time",
  startTime: START,
  endTime: null,
  timeZone: "Europe/London",
  drinkType: "beer",
  vibe: "casual",
  notes: "   ",
  isPublic: true,
};

function messages(
  input: unknown,
  schema: typeof eventCreateSchema | typeof eventEditSchema = eventCreateSchema,
) {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
}

describe("eventCreateSchema", () => {
  it("trims text and turns empty optional text into null", () => {
    const parsed = eventCreateSchema.parse(valid);
    expect(parsed.title).toBe("Friday Pints");
    expect(parsed.placeNickname).toBeNull();
    expect(parsed.notes).toBeNull();
    expect(parsed.location).toBe("The Crown, London");
    expect(parsed.timeZone).toBe("Europe/London");
  });

  it("requires a non-blank title, up to 100 characters", () => {
    expect(messages({ ...valid, title: "   " })).toEqual([["title", "Event title is required"]]);
    expect(messages({ ...valid, title: undefined })).toEqual([
      ["title", "Event title is required"],
    ]);
    expect(messages({ ...valid, title: "🍺".repeat(TITLE_MAX_LENGTH) })).toEqual([]);
    expect(messages({ ...valid, title: "x".repeat(TITLE_MAX_LENGTH + 1) })).toEqual([
      ["title", "Event title must be 100 characters or less"],
    ]);
  });

  it("limits place nickname, location and notes", () => {
    expect(
      messages({
        ...valid,
        placeNickname: "x".repeat(51),
        location: "x".repeat(201),
        notes: "x".repeat(1001),
      }),
    ).toEqual([
      ["placeNickname", "Place nickname must be 50 characters or less"],
      ["location", "Location must be 200 characters or less"],
      ["notes", "Notes must be 1000 characters or less"],
    ]);
  });

  it("requires a drink type and a vibe from the lists", () => {
    expect(messages({ ...valid, drinkType: "absinthe", vibe: undefined })).toEqual([
      ["drinkType", "Please choose a drink type"],
      ["vibe", "Please choose a vibe"],
    ]);
    expect(messages({ ...valid, drinkType: "shots", vibe: "stone_cold" })).toEqual([]);
  });

  it("needs nothing but the choice for 'Right Now', and drops any times sent", () => {
    const parsed = eventCreateSchema.parse({
      ...valid,
      durationType: "now",
      startTime: START,
      endTime: START + HOUR_MS,
    });
    expect(parsed.startTime).toBeNull();
    expect(parsed.endTime).toBeNull();
  });

  it("needs a start for specific_time and all_night, whose end is derived", () => {
    expect(messages({ ...valid, durationType: "all_night", startTime: null })).toEqual([
      ["startTime", "Start time is required"],
    ]);
    expect(
      eventCreateSchema.parse({ ...valid, durationType: "all_night", endTime: START + HOUR_MS })
        .endTime,
    ).toBeNull();
  });

  it("checks custom start and end with the spec's messages", () => {
    const custom = { ...valid, durationType: "custom" as const };
    expect(messages({ ...custom, startTime: null, endTime: null })).toEqual([
      ["startTime", "Start time is required"],
      ["endTime", "End time is required"],
    ]);
    expect(messages({ ...custom, endTime: START })).toEqual([
      ["endTime", "End time must be after start time"],
    ]);
    expect(messages({ ...custom, endTime: START - 1 })).toEqual([
      ["endTime", "End time must be after start time"],
    ]);
    expect(eventCreateSchema.parse({ ...custom, endTime: START + HOUR_MS }).endTime).toBe(
      START + HOUR_MS,
    );
  });

  it("requires a time choice", () => {
    expect(messages({ ...valid, durationType: "whenever" })).toEqual([
      ["durationType", "Please choose when the session starts"],
    ]);
  });

  it("falls back to UTC for an unknown time zone", () => {
    expect(eventCreateSchema.parse({ ...valid, timeZone: "Nowhere/Special" }).timeZone).toBe("UTC");
    expect(eventCreateSchema.parse({ ...valid, timeZone: undefined }).timeZone).toBe("UTC");
  });

  it("accepts a picked place and refuses a malformed one", () => {
    const place = {
      placeId: "osm:1",
      placeName: "The Crown",
      address: "1 High St",
      latitude: 51.5,
      longitude: -0.12,
    };
    expect(eventCreateSchema.parse({ ...valid, place }).place).toEqual(place);
    expect(messages({ ...valid, place: { ...place, latitude: 91 } })[0]?.[0]).toBe(
      "place.latitude",
    );
    expect(messages({ ...valid, place: "The Crown" })).toEqual([
      ["place", "Please choose a place from the list"],
    ]);
  });

  it("starts the wizard at right now, beer, casual, public", () => {
    expect(CREATE_WIZARD_DEFAULTS).toEqual({
      durationType: "now",
      drinkType: "beer",
      vibe: "casual",
      isPublic: true,
    });
  });
});

describe("eventEditSchema", () => {
  const edit = {
    ...valid,
    durationType: undefined,
    timeZone: undefined,
    startTime: START,
    endTime: null,
  };

  it("defaults the end to start + 3 hours", () => {
    expect(eventEditSchema.parse(edit).endTime).toBe(START + 3 * HOUR_MS);
    expect(eventEditSchema.parse({ ...edit, endTime: START + HOUR_MS }).endTime).toBe(
      START + HOUR_MS,
    );
  });

  it("requires a start and an end after it", () => {
    expect(messages({ ...edit, startTime: null }, eventEditSchema)).toEqual([
      ["startTime", "Start time is required"],
    ]);
    expect(messages({ ...edit, endTime: START }, eventEditSchema)).toEqual([
      ["endTime", "End time must be after start time"],
    ]);
  });
});

describe("eventTimesProblem (bounded times)", () => {
  const now = Date.UTC(2025, 5, 14, 20);
  const DAY = 24 * HOUR_MS;

  it("accepts a start from a day ago to a year ahead, lasting up to 24 hours", () => {
    expect(eventTimesProblem({ startTime: now - DAY, endTime: now }, now)).toBeNull();
    expect(
      eventTimesProblem({ startTime: now + 365 * DAY, endTime: now + 366 * DAY }, now),
    ).toBeNull();
  });

  it("refuses a squatter's 1970 to 9999 and the other ways out", () => {
    expect(eventTimesProblem({ startTime: 0, endTime: 253402300799000 }, now)).toEqual({
      field: "startTime",
      message: "Start time can't be more than a day in the past",
    });
    expect(
      eventTimesProblem({ startTime: now + 366 * DAY, endTime: now + 366 * DAY + HOUR_MS }, now)
        ?.message,
    ).toBe("Start time must be within the next year");
    expect(eventTimesProblem({ startTime: now, endTime: now + DAY + 1 }, now)).toEqual({
      field: "endTime",
      message: "A session can last at most 24 hours",
    });
  });

  it("leaves a derived end alone (an all-night session on a 25-hour day)", () => {
    expect(
      eventTimesProblem({ startTime: now, endTime: now + 25 * HOUR_MS }, now, {
        explicitEnd: false,
      }),
    ).toBeNull();
  });

  it("on edit: unchanged times pass, an ended session's times are frozen", () => {
    const ongoing = { startTime: now - 2 * DAY, endTime: now + HOUR_MS, ended: false };
    expect(eventTimesProblem(ongoing, now, { current: ongoing })).toBeNull();
    expect(
      eventTimesProblem({ ...ongoing, endTime: now + 2 * HOUR_MS }, now, { current: ongoing })
        ?.message,
    ).toBe("A session can last at most 24 hours");
    const ended = { startTime: now - 5 * HOUR_MS, endTime: now - HOUR_MS, ended: true };
    expect(eventTimesProblem(ended, now, { current: ended })).toBeNull();
    expect(
      eventTimesProblem({ ...ended, endTime: now + HOUR_MS }, now, { current: ended }),
    ).toEqual({
      field: "startTime",
      message: "This session has ended, so its start and end can no longer change",
    });
  });
});

describe("wizard steps", () => {
  it("step 1 needs a title and a time choice (with its times), even while later steps are empty", () => {
    expect(createStepErrors(1, { title: " ", durationType: "custom" })).toEqual([
      { field: "title", message: "Event title is required" },
      { field: "startTime", message: "Start time is required" },
      { field: "endTime", message: "End time is required" },
    ]);
    expect(createStepErrors(1, { title: "Pints" })).toEqual([
      { field: "durationType", message: "Please choose when the session starts" },
    ]);
    expect(createStepErrors(1, { title: "Pints", durationType: "now" })).toEqual([]);
  });

  it("step 2 needs a drink type and a vibe; step 3 is always valid", () => {
    expect(createStepErrors(2, { title: "Pints" }).map((error) => error.field)).toEqual([
      "drinkType",
      "vibe",
    ]);
    expect(createStepErrors(2, { drinkType: "wine", vibe: "classy" })).toEqual([]);
    expect(createStepErrors(3, {})).toEqual([]);
  });

  it("the edit dialog checks basics and time at step 1 and drink and vibe at step 3", () => {
    expect(editStepErrors(1, { title: "Pints" })).toEqual([
      { field: "startTime", message: "Start time is required" },
    ]);
    expect(editStepErrors(2, {})).toEqual([]);
    expect(
      editStepErrors(3, { title: "Pints", startTime: START }).map((error) => error.field),
    ).toEqual(["drinkType", "vibe"]);
  });
});

describe("cover image", () => {
  it("accepts JPEG (also written image/jpg), PNG and WebP up to 5MB", () => {
    for (const type of ["image/jpeg", "image/jpg", "image/png", "IMAGE/WEBP"]) {
      expect(coverImageProblem({ type, size: COVER_IMAGE_MAX_BYTES })).toBeNull();
    }
  });

  it("one rule with photos — an empty declared type is left to the server's look at the bytes", () => {
    expect(coverImageProblem({ type: "", size: 10 })).toBeNull();
    expect(photoFileProblem({ type: "", size: 10 })).toBeNull();
    expect(photoFileProblem({ type: "image/jpg", size: 10 })).toBeNull();
  });

  it("refuses other types and larger files with the spec's messages", () => {
    expect(coverImageProblem({ type: "image/gif", size: 10 })).toEqual({
      code: "FILE_TYPE_NOT_ALLOWED",
      message: "Cover image must be JPEG, PNG, or WebP",
    });
    expect(coverImageProblem({ type: null, size: 10 })?.code).toBe("FILE_TYPE_NOT_ALLOWED");
    expect(coverImageProblem({ type: "image/png", size: COVER_IMAGE_MAX_BYTES + 1 })).toEqual({
      code: "FILE_TOO_LARGE",
      message: "Cover image must be less than 5MB",
    });
  });
});

describe("messages", () => {
  it("keeps the spec's texts", () => {
    expect(EVENT_TOASTS.joined).toBe("Hell yeah! You're in!");
    expect(EVENT_TOASTS.left).toBe("Left the session");
    expect(EVENT_TOASTS.rsvpUpdated).toBe("RSVP updated!");
    expect(EVENT_TOASTS.created).toBe("Event created successfully!");
    expect(EVENT_ERRORS.noPermissionToView).toBe(
      "You do not have permission to view this private event",
    );
    expect(EVENT_ERRORS.onlyHostCanPromote).toBe(
      "Only the event host can promote members to co-host",
    );
    expect(EVENT_ERRORS.onlyCreatorCanDelete).toBe("Only event creator can delete this event");
    expect(EVENT_VALIDATION_MESSAGES.invalidSlug).toBe("Invalid event slug provided");
  });

  it("builds the messages that carry a reason", () => {
    expect(createFailedMessage("network down")).toBe("Failed to create event: network down");
    expect(coverUploadFailedMessage("too slow")).toBe("Failed to upload cover image: too slow");
    expect(memberActionFailedMessage("demote")).toBe("Failed to demote member");
  });
});
