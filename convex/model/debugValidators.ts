/**
 * The shapes of what the debug and test pages' queries return (./debug.ts
 * builds most of them) as `returns:` validators. Stored fields reuse the
 * schema's validators, so a field retyped there is retyped here.
 */
import { v } from "convex/values";
import { doc, nullable } from "convex-helpers/validators";
import schema from "../schema";
import { notificationRowFields } from "./notificationValidators";

const member = doc(schema, "event_members").fields;
const event = doc(schema, "events").fields;
const notification = doc(schema, "notifications").fields;
const token = doc(schema, "invitation_tokens").fields;
const { userId: _owner, ...counterFields } = schema.tables.badge_counters.validator.fields;

/** Whether the pages are on (`isDebugPagesEnabled`). */
export const debugStatusValidator = v.object({ enabled: v.boolean() });

/** The caller's sign-in session, or null when signed out. */
export const sessionInfoValidator = nullable(
  v.object({
    userId: v.id("users"),
    sessionId: nullable(v.id("authSessions")),
    sessionExpiresAt: nullable(v.number()),
  }),
);

/** The caller's latest notifications, their counts by type and the unread counter (`notificationDiagnostics`). */
export const notificationDiagnosticsValidator = nullable(
  v.object({
    notifications: v.array(v.object(notificationRowFields)),
    byType: v.record(v.string(), v.number()),
    unread: v.number(),
  }),
);

/** A test event's members with their names (`eventMembersForDebug`). */
export const debugEventMembersValidator = v.array(
  v.object({
    _id: member._id,
    role: member.role,
    status: member.status,
    displayName: v.string(),
    invitationSentAt: member.invitationSentAt,
    invitationRespondedAt: member.invitationRespondedAt,
  }),
);

/** The caller's test event and people to invite, or null when signed out (`testInvitationSetup`). */
export const invitationTestSetupValidator = nullable(
  v.object({
    testEvent: nullable(v.object({ _id: event._id, title: event.title, startTime: event.startTime })),
    testUsers: v.array(
      v.object({ userId: v.id("users"), displayName: v.string(), username: v.string() }),
    ),
  }),
);

/** The notifications about a test event. */
export const testEventNotificationsValidator = v.array(
  v.object({
    _id: notification._id,
    type: notification.type,
    title: notification.title,
    read: notification.read,
    createdAt: notification.createdAt,
  }),
);

/** The caller's badge counters (null before any activity), or null when signed out. */
export const badgeActivityValidator = nullable(
  v.object({ counters: nullable(v.object(counterFields)) }),
);

/** The latest event tokens of the caller and their test guests, or null when signed out (`latestTestTokens`). */
export const testTokensValidator = nullable(
  v.array(
    v.object({
      _id: token._id,
      token: token.token,
      action: token.action,
      eventId: token.eventId,
      eventTitle: nullable(v.string()),
      forGuest: v.boolean(),
      recipient: v.string(),
      expiresAt: token.expiresAt,
      used: token.used,
      label: v.union(v.literal("VALID"), v.literal("EXPIRED"), v.literal("USED")),
    }),
  ),
);

const emailLog = doc(schema, "email_logs").fields;

/** The debug mailbox (./emails.ts `debugMailbox`): whose messages, and each with the links found in it. */
export const debugMailboxValidator = v.object({
  scope: v.union(v.literal("everyone"), v.literal("viewer"), v.literal("signedOut")),
  messages: v.array(
    v.object({
      id: emailLog._id,
      createdAt: v.number(),
      status: emailLog.status,
      type: emailLog.type,
      subject: emailLog.subject,
      recipient: emailLog.recipient,
      messageId: emailLog.messageId,
      sentAt: emailLog.sentAt,
      errorMessage: emailLog.errorMessage,
      delivery: emailLog.delivery,
      data: nullable(v.record(v.string(), v.union(v.string(), v.number(), v.boolean(), v.null()))),
      text: emailLog.text,
      html: emailLog.html,
      links: v.array(v.string()),
      signInLinkHidden: v.boolean(),
    }),
  ),
});
