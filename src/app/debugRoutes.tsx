import type { RouteObject } from "react-router-dom";
import { lazyPage } from "./lazy/lazyPage";

// Each debug page is its own chunk: none of it reaches the first page's download.
const BadgeDebugPage = lazyPage(() => import("./debug/BadgeDebugPage"), "BadgeDebugPage");
const BadgeTestPage = lazyPage(() => import("./debug/BadgeTestPage"), "BadgeTestPage");
const AuthSecurityTestPage = lazyPage(
  () => import("./debug/AuthSecurityTestPage"),
  "AuthSecurityTestPage",
);
const DebugEmailPage = lazyPage(() => import("@/features/debug/DebugEmailPage"), "DebugEmailPage");
const DebugIndexPage = lazyPage(() => import("@/features/debug/DebugIndexPage"), "DebugIndexPage");
const DeleteProfileTestPage = lazyPage(
  () => import("./debug/DeleteProfileTestPage"),
  "DeleteProfileTestPage",
);
const EmailSystemTestPage = lazyPage(
  () => import("@/features/debug/EmailSystemTestPage"),
  "EmailSystemTestPage",
);
const EmailInvitationsDebugPage = lazyPage(
  () => import("@/features/debug/EmailInvitationsDebugPage"),
  "EmailInvitationsDebugPage",
);
const InvitationTokensTestPage = lazyPage(
  () => import("@/features/debug/InvitationTokensTestPage"),
  "InvitationTokensTestPage",
);
const IndividualInvitationsDebugPage = lazyPage(
  () => import("./debug/IndividualInvitationsDebugPage"),
  "IndividualInvitationsDebugPage",
);
const JoinButtonTestPage = lazyPage(
  () => import("./debug/JoinButtonTestPage"),
  "JoinButtonTestPage",
);
const LiveBadgeDemoPage = lazyPage(() => import("./debug/LiveBadgeDemoPage"), "LiveBadgeDemoPage");
const MetaTagsTestPage = lazyPage(() => import("./debug/MetaTagsTestPage"), "MetaTagsTestPage");
const NotificationConsolePage = lazyPage(
  () => import("@/features/debug/NotificationConsolePage"),
  "NotificationConsolePage",
);
const NotificationSystemTestPage = lazyPage(
  () => import("@/features/debug/NotificationSystemTestPage"),
  "NotificationSystemTestPage",
);
const NotificationsTestPage = lazyPage(
  () => import("@/features/debug/NotificationsTestPage"),
  "NotificationsTestPage",
);
const RatingsTestPage = lazyPage(() => import("./debug/RatingsTestPage"), "RatingsTestPage");
const SessionsTestPage = lazyPage(
  () => import("@/features/debug/SessionsTestPage"),
  "SessionsTestPage",
);
const StyleGuidePage = lazyPage(() => import("@/features/debug/StyleGuidePage"), "StyleGuidePage");
const UserSearchDebugPage = lazyPage(
  () => import("@/features/debug/UserSearchDebugPage"),
  "UserSearchDebugPage",
);

/**
 * The internal test and debug pages (spec 1 route map, spec 3, issue 11), as
 * children of the app shell. Every page shows only a notice unless the
 * deployment enables debug pages; the server refuses their functions anyway.
 * Pages that only exercise debug functions live in features/debug; pages that
 * put other features' real components under test are composed in ./debug.
 */
export const debugRoutes: RouteObject[] = [
  { path: "debug", element: <DebugIndexPage /> },
  { path: "badge-debug", element: <BadgeDebugPage /> },
  { path: "badge-test", element: <BadgeTestPage /> },
  { path: "debug-email", element: <DebugEmailPage /> },
  { path: "debug-user-search", element: <UserSearchDebugPage /> },
  { path: "debug/email-invitations", element: <EmailInvitationsDebugPage /> },
  { path: "debug/individual-invitations", element: <IndividualInvitationsDebugPage /> },
  { path: "debug/notifications", element: <NotificationConsolePage /> },
  { path: "style-guide", element: <StyleGuidePage /> },
  { path: "test-auth-security", element: <AuthSecurityTestPage /> },
  { path: "test-delete-profile", element: <DeleteProfileTestPage /> },
  { path: "test-email-system", element: <EmailSystemTestPage /> },
  { path: "test-invitation-tokens", element: <InvitationTokensTestPage /> },
  { path: "test-join-button", element: <JoinButtonTestPage /> },
  { path: "test-live-badge", element: <LiveBadgeDemoPage /> },
  { path: "test-meta-tags", element: <MetaTagsTestPage /> },
  { path: "test-notification-system", element: <NotificationSystemTestPage /> },
  { path: "test-notifications", element: <NotificationsTestPage /> },
  { path: "test-ratings", element: <RatingsTestPage /> },
  { path: "test-sessions", element: <SessionsTestPage /> },
];
