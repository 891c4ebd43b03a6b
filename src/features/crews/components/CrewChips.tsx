import {
  CREW_ROLE_LABELS,
  CREW_VIBE_OPTIONS,
  type CrewRole,
  type CrewVibe,
} from "@shared/crewTexts";
import { cn } from "@/lib/cn";
import { CrownIcon } from "@/components/ui/screenIcons";

const chip = "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold";

/** Each crew vibe's gradient: light, so dark ink on it keeps AA contrast. */
export const CREW_VIBE_GRADIENTS: Record<CrewVibe, string> = {
  casual: "from-amber-200 via-amber-300 to-orange-300",
  party: "from-amber-300 via-orange-300 to-pink-400",
  chill: "from-sky-300 via-teal-200 to-emerald-300",
  wild: "from-pink-300 via-fuchsia-300 to-orange-300",
  classy: "from-violet-300 via-fuchsia-200 to-rose-300",
  other: "from-amber-200 via-orange-200 to-pink-300",
};

export function CrewVibeChip({ vibe, className }: { vibe: CrewVibe; className?: string }) {
  const option = CREW_VIBE_OPTIONS[vibe];
  return (
    <span
      className={cn(chip, "bg-gradient-to-r text-brand-ink", CREW_VIBE_GRADIENTS[vibe], className)}
    >
      <span aria-hidden="true">{option.emoji}</span>
      {option.label}
    </span>
  );
}

export function CrewVisibilityChip({
  isPublic,
  className,
}: {
  isPublic: boolean;
  className?: string;
}) {
  return (
    <span className={cn(chip, "bg-night-800 text-cream-200 ring-1 ring-night-600", className)}>
      <span aria-hidden="true">{isPublic ? "🌍" : "🔒"}</span>
      {isPublic ? "Public" : "Private"}
    </span>
  );
}

/** Host and Co-Host badges (members get none). */
export function RoleBadge({ role, className }: { role: CrewRole | null; className?: string }) {
  if (role !== "host" && role !== "co_host") return null;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-extrabold tracking-wide uppercase",
        role === "host"
          ? "bg-amber-300 text-brand-ink"
          : "bg-night-800 text-brand-amber ring-1 ring-brand-amber/50 ring-inset",
        className,
      )}
    >
      {role === "host" && <CrownIcon className="size-3.5" />}
      {CREW_ROLE_LABELS[role]}
    </span>
  );
}

/** The crew's vibe emoji on its gradient: the crew's "avatar". */
export function CrewEmblem({
  vibe,
  size = "md",
  className,
}: {
  vibe: CrewVibe;
  size?: "md" | "lg";
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br shadow-lg shadow-black/30",
        CREW_VIBE_GRADIENTS[vibe],
        size === "lg" ? "size-20 text-4xl sm:size-24 sm:text-5xl" : "size-12 text-2xl",
        className,
      )}
    >
      {CREW_VIBE_OPTIONS[vibe].emoji}
    </span>
  );
}
