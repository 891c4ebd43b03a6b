/**
 * E-mail preferences (docs/product-rules.md#invitations-and-e-mail): reading them with their defaults, the one
 * question every non-critical send asks (`emailDecision`), saving them from
 * the Settings page, and one-click unsubscribe (RFC 8058): each message
 * carries List-Unsubscribe headers whose link turns its category off.
 *
 * Critical mail (sign-in links) never calls `emailDecision`: it is always sent.
 */
import type { Id } from "../_generated/dataModel";
import { env, type MutationCtx, type QueryCtx } from "../_generated/server";
import {
  decideEmail,
  DEFAULT_EMAIL_PREFERENCES,
  isTimeZone,
  type EmailCategory,
  type EmailDecision,
  type EmailPreferences,
  type UnsubscribeScope,
  unsubscribed,
} from "../../shared/emailPreferences";
import { rescheduleDigest } from "./emailDigest";
import {
  ensureEmailPreferencesRow,
  getEmailPreferencesRow,
  UNSUBSCRIBE_TOKEN_LENGTH,
  type EmailPreferencesDoc,
} from "./emailPreferenceRow";
import { cancelIfPending } from "./scheduledJobs";

/** The HTTP route of one-click unsubscribe (convex/http.ts). */
export const UNSUBSCRIBE_PATH = "/email/unsubscribe";

/** The user's preferences; the spec's defaults when they never saved any. */
export async function emailPreferencesOf(
  ctx: QueryCtx,
  userId: Id<"users">,
): Promise<EmailPreferences> {
  const row = await getEmailPreferencesRow(ctx, userId);
  if (row === null) return DEFAULT_EMAIL_PREFERENCES;
  return {
    eventInvitations: row.eventInvitations,
    eventReminders: row.eventReminders,
    crewInvitations: row.crewInvitations,
    hostAnnouncements: row.hostAnnouncements ?? DEFAULT_EMAIL_PREFERENCES.hostAnnouncements,
    marketingEmails: row.marketingEmails,
    emailFrequency: row.emailFrequency,
  };
}

/**
 * Whether a non-critical e-mail of `category` to `userId` goes now, waits for
 * their digest (`queueDigestItem` in ./emailDigest), or is not sent at all.
 */
export async function emailDecision(
  ctx: QueryCtx,
  userId: Id<"users">,
  category: EmailCategory,
): Promise<EmailDecision> {
  return decideEmail(await emailPreferencesOf(ctx, userId), category);
}

/** Where a one-click unsubscribe for (user, scope) posts: the backend's HTTP route. */
export async function unsubscribeUrl(
  ctx: MutationCtx,
  userId: Id<"users">,
  scope: UnsubscribeScope,
): Promise<string> {
  const row = await ensureEmailPreferencesRow(ctx, userId);
  const base = env.CONVEX_SITE_URL;
  if (!base) throw new Error("Missing environment variable `CONVEX_SITE_URL`");
  const url = new URL(`${base.replace(/\/+$/, "")}${UNSUBSCRIBE_PATH}`);
  url.searchParams.set("token", row.unsubscribeToken);
  url.searchParams.set("category", scope);
  return url.toString();
}

/**
 * The RFC 8058 headers of a non-critical message: mail apps show an
 * Unsubscribe button that POSTs to the link, which turns `scope` off (a
 * category, or "all" for a digest).
 */
export async function listUnsubscribeHeaders(
  ctx: MutationCtx,
  userId: Id<"users">,
  scope: UnsubscribeScope,
): Promise<Record<string, string>> {
  return {
    "List-Unsubscribe": `<${await unsubscribeUrl(ctx, userId, scope)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/**
 * Saves the Settings page's choices. `timeZone` is the browser's (kept when
 * it is not a known zone). A new frequency re-plans the pending digest.
 */
export async function saveEmailPreferences(
  ctx: MutationCtx,
  userId: Id<"users">,
  preferences: Omit<EmailPreferences, "hostAnnouncements"> & { hostAnnouncements?: boolean },
  timeZone: string | null,
): Promise<void> {
  const row = await ensureEmailPreferencesRow(ctx, userId);
  const zone = timeZone !== null && isTimeZone(timeZone) ? timeZone : row.timeZone;
  await ctx.db.patch("email_preferences", row._id, {
    ...preferences,
    hostAnnouncements: preferences.hostAnnouncements ?? row.hostAnnouncements,
    timeZone: zone,
    updatedAt: Date.now(),
  });
  if (row.emailFrequency !== preferences.emailFrequency || row.timeZone !== zone)
    await rescheduleDigest(ctx, userId);
}

/** The preferences an unsubscribe link's token belongs to (null for anything else). */
export async function preferencesByUnsubscribeToken(
  ctx: QueryCtx,
  token: string,
): Promise<EmailPreferencesDoc | null> {
  if (token.length !== UNSUBSCRIBE_TOKEN_LENGTH) return null;
  return await ctx.db
    .query("email_preferences")
    .withIndex("by_unsubscribe_token", (q) => q.eq("unsubscribeToken", token))
    .unique();
}

/**
 * One-click unsubscribe: turns `scope` off for the owner of `token`.
 * Returns false for an unknown token (nothing is written).
 */
export async function unsubscribeWithToken(
  ctx: MutationCtx,
  token: string,
  scope: UnsubscribeScope,
): Promise<boolean> {
  const row = await preferencesByUnsubscribeToken(ctx, token);
  if (row === null) return false;
  const preferences = unsubscribed(await emailPreferencesOf(ctx, row.userId), scope);
  await ctx.db.patch("email_preferences", row._id, { ...preferences, updatedAt: Date.now() });
  if (preferences.emailFrequency !== row.emailFrequency) await rescheduleDigest(ctx, row.userId);
  return true;
}

/** Account deletion: the preferences, the queued digest items and the pending digest. */
export async function deleteEmailPreferencesOfUser(
  ctx: MutationCtx,
  userId: Id<"users">,
): Promise<void> {
  const row = await getEmailPreferencesRow(ctx, userId);
  if (row === null) return;
  await cancelIfPending(ctx, row.digestJobId);
  await ctx.db.delete("email_preferences", row._id);
  await rescheduleDigest(ctx, userId);
}
