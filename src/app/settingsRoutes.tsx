import type { RouteObject } from "react-router-dom";
import { ProtectedRoute } from "@/features/auth/ProtectedRoute";
import { lazyPage } from "./lazy/lazyPage";

const SettingsPage = lazyPage(() => import("@/features/settings/SettingsPage"), "SettingsPage");

/**
 * /settings, the account menu's Settings item (enabled: e-mail preferences,
 * feedback and push settings have no other home): signed-in only.
 */
export const settingsRoutes: RouteObject[] = [
  {
    path: "settings",
    element: (
      <ProtectedRoute>
        <SettingsPage />
      </ProtectedRoute>
    ),
  },
];
