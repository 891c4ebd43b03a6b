import type { ComponentProps } from "react";
import { StrokeIcon } from "./icons";

/*
 * The stroke icons the feature screens share (sessions, crews), a size smaller than the
 * shell's by default; decorative, so the control using one carries the name. A module apart
 * from ./icons, which every page loads with the shell: these come with the screens that use them.
 */

type IconProps = ComponentProps<"svg">;

/** A screen's stroke icon: the shell's, a size smaller unless told otherwise. */
export function ScreenStrokeIcon(props: IconProps) {
  return <StrokeIcon className="size-5" {...props} />;
}

export const PinIcon = (props: IconProps) => (
  <ScreenStrokeIcon {...props}>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Z" />
    <circle cx="12" cy="10" r="2.5" />
  </ScreenStrokeIcon>
);
export const SearchIcon = (props: IconProps) => (
  <ScreenStrokeIcon {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </ScreenStrokeIcon>
);
export const ShareIcon = (props: IconProps) => (
  <ScreenStrokeIcon {...props}>
    <path d="M12 15V3M7 8l5-5 5 5" />
    <path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
  </ScreenStrokeIcon>
);
export const CalendarIcon = (props: IconProps) => (
  <ScreenStrokeIcon {...props}>
    <rect x="3.5" y="5" width="17" height="15" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </ScreenStrokeIcon>
);
export const EditIcon = (props: IconProps) => (
  <ScreenStrokeIcon {...props}>
    <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
    <path d="m13.5 6.5 4 4" />
  </ScreenStrokeIcon>
);
export const TrashIcon = (props: IconProps) => (
  <ScreenStrokeIcon {...props}>
    <path d="M4 7h16M9 7V4h6v3M6.5 7l1 13h9l1-13" />
  </ScreenStrokeIcon>
);
export const CopyIcon = (props: IconProps) => (
  <ScreenStrokeIcon {...props}>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
  </ScreenStrokeIcon>
);
export const CheckIcon = (props: IconProps) => (
  <ScreenStrokeIcon {...props}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </ScreenStrokeIcon>
);
export const UsersIcon = (props: IconProps) => (
  <ScreenStrokeIcon {...props}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14a6.5 6.5 0 0 1 3.5 6" />
  </ScreenStrokeIcon>
);
export const CrownIcon = (props: IconProps) => (
  <ScreenStrokeIcon {...props}>
    <path d="m4 8 4 4 4-7 4 7 4-4-2 10H6L4 8Z" />
  </ScreenStrokeIcon>
);
