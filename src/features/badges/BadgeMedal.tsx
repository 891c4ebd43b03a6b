import type { BadgeDefinition } from "@shared/badgeCatalogue";
import { cn } from "@/lib/cn";
import { TIER_STYLES } from "./tierStyles";

const SIZES = {
  sm: { outer: "size-8", inner: "text-base" },
  md: { outer: "size-12", inner: "text-2xl" },
  lg: { outer: "size-16", inner: "text-3xl" },
} as const;

/** A badge's emoji in a ring of its tier's colour; greyed with a lock while locked. */
export function BadgeMedal({
  badge,
  size = "md",
  locked = false,
  className,
}: {
  badge: Pick<BadgeDefinition, "icon" | "colorTier">;
  size?: keyof typeof SIZES;
  locked?: boolean;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "relative inline-grid shrink-0 place-items-center rounded-full p-[3px]",
        SIZES[size].outer,
        locked ? "bg-night-700" : TIER_STYLES[badge.colorTier].ring,
        className,
      )}
    >
      <span
        className={cn(
          "grid size-full place-items-center rounded-full bg-night-900 leading-none",
          SIZES[size].inner,
          locked && "opacity-40 grayscale",
        )}
      >
        {badge.icon}
      </span>
      {locked && (
        <span className="absolute -right-1 -bottom-1 grid size-5 place-items-center rounded-full bg-night-800 text-[0.65rem] ring-1 ring-night-600">
          🔒
        </span>
      )}
    </span>
  );
}
