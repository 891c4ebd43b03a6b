/**
 * The per-user digest job (scheduled by model/emailDigest.ts at the user's
 * next morning): takes what was queued and sends one e-mail.
 */
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalAction, internalMutation } from "./_generated/server";
import { emailCategoryValidator } from "./schema";
import { digestEmail, takeDigest } from "./model/emailDigest";
import { unsubscribeUrl } from "./model/emailPreferences";
import { sendEmail } from "./model/emails";
import { siteUrl } from "./model/magicLinks";

export const send = internalMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    const digest = await takeDigest(ctx, userId);
    if (digest === null) return;
    await ctx.scheduler.runAfter(0, internal.emailDigest.deliver, {
      ...digest,
      unsubscribeUrl: await unsubscribeUrl(ctx, userId, "all"),
    });
  },
});

const digestItem = v.object({
  category: emailCategoryValidator,
  title: v.string(),
  detail: v.string(),
  url: v.string(),
  expiresAt: v.union(v.number(), v.null()),
});

export const deliver = internalAction({
  args: {
    to: v.string(),
    items: v.array(digestItem),
    moreCount: v.number(),
    unsubscribeUrl: v.string(),
  },
  handler: async (ctx, { to, ...content }) => {
    await sendEmail(ctx, { to, ...digestEmail({ ...content, siteUrl: siteUrl() }) });
  },
});
