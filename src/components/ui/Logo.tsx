import { useId } from "react";
import { APP_NAME } from "@shared/brand";
import { cn } from "@/lib/cn";

/** The brand mark: a gradient tile with a "C", as in the favicon. Decorative. */
function LogoMark({ className }: { className?: string }) {
  // Unique per instance: the logo appears in both the nav bar and the footer.
  const gradientId = useId();
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn("size-8 shrink-0", className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--color-brand-amber)" />
          <stop offset="0.55" stopColor="var(--color-brand-orange)" />
          <stop offset="1" stopColor="var(--color-brand-pink)" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
      <path
        d="M42 22.5a13 13 0 1 0 0 19"
        fill="none"
        stroke="var(--color-brand-ink)"
        strokeWidth="8"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Logo mark plus the product name as text, so it reads as "Clink". */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <LogoMark />
      <span className="font-display text-xl font-extrabold tracking-tight text-cream-50">
        {APP_NAME}
      </span>
    </span>
  );
}
