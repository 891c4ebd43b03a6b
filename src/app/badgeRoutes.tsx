import type { RouteObject } from "react-router-dom";
import { lazyPage } from "./lazy/lazyPage";

const BadgesPage = lazyPage(() => import("@/features/badges/BadgesPage"), "BadgesPage");

/** The badges page, open to whoever may see the profile. */
export const badgeRoutes: RouteObject[] = [
  { path: "profile/:username/badges", element: <BadgesPage /> },
];
