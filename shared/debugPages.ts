/**
 * The debug and test pages' rules, labels and messages, shared by
 * `convex/debug.ts` and the pages.
 */
import { tokenStatus } from "./invitationTokens";

export const DEBUG_LIMITS = {
  /** Custom toasts on the debug pages last 8 s (the shell's last 5 s). */
  toastMs: 8000,
  /** The e-mail debug log keeps 20 lines. */
  logLines: 20,
  /** The diagnostic page reads 50 notifications (the bell 20). */
  notificationDiagnostics: 50,
  /** 'Check Notifications' reads at most 10. */
  notificationCheck: 10,
  /** Up to 3 test users on the individual invitations page. */
  testUsers: 3,
  /** Latest tokens on the e-mail invitation debug page. */
  latestTokens: 10,
  /** Lists show 5 items, then '+N more'. */
  listPreview: 5,
  /** Test events start 24 hours ahead. */
  testEventLeadMs: 24 * 3600_000,
  /** Title and message of a test notification. */
  textMax: 200,
} as const;

/** Session validity: valid above 60 s, refreshed under 600 s. */
export const SESSION_LIMITS = { validAboveSeconds: 60, refreshUnderSeconds: 600 } as const;

export const DEBUG_MESSAGES = {
  authRequired: "Authentication Required - Please log in to access the debug page.",
  pleaseLogIn: "Please log in to use this debug page.",
  pleaseLogInFirst: "Please log in first",
  testDataNotLoaded: "Test data not loaded",
  noTestUsers: "No test users loaded",
  enterToken: "Please enter a token to test",
  enterTestEmail: "Please enter a test email address",
  invalidEmail: "Please enter a valid email address",
  ownAddressOnly: "On this deployment test e-mails go only to your own address",
  guestDomainOnly: "On this deployment test guests use an @example.test address",
  noEventsFound: "No events found",
  noCrewsFound: "No crews found",
  noNotifications: "No notifications found",
  noLogs: "No debug logs yet",
  eventNotFound: "Event not found",
  joinFailed: "Failed to join event",
  eventJoined: "Event joined successfully!",
  rpcWorks: "RPC function works!",
  rpcFailed: "RPC function failed - function may not exist",
  rpcException: "RPC function exception",
  frontendFailed: "Frontend service failed",
  frontendException: "Frontend service exception",
  checkNotificationsFailed: "Failed to check notifications",
  loadTokensFailed: "Failed to load tokens",
  tokenInvalid: "Token is invalid",
  testInvitationCreated: "Test invitation created!",
  testInvitationFailed: "Failed to create test invitation",
  testNotificationTitle: "Test notification",
  testNotificationMessage: "This is a test notification from the debug pages.",
} as const;

export function invitedUsersText(count: number): string {
  return `Successfully invited ${count} users`;
}

export function foundNotificationsText(count: number): string {
  return `Found ${count} notifications`;
}

/** A duration in seconds as the biggest whole unit: 45s, 12m, 3h, 2d (negative reads 0s). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86_400)}d`;
}

type SessionHealth = "valid" | "refresh_soon" | "expired";

/** 'valid' above 600 s, 'refresh_soon' (shown destructive) under 600 s, 'expired' at 60 s or less. */
export function sessionHealth(expiresInSeconds: number): SessionHealth {
  if (expiresInSeconds <= SESSION_LIMITS.validAboveSeconds) return "expired";
  if (expiresInSeconds < SESSION_LIMITS.refreshUnderSeconds) return "refresh_soon";
  return "valid";
}

/** An invitation token's label: expired first, then used, else valid. */
type TokenLabel = "VALID" | "EXPIRED" | "USED";

export function tokenLabel(token: { expiresAt: number; used: boolean }, now: number): TokenLabel {
  return tokenStatus(token, now).toUpperCase() as TokenLabel;
}

/** The first `limit` items and how many more there are ('+N more'). */
export function previewList<T>(items: readonly T[], limit: number = DEBUG_LIMITS.listPreview) {
  return { shown: items.slice(0, limit), more: Math.max(0, items.length - limit) };
}

/** Debug E2E steps: each pending, running, success or error. */
export const E2E_STEPS = [
  "Create Event",
  "Send Invitation",
  "Process Email Response",
  "Verify Notification Sync",
] as const;
export type E2EStepName = (typeof E2E_STEPS)[number];
export type E2EStepStatus = "pending" | "running" | "success" | "error";

/** On failure the step that was running becomes error; the rest stay as they were. */
export function failRunningStep(
  steps: Record<E2EStepName, E2EStepStatus>,
): Record<E2EStepName, E2EStepStatus> {
  const next = { ...steps };
  for (const name of E2E_STEPS) if (next[name] === "running") next[name] = "error";
  return next;
}

export type DebugLogType = "error" | "success" | "warning" | "info";
export type DebugLogLine = {
  id: number;
  time: number;
  type: DebugLogType;
  message: string;
  data?: unknown;
};

/** Appends a line, keeping the newest `cap` (the e-mail debug log keeps 20). */
export function appendLog(
  lines: readonly DebugLogLine[],
  line: DebugLogLine,
  cap: number = Number.POSITIVE_INFINITY,
): DebugLogLine[] {
  const next = [...lines, line];
  return next.length > cap ? next.slice(next.length - cap) : next;
}

/** Every debug and test page, as /debug lists them. */
export const DEBUG_PAGES = [
  { path: "/badge-test", title: "Badge System Test", group: "Badges" },
  { path: "/badge-debug", title: "Badge Debug", group: "Badges" },
  { path: "/test-ratings", title: "Review Panel & Star Rating Test", group: "Sessions" },
  { path: "/test-sessions", title: "Session and Database Test", group: "Sessions" },
  { path: "/test-join-button", title: "Join Button Test", group: "Sessions" },
  { path: "/test-live-badge", title: "LiveBadge Demo", group: "Sessions" },
  { path: "/test-meta-tags", title: "Meta Tags Test", group: "Sessions" },
  { path: "/test-auth-security", title: "Authentication Security Test", group: "Accounts" },
  { path: "/test-delete-profile", title: "Delete Profile Feature Test", group: "Accounts" },
  { path: "/debug-user-search", title: "User Search Debug Tool", group: "Accounts" },
  { path: "/style-guide", title: "Design System", group: "Accounts" },
  { path: "/test-notifications", title: "Notification System Test", group: "Notifications" },
  {
    path: "/test-notification-system",
    title: "Notification System Diagnostic",
    group: "Notifications",
  },
  { path: "/debug/notifications", title: "Debug Notification Console", group: "Notifications" },
  { path: "/test-email-system", title: "Email System Debug", group: "E-mail and invitations" },
  { path: "/debug-email", title: "Local mailbox", group: "E-mail and invitations" },
  {
    path: "/debug/email-invitations",
    title: "Email Invitation Debug",
    group: "E-mail and invitations",
  },
  {
    path: "/test-invitation-tokens",
    title: "Invitation Token System Test",
    group: "E-mail and invitations",
  },
  {
    path: "/debug/individual-invitations",
    title: "Individual Invitations Debug",
    group: "E-mail and invitations",
  },
] as const;
