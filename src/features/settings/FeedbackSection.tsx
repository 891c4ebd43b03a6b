import { useState } from "react";
import {
  HAPTIC_INTENSITIES,
  INTERACTION_INTENSITIES,
  type FeedbackSettings,
} from "@shared/feedback";
import { Button } from "@/components/ui/Button";
import { cn } from "@/lib/cn";
import { playFeedback } from "@/lib/feedback";
import { readFeedbackSettings, writeFeedbackSettings } from "@/lib/feedback/settings";
import { SettingsSection } from "./SettingsSection";
import { SettingsSwitch } from "./SettingsSwitch";

const canVibrate = typeof navigator !== "undefined" && typeof navigator.vibrate === "function";

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Settings › Feedback: sound, vibration and the visual pulse played on joining,
 * RSVP, reactions and badge awards (stored in this browser only).
 * Every change is saved at once.
 */
export function FeedbackSection() {
  const [settings, setSettings] = useState<FeedbackSettings>(readFeedbackSettings);

  function change(changes: Partial<FeedbackSettings>) {
    const next = { ...settings, ...changes };
    setSettings(next);
    writeFeedbackSettings(next);
  }

  const allOff = !settings.sound && !settings.haptic && !settings.visual;
  return (
    <SettingsSection
      id="feedback"
      title="Feedback"
      description="Sound, vibration and a glow when you join, RSVP, react or earn a badge. Saved on this device only."
    >
      <div className="flex flex-col gap-6">
        <div className="grid gap-2">
          <SettingsSwitch
            label="Sound"
            description="Soft clinks and chimes, made on your device."
            checked={settings.sound}
            onChange={(sound) => change({ sound })}
          />
          <SettingsSwitch
            label="Vibration"
            description={
              canVibrate
                ? "A short buzz on each tap that counts."
                : "This device can't vibrate; phones that can will buzz."
            }
            checked={settings.haptic}
            onChange={(haptic) => change({ haptic })}
          />
          <SettingsSwitch
            label="Visual pulse"
            description="A brief glow on what you tapped; it stays still if you prefer reduced motion."
            checked={settings.visual}
            onChange={(visual) => change({ visual })}
          />
        </div>

        <OptionGroup
          legend="Vibration strength"
          name="hapticIntensity"
          options={HAPTIC_INTENSITIES}
          value={settings.hapticIntensity}
          disabled={!settings.haptic}
          onChange={(hapticIntensity) => change({ hapticIntensity })}
        />
        <OptionGroup
          legend="Intensity"
          hint="Scales the sound, vibration and glow together."
          name="intensity"
          options={INTERACTION_INTENSITIES}
          value={settings.intensity}
          disabled={allOff}
          onChange={(intensity) => change({ intensity })}
        />

        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-cream-400" aria-live="polite">
            {allOff ? "All feedback is off." : "Changes apply right away."}
          </p>
          <Button
            variant="secondary"
            disabled={allOff}
            onClick={(event) => playFeedback("badge", event.currentTarget)}
          >
            <span aria-hidden="true">🥂</span> Try it
          </Button>
        </div>
      </div>
    </SettingsSection>
  );
}

function OptionGroup<T extends string>({
  legend,
  hint,
  name,
  options,
  value,
  disabled,
  onChange,
}: {
  legend: string;
  hint?: string;
  name: string;
  options: readonly T[];
  value: T;
  disabled: boolean;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset disabled={disabled} className="disabled:opacity-70">
      <legend className="text-sm font-semibold text-cream-200">{legend}</legend>
      {hint && <p className="mt-0.5 text-sm text-cream-400">{hint}</p>}
      <div className="mt-3 grid grid-cols-3 gap-2">
        {options.map((option) => (
          <label
            key={option}
            className={cn(
              "flex h-11 cursor-pointer items-center justify-center rounded-full bg-night-950/60 text-sm font-semibold text-cream-200 ring-1 ring-night-600 transition ring-inset",
              "hover:bg-night-800 has-checked:bg-amber-300/15 has-checked:text-brand-amber has-checked:ring-2 has-checked:ring-brand-amber",
              "has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-amber",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {capitalised(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
