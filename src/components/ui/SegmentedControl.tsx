import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** How the chosen option stands out: the brand gradient (a page's main choice) or quietly. */
const TONES = {
  brand: "aria-pressed:bg-brand-gradient aria-pressed:text-brand-ink",
  quiet: "aria-pressed:bg-night-700 aria-pressed:text-brand-amber",
} as const;

export type SegmentedOption<Value extends string> = {
  value: Value;
  /** What the button shows. */
  content: ReactNode;
  /** The button's name when `content` has no text (an icon alone). */
  label?: string;
};

/**
 * One choice among a few, as a row of toggle buttons in a pill: a group named `label` whose
 * buttons say which one is on with aria-pressed.
 */
export function SegmentedControl<Value extends string>({
  label,
  options,
  value,
  onChange,
  tone = "quiet",
  optionClassName,
}: {
  label: string;
  options: readonly SegmentedOption<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  tone?: keyof typeof TONES;
  /** Each button's size and type. */
  optionClassName?: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="flex rounded-full bg-night-850 p-1 ring-1 ring-night-600 ring-inset"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          aria-label={option.label}
          onClick={() => onChange(option.value)}
          className={cn(
            "rounded-full text-cream-200 transition hover:text-cream-50",
            TONES[tone],
            optionClassName,
          )}
        >
          {option.content}
        </button>
      ))}
    </div>
  );
}
