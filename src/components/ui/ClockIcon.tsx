import type { ComponentProps } from "react";
import { StrokeIcon } from "./icons";

/**
 * A clock. In a module of its own, not icons.tsx: the shell's icons load with every page, the
 * clock only with the screens that show a time or a "waiting to send" mark.
 */
export function ClockIcon(props: ComponentProps<"svg">) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </StrokeIcon>
  );
}
