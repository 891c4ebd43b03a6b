import { Radio, RadioGroup } from "@headlessui/react";
import { cn } from "@/lib/cn";

/** A compact single choice as pills (the discover filters). */
export function PillChoices<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<{ value: T; label: string }>;
}) {
  return (
    <fieldset>
      <legend className="mb-2.5 text-sm font-bold text-cream-200">{label}</legend>
      <RadioGroup
        value={value}
        onChange={onChange}
        aria-label={label}
        className="flex flex-wrap gap-2"
      >
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            className={cn(
              "cursor-pointer rounded-full bg-night-800 px-4 py-2 text-sm font-semibold text-cream-200 ring-1 ring-night-600 transition outline-none ring-inset select-none hover:bg-night-700 hover:text-cream-50",
              "data-checked:bg-brand-gradient data-checked:text-brand-ink data-checked:ring-0 data-focus:outline-3 data-focus:outline-offset-2 data-focus:outline-brand-amber",
            )}
          >
            {option.label}
          </Radio>
        ))}
      </RadioGroup>
    </fieldset>
  );
}
