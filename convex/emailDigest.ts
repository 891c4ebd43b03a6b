/**
 * The per-user digest job (scheduled by model/emailDigest.ts at the user's
 * next morning): takes what was queued and sends one e-mail, with a
 * one-click unsubscribe that stops all non-critical mail.
 */
import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { digestItemsProp } from "./emailTemplates/emailDigest";
import { takeDigest } from "./model/emailDigest";
import { listUnsubscribeHeaders, unsubscribeUrl } from "./model/emailPreferences";
import { queueEmail, SETTINGS_PATH } from "./model/emailQueue";
import { siteUrl } from "./model/magicLinks";

export const send = internalMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    const digest = await takeDigest(ctx, userId);
    if (digest === null) return;
    const site = siteUrl();
    await queueEmail(ctx, {
      to: digest.to,
      template: "email_digest",
      props: {
        siteUrl: site,
        preferencesUrl: `${site}${SETTINGS_PATH}`,
        unsubscribeUrl: await unsubscribeUrl(ctx, userId, "all"),
        frequency: digest.frequency,
        items: digestItemsProp(digest.items),
        moreCount: digest.moreCount,
      },
      data: { items: digest.items.length + digest.moreCount },
      headers: await listUnsubscribeHeaders(ctx, userId, "all"),
    });
  },
});
