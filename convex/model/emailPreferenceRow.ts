/**
 * A user's `email_preferences` row: reading it, and making it with the
 * defaults (and an unsubscribe token) on first use. What the preferences
 * decide is ./emailPreferences; the digest (./emailDigest) keeps its pending
 * job on this row, so both build on this module and neither on the other.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { DEFAULT_EMAIL_PREFERENCES } from "../../shared/emailPreferences";
import { randomString } from "../../shared/random";

export type EmailPreferencesDoc = Doc<"email_preferences">;

const TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** 32 characters of 62: about 190 random bits. */
export const UNSUBSCRIBE_TOKEN_LENGTH = 32;

export async function getEmailPreferencesRow(
  ctx: QueryCtx,
  userId: Id<"users">,
): Promise<EmailPreferencesDoc | null> {
  return await ctx.db
    .query("email_preferences")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .unique();
}

/** The user's row, created with the defaults (and an unsubscribe token) when missing. */
export async function ensureEmailPreferencesRow(
  ctx: MutationCtx,
  userId: Id<"users">,
): Promise<EmailPreferencesDoc> {
  const existing = await getEmailPreferencesRow(ctx, userId);
  if (existing !== null) return existing;
  const id = await ctx.db.insert("email_preferences", {
    userId,
    ...DEFAULT_EMAIL_PREFERENCES,
    timeZone: null,
    unsubscribeToken: randomString(TOKEN_ALPHABET, UNSUBSCRIBE_TOKEN_LENGTH),
    digestJobId: null,
    updatedAt: Date.now(),
  });
  return (await ctx.db.get("email_preferences", id))!;
}
