import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** A raised surface on the night background. */
export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("rounded-3xl bg-night-850 p-5 ring-1 ring-night-700 ring-inset", className)}
      {...props}
    />
  );
}
