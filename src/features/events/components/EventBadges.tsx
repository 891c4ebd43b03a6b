import { drinkEmoji, drinkLabel } from "@shared/drinks";
import { vibeEmoji, vibeLabel } from "@shared/eventOptions";
import { TIMING_BADGES, type TimingStatus } from "@shared/eventTiming";
import { cn } from "@/lib/cn";
import { GlobeIcon, LockSmallIcon } from "./icons";
import { vibeGradient } from "./vibeStyles";

const chip = "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold";

export function VibeChip({ vibe, className }: { vibe: string; className?: string }) {
  const label = vibeLabel(vibe) || "Other";
  return (
    <span className={cn(chip, "bg-gradient-to-r text-brand-ink", vibeGradient(vibe), className)}>
      <span aria-hidden="true">{vibeEmoji(vibe) || "✨"}</span>
      {label}
    </span>
  );
}

export function DrinkChip({ drinkType, className }: { drinkType: string; className?: string }) {
  return (
    <span className={cn(chip, "bg-night-800 text-cream-200 ring-1 ring-night-600", className)}>
      <span aria-hidden="true">{drinkEmoji(drinkType) || "🥂"}</span>
      {drinkLabel(drinkType) || "Other"}
    </span>
  );
}

export function VisibilityChip({ isPublic, className }: { isPublic: boolean; className?: string }) {
  return (
    <span className={cn(chip, "bg-night-800 text-cream-200 ring-1 ring-night-600", className)}>
      {isPublic ? <GlobeIcon className="size-4" /> : <LockSmallIcon className="size-4" />}
      {isPublic ? "Public" : "Private"}
    </span>
  );
}

/** The pulsing LIVE badge of a session that is happening now. */
export function LiveBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-2 rounded-full bg-rose-950/90 px-2.5 py-1 text-xs font-extrabold tracking-widest text-rose-200 ring-1 ring-rose-400/40",
        className,
      )}
    >
      <span className="relative flex size-2" aria-hidden="true">
        <span className="absolute inline-flex size-full rounded-full bg-rose-400 motion-safe:animate-ping [animation-iteration-count:6]" />
        <span className="relative inline-flex size-2 rounded-full bg-rose-400" />
      </span>
      LIVE
    </span>
  );
}

const timingStyles: Record<Exclude<TimingStatus, "now">, string> = {
  today: "bg-amber-300 text-brand-ink",
  tomorrow: "bg-orange-300 text-brand-ink",
  future: "bg-night-900/90 text-cream-50 ring-1 ring-night-600",
  past: "bg-night-900/90 text-cream-200 ring-1 ring-night-600",
};

/** Past / Today / Tomorrow / Upcoming, or LIVE while it happens. */
export function TimingBadge({ status, className }: { status: TimingStatus; className?: string }) {
  if (status === "now") return <LiveBadge className={className} />;
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-1 text-xs font-extrabold tracking-wide uppercase",
        timingStyles[status],
        className,
      )}
    >
      {TIMING_BADGES[status]}
    </span>
  );
}
