/**
 * Sending a templated e-mail from a mutation: the log row is written
 * 'pending' in the same transaction and the delivery (render, then Resend or
 * the local outbox) is scheduled, so a failing e-mail never rolls back or
 * blocks what the mutation did (a failed e-mail is only logged).
 *
 * Non-critical mail to a user goes through `queueEmailToUser`, which asks
 * their e-mail preferences first (send now, keep for the digest, or skip)
 * and adds the one-click unsubscribe link and headers.
 */
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import type { EmailCategory } from "../../shared/emailPreferences";
import {
  EMAIL_TEMPLATES,
  type TemplateName,
  type TemplateProps,
} from "../emailTemplates/templates";
import type { EmailProps, EmailTemplate } from "../emailTemplates/template";
import { queueDigestItem, type DigestItemInput } from "./emailDigest";
import { emailDecision, listUnsubscribeHeaders, unsubscribeUrl } from "./emailPreferences";
import { emailDelivery, insertPendingEmail, type EmailData } from "./emails";
import { siteUrl } from "./magicLinks";

export type QueuedEmail<N extends TemplateName> = {
  to: string;
  template: N;
  props: TemplateProps<N>;
  /** Details for the log (no secrets: tokens stay in the body). */
  data?: EmailData;
  headers?: Record<string, string>;
};

/** Logs the message as 'pending' and schedules its delivery. */
export async function queueEmail<N extends TemplateName>(
  ctx: MutationCtx,
  email: QueuedEmail<N>,
): Promise<Id<"email_logs">> {
  const template = EMAIL_TEMPLATES[email.template] as unknown as EmailTemplate<EmailProps>;
  const subject = template.subject(email.props);
  const logId = await insertPendingEmail(
    ctx,
    { to: email.to, type: email.template, subject, data: email.data },
    emailDelivery(),
  );
  await ctx.scheduler.runAfter(0, internal.emailDelivery.deliverQueued, {
    logId,
    to: email.to,
    template: email.template,
    props: email.props as Record<string, string | number | null>,
    data: email.data,
    headers: email.headers,
  });
  return logId;
}

/** Props every non-critical template takes from the send path, not from its caller. */
type OptOutKeys = "siteUrl" | "preferencesUrl" | "unsubscribeUrl";

export type UserEmail<N extends TemplateName> = {
  category: EmailCategory;
  template: N;
  /** Called only when the message is sent now (so links with tokens are made only then). */
  props: () => Promise<Omit<TemplateProps<N>, OptOutKeys>>;
  data?: EmailData;
  /** What the daily or weekly digest lists instead, for people who chose one. */
  digest: DigestItemInput;
};

export type UserEmailOutcome = "queued" | "digest" | "skipped";

/**
 * A non-critical e-mail to a user, as their preferences say: queued now
 * (with List-Unsubscribe headers and footer links), kept for their digest,
 * or not sent. Users without an address are skipped.
 */
export async function queueEmailToUser<N extends TemplateName>(
  ctx: MutationCtx,
  userId: Id<"users">,
  email: UserEmail<N>,
): Promise<UserEmailOutcome> {
  const address = (await ctx.db.get("users", userId))?.email;
  if (!address) return "skipped";
  const decision = await emailDecision(ctx, userId, email.category);
  if (decision === "skip") return "skipped";
  if (decision === "digest") {
    await queueDigestItem(ctx, userId, email.digest);
    return "digest";
  }
  const site = siteUrl();
  const props = {
    ...(await email.props()),
    siteUrl: site,
    preferencesUrl: `${site}${SETTINGS_PATH}`,
    unsubscribeUrl: await unsubscribeUrl(ctx, userId, email.category),
  } as unknown as TemplateProps<N>;
  await queueEmail(ctx, {
    to: address,
    template: email.template,
    props,
    data: email.data,
    headers: await listUnsubscribeHeaders(ctx, userId, email.category),
  });
  return "queued";
}

/** The Settings page, where e-mail preferences live. */
export const SETTINGS_PATH = "/settings";
