import type { ComponentProps } from "react";
import { ScreenStrokeIcon as StrokeIcon } from "@/components/ui/screenIcons";

/* Stroke icons only the crew screens use; those other screens use too are in ui/screenIcons. */

type IconProps = ComponentProps<"svg">;

export const UserPlusIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M19 8v6M16 11h6" />
  </StrokeIcon>
);
export const LinkIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1" />
    <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" />
  </StrokeIcon>
);
export const LeaveIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M9 16l-4-4 4-4M5 12h11" />
  </StrokeIcon>
);
export const DotsIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="5" cy="12" r="1.2" fill="currentColor" />
    <circle cx="12" cy="12" r="1.2" fill="currentColor" />
    <circle cx="19" cy="12" r="1.2" fill="currentColor" />
  </StrokeIcon>
);
