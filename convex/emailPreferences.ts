/**
 * E-mail preferences (signed-in users set only their own
 * preferences): the Settings page reads and saves the caller's; one-click
 * unsubscribe (convex/http.ts) turns a category off by token. Logic in
 * model/emailPreferences.ts.
 */
import { v } from "convex/values";
import { internalMutation, internalQuery, mutation, query } from "./_generated/server";
import { EMAIL_PREFERENCE_MESSAGES, isUnsubscribeScope } from "../shared/emailPreferences";
import { emailFrequencyValidator } from "./schema";
import {
  emailPreferencesOf,
  preferencesByUnsubscribeToken,
  saveEmailPreferences,
  unsubscribeWithToken,
} from "./model/emailPreferences";
import { emailPreferencesValidator } from "./model/emailPreferenceValidators";
import { requireViewerId } from "./model/viewer";

/** The caller's preferences (the spec's defaults until they save). NOT_AUTHENTICATED when signed out. */
export const mine = query({
  args: {},
  returns: emailPreferencesValidator,
  handler: async (ctx) => {
    const userId = await requireViewerId(ctx);
    return await emailPreferencesOf(ctx, userId);
  },
});

/**
 * Saves the caller's preferences (the Settings page sends them all at once)
 * with the browser's time zone, used for the 08:00 digest. Returns the
 * spec's 'Email preferences saved!'.
 */
export const save = mutation({
  args: {
    eventInvitations: v.boolean(),
    eventReminders: v.boolean(),
    crewInvitations: v.boolean(),
    /** Optional: a page loaded before the category existed saves without it (left as it is). */
    hostAnnouncements: v.optional(v.boolean()),
    marketingEmails: v.boolean(),
    emailFrequency: emailFrequencyValidator,
    timeZone: v.optional(v.string()),
  },
  handler: async (ctx, { timeZone, ...preferences }) => {
    const userId = await requireViewerId(ctx);
    await saveEmailPreferences(ctx, userId, preferences, timeZone ?? null);
    return { message: EMAIL_PREFERENCE_MESSAGES.saved };
  },
});

/** Whether an unsubscribe link is real (the GET page asks before showing its button). */
export const isUnsubscribeLinkValid = internalQuery({
  args: { token: v.string(), category: v.string() },
  handler: async (ctx, { token, category }) =>
    isUnsubscribeScope(category) && (await preferencesByUnsubscribeToken(ctx, token)) !== null,
});

/** One-click unsubscribe (RFC 8058) from the HTTP route: false for an unknown token or scope. */
export const unsubscribe = internalMutation({
  args: { token: v.string(), category: v.string() },
  handler: async (ctx, { token, category }) => {
    if (!isUnsubscribeScope(category)) return false;
    return await unsubscribeWithToken(ctx, token, category);
  },
});
