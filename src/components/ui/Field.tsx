import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";

/** Classes for text inputs, textareas and selects on the night background. */
export const inputStyles =
  // scroll margins keep a focused field clear of the sticky nav bar and a sticky form footer.
  "block w-full scroll-mt-24 scroll-mb-36 rounded-2xl bg-night-950/70 px-4 py-3 text-base text-cream-50 ring-1 ring-night-400 ring-inset " +
  "placeholder:text-cream-400/80 transition focus:ring-2 focus:ring-brand-amber focus:outline-none " +
  "aria-invalid:ring-2 aria-invalid:ring-red-400";

interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

interface FieldProps {
  label: ReactNode;
  /** Help shown under the control. */
  hint?: ReactNode;
  /** The field's error; announced and linked to the control. */
  error?: string | null;
  /** Characters used out of the limit, shown at the right of the label. */
  counter?: { used: number; max: number };
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control with optional hint, counter and error message,
 * all wired to the control with ids (label, aria-describedby, aria-invalid).
 */
export function Field({ label, hint, error, counter, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null, counter ? counterId : null]
      .filter(Boolean)
      .join(" ") || undefined;
  const over = counter !== undefined && counter.used > counter.max;

  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold text-cream-200">
          {label}
        </label>
        {counter && (
          <span
            id={counterId}
            className={cn("text-xs tabular-nums", over ? "font-semibold text-red-300" : "text-cream-400")}
          >
            {counter.used}/{counter.max}
          </span>
        )}
      </div>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-300">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-sm text-cream-400">
          {hint}
        </p>
      )}
    </div>
  );
}
