import type { ComponentProps } from "react";
import { StrokeIcon as BaseStrokeIcon } from "@/components/ui/icons";

/** Stroke icons for the crew screens; decorative, so the controls carry the name. */
function StrokeIcon(props: ComponentProps<"svg">) {
  return <BaseStrokeIcon className="size-5" {...props} />;
}

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
export const EditIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
    <path d="m13.5 6.5 4 4" />
  </StrokeIcon>
);
export const TrashIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M4 7h16M9 7V4h6v3M6.5 7l1 13h9l1-13" />
  </StrokeIcon>
);
export const LeaveIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M9 16l-4-4 4-4M5 12h11" />
  </StrokeIcon>
);
export const CopyIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
  </StrokeIcon>
);
export const CheckIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </StrokeIcon>
);
export const UsersIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14a6.5 6.5 0 0 1 3.5 6" />
  </StrokeIcon>
);
export const DotsIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="5" cy="12" r="1.2" fill="currentColor" />
    <circle cx="12" cy="12" r="1.2" fill="currentColor" />
    <circle cx="19" cy="12" r="1.2" fill="currentColor" />
  </StrokeIcon>
);
export const SearchIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </StrokeIcon>
);
export const CrownIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="m4 8 4 4 4-7 4 7 4-4-2 10H6L4 8Z" />
  </StrokeIcon>
);
export const ShareIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M12 15V3M7 8l5-5 5 5" />
    <path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
  </StrokeIcon>
);
export const CalendarIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <rect x="3.5" y="5" width="17" height="15" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </StrokeIcon>
);
