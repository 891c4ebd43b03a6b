/**
 * E-mail: the one internal action every message goes through, its log
 * writes, and the debug mailbox. Logic in model/emails.ts.
 */
import { v } from "convex/values";
import { internalAction, internalMutation, query } from "./_generated/server";
import { emailTypeValidator } from "./schema";
import { requireDebugPagesEnabled } from "./model/debug";
import {
  insertOutboxEmail,
  insertPendingEmail,
  latestEmails,
  sendEmail,
  type EmailResult,
} from "./model/emails";

const emailDataValidator = v.optional(v.record(v.string(), v.union(v.string(), v.number(), v.boolean(), v.null())));

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
    await ctx.db.patch("email_logs", logId, { status: "sent", messageId, sentAt: Date.now(), errorMessage: null });
  },
});

export const markEmailFailed = internalMutation({
  args: { logId: v.id("email_logs"), errorMessage: v.string() },
  handler: async (ctx, { logId, errorMessage }) => {
    await ctx.db.patch("email_logs", logId, { status: "failed", errorMessage });
  },
});

/**
 * The debug mailbox (/debug-email): the latest 20 messages, newest first,
 * each with the links found in its body. Needs no sign-in (a newcomer reads
 * their magic link here), but only works where debug pages are enabled.
 */
export const latestForDebug = query({
  args: {},
  handler: async (ctx) => {
    requireDebugPagesEnabled();
    return await latestEmails(ctx);
  },
});
