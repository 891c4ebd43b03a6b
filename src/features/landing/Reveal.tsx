import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * Slides content up as it scrolls into view (a CSS scroll-driven animation, see index.css).
 * Only transform is animated, never opacity, so text is always at full contrast (and readable
 * by axe mid-animation).
 */
export function Reveal({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("reveal-on-scroll", className)}>{children}</div>;
}
