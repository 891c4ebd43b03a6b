/**
 * E-mail: the one internal action every message goes through, its log
 * writes, and the debug mailbox. Logic in model/emails.ts.
 */
import { v } from "convex/values";
import { internalAction, internalMutation, query } from "./_generated/server";
import { emailTypeValidator } from "./schema";
import { requireDebugPagesEnabled } from "./model/debug";
import {
  DEBUG_MAILBOX_SIZE,
  debugMailbox,
  insertOutboxEmail,
  insertPendingEmail,
  sendEmail,
  type EmailResult,
} from "./model/emails";

const emailDataValidator = v.optional(
  v.record(v.string(), v.union(v.string(), v.number(), v.boolean(), v.null())),
);

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

export const markEmailFailed = internalMutation({
  args: { logId: v.id("email_logs"), errorMessage: v.string() },
  handler: async (ctx, { logId, errorMessage }) => {
    await ctx.db.patch("email_logs", logId, { status: "failed", errorMessage });
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
  handler: async (ctx, { limit }) => {
    requireDebugPagesEnabled();
    const size = Math.max(1, Math.min(Math.floor(limit ?? DEBUG_MAILBOX_SIZE), DEBUG_MAILBOX_SIZE));
    return await debugMailbox(ctx, size);
  },
});
