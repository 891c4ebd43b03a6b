import { Skeleton } from "@/components/ui/Skeleton";
import { lazyComponent } from "@/lib/lazyComponent";
import { createElement } from "react";

/**
 * What other screens may use of the crews feature (composed in src/app): the
 * profile's Crews tab and Build Crew. The crew and join pages are routes
 * (src/app/crewRoutes.tsx).
 */
export { BuildCrewButton, useProfileCrews } from "./profile/ProfileCrews";

/** The Crews tab's cards and their menus load when the tab is first shown. */
export const ProfileCrewList = lazyComponent(
  () => import("./profile/ProfileCrewList"),
  "ProfileCrewList",
  createElement(Skeleton, { className: "h-24 rounded-2xl" }),
);
