/**
 * Answering an invitation from its e-mail's Accept or Decline link (rules:
 * docs/product-rules.md#invitations-and-e-mail): a token is found,
 * checked (unexpired, unused, for the signed-in user) and applied through the
 * same model paths as the in-app buttons (`respondToEventInvitation`,
 * `respondToCrewInvitation`, responseMethod "email"), so the notification,
 * the unread count and every open view follow. And the hourly clean-up of
 * expired tokens.
 */
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { CREW_MESSAGES, crewPath } from "../../shared/crewRules";
import { EVENT_ERRORS } from "../../shared/eventMessages";
import { appErrorData } from "../../shared/errors";
import { eventPath } from "../../shared/eventSlug";
import {
  INVITATION_MESSAGES,
  isWellFormedToken,
  successMessage,
  successTitle,
  tokenStatus,
  type InvitationAction,
  type InvitationType,
} from "../../shared/invitationTokens";
import type { InvitationResponse } from "../../shared/notificationRules";
import { respondToCrewInvitation } from "./crewInvites";
import { getCrewMember } from "./crews";
import { appError } from "./errors";
import { respondToEventInvitation } from "./eventInvitations";
import { readParticipationRows } from "./participation";

export type InvitationTokenDoc = Doc<"invitation_tokens">;

// ---------------------------------------------------------------- processing

export type InvitationResult =
  | {
      success: true;
      type: InvitationType;
      action: InvitationAction;
      title: string;
      message: string;
      name: string;
      /** Where the page goes next: the session or crew on accept, their lists on decline. */
      redirectUrl: string;
    }
  | { success: false; requiresAuth: boolean; error: string };

function failure(error: string, requiresAuth = false): InvitationResult {
  return { success: false, requiresAuth, error };
}

async function findToken(ctx: MutationCtx, token: string): Promise<InvitationTokenDoc | null> {
  if (!isWellFormedToken(token)) return null;
  return await ctx.db
    .query("invitation_tokens")
    .withIndex("by_token", (q) => q.eq("token", token))
    .unique();
}

/**
 * Answers the invitation a token stands for, as `viewerId` (null: signed
 * out). Checks in order: the token exists, the viewer is signed in and is the
 * invited user, the token matches the page's type and action when given, and
 * is unexpired and unused. Whether a link is used or expired is its owner's
 * business: anyone else holding it learns only that it is not theirs. On
 * success every link of that invitation is used up. Refusals write nothing.
 */
export async function processInvitationToken(
  ctx: MutationCtx,
  token: string,
  viewerId: Id<"users"> | null,
  expected: { type?: InvitationType; action?: InvitationAction } = {},
  now: number = Date.now(),
): Promise<InvitationResult> {
  const row = await findToken(ctx, token);
  if (row === null) return failure(INVITATION_MESSAGES.invalidToken);
  if (viewerId === null) return failure(INVITATION_MESSAGES.loginRequired, true);
  if (viewerId !== row.userId) return failure(INVITATION_MESSAGES.notYourAccount);
  if (
    (expected.type !== undefined && expected.type !== row.invitationType) ||
    (expected.action !== undefined && expected.action !== row.action)
  )
    return failure(INVITATION_MESSAGES.invalidOrExpiredLink);
  const status = tokenStatus(row, now);
  if (status === "expired") return failure(INVITATION_MESSAGES.expired);
  if (status === "used") return failure(INVITATION_MESSAGES.used);

  const response = row.action === "accept" ? "accepted" : "declined";
  let name: string;
  let redirectUrl: string;
  try {
    if (row.invitationType === "event") {
      ({ name, redirectUrl } = await answerEvent(ctx, row, viewerId, response));
    } else {
      ({ name, redirectUrl } = await answerCrew(ctx, row, viewerId, response));
    }
  } catch (error) {
    // The answer paths refuse (ended session, no pending invitation) before writing anything.
    const data = appErrorData(error);
    if (data !== null) return failure(data.message);
    throw error;
  }
  await useUpTokens(ctx, row, response, now);
  return {
    success: true,
    type: row.invitationType,
    action: row.action,
    title: successTitle(row.invitationType, row.action),
    message: successMessage(row.invitationType, row.action),
    name,
    redirectUrl,
  };
}

type Answered = { name: string; redirectUrl: string };

/** Answers a session invitation, or confirms an answer already given the same way (in-app first). */
async function answerEvent(
  ctx: MutationCtx,
  row: InvitationTokenDoc,
  userId: Id<"users">,
  response: InvitationResponse,
): Promise<Answered> {
  const event = row.eventId === null ? null : await ctx.db.get("events", row.eventId);
  if (event === null) throw appError("NOT_FOUND", EVENT_ERRORS.notFound);
  const rows = await readParticipationRows(ctx, event._id, userId);
  if (rows.member?.status !== response)
    await respondToEventInvitation(ctx, event, userId, response, "email");
  return { name: event.title, redirectUrl: response === "accepted" ? eventPath(event) : "/events" };
}

/** Answers a crew invitation, or confirms an answer already given the same way. */
async function answerCrew(
  ctx: MutationCtx,
  row: InvitationTokenDoc,
  userId: Id<"users">,
  response: InvitationResponse,
): Promise<Answered> {
  const crew = row.crewId === null ? null : await ctx.db.get("crews", row.crewId);
  if (crew === null) throw appError("NOT_FOUND", CREW_MESSAGES.notFound);
  const member = await getCrewMember(ctx, crew._id, userId);
  if (member?.status !== response)
    await respondToCrewInvitation(ctx, crew, userId, response, "email");
  return {
    name: crew.name,
    redirectUrl: response === "accepted" ? crewPath(crew._id) : "/profile",
  };
}

/**
 * Links of one invitation used up per mutation. Each invitation e-mail (a
 * re-invitation, a nudge) adds a pair, so an invitation may have any number;
 * the newest go in the answering mutation, older ones in scheduled batches.
 */
export const TOKEN_USE_UP_BATCH = 100;

/** Every link of the answered invitation stops working: the one used records the answer. */
async function useUpTokens(
  ctx: MutationCtx,
  row: InvitationTokenDoc,
  response: InvitationResponse,
  now: number,
): Promise<void> {
  await ctx.db.patch("invitation_tokens", row._id, {
    used: true,
    responseStatus: response,
    updatedAt: now,
  });
  await useUpTokensOf(ctx, row.userId, row.invitationKey, now, null);
}

/**
 * Marks a batch of one user's links of one invitation used, newest first
 * (those created before `before` when given), and schedules the older ones.
 */
export async function useUpTokensOf(
  ctx: MutationCtx,
  userId: Id<"users">,
  invitationKey: string,
  now: number,
  before: number | null,
): Promise<void> {
  const batch = await ctx.db
    .query("invitation_tokens")
    .withIndex("by_user_and_invitation_key", (q) => {
      const range = q.eq("userId", userId).eq("invitationKey", invitationKey);
      return before === null ? range : range.lt("_creationTime", before);
    })
    .order("desc")
    .take(TOKEN_USE_UP_BATCH);
  for (const sibling of batch) {
    if (sibling.used) continue;
    await ctx.db.patch("invitation_tokens", sibling._id, { used: true, updatedAt: now });
  }
  if (batch.length === TOKEN_USE_UP_BATCH) {
    await ctx.scheduler.runAfter(0, internal.invitationTokens.continueUseUp, {
      userId,
      invitationKey,
      now,
      before: batch[batch.length - 1]._creationTime,
    });
  }
}

// ---------------------------------------------------------------- clean-up

/** Expired tokens deleted per mutation; a larger backlog is worked off by scheduled continuations. */
export const TOKEN_CLEANUP_BATCH = 500;

/**
 * Deletes up to TOKEN_CLEANUP_BATCH tokens that expired before `before`
 * (the clean-up reports how many it deleted) and, when that many
 * were found, schedules the next batch with the same cut-off, so any backlog
 * is worked off however far the hourly runs fell behind.
 */
export async function deleteExpiredTokens(
  ctx: MutationCtx,
  before: number = Date.now(),
): Promise<number> {
  const expired = await ctx.db
    .query("invitation_tokens")
    .withIndex("by_expires_at", (q) => q.lt("expiresAt", before))
    .take(TOKEN_CLEANUP_BATCH);
  for (const row of expired) await ctx.db.delete("invitation_tokens", row._id);
  if (expired.length === TOKEN_CLEANUP_BATCH) {
    await ctx.scheduler.runAfter(0, internal.invitationTokens.cleanupExpired, { before });
  }
  return expired.length;
}

/** Debug pages and end-to-end tests only: the token's link expires now. Returns false for an unknown token. */
export async function expireTokenForTesting(
  ctx: MutationCtx,
  token: string,
  now: number = Date.now(),
): Promise<boolean> {
  const row = await findToken(ctx, token);
  if (row === null) return false;
  await ctx.db.patch("invitation_tokens", row._id, { expiresAt: now - 1, updatedAt: now });
  return true;
}
