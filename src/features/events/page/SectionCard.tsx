import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";

/** A titled block of the event page. */
export function SectionCard({
  title,
  action,
  children,
  className,
}: {
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn(
        "rounded-3xl bg-night-850 p-5 ring-1 ring-night-700 ring-inset sm:p-6",
        className,
      )}
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={id} className="font-display text-lg font-extrabold tracking-tight">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
