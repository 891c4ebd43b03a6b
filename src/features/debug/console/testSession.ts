import { DEBUG_LIMITS } from "@shared/debugPages";
import type { DrinkType } from "@shared/drinks";
import type { Vibe } from "@shared/eventOptions";

export type TestEventForm = {
  title: string;
  startTime: number;
  location: string;
  notes: string;
  drinkType: DrinkType;
  vibe: Vibe;
  isPublic: boolean;
};

/** A test session 24 hours ahead, private by default. */
export function defaultTestEvent(now: number): TestEventForm {
  return {
    title: `Debug test session ${new Date(now).toISOString().slice(11, 19)}`,
    startTime: now + DEBUG_LIMITS.testEventLeadMs,
    location: "The Debug Bar",
    notes: "",
    drinkType: "beer",
    vibe: "casual",
    isPublic: false,
  };
}

/** The create wizard's payload for a test session (events.create, the real write path). */
export function createEventArgs(form: TestEventForm, timeZone: string) {
  return {
    title: form.title.trim(),
    location: form.location.trim() || null,
    notes: form.notes.trim() || null,
    durationType: "specific_time",
    startTime: form.startTime,
    drinkType: form.drinkType,
    vibe: form.vibe,
    isPublic: form.isPublic,
    timeZone,
  };
}
