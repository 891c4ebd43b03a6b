/**
 * E-mail: the one internal action every message goes through, its log
 * writes, and the debug mailbox. Logic in model/emails.ts. Templated mail is
 * rendered in emailDelivery.ts, away from this file's mutations and query.
 */
import { v } from "convex/values";
import { internalAction, internalMutation, query } from "./_generated/server";
import { emailDataValidator, emailTypeValidator } from "./schema";
import { requireDebugPagesEnabled } from "./model/debug";
import { debugMailboxValidator } from "./model/debugValidators";
import {
  DEBUG_MAILBOX_SIZE,
  EMAIL_LOG_RETENTION_MS,
  debugMailbox,
  deleteEmailLogsTo,
  fillOutboxEmail,
  insertOutboxEmail,
  insertPendingEmail,
  pruneEmailLogs,
  sendEmail,
  type EmailResult,
} from "./model/emails";

const outgoingEmail = {
  to: v.string(),
  type: emailTypeValidator,
  subject: v.string(),
  html: v.string(),
  text: v.string(),
  data: emailDataValidator,
};

/**
 * Records and delivers one e-mail (Resend when RESEND_API_KEY is set, else
 * the local outbox). For schedulers and other actions; from inside an action
 * prefer calling `sendEmail` from model/emails.ts directly.
 */
export const send = internalAction({
  args: outgoingEmail,
  handler: async (ctx, email): Promise<EmailResult> => await sendEmail(ctx, email),
});

export const fillOutbox = internalMutation({
  args: { logId: v.id("email_logs"), html: v.string(), text: v.string() },
  handler: async (ctx, { logId, html, text }) => await fillOutboxEmail(ctx, logId, { html, text }),
});

export const recordOutboxEmail = internalMutation({
  args: outgoingEmail,
  handler: async (ctx, email) => await insertOutboxEmail(ctx, email),
});

export const recordPendingEmail = internalMutation({
  args: { to: v.string(), type: emailTypeValidator, subject: v.string(), data: emailDataValidator },
  handler: async (ctx, email) => await insertPendingEmail(ctx, email),
});

export const markEmailSent = internalMutation({
  args: { logId: v.id("email_logs"), messageId: v.string() },
  handler: async (ctx, { logId, messageId }) => {
    await ctx.db.patch("email_logs", logId, {
      status: "sent",
      messageId,
      sentAt: Date.now(),
      errorMessage: null,
    });
  },
});

/** A delivery webhook's bounce or complaint: the message's row becomes 'bounced'. */
export const markEmailBounced = internalMutation({
  args: { messageId: v.string(), errorMessage: v.string() },
  handler: async (ctx, { messageId, errorMessage }) => {
    const log = await ctx.db
      .query("email_logs")
      .withIndex("by_message_id", (q) => q.eq("messageId", messageId))
      .first();
    if (log === null) return false;
    await ctx.db.patch("email_logs", log._id, { status: "bounced", errorMessage });
    return true;
  },
});

export const markEmailFailed = internalMutation({
  args: { logId: v.id("email_logs"), errorMessage: v.string() },
  handler: async (ctx, { logId, errorMessage }) => {
    await ctx.db.patch("email_logs", logId, { status: "failed", errorMessage });
  },
});

/** Continues deleting a deleted account's e-mail log (model/emails.ts `deleteEmailLogsTo`). */
export const deleteLogsTo = internalMutation({
  args: { addresses: v.array(v.string()) },
  handler: async (ctx, { addresses }) => {
    await deleteEmailLogsTo(ctx, addresses);
    return null;
  },
});

/**
 * Daily, and its own continuation: deletes log rows older than the retention
 * (90 days) in batches, with the first run's cut-off.
 */
export const pruneOldLogs = internalMutation({
  args: { before: v.optional(v.number()) },
  handler: async (ctx, { before }) => {
    const deleted = await pruneEmailLogs(ctx, before ?? Date.now() - EMAIL_LOG_RETENTION_MS);
    return { deleted };
  },
});

/**
 * The debug mailbox (/debug-email, /test-email-system): the latest messages
 * (20, or `limit` up to 20), newest first, with the links found in each.
 * Needs no sign-in on a local backend, where a newcomer reads their magic
 * link here; elsewhere only the caller's own messages, sign-in links hidden
 * (model/emails.ts `debugMailbox`). Only where debug pages are enabled.
 */
export const latestForDebug = query({
  args: { limit: v.optional(v.number()) },
  returns: debugMailboxValidator,
  handler: async (ctx, { limit }) => {
    requireDebugPagesEnabled();
    const size = Math.max(1, Math.min(Math.floor(limit ?? DEBUG_MAILBOX_SIZE), DEBUG_MAILBOX_SIZE));
    return await debugMailbox(ctx, size);
  },
});
