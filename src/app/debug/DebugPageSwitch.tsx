import { lazy, Suspense, type ComponentType } from "react";
import { useLocation } from "react-router-dom";

/**
 * Plain React.lazy, not src/app/lazy's lazyPage: importing lazyPage (and its skeleton) from
 * this chunk made the build split them out of the entry into extra first-page
 * chunks (+0.5 KB on `/`, measured with `npm run size`).
 */
function lazyDebugPage<Module>(load: () => Promise<Module>, name: keyof Module): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

/**
 * Every debug page by path, each its own chunk. This module is itself lazy:
 * the app's entry only holds the paths (src/app/debugRoutes.tsx), so the debug
 * pages add nothing to the first download but the one import of this switch.
 */
const PAGES: Record<string, ComponentType> = {
  "/badge-debug": lazyDebugPage(() => import("./BadgeDebugPage"), "BadgeDebugPage"),
  "/badge-test": lazyDebugPage(() => import("./BadgeTestPage"), "BadgeTestPage"),
  "/debug": lazyDebugPage(() => import("@/features/debug/DebugIndexPage"), "DebugIndexPage"),
  "/debug-email": lazyDebugPage(() => import("@/features/debug/DebugEmailPage"), "DebugEmailPage"),
  "/debug-user-search": lazyDebugPage(
    () => import("@/features/debug/UserSearchDebugPage"),
    "UserSearchDebugPage",
  ),
  "/debug/email-invitations": lazyDebugPage(
    () => import("@/features/debug/EmailInvitationsDebugPage"),
    "EmailInvitationsDebugPage",
  ),
  "/debug/individual-invitations": lazyDebugPage(
    () => import("./IndividualInvitationsDebugPage"),
    "IndividualInvitationsDebugPage",
  ),
  "/debug/notifications": lazyDebugPage(
    () => import("@/features/debug/NotificationConsolePage"),
    "NotificationConsolePage",
  ),
  "/style-guide": lazyDebugPage(() => import("@/features/debug/StyleGuidePage"), "StyleGuidePage"),
  "/test-auth-security": lazyDebugPage(
    () => import("./AuthSecurityTestPage"),
    "AuthSecurityTestPage",
  ),
  "/test-delete-profile": lazyDebugPage(
    () => import("./DeleteProfileTestPage"),
    "DeleteProfileTestPage",
  ),
  "/test-email-system": lazyDebugPage(
    () => import("@/features/debug/EmailSystemTestPage"),
    "EmailSystemTestPage",
  ),
  "/test-invitation-tokens": lazyDebugPage(
    () => import("@/features/debug/InvitationTokensTestPage"),
    "InvitationTokensTestPage",
  ),
  "/test-join-button": lazyDebugPage(() => import("./JoinButtonTestPage"), "JoinButtonTestPage"),
  "/test-live-badge": lazyDebugPage(() => import("./LiveBadgeDemoPage"), "LiveBadgeDemoPage"),
  "/test-meta-tags": lazyDebugPage(() => import("./MetaTagsTestPage"), "MetaTagsTestPage"),
  "/test-notification-system": lazyDebugPage(
    () => import("@/features/debug/NotificationSystemTestPage"),
    "NotificationSystemTestPage",
  ),
  "/test-notifications": lazyDebugPage(
    () => import("@/features/debug/NotificationsTestPage"),
    "NotificationsTestPage",
  ),
  "/test-ratings": lazyDebugPage(() => import("./RatingsTestPage"), "RatingsTestPage"),
  "/test-sessions": lazyDebugPage(
    () => import("@/features/debug/SessionsTestPage"),
    "SessionsTestPage",
  ),
};

/** The debug page for the current path (debugRoutes mounts this for each of them). */
export function DebugPageSwitch() {
  const { pathname } = useLocation();
  const Page = PAGES[pathname.replace(/\/+$/, "")];
  if (!Page) return null;
  return (
    <Suspense fallback={<div aria-busy="true" aria-label="Loading" className="min-h-[60vh]" />}>
      <Page />
    </Suspense>
  );
}

export const DEBUG_PAGE_PATHS = Object.keys(PAGES);
