import { Radio, RadioGroup } from "@headlessui/react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export type ChoiceOption<T extends string> = {
  value: T;
  label: string;
  emoji: string;
  description?: string;
  /** Classes for the selected state's background (e.g. a vibe gradient). */
  selectedClassName?: string;
};

/**
 * Big tappable cards for one choice (time, drink, vibe): a radio group, so
 * arrow keys move between cards and screen readers hear "radio, checked".
 */
export function ChoiceCards<T extends string>({
  label,
  value,
  onChange,
  options,
  columns,
  compact = false,
  error,
  hideLabel = false,
  descriptionsFromSm = false,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly ChoiceOption<T>[];
  columns: string;
  compact?: boolean;
  error?: string;
  hideLabel?: boolean;
  /** Phones show only the chosen option's description, under the cards. */
  descriptionsFromSm?: boolean;
}): ReactNode {
  const chosen = options.find((option) => option.value === value);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className={cn("mb-2 text-sm font-semibold text-cream-200", hideLabel && "sr-only")}>
        {label}
      </legend>
      <RadioGroup
        value={value}
        onChange={onChange}
        aria-label={label}
        className={cn("grid gap-2.5", columns)}
      >
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            className={cn(
              "group relative flex cursor-pointer rounded-2xl bg-night-800 ring-1 ring-night-600 transition outline-none ring-inset select-none hover:bg-night-700 active:scale-[0.97]",
              "data-checked:ring-2 data-checked:ring-brand-amber data-focus:outline-3 data-focus:outline-offset-2 data-focus:outline-brand-amber",
              option.selectedClassName
                ? cn(
                    "data-checked:bg-gradient-to-br data-checked:text-brand-ink",
                    option.selectedClassName,
                  )
                : "data-checked:bg-amber-300/15",
              compact
                ? "flex-col items-center justify-center gap-1 px-2 py-3 text-center"
                : "items-center gap-3 px-4 py-3",
            )}
          >
            <span aria-hidden="true" className={cn(compact ? "text-3xl" : "text-2xl")}>
              {option.emoji}
            </span>
            <span className="flex min-w-0 flex-col">
              <span className="text-sm leading-tight font-bold">{option.label}</span>
              {option.description && (
                <span
                  className={cn(
                    "mt-0.5 text-xs leading-snug text-cream-400 group-data-checked:text-current",
                    descriptionsFromSm && "hidden sm:block",
                  )}
                >
                  {option.description}
                </span>
              )}
            </span>
          </Radio>
        ))}
      </RadioGroup>
      {descriptionsFromSm && chosen?.description && (
        <p aria-hidden="true" className="text-sm text-cream-400 sm:hidden">
          {chosen.description}
        </p>
      )}
      {error && <p className="text-sm font-medium text-red-300">{error}</p>}
    </fieldset>
  );
}
