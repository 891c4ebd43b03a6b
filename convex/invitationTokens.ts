/**
 * Invitation links from e-mails (single use, 48 hours, only for the invited
 * account): the invitation page answers
 * with one; expired ones are cleaned up hourly. Logic in
 * model/invitationTokens.ts.
 */
import { v } from "convex/values";
import { internalMutation, mutation } from "./_generated/server";
import { INVITATION_ACTIONS, INVITATION_TYPES } from "../shared/invitationTokens";
import { requireDebugPagesEnabled } from "./model/debug";
import {
  deleteExpiredTokens,
  expireTokenForTesting,
  processInvitationToken,
  useUpTokensOf,
} from "./model/invitationTokens";
import { getViewerId } from "./model/viewer";

/**
 * Answers the invitation behind an e-mail link for the signed-in user. Never
 * throws for a bad link: returns `{ success: false, error, requiresAuth }`
 * ('Please log in to respond to this invitation' when signed out) or the
 * success title, message and where to go next.
 */
export const process = mutation({
  args: {
    token: v.string(),
    type: v.optional(v.union(...INVITATION_TYPES.map((type) => v.literal(type)))),
    action: v.optional(v.union(...INVITATION_ACTIONS.map((action) => v.literal(action)))),
  },
  handler: async (ctx, { token, type, action }) => {
    const viewerId = await getViewerId(ctx);
    return await processInvitationToken(ctx, token, viewerId, { type, action });
  },
});

/**
 * Hourly (and its own continuation, with the first run's cut-off): deletes a
 * batch of expired tokens, schedules the next while a full batch was found,
 * and reports how many this run deleted.
 */
export const cleanupExpired = internalMutation({
  args: { before: v.optional(v.number()) },
  handler: async (ctx, { before }) => {
    const deleted = await deleteExpiredTokens(ctx, before);
    console.log(`Deleted ${deleted} expired invitation tokens`);
    return { deleted };
  },
});

/** Continues using up the older links of an answered invitation. */
export const continueUseUp = internalMutation({
  args: {
    userId: v.id("users"),
    invitationKey: v.string(),
    now: v.number(),
    before: v.number(),
  },
  handler: async (ctx, { userId, invitationKey, now, before }) => {
    await useUpTokensOf(ctx, userId, invitationKey, now, before);
    return null;
  },
});

/**
 * Makes a link expire now, for the debug pages and end-to-end tests (a real
 * link takes 48 hours). Internal, and refused unless debug pages are enabled.
 */
export const expireForTesting = internalMutation({
  args: { token: v.string() },
  handler: async (ctx, { token }) => {
    requireDebugPagesEnabled();
    return await expireTokenForTesting(ctx, token);
  },
});
