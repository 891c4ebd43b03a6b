import { cn } from "@/lib/cn";

/** A row of segments showing how far through a wizard the user is. Decorative: the title says the step. */
export function StepProgress({ step, total }: { step: number; total: number }) {
  return (
    <div aria-hidden="true" className="flex gap-1.5">
      {Array.from({ length: total }, (_, index) => (
        <span
          key={index}
          className={cn(
            "h-1.5 flex-1 rounded-full transition-colors duration-300",
            index < step ? "bg-brand-gradient" : "bg-night-700",
          )}
        />
      ))}
    </div>
  );
}
