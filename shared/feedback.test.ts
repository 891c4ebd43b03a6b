import { describe, expect, it } from "vitest";
import {
  DEFAULT_FEEDBACK_SETTINGS,
  FEEDBACK_KINDS,
  HAPTIC_MULTIPLIERS,
  INTERACTION_MULTIPLIERS,
  MASTER_VOLUME,
  MAX_VIBRATION_MS,
  SOUND_VOLUMES,
  SOUND_VOLUME_RANGE,
  VIBRATION_PATTERNS,
  VISUAL_FEEDBACK_MS,
  feedbackPlan,
  parseFeedbackSettings,
  type FeedbackSettings,
} from "./feedback";

const settings = (changes: Partial<FeedbackSettings> = {}): FeedbackSettings => ({
  ...DEFAULT_FEEDBACK_SETTINGS,
  ...changes,
});
const motion = { reducedMotion: false };

describe("the spec's constants", () => {
  it("haptic multipliers are light 0.5, medium 1, heavy 1.5", () => {
    expect(HAPTIC_MULTIPLIERS).toEqual({ light: 0.5, medium: 1, heavy: 1.5 });
  });

  it("interaction multipliers are subtle 0.6, normal 1, intense 1.4", () => {
    expect(INTERACTION_MULTIPLIERS).toEqual({ subtle: 0.6, normal: 1, intense: 1.4 });
  });

  it("master volume 0.3, every sound between 0.1 and 0.4, the pulse 600 ms", () => {
    expect(MASTER_VOLUME).toBe(0.3);
    expect(VISUAL_FEEDBACK_MS).toBe(600);
    for (const kind of FEEDBACK_KINDS) {
      expect(SOUND_VOLUMES[kind]).toBeGreaterThanOrEqual(SOUND_VOLUME_RANGE.min);
      expect(SOUND_VOLUMES[kind]).toBeLessThanOrEqual(SOUND_VOLUME_RANGE.max);
    }
  });
});

describe("feedbackPlan", () => {
  it("at the defaults: the sound at its volume times the master volume, the base vibration, a 600 ms pulse", () => {
    expect(feedbackPlan("join", settings(), motion)).toEqual({
      soundGain: 0.09, // 0.3 × 0.3
      vibration: [30, 40, 30],
      pulse: { durationMs: 600, scale: 1.06, glow: 0.55 },
    });
  });

  it("the sound scales with the interaction intensity", () => {
    const gain = (intensity: FeedbackSettings["intensity"]) =>
      feedbackPlan("badge", settings({ intensity }), motion).soundGain;
    expect(gain("subtle")).toBe(0.072); // 0.4 × 0.3 × 0.6
    expect(gain("normal")).toBe(0.12);
    expect(gain("intense")).toBe(0.168);
  });

  it("vibrations (not the pauses between them) scale with haptic strength and intensity", () => {
    const pattern = (changes: Partial<FeedbackSettings>) =>
      feedbackPlan("join", settings(changes), motion).vibration;
    expect(pattern({ hapticIntensity: "light" })).toEqual([15, 40, 15]);
    expect(pattern({ hapticIntensity: "heavy" })).toEqual([45, 40, 45]);
    expect(pattern({ hapticIntensity: "heavy", intensity: "subtle" })).toEqual([27, 40, 27]);
    expect(pattern({ hapticIntensity: "light", intensity: "intense" })).toEqual([21, 40, 21]);
  });

  it("never asks for a vibration longer than the cap", () => {
    const badge = feedbackPlan(
      "badge",
      settings({ hapticIntensity: "heavy", intensity: "intense" }),
      motion,
    );
    expect(Math.max(...(badge.vibration ?? []))).toBeLessThanOrEqual(MAX_VIBRATION_MS);
    expect(badge.vibration).toEqual([84, 60, 84, 60, 168]);
  });

  it("the pulse grows and glows with the intensity", () => {
    const pulse = (intensity: FeedbackSettings["intensity"]) =>
      feedbackPlan("rsvp", settings({ intensity }), motion).pulse;
    expect(pulse("subtle")).toEqual({ durationMs: 600, scale: 1.036, glow: 0.33 });
    expect(pulse("intense")).toEqual({ durationMs: 600, scale: 1.084, glow: 0.77 });
  });

  it("under reduced motion the pulse only glows: no scaling", () => {
    const plan = feedbackPlan("reaction", settings({ intensity: "intense" }), {
      reducedMotion: true,
    });
    expect(plan.pulse).toEqual({ durationMs: 600, scale: 1, glow: 0.77 });
  });

  it("a channel that is off plays nothing", () => {
    for (const kind of FEEDBACK_KINDS) {
      expect(
        feedbackPlan(kind, settings({ sound: false, haptic: false, visual: false }), motion),
      ).toEqual({ soundGain: null, vibration: null, pulse: null });
    }
    const onlySound = feedbackPlan("rsvp", settings({ haptic: false, visual: false }), motion);
    expect(onlySound.soundGain).toBe(0.06);
    expect(onlySound.vibration).toBeNull();
    expect(onlySound.pulse).toBeNull();
  });

  it("every kind has a pattern that starts with a vibration", () => {
    for (const kind of FEEDBACK_KINDS) {
      expect(VIBRATION_PATTERNS[kind].length % 2).toBe(1);
    }
  });
});

describe("parseFeedbackSettings", () => {
  it("nothing stored, or garbage, reads as the defaults", () => {
    expect(parseFeedbackSettings(null)).toEqual(DEFAULT_FEEDBACK_SETTINGS);
    expect(parseFeedbackSettings("loud")).toEqual(DEFAULT_FEEDBACK_SETTINGS);
    expect(parseFeedbackSettings([])).toEqual(DEFAULT_FEEDBACK_SETTINGS);
  });

  it("keeps valid fields and replaces unknown ones with their default", () => {
    expect(
      parseFeedbackSettings({ sound: false, hapticIntensity: "heavy", intensity: "deafening" }),
    ).toEqual({ ...DEFAULT_FEEDBACK_SETTINGS, sound: false, hapticIntensity: "heavy" });
    expect(parseFeedbackSettings({ haptic: "no", visual: 0 })).toEqual(DEFAULT_FEEDBACK_SETTINGS);
  });
});
