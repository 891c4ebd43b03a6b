/**
 * Invitations to sessions: inviting users and crews (pending `event_members`
 * rows, role attendee) and answering. Every row change goes through
 * `changeParticipation`, so counts, lists and private-event access follow;
 * what the invitee and the inviter hear is ./eventNotifications.
 */
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { CREW_MESSAGES, INVITE_BATCH_MAX, canInviteCrewToSession } from "../../shared/crewRules";
import { EVENT_INVITATION_MESSAGES } from "../../shared/eventInvitationRules";
import type { InvitationResponse } from "../../shared/notificationRules";
import { ensureCrewAllows, getCrewEnsuringAccess, markCrewInvited } from "./crews";
import { appError } from "./errors";
import { notifyInviterOfAnswer, notifyOfEventInvitation } from "./eventNotifications";
import { ensureNotEnded, type EventDoc } from "./events";
import { senderOf, type Sender } from "./notifications";
import { sendEventInvitationEmail } from "./invitationEmails";
import { changeParticipation, readParticipationRows } from "./participation";
import { enforceSenderLimit } from "./senderLimits";

/** Crew members invited in the inviting mutation; the rest in scheduled batches of this size. */
export const CREW_INVITE_BATCH = 100;

/**
 * Invites one user (a pending attendee row and an event_invitation
 * notification). Returns false when they are the host, already invited
 * (pending), or already attending; a declined invitation is renewed.
 */
async function inviteOne(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
  sender: Sender,
): Promise<boolean> {
  if (userId === event.createdBy || userId === sender.senderId) return false;
  const rows = await readParticipationRows(ctx, event._id, userId);
  if (
    rows.participant !== null ||
    rows.member?.status === "pending" ||
    rows.member?.status === "accepted"
  )
    return false;
  if ((await ctx.db.get("users", userId)) === null) return false;
  await changeParticipation(ctx, event, userId, {
    member: {
      role: rows.member?.role === "co_host" ? "co_host" : "attendee",
      status: "pending",
      invitedBy: sender.senderId,
    },
  });
  await notifyOfEventInvitation(ctx, event, userId, sender);
  await sendEventInvitationEmail(ctx, event, userId, sender);
  return true;
}

export type InviteResult = { invitedCount: number; queuedCount: number; message: string };

export function inviteResultMessage(count: number): string {
  return count > 0
    ? EVENT_INVITATION_MESSAGES.invited(count)
    : EVENT_INVITATION_MESSAGES.noneInvited;
}

/** Invites users by id (the wizard's selection, at most INVITE_BATCH_MAX). The caller may edit the event. */
export async function inviteUsersToEvent(
  ctx: MutationCtx,
  event: EventDoc,
  inviterId: Id<"users">,
  userIds: readonly Id<"users">[],
): Promise<InviteResult> {
  if (userIds.length === 0 || userIds.length > INVITE_BATCH_MAX) {
    throw appError("VALIDATION", EVENT_INVITATION_MESSAGES.invalidParameters);
  }
  ensureNotEnded(event);
  await enforceSenderLimit(ctx, "invitation", inviterId, new Set(userIds).size);
  const sender = await senderOf(ctx, inviterId);
  let invitedCount = 0;
  let current = event;
  for (const userId of new Set(userIds)) {
    if (await inviteOne(ctx, current, userId, sender)) invitedCount += 1;
    current = (await ctx.db.get("events", event._id)) ?? current;
  }
  return { invitedCount, queuedCount: 0, message: inviteResultMessage(invitedCount) };
}

/**
 * Invites a crew: the crew is linked to the event (its accepted members may
 * see it) and each accepted member gets their own pending
 * invitation — the first CREW_INVITE_BATCH here, the rest in scheduled
 * batches (`queuedCount`), so a crew of any size stays inside the
 * transaction limits. The inviter must be an accepted member of the crew.
 */
export async function inviteCrewToEvent(
  ctx: MutationCtx,
  event: EventDoc,
  inviterId: Id<"users">,
  crewId: Id<"crews">,
): Promise<InviteResult> {
  ensureNotEnded(event);
  // A private crew the inviter may not see is 'Crew not found', as an unknown id is.
  const { crew, member: inviterMembership } = ensureCrewAllows(
    await getCrewEnsuringAccess(ctx, crewId, inviterId),
    canInviteCrewToSession,
    CREW_MESSAGES.notAMember,
  );
  const others = crew.memberCount - (inviterMembership?.status === "accepted" ? 1 : 0);
  if (others <= 0) throw appError("VALIDATION", CREW_MESSAGES.noMembersToInvite);
  await markCrewInvited(ctx, crewId, event._id, inviterId);
  const { invited, cursor, examined, sawInviter } = await inviteCrewBatch(
    ctx,
    event._id,
    crewId,
    inviterId,
    null,
  );
  // The members not yet looked at, the inviter aside (they may be in the first page or a later one).
  const inviterLater = inviterMembership?.status === "accepted" && !sawInviter;
  const queuedCount =
    cursor === null ? 0 : Math.max(0, crew.memberCount - examined - (inviterLater ? 1 : 0));
  return {
    invitedCount: invited,
    queuedCount,
    message: inviteResultMessage(invited + queuedCount),
  };
}

/**
 * Invites the next CREW_INVITE_BATCH accepted members of a crew, scheduling
 * the continuation. Returns how many were invited and the cursor (null when done).
 */
export async function inviteCrewBatch(
  ctx: MutationCtx,
  eventId: Id<"events">,
  crewId: Id<"crews">,
  inviterId: Id<"users">,
  cursor: string | null,
): Promise<{ invited: number; cursor: string | null; examined: number; sawInviter: boolean }> {
  let event = await ctx.db.get("events", eventId);
  if (event === null || event.ended)
    return { invited: 0, cursor: null, examined: 0, sawInviter: false };
  const page = await ctx.db
    .query("crew_members")
    .withIndex("by_crew_and_status", (q) => q.eq("crewId", crewId).eq("status", "accepted"))
    .paginate({ numItems: CREW_INVITE_BATCH, cursor });
  const sender = await senderOf(ctx, inviterId);
  let invited = 0;
  for (const member of page.page) {
    if (await inviteOne(ctx, event, member.userId, sender)) {
      invited += 1;
      event = (await ctx.db.get("events", eventId)) ?? event;
    }
  }
  const examined = page.page.length;
  const sawInviter = page.page.some((member) => member.userId === inviterId);
  if (page.isDone) return { invited, cursor: null, examined, sawInviter };
  await ctx.scheduler.runAfter(0, internal.invitations.continueCrewInvite, {
    eventId,
    crewId,
    inviterId,
    cursor: page.continueCursor,
  });
  return { invited, cursor: page.continueCursor, examined, sawInviter };
}

/**
 * The invitee answers (in-app, or by e-mail later): pending → accepted
 * (counts as attending) or declined. The notifications record the answer
 * (`changeParticipation`) and the inviter hears of it. 'You have no pending
 * invitation…' otherwise.
 */
export async function respondToEventInvitation(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
  response: InvitationResponse,
  method: "in_app" | "email" = "in_app",
): Promise<void> {
  ensureNotEnded(event);
  const rows = await readParticipationRows(ctx, event._id, userId);
  if (rows.member?.status !== "pending")
    throw appError("VALIDATION", EVENT_INVITATION_MESSAGES.noPendingInvitation);
  await changeParticipation(ctx, event, userId, {
    member: { role: rows.member.role, status: response },
    responseMethod: method,
  });
  if (rows.member.invitedBy !== null)
    await notifyInviterOfAnswer(ctx, event, userId, rows.member.invitedBy, response, method);
}
