/**
 * The session page's Nudge button: the host or a co-host reminds
 * invitees who have not answered. Logic in model/nudges.ts.
 */
import { v } from "convex/values";
import { mutation, query } from "./_generated/server";
import { canEditEvent } from "../shared/eventAccess";
import { NUDGE_MESSAGES } from "../shared/reminderRules";
import { appError } from "./model/errors";
import { getEventOrThrow, type EventDoc } from "./model/events";
import { nudgeFromHost, nudgeStatus } from "./model/nudges";
import { participationOf, readParticipationRows } from "./model/participation";
import { getViewerId, requireViewerId } from "./model/viewer";
import type { QueryCtx } from "./_generated/server";
import type { Id } from "./_generated/dataModel";

async function mayNudge(ctx: QueryCtx, event: EventDoc, userId: Id<"users">): Promise<boolean> {
  const rows = await readParticipationRows(ctx, event._id, userId);
  return canEditEvent(participationOf(event, userId, rows));
}

/** For the host and co-hosts: whether anyone has not answered and when a nudge may go; null for everyone else. */
export const status = query({
  args: { eventId: v.id("events") },
  returns: v.union(
    v.object({ hasPendingInvitees: v.boolean(), nextNudgeAt: v.union(v.number(), v.null()) }),
    v.null(),
  ),
  handler: async (ctx, { eventId }) => {
    const userId = await getViewerId(ctx);
    if (userId === null) return null;
    const event = await ctx.db.get("events", eventId);
    if (event === null || event.ended || !(await mayNudge(ctx, event, userId))) return null;
    return await nudgeStatus(ctx, eventId);
  },
});

/**
 * Nudges the invitees who have not answered (in-app + e-mail, as their
 * preferences allow). Errors: FORBIDDEN 'Only the host and co-hosts can nudge
 * invitees'; VALIDATION 'Everyone has answered…' / 'This session has already
 * ended'; RATE_LIMITED once per 12 hours per session, and per sender.
 */
export const nudge = mutation({
  args: { eventId: v.id("events") },
  handler: async (ctx, { eventId }) => {
    const userId = await requireViewerId(ctx);
    const event = await getEventOrThrow(ctx, eventId);
    if (!(await mayNudge(ctx, event, userId)))
      throw appError("FORBIDDEN", NUDGE_MESSAGES.onlyHosts);
    return await nudgeFromHost(ctx, event, userId);
  },
});
