/**
 * The single e-mail path, which all mail takes: every message is recorded in
 * `email_logs`, then delivered with Resend when RESEND_API_KEY is set, or
 * kept in the local outbox otherwise — the log row (with its html, text and
 * links) is the outbox, read by the debug mailbox page (/debug-email).
 *
 * Call `sendEmail` from an action, or schedule `internal.emails.send`.
 */
import type { Infer } from "convex/values";
import { Resend } from "resend";
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import { env, type ActionCtx, type MutationCtx, type QueryCtx } from "../_generated/server";
import { APP_NAME } from "../../shared/brand";
import { normalizeEmail } from "../../shared/authMessages";
import { extractUrls } from "../../shared/emailLinks";
import type { EMAIL_TYPES } from "../schema";
import { isLocalDeployment } from "./debug";
import type { debugMailboxValidator } from "./debugValidators";
import { getViewerId } from "./viewer";

export type EmailType = (typeof EMAIL_TYPES)[number];
export type EmailData = Record<string, string | number | boolean | null>;

export type OutgoingEmail = {
  to: string;
  type: EmailType;
  subject: string;
  html: string;
  text: string;
  /** Type-specific details for the log (no secrets). */
  data?: EmailData;
  /** Extra headers for Resend, e.g. List-Unsubscribe (RFC 8058) on non-critical mail. */
  headers?: Record<string, string>;
};

export type EmailResult = {
  logId: Id<"email_logs">;
  status: "sent" | "failed";
  delivery: "resend" | "outbox";
  messageId: string | null;
  errorMessage: string | null;
};

/** Where e-mail goes on this deployment. */
export function emailDelivery(): "resend" | "outbox" {
  return env.RESEND_API_KEY ? "resend" : "outbox";
}

/** The sender: EMAIL_FROM, or Resend's test sender under the brand name. */
export function emailFrom(): string {
  return env.EMAIL_FROM?.trim() || `${APP_NAME} <onboarding@resend.dev>`;
}

/**
 * Records and delivers one e-mail. Never throws for a delivery failure: the
 * result (and the log row) says `failed` with the reason; callers decide
 * whether that blocks them (a magic link does; a crew invite does not).
 */
export async function sendEmail(ctx: ActionCtx, email: OutgoingEmail): Promise<EmailResult> {
  const delivery = emailDelivery();
  if (delivery === "outbox") {
    const logId: Id<"email_logs"> = await ctx.runMutation(internal.emails.recordOutboxEmail, {
      to: email.to,
      type: email.type,
      subject: email.subject,
      html: email.html,
      text: email.text,
      data: email.data,
    });
    return {
      logId,
      status: "sent",
      delivery,
      messageId: outboxMessageId(logId),
      errorMessage: null,
    };
  }
  const logId: Id<"email_logs"> = await ctx.runMutation(internal.emails.recordPendingEmail, {
    to: email.to,
    type: email.type,
    subject: email.subject,
    data: email.data,
  });
  return await sendWithResend(ctx, logId, email);
}

/**
 * Delivers a message queued from a mutation (model/emailQueue.ts), whose
 * 'pending' log row exists: into the local outbox, or to Resend. Never throws
 * for a delivery failure (the row says `failed`).
 */
export async function deliverPendingEmail(
  ctx: ActionCtx,
  logId: Id<"email_logs">,
  email: OutgoingEmail,
): Promise<EmailResult> {
  const delivery = emailDelivery();
  if (delivery === "outbox") {
    await ctx.runMutation(internal.emails.fillOutbox, {
      logId,
      html: email.html,
      text: email.text,
    });
    return {
      logId,
      status: "sent",
      delivery,
      messageId: outboxMessageId(logId),
      errorMessage: null,
    };
  }
  return await sendWithResend(ctx, logId, email);
}

async function sendWithResend(
  ctx: ActionCtx,
  logId: Id<"email_logs">,
  email: OutgoingEmail,
): Promise<EmailResult> {
  try {
    const resend = new Resend(env.RESEND_API_KEY);
    const { data, error } = await resend.emails.send({
      from: emailFrom(),
      to: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      ...(email.headers ? { headers: email.headers } : {}),
    });
    if (error !== null || data === null) throw new Error(error?.message ?? "Email service error");
    await ctx.runMutation(internal.emails.markEmailSent, { logId, messageId: data.id });
    return { logId, status: "sent", delivery: "resend", messageId: data.id, errorMessage: null };
  } catch (error) {
    const errorMessage = error instanceof Error ? error.message : String(error);
    await ctx.runMutation(internal.emails.markEmailFailed, { logId, errorMessage });
    return { logId, status: "failed", delivery: "resend", messageId: null, errorMessage };
  }
}

export function outboxMessageId(logId: Id<"email_logs">): string {
  return `outbox:${logId}`;
}

// ---------------------------------------------------------------- log rows (used by internal mutations)

export async function insertOutboxEmail(
  ctx: MutationCtx,
  email: OutgoingEmail,
): Promise<Id<"email_logs">> {
  const logId = await ctx.db.insert("email_logs", {
    status: "sent",
    type: email.type,
    subject: email.subject,
    recipient: email.to,
    messageId: null,
    sentAt: Date.now(),
    errorMessage: null,
    data: email.data,
    delivery: "outbox",
    html: email.html,
    text: email.text,
  });
  await ctx.db.patch("email_logs", logId, { messageId: outboxMessageId(logId) });
  return logId;
}

/**
 * A message about to be delivered (to Resend, or — queued from a mutation —
 * to the outbox once rendered). A Resend message's body is never stored:
 * Resend keeps it, and a log full of live sign-in links would be a credential leak.
 */
export async function insertPendingEmail(
  ctx: MutationCtx,
  email: Pick<OutgoingEmail, "to" | "type" | "subject" | "data">,
  delivery: "resend" | "outbox" = "resend",
): Promise<Id<"email_logs">> {
  return await ctx.db.insert("email_logs", {
    status: "pending",
    type: email.type,
    subject: email.subject,
    recipient: email.to,
    messageId: null,
    sentAt: null,
    errorMessage: null,
    data: email.data,
    delivery,
    html: null,
    text: null,
  });
}

/** A queued message rendered into the local outbox: the row becomes the message. */
export async function fillOutboxEmail(
  ctx: MutationCtx,
  logId: Id<"email_logs">,
  body: { html: string; text: string },
): Promise<void> {
  await ctx.db.patch("email_logs", logId, {
    status: "sent",
    sentAt: Date.now(),
    messageId: outboxMessageId(logId),
    errorMessage: null,
    ...body,
  });
}

// ---------------------------------------------------------------- reading

export const DEBUG_MAILBOX_SIZE = 20;

/**
 * The debug mailbox. Its `scope` says whose messages it shows: everyone's on
 * a local backend (a newcomer reads their sign-in link there); elsewhere only
 * the signed-in user's, sign-in links hidden; nothing when signed out there.
 */
type DebugMailbox = Infer<typeof debugMailboxValidator>;

/**
 * The debug mailbox (the /debug-email page): the latest
 * `limit` messages, newest first. Only a local backend hands out other
 * people's mail and live sign-in links; on any other deployment (even with
 * debug pages on) a sign-in link would let anyone take over an account.
 */
export async function debugMailbox(ctx: QueryCtx, limit: number): Promise<DebugMailbox> {
  if (isLocalDeployment()) {
    const logs = await ctx.db.query("email_logs").order("desc").take(limit);
    return { scope: "everyone", messages: logs.map(debugEmailView) };
  }
  const userId = await getViewerId(ctx);
  const email = userId === null ? null : (await ctx.db.get("users", userId))?.email;
  if (!email) return { scope: "signedOut", messages: [] };
  const logs = await ctx.db
    .query("email_logs")
    .withIndex("by_recipient", (q) => q.eq("recipient", normalizeEmail(email)))
    .order("desc")
    .take(limit);
  return { scope: "viewer", messages: logs.map((log) => withoutSignInLink(debugEmailView(log))) };
}

/** A sign-in message without its body and links (the link in it signs in whoever opens it). */
function withoutSignInLink(view: DebugEmailView): DebugEmailView {
  if (view.type !== "magic_link") return view;
  return { ...view, text: null, html: null, links: [], signInLinkHidden: true };
}

type DebugEmailView = DebugMailbox["messages"][number];

export function debugEmailView(log: Doc<"email_logs">): DebugEmailView {
  return {
    id: log._id,
    createdAt: log._creationTime,
    status: log.status,
    type: log.type,
    subject: log.subject,
    recipient: log.recipient,
    messageId: log.messageId,
    sentAt: log.sentAt,
    errorMessage: log.errorMessage,
    delivery: log.delivery,
    data: log.data ?? null,
    text: log.text,
    html: log.html,
    links: extractUrls(log.text, log.html),
    /** True when the body was withheld because it carries a live sign-in link. */
    signInLinkHidden: false,
  };
}

// ---------------------------------------------------------------- deleting log rows

/**
 * Log rows deleted per mutation. A row may hold an outbox body of tens of
 * kilobytes, so a batch stays far below a transaction's 16 MiB of reads.
 */
export const EMAIL_LOG_BATCH = 100;

/**
 * How long the log keeps a message: long enough to answer "did my invitation
 * go out?" and to match a late delivery webhook, not the person's whole
 * history (an outbox row holds the message, sign-in links included).
 */
export const EMAIL_LOG_RETENTION_MS = 90 * 24 * 3600_000;

/**
 * Deletes up to EMAIL_LOG_BATCH log rows of messages sent to any of
 * `addresses` (a deleted account's) and schedules the rest. The addresses
 * travel with the continuation: the account that named them is gone by then.
 */
export async function deleteEmailLogsTo(
  ctx: MutationCtx,
  addresses: Iterable<string>,
): Promise<void> {
  let budget = EMAIL_LOG_BATCH;
  const left: string[] = [];
  for (const address of addresses) {
    if (budget === 0) {
      left.push(address);
      continue;
    }
    const logs = await ctx.db
      .query("email_logs")
      .withIndex("by_recipient", (q) => q.eq("recipient", address))
      .take(budget);
    for (const log of logs) await ctx.db.delete("email_logs", log._id);
    budget -= logs.length;
    // A full take may have left rows behind.
    if (budget === 0) left.push(address);
  }
  if (left.length > 0) {
    await ctx.scheduler.runAfter(0, internal.emails.deleteLogsTo, { addresses: left });
  }
}

/**
 * Deletes up to EMAIL_LOG_BATCH log rows created before `before`, oldest
 * first; schedules the next batch (same cut-off) while a full batch was found.
 * Returns how many were deleted.
 */
export async function pruneEmailLogs(ctx: MutationCtx, before: number): Promise<number> {
  const logs = await ctx.db
    .query("email_logs")
    .withIndex("by_creation_time", (q) => q.lt("_creationTime", before))
    .take(EMAIL_LOG_BATCH);
  for (const log of logs) await ctx.db.delete("email_logs", log._id);
  if (logs.length === EMAIL_LOG_BATCH) {
    await ctx.scheduler.runAfter(0, internal.emails.pruneOldLogs, { before });
  }
  return logs.length;
}
