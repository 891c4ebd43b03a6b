/**
 * Carries out a feedback plan (shared/feedback.ts): tones synthesised with the
 * Web Audio API, `navigator.vibrate`, and a pulse on the element with the Web
 * Animations API. Each channel fails on its own, silently.
 */
import { feedbackPlan, type FeedbackKind, type PulsePlan } from "@shared/feedback";
import { readFeedbackSettings } from "./settings";

type Tone = {
  /** Hz at the start, and where it glides to (a pop), if anywhere. */
  frequency: number;
  glideTo?: number;
  /** Seconds after the sound starts, and how long it rings. */
  at: number;
  duration: number;
  wave: OscillatorType;
};

// A glass clink is a bright fundamental with an inharmonic overtone that dies fast.
const clink = (frequency: number, at: number): Tone[] => [
  { frequency, at, duration: 0.35, wave: "sine" },
  { frequency: frequency * 2.76, at, duration: 0.12, wave: "sine" },
];

const TONES: Record<FeedbackKind, Tone[]> = {
  join: [...clink(1568, 0), ...clink(2093, 0.09)],
  rsvp: clink(1319, 0),
  reaction: [{ frequency: 520, glideTo: 880, at: 0, duration: 0.09, wave: "triangle" }],
  // C6 E6 G6 C7: a small fanfare.
  badge: [1047, 1319, 1568, 2093].map((frequency, index) => ({
    frequency,
    at: index * 0.08,
    duration: index === 3 ? 0.5 : 0.16,
    wave: "triangle" as const,
  })),
};

let audio: AudioContext | null = null;

function playTones(tones: Tone[], gain: number): void {
  audio ??= new AudioContext();
  const context = audio;
  if (context.state === "suspended") void context.resume().catch(() => undefined);
  const start = context.currentTime + 0.01;
  for (const tone of tones) {
    const oscillator = context.createOscillator();
    const envelope = context.createGain();
    const from = start + tone.at;
    const to = from + tone.duration;
    oscillator.type = tone.wave;
    oscillator.frequency.setValueAtTime(tone.frequency, from);
    if (tone.glideTo) oscillator.frequency.exponentialRampToValueAtTime(tone.glideTo, to);
    // A quick attack and an exponential decay, ending at (almost) silence.
    envelope.gain.setValueAtTime(0.0001, from);
    envelope.gain.exponentialRampToValueAtTime(gain, from + 0.005);
    envelope.gain.exponentialRampToValueAtTime(0.0001, to);
    oscillator.connect(envelope).connect(context.destination);
    oscillator.start(from);
    oscillator.stop(to + 0.02);
  }
}

function pulse(target: Element, plan: PulsePlan): void {
  const ring = (opacity: number, spread: number) =>
    `0 0 0 ${spread}px rgb(251 191 36 / ${opacity})`; // brand amber
  target.animate(
    [
      { transform: "scale(1)", boxShadow: ring(plan.glow, 0) },
      { transform: `scale(${plan.scale})`, boxShadow: ring(plan.glow * 0.6, 8), offset: 0.3 },
      { transform: "scale(1)", boxShadow: ring(0, 16) },
    ],
    { duration: plan.durationMs, easing: "ease-out" },
  );
}

function attempt(run: () => void): void {
  try {
    run();
  } catch {
    // No audio, no vibration motor, no animations: the interaction itself already happened.
  }
}

export function play(kind: FeedbackKind, target: Element | null): void {
  const reducedMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  const plan = feedbackPlan(kind, readFeedbackSettings(), { reducedMotion });
  if (plan.soundGain !== null) {
    const gain = plan.soundGain;
    attempt(() => playTones(TONES[kind], gain));
  }
  if (plan.vibration !== null && typeof navigator.vibrate === "function") {
    const pattern = plan.vibration;
    attempt(() => navigator.vibrate(pattern));
  }
  if (plan.pulse !== null && target !== null) {
    const pulsePlan = plan.pulse;
    attempt(() => pulse(target, pulsePlan));
  }
}
