import type { RouteObject } from "react-router-dom";
import { lazyPage } from "./lazy/lazyPage";

const DebugPageSwitch = lazyPage(() => import("./debug/DebugPageSwitch"), "DebugPageSwitch");

/** The paths of the internal test and debug pages (listed with their titles in shared/debugPages.ts). */
export const DEBUG_ROUTE_PATHS = [
  "badge-debug",
  "badge-test",
  "debug",
  "debug-email",
  "debug-user-search",
  "debug/email-invitations",
  "debug/individual-invitations",
  "debug/notifications",
  "style-guide",
  "test-auth-security",
  "test-delete-profile",
  "test-email-system",
  "test-invitation-tokens",
  "test-join-button",
  "test-live-badge",
  "test-meta-tags",
  "test-notification-system",
  "test-notifications",
  "test-ratings",
  "test-sessions",
] as const;

/**
 * The debug pages as children of the app shell. One lazy switch serves them
 * all (debug/DebugPageSwitch.tsx), so the entry holds only these paths. Every
 * page shows only a notice unless the deployment enables debug pages; the
 * server refuses their functions anyway. Pages that only exercise debug
 * functions live in features/debug; those that put other features' real
 * components under test are composed in ./debug.
 */
export const debugRoutes: RouteObject[] = DEBUG_ROUTE_PATHS.map((path) => ({
  path,
  element: <DebugPageSwitch />,
}));
