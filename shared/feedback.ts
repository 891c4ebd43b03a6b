/**
 * Interaction feedback: what a join, an RSVP, a reaction or a badge award
 * plays — a synthesised sound, a vibration and a visual pulse — from the
 * person's locally stored settings. Pure: the browser side only carries out
 * the plan `feedbackPlan` returns.
 */

export const FEEDBACK_KINDS = ["join", "rsvp", "reaction", "badge"] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

export const HAPTIC_INTENSITIES = ["light", "medium", "heavy"] as const;
export type HapticIntensity = (typeof HAPTIC_INTENSITIES)[number];

export const INTERACTION_INTENSITIES = ["subtle", "normal", "intense"] as const;
export type InteractionIntensity = (typeof INTERACTION_INTENSITIES)[number];

/** Vibration length multipliers. */
export const HAPTIC_MULTIPLIERS: Record<HapticIntensity, number> = {
  light: 0.5,
  medium: 1,
  heavy: 1.5,
};

/** The overall intensity: scales the sound, the vibration and the pulse. */
export const INTERACTION_MULTIPLIERS: Record<InteractionIntensity, number> = {
  subtle: 0.6,
  normal: 1,
  intense: 1.4,
};

/** Every sound's volume (0.1–0.4) is multiplied by this. */
export const MASTER_VOLUME = 0.3;
export const SOUND_VOLUME_RANGE = { min: 0.1, max: 0.4 } as const;
export const VISUAL_FEEDBACK_MS = 600;

/** Each kind's own volume, within SOUND_VOLUME_RANGE: a badge award is the loudest moment. */
export const SOUND_VOLUMES: Record<FeedbackKind, number> = {
  reaction: 0.1,
  rsvp: 0.2,
  join: 0.3,
  badge: 0.4,
};

/** Vibration patterns at medium strength: vibrate, pause, vibrate… in ms. */
export const VIBRATION_PATTERNS: Record<FeedbackKind, readonly number[]> = {
  reaction: [12],
  rsvp: [20],
  join: [30, 40, 30],
  badge: [40, 60, 40, 60, 80],
};

/** The longest single vibration we ask for, whatever the multipliers. */
export const MAX_VIBRATION_MS = 200;

/** How much the pulse grows (at normal intensity) and how bright its glow is. */
const PULSE_GROWTH = 0.06;
const PULSE_GLOW = 0.55;

export type FeedbackSettings = {
  sound: boolean;
  haptic: boolean;
  visual: boolean;
  hapticIntensity: HapticIntensity;
  intensity: InteractionIntensity;
};

/** Everything on, at medium and normal (the spec's stored defaults: sound enabled at 0.3). */
export const DEFAULT_FEEDBACK_SETTINGS: FeedbackSettings = {
  sound: true,
  haptic: true,
  visual: true,
  hapticIntensity: "medium",
  intensity: "normal",
};

/** Settings read back from storage: each missing or unknown field takes its default. */
export function parseFeedbackSettings(raw: unknown): FeedbackSettings {
  const stored = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const flag = (key: "sound" | "haptic" | "visual") =>
    typeof stored[key] === "boolean" ? stored[key] : DEFAULT_FEEDBACK_SETTINGS[key];
  const oneOf = <T extends string>(value: unknown, options: readonly T[], fallback: T): T =>
    options.find((option) => option === value) ?? fallback;
  return {
    sound: flag("sound"),
    haptic: flag("haptic"),
    visual: flag("visual"),
    hapticIntensity: oneOf(
      stored.hapticIntensity,
      HAPTIC_INTENSITIES,
      DEFAULT_FEEDBACK_SETTINGS.hapticIntensity,
    ),
    intensity: oneOf(
      stored.intensity,
      INTERACTION_INTENSITIES,
      DEFAULT_FEEDBACK_SETTINGS.intensity,
    ),
  };
}

export type PulsePlan = {
  durationMs: number;
  /** 1 under reduced motion: the element glows without moving. */
  scale: number;
  /** Peak opacity of the glow ring, 0–1. */
  glow: number;
};

type FeedbackPlan = {
  /** Peak gain of the sound, or null for silence. */
  soundGain: number | null;
  /** navigator.vibrate pattern, or null for none. */
  vibration: number[] | null;
  pulse: PulsePlan | null;
};

const round = (value: number, digits = 4) => Number(value.toFixed(digits));

/** What one interaction plays under `settings`; a channel that is off plays nothing. */
export function feedbackPlan(
  kind: FeedbackKind,
  settings: FeedbackSettings,
  options: { reducedMotion: boolean },
): FeedbackPlan {
  const intensity = INTERACTION_MULTIPLIERS[settings.intensity];
  const haptic = HAPTIC_MULTIPLIERS[settings.hapticIntensity];
  return {
    soundGain: settings.sound ? round(SOUND_VOLUMES[kind] * MASTER_VOLUME * intensity) : null,
    vibration: settings.haptic
      ? VIBRATION_PATTERNS[kind].map((ms, index) =>
          // Even entries vibrate and scale; odd entries are the pauses between them.
          index % 2 === 0 ? Math.min(MAX_VIBRATION_MS, Math.round(ms * haptic * intensity)) : ms,
        )
      : null,
    pulse: settings.visual
      ? {
          durationMs: VISUAL_FEEDBACK_MS,
          scale: options.reducedMotion ? 1 : round(1 + PULSE_GROWTH * intensity),
          glow: round(Math.min(1, PULSE_GLOW * intensity)),
        }
      : null,
  };
}
