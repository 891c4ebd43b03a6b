import { describe, expect, it } from "vitest";
import { createStepErrors, eventCreateSchema } from "@shared/eventRules";
import { toDateTimeLocalValue } from "@shared/eventTiming";
import {
  editValuesFrom,
  errorMap,
  initialCreateValues,
  suggestedStart,
  toCreateInput,
  toEditInput,
  withDurationType,
} from "./wizardForm";

const zone = "Europe/London";
const now = Date.UTC(2025, 5, 6, 17, 20); // Friday 6 June 2025, 18:20 in London

describe("the wizard's form", () => {
  it("starts with right now, beer, casual and public", () => {
    const values = initialCreateValues();
    expect(values).toMatchObject({
      durationType: "now",
      drinkType: "beer",
      vibe: "casual",
      isPublic: true,
    });
    expect(createStepErrors(1, toCreateInput(values, zone))).toEqual([
      { field: "title", message: "Event title is required" },
    ]);
  });

  it("suggests the next full hour when a choice needs a start, and an end 3 hours later for custom", () => {
    expect(suggestedStart(now)).toBe(Date.UTC(2025, 5, 6, 18));
    const custom = withDurationType(initialCreateValues(), "custom", now, zone);
    expect(custom.startLocal).toBe("2025-06-06T19:00");
    expect(custom.endLocal).toBe("2025-06-06T22:00");
    const kept = withDurationType(
      { ...custom, startLocal: "2025-06-07T21:00" },
      "all_night",
      now,
      zone,
    );
    expect(kept.startLocal).toBe("2025-06-07T21:00");
  });

  it("sends times only where the choice uses them", () => {
    const values = {
      ...initialCreateValues(),
      title: " Pints ",
      startLocal: "2025-06-07T20:00",
      endLocal: "2025-06-07T23:00",
    };
    expect(toCreateInput(values, zone)).toMatchObject({
      durationType: "now",
      startTime: null,
      endTime: null,
      timeZone: zone,
    });
    const specific = toCreateInput({ ...values, durationType: "specific_time" }, zone);
    expect(specific).toMatchObject({ startTime: Date.UTC(2025, 5, 7, 19), endTime: null });
    const custom = toCreateInput({ ...values, durationType: "custom" }, zone);
    expect(custom).toMatchObject({
      startTime: Date.UTC(2025, 5, 7, 19),
      endTime: Date.UTC(2025, 5, 7, 22),
    });
    expect(eventCreateSchema.parse(custom).title).toBe("Pints");
  });

  it("reports the custom-time messages on step 1", () => {
    const values = { ...initialCreateValues(), title: "Pints", durationType: "custom" as const };
    expect(errorMap(createStepErrors(1, toCreateInput(values, zone)))).toEqual({
      startTime: "Start time is required",
      endTime: "End time is required",
    });
    const backwards = { ...values, startLocal: "2025-06-07T20:00", endLocal: "2025-06-07T19:00" };
    expect(errorMap(createStepErrors(1, toCreateInput(backwards, zone)))).toEqual({
      endTime: "End time must be after start time",
    });
  });

  it("fills the edit form from an event and sends explicit times back", () => {
    const event = {
      title: "Pints",
      durationType: "specific_time" as const,
      startTime: Date.UTC(2025, 5, 7, 19),
      endTime: Date.UTC(2025, 5, 7, 23),
      placeNickname: null,
      location: "The Crown & Anchor, 22 Neal Street, London",
      placeName: "The Crown & Anchor",
      placeId: "fixture:crown-anchor",
      latitude: 51.5,
      longitude: -0.12,
      drinkType: "beer" as const,
      vibe: "casual" as const,
      notes: null,
      isPublic: true,
    };
    const values = editValuesFrom(event, zone);
    expect(values.startLocal).toBe(toDateTimeLocalValue(event.startTime, zone));
    expect(values.place?.placeId).toBe("fixture:crown-anchor");
    expect(values.notes).toBe("");
    expect(toEditInput(values, zone)).toMatchObject({
      startTime: event.startTime,
      endTime: event.endTime,
    });
    expect(editValuesFrom({ ...event, placeId: null }, zone).place).toBeNull();
  });
});
