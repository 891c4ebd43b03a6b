import { cn } from "@/lib/cn";

/**
 * A pulsing placeholder block. Hidden from assistive technology: the loading
 * screen that uses it should announce itself once (e.g. aria-busy on its region).
 */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn("animate-pulse rounded-xl bg-night-800", className)} />
  );
}
