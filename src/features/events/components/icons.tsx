import type { ComponentProps } from "react";
import { ClockIcon as BaseClockIcon } from "@/components/ui/ClockIcon";
import { ScreenStrokeIcon as StrokeIcon } from "@/components/ui/screenIcons";

export { PinIcon } from "@/components/ui/screenIcons";

/* Stroke icons only the events screens use; those other screens use too are in ui/screenIcons. */

type IconProps = ComponentProps<"svg">;

export const FilterIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M4 6h16M7 12h10M10 18h4" />
  </StrokeIcon>
);
export const GridIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <rect x="4" y="4" width="7" height="7" rx="1.5" />
    <rect x="13" y="4" width="7" height="7" rx="1.5" />
    <rect x="4" y="13" width="7" height="7" rx="1.5" />
    <rect x="13" y="13" width="7" height="7" rx="1.5" />
  </StrokeIcon>
);
export const ListIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <circle cx="4.5" cy="6" r="1" />
    <circle cx="4.5" cy="12" r="1" />
    <circle cx="4.5" cy="18" r="1" />
  </StrokeIcon>
);
export const ClockIcon = (props: IconProps) => <BaseClockIcon className="size-5" {...props} />;
export const ImageIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
    <circle cx="9" cy="10" r="1.8" />
    <path d="m20.5 16-5-5-8 8.5" />
  </StrokeIcon>
);
export const ExternalIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </StrokeIcon>
);
export const DownloadIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </StrokeIcon>
);
export const LockSmallIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <rect x="5" y="11" width="14" height="9" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </StrokeIcon>
);
export const GlobeIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M3.5 12h17M12 3.5c2.5 2.5 3.5 5.3 3.5 8.5s-1 6-3.5 8.5c-2.5-2.5-3.5-5.3-3.5-8.5s1-6 3.5-8.5Z" />
  </StrokeIcon>
);
