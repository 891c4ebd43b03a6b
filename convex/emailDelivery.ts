/**
 * Where e-mails are rendered: internal actions, in a module without queries
 * or mutations. React Email's renderer needs timers, which queries and
 * mutations do not have, and a module's bundle carries everything it imports
 * (scripts/convexDeployGuard.test.ts checks). Mutations queue mail with
 * model/emailQueue.ts, which schedules `deliverQueued`. The magic-link
 * provider runs in auth.ts, next to the library's queries and mutations, so
 * it calls `sendMagicLink` through `ctx.runAction`; a dynamic import() would
 * not do, as the default runtime cannot load modules dynamically.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction } from "./_generated/server";
import { AUTH_TIMINGS } from "../shared/authMessages";
import { renderEmail } from "./emailTemplates/render";
import { EMAIL_TEMPLATES, type TemplateName } from "./emailTemplates/templates";
import { emailDataValidator } from "./schema";
import { deliverPendingEmail, sendEmail, type EmailResult } from "./model/emails";
import { siteUrl } from "./model/magicLinks";

/**
 * Renders and delivers a message queued from a mutation (model/emailQueue.ts
 * `queueEmail`), whose 'pending' log row exists. A failure only marks the row.
 */
export const deliverQueued = internalAction({
  args: {
    logId: v.id("email_logs"),
    to: v.string(),
    template: v.union(
      ...(Object.keys(EMAIL_TEMPLATES) as TemplateName[]).map((name) => v.literal(name)),
    ),
    props: v.record(v.string(), v.union(v.string(), v.number(), v.null())),
    data: emailDataValidator,
    headers: v.optional(v.record(v.string(), v.string())),
  },
  handler: async (ctx, { logId, to, template, props, data, headers }): Promise<EmailResult> => {
    let rendered;
    try {
      rendered = await renderEmail(template, props as never);
    } catch (error) {
      const errorMessage = `Failed to render the email: ${error instanceof Error ? error.message : String(error)}`;
      await ctx.runMutation(internal.emails.markEmailFailed, { logId, errorMessage });
      throw error;
    }
    return await deliverPendingEmail(ctx, logId, {
      to,
      type: template,
      ...rendered,
      data,
      headers,
    });
  },
});

/**
 * Renders the sign-in e-mail (emailTemplates/signIn.tsx) with its `link` and
 * sends it through the single e-mail path. For model/magicLinks.ts
 * `sendMagicLink`, which turns a failed send into the error the sign-in form
 * shows.
 */
export const sendMagicLink = internalAction({
  args: { to: v.string(), link: v.string(), expiresAt: v.number() },
  handler: async (ctx, { to, link, expiresAt }): Promise<EmailResult> => {
    const hours = AUTH_TIMINGS.magicLinkMaxAgeSeconds / 3600;
    const expiresIn = hours === 1 ? "1 hour" : `${hours} hours`;
    return await sendEmail(ctx, {
      to,
      type: "magic_link",
      ...(await renderEmail("magic_link", { siteUrl: siteUrl(), link, expiresIn })),
      data: { purpose: "sign_in", expiresAt },
    });
  },
});
