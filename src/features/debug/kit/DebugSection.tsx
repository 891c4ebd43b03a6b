import type { ReactNode } from "react";
import { Card } from "@/components/ui/Card";
import { cn } from "@/lib/cn";

/** A titled card on a debug page. */
export function DebugSection({
  title,
  description,
  actions,
  className,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Card className={cn("flex flex-col gap-4", className)}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-display text-xl font-bold">{title}</h2>
          {description && <p className="mt-1 text-sm text-cream-400">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </Card>
  );
}

/** Pretty-printed JSON of a result, wrapped (never a scroll box keyboard users cannot reach). */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  return (
    <pre
      aria-label={label}
      className="rounded-2xl bg-night-950/70 p-4 font-mono text-xs break-words whitespace-pre-wrap text-cream-200 ring-1 ring-night-700 ring-inset"
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

const pillStyles = {
  good: "bg-emerald-950 text-emerald-200 ring-emerald-800",
  bad: "bg-red-950 text-red-200 ring-red-800",
  warn: "bg-amber-950 text-amber-200 ring-amber-800",
  neutral: "bg-night-800 text-cream-200 ring-night-600",
} as const;

/** A small status label (VALID, read, running…). */
export function StatusPill({
  tone,
  children,
}: {
  tone: keyof typeof pillStyles;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ring-inset",
        pillStyles[tone],
      )}
    >
      {children}
    </span>
  );
}
