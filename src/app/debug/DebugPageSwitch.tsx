import type { ComponentType } from "react";
import { useLocation } from "react-router-dom";
import { lazyPage } from "../lazy/lazyPage";

/**
 * Every debug page by path, each its own chunk. This module is itself lazy:
 * the app's entry only holds the paths (src/app/debugRoutes.tsx), so the debug
 * pages add nothing to the first download but the one import of this switch.
 */
const PAGES: Record<string, ComponentType> = {
  "/badge-debug": lazyPage(() => import("./BadgeDebugPage"), "BadgeDebugPage"),
  "/badge-test": lazyPage(() => import("./BadgeTestPage"), "BadgeTestPage"),
  "/debug": lazyPage(() => import("@/features/debug/DebugIndexPage"), "DebugIndexPage"),
  "/debug-email": lazyPage(() => import("@/features/debug/DebugEmailPage"), "DebugEmailPage"),
  "/debug-user-search": lazyPage(
    () => import("@/features/debug/UserSearchDebugPage"),
    "UserSearchDebugPage",
  ),
  "/debug/email-invitations": lazyPage(
    () => import("@/features/debug/EmailInvitationsDebugPage"),
    "EmailInvitationsDebugPage",
  ),
  "/debug/individual-invitations": lazyPage(
    () => import("./IndividualInvitationsDebugPage"),
    "IndividualInvitationsDebugPage",
  ),
  "/debug/notifications": lazyPage(
    () => import("@/features/debug/NotificationConsolePage"),
    "NotificationConsolePage",
  ),
  "/style-guide": lazyPage(() => import("@/features/debug/StyleGuidePage"), "StyleGuidePage"),
  "/test-auth-security": lazyPage(() => import("./AuthSecurityTestPage"), "AuthSecurityTestPage"),
  "/test-delete-profile": lazyPage(
    () => import("./DeleteProfileTestPage"),
    "DeleteProfileTestPage",
  ),
  "/test-email-system": lazyPage(
    () => import("@/features/debug/EmailSystemTestPage"),
    "EmailSystemTestPage",
  ),
  "/test-invitation-tokens": lazyPage(
    () => import("@/features/debug/InvitationTokensTestPage"),
    "InvitationTokensTestPage",
  ),
  "/test-join-button": lazyPage(() => import("./JoinButtonTestPage"), "JoinButtonTestPage"),
  "/test-live-badge": lazyPage(() => import("./LiveBadgeDemoPage"), "LiveBadgeDemoPage"),
  "/test-meta-tags": lazyPage(() => import("./MetaTagsTestPage"), "MetaTagsTestPage"),
  "/test-notification-system": lazyPage(
    () => import("@/features/debug/NotificationSystemTestPage"),
    "NotificationSystemTestPage",
  ),
  "/test-notifications": lazyPage(
    () => import("@/features/debug/NotificationsTestPage"),
    "NotificationsTestPage",
  ),
  "/test-ratings": lazyPage(() => import("./RatingsTestPage"), "RatingsTestPage"),
  "/test-sessions": lazyPage(() => import("@/features/debug/SessionsTestPage"), "SessionsTestPage"),
};

/** The debug page for the current path (debugRoutes mounts this for each of them). */
export function DebugPageSwitch() {
  const { pathname } = useLocation();
  const Page = PAGES[pathname.replace(/\/+$/, "")];
  return Page ? <Page /> : null;
}

export const DEBUG_PAGE_PATHS = Object.keys(PAGES);
