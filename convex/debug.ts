/**
 * The debug and test pages' own functions (docs/product-rules.md#debug-and-test-pages).
 * `status` says whether the pages are on; every other
 * function here refuses with DEBUG_PAGES_DISABLED unless the deployment
 * enables them (model/debug.ts), whoever calls it — the UI gate is cosmetic.
 * They act only on the caller and on data the caller created for testing.
 */
import { getAuthSessionId } from "@convex-dev/auth/server";
import { v } from "convex/values";
import { action, internalQuery, mutation, query } from "./_generated/server";
import { internal } from "./_generated/api";
import { notificationTypeValidator } from "./schema";
import {
  createSampleProgress,
  createTestGuestFor,
  eventMembersForDebug,
  isDebugPagesEnabled,
  isLocalDeployment,
  latestTestTokens,
  notificationDiagnostics,
  requireDebugPagesEnabled,
  requireOwnTestEvent,
  testEmail,
  testGuestOfToken,
  testInvitationSetup,
  testNotificationText,
} from "./model/debug";
import {
  badgeActivityValidator,
  debugEventMembersValidator,
  debugStatusValidator,
  invitationTestSetupValidator,
  notificationDiagnosticsValidator,
  sessionInfoValidator,
  testEventNotificationsValidator,
  testTokensValidator,
} from "./model/debugValidators";
import { processInvitationToken } from "./model/invitationTokens";
import { sendEmail, type EmailResult } from "./model/emails";
import { getBadgeCounters } from "./model/badgeCounters";
import { checkBadges, progressRowsOf } from "./model/badges";
import { createNotification } from "./model/notifications";
import { getViewerId, requireViewerId, requireViewerIdInAction } from "./model/viewer";
import { BADGE_TRIGGERS } from "../shared/badgeRules";
import { DEBUG_LIMITS, DEBUG_MESSAGES } from "../shared/debugPages";
import { isValidEmail, normalizeEmail } from "../shared/authMessages";
import { appError } from "./model/errors";

/** Whether the debug and test pages are available on this deployment (never refuses). */
export const status = query({
  args: {},
  returns: debugStatusValidator,
  handler: () => ({ enabled: isDebugPagesEnabled() }),
});

/**
 * /test-auth-security and /test-sessions: the caller's sign-in session
 * (id and when it expires on the server); null when signed out.
 */
export const sessionInfo = query({
  args: {},
  returns: sessionInfoValidator,
  handler: async (ctx) => {
    requireDebugPagesEnabled();
    const userId = await getViewerId(ctx);
    if (userId === null) return null;
    const sessionId = await getAuthSessionId(ctx);
    const session = sessionId === null ? null : await ctx.db.get("authSessions", sessionId);
    return { userId, sessionId, sessionExpiresAt: session?.expirationTime ?? null };
  },
});

/**
 * /test-notifications, /test-notification-system, /debug/notifications: the
 * caller's latest 50 notifications, their counts by type and the bell's
 * unread counter; null when signed out.
 */
export const myNotifications = query({
  args: {},
  returns: notificationDiagnosticsValidator,
  handler: async (ctx) => {
    requireDebugPagesEnabled();
    const userId = await getViewerId(ctx);
    return userId === null ? null : await notificationDiagnostics(ctx, userId);
  },
});

/**
 * Sends the caller a test notification of `type` through the one notification
 * write path. Title and message follow the user-text rule (blank ones get the
 * default text; a lone surrogate is refused).
 */
export const sendMeTestNotification = mutation({
  args: { type: notificationTypeValidator, title: v.string(), message: v.string() },
  handler: async (ctx, { type, title, message }) => {
    requireDebugPagesEnabled();
    const userId = await requireViewerId(ctx);
    const notificationId = await createNotification(ctx, {
      userId,
      type,
      title: testNotificationText(title, DEBUG_MESSAGES.testNotificationTitle, "title"),
      message: testNotificationText(message, DEBUG_MESSAGES.testNotificationMessage, "message"),
      data: null,
    });
    return { notificationId };
  },
});

/**
 * /test-email-system: sends a test e-mail through the one e-mail path. On a
 * local backend to any address (it stays in the local outbox); elsewhere only
 * to the caller's own address, so a debug page never mails strangers.
 */
export const sendTestEmail = action({
  args: { to: v.string() },
  handler: async (ctx, { to }): Promise<EmailResult> => {
    requireDebugPagesEnabled();
    await requireViewerIdInAction(ctx);
    const address = normalizeEmail(to);
    if (address === "")
      throw appError("VALIDATION", DEBUG_MESSAGES.enterTestEmail, { field: "email" });
    if (!isValidEmail(address))
      throw appError("VALIDATION", DEBUG_MESSAGES.invalidEmail, { field: "email" });
    if (!isLocalDeployment()) {
      const own = await ctx.runQuery(internal.debug.callerEmail, {});
      if (own === null || normalizeEmail(own) !== address) {
        throw appError("FORBIDDEN", DEBUG_MESSAGES.ownAddressOnly, { field: "email" });
      }
    }
    return await sendEmail(ctx, { to: address, type: "test", ...testEmail(address) });
  },
});

/** The caller's account e-mail (for `sendTestEmail`). */
export const callerEmail = internalQuery({
  args: {},
  handler: async (ctx) => {
    const userId = await getViewerId(ctx);
    return userId === null ? null : ((await ctx.db.get("users", userId))?.email ?? null);
  },
});

/**
 * /debug/notifications "Database State": the members of a test event the
 * caller hosts (status, display name or 'Unknown User', invited and answered times).
 */
export const eventMembers = query({
  args: { eventId: v.id("events") },
  returns: debugEventMembersValidator,
  handler: async (ctx, { eventId }) => {
    requireDebugPagesEnabled();
    const userId = await requireViewerId(ctx);
    const event = await requireOwnTestEvent(ctx, userId, eventId);
    return await eventMembersForDebug(ctx, event._id);
  },
});

/**
 * /debug/individual-invitations: the caller's next hosted session (the test
 * event) and up to 3 other people to invite; null when signed out.
 */
export const invitationTestSetup = query({
  args: {},
  returns: invitationTestSetupValidator,
  handler: async (ctx) => {
    requireDebugPagesEnabled();
    const userId = await getViewerId(ctx);
    return userId === null ? null : await testInvitationSetup(ctx, userId);
  },
});

/** 'Check Notifications': the notifications about a test event the caller hosts (at most 10). */
export const testEventNotifications = query({
  args: { eventId: v.id("events") },
  returns: testEventNotificationsValidator,
  handler: async (ctx, { eventId }) => {
    requireDebugPagesEnabled();
    const userId = await requireViewerId(ctx);
    const event = await requireOwnTestEvent(ctx, userId, eventId);
    const rows = await ctx.db
      .query("notifications")
      .withIndex("by_event", (q) => q.eq("eventId", event._id))
      .order("desc")
      .take(DEBUG_LIMITS.notificationCheck);
    return rows.map((row) => ({
      _id: row._id,
      type: row.type,
      title: row.title,
      read: row.read,
      createdAt: row.createdAt,
    }));
  },
});

// ---------------------------------------------------------------- badges (/badge-test, /badge-debug)

/**
 * Runs the real badge check for the caller: one trigger ('Test Event Join'
 * is attendance, 'Test Event Host' host, 'Test Crew Join' crew), 'bulk' for
 * every criterion silently ('Check Badges'), or 'all' — each trigger in turn,
 * awards notified ('Comprehensive Badge Check'). Never for anyone else.
 */
export const checkMyBadges = mutation({
  args: {
    trigger: v.union(...[...BADGE_TRIGGERS, "all" as const].map((value) => v.literal(value))),
  },
  handler: async (ctx, { trigger }) => {
    requireDebugPagesEnabled();
    const userId = await requireViewerId(ctx);
    const triggers =
      trigger === "all" ? BADGE_TRIGGERS.filter((value) => value !== "bulk") : [trigger];
    const awarded: string[] = [];
    for (const one of triggers) awarded.push(...(await checkBadges(ctx, userId, one)).awarded);
    return { awarded };
  },
});

/** 'Debug Activity': the caller's badge counters as the engine keeps them; null when signed out. */
export const myBadgeActivity = query({
  args: {},
  returns: badgeActivityValidator,
  handler: async (ctx) => {
    requireDebugPagesEnabled();
    const userId = await getViewerId(ctx);
    if (userId === null) return null;
    const counters = await getBadgeCounters(ctx, userId);
    if (counters === null) return { counters: null };
    const { _id, _creationTime, userId: _owner, ...fields } = counters;
    return { counters: fields };
  },
});

/** 'Create Sample Progress Data': half-way progress on up to 3 of the caller's locked badges. */
export const createSampleBadgeProgress = mutation({
  args: {},
  handler: async (ctx) => {
    requireDebugPagesEnabled();
    const userId = await requireViewerId(ctx);
    return { created: await createSampleProgress(ctx, userId) };
  },
});

/** 'Cleanup Progress Data': deletes the caller's badge progress rows (the next check rebuilds them). */
export const cleanupMyBadgeProgress = mutation({
  args: {},
  handler: async (ctx) => {
    requireDebugPagesEnabled();
    const userId = await requireViewerId(ctx);
    const rows = await progressRowsOf(ctx, userId);
    for (const row of rows) await ctx.db.delete("badge_progress", row._id);
    return { deleted: rows.length };
  },
});

// ---------------------------------------------------------------- invitation tokens and test guests

/**
 * Makes a test guest for the caller: a sign-in-less person (like the demo
 * world's) to invite and answer for in the console's E2E test. The guest
 * receives the invitation e-mail at a new alias of `email` (name+guest-…@…),
 * or at a new @example.test address without one: any address on the local
 * backend (the outbox keeps the mail), elsewhere only @example.test (never
 * delivered). The answer is the same whether `email` is registered or not.
 */
export const createTestGuest = mutation({
  args: { email: v.optional(v.string()) },
  handler: async (ctx, { email }) => {
    requireDebugPagesEnabled();
    const ownerId = await requireViewerId(ctx);
    return await createTestGuestFor(ctx, ownerId, email);
  },
});

/** /debug/email-invitations, the console: the latest 10 event tokens for the caller and their test guests. */
export const testTokens = query({
  args: {},
  returns: testTokensValidator,
  handler: async (ctx) => {
    requireDebugPagesEnabled();
    const userId = await getViewerId(ctx);
    return userId === null ? null : await latestTestTokens(ctx, userId);
  },
});

/**
 * Answers a test guest's invitation link as that guest, through the real
 * token path (invitationTokens.process's). 'Token is invalid' for a token
 * that is not one of the caller's guests'.
 */
export const answerForTestGuest = mutation({
  args: { token: v.string() },
  handler: async (ctx, { token }) => {
    requireDebugPagesEnabled();
    const ownerId = await requireViewerId(ctx);
    const guestId = await testGuestOfToken(ctx, ownerId, token.trim());
    return await processInvitationToken(ctx, token.trim(), guestId);
  },
});
