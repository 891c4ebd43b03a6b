import { motion } from "framer-motion";
import type { ReactNode } from "react";

/**
 * Slides content up as it scrolls into view. Only transform is animated, never
 * opacity, so text is always at full contrast (and readable by axe mid-animation).
 */
export function Reveal({
  children,
  delay = 0,
  className,
}: {
  children: ReactNode;
  delay?: number;
  className?: string;
}) {
  return (
    <motion.div
      className={className}
      initial={{ y: 24 }}
      whileInView={{ y: 0 }}
      viewport={{ once: true, margin: "0px 0px -10% 0px" }}
      transition={{ type: "spring", stiffness: 140, damping: 20, delay }}
    >
      {children}
    </motion.div>
  );
}
