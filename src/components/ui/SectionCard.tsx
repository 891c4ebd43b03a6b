import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";

/** A titled block of a page (a session's, a crew's): its heading, an optional action beside it. */
export function SectionCard({
  title,
  action,
  children,
  className,
  id,
}: {
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Makes the block a link target (`#id`); scrolled to, it stops below the sticky header. */
  id?: string;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        "rounded-3xl bg-night-850 p-5 ring-1 ring-night-700 ring-inset sm:p-6",
        id !== undefined && "scroll-mt-24",
        className,
      )}
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={headingId} className="font-display text-lg font-extrabold tracking-tight">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
