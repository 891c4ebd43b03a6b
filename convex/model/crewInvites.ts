/**
 * Getting into a crew (spec 3 §4–§5): in-app invitations (pending rows with
 * a crew_invitation notification), answering them, and invite links
 * (`/crew/join/{code}`) that make an accepted member at once. Every row
 * change goes through `changeCrewMembership`.
 */
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import {
  CREW_MESSAGES,
  DAY_MS,
  INVITE_CODE_ATTEMPTS,
  INVITE_LINK_DEFAULT_DAYS,
  INVITE_LINK_MESSAGES,
  crewJoinPath,
  generateInviteCode,
  inviteLinkProblem,
  normalizeInviteCode,
} from "../../shared/crewRules";
import { NOTIFICATION_TEXTS, type InvitationResponse } from "../../shared/notificationRules";
import { changeCrewMembership, getCrewMember, type CrewDoc } from "./crews";
import { appError } from "./errors";
import { enforceSenderLimit } from "./senderLimits";
import { sendCrewInvitationEmail } from "./invitationEmails";
import {
  createNotification,
  crewInvitationKey,
  deleteInvitationNotifications,
  recordInvitationResponse,
  senderOf,
  type Sender,
} from "./notifications";

export function crewNotificationData(crew: CrewDoc) {
  return { crew_id: crew._id, crewId: crew._id, crew_name: crew.name, crewName: crew.name };
}

// ---------------------------------------------------------------- in-app invitations

/**
 * Invites a user: none or declined → pending, with a notification.
 * 'User is already a member of this crew' / 'User already has a pending
 * invitation to this crew' otherwise. The caller may manage the crew.
 */
export async function inviteUserToCrew(
  ctx: MutationCtx,
  crew: CrewDoc,
  sender: Sender,
  userId: Id<"users">,
): Promise<void> {
  if (userId === crew.createdBy) throw appError("VALIDATION", CREW_MESSAGES.alreadyMember);
  if ((await ctx.db.get("users", userId)) === null)
    throw appError("NOT_FOUND", CREW_MESSAGES.userNotFound);
  const existing = await getCrewMember(ctx, crew._id, userId);
  if (existing?.status === "accepted") throw appError("VALIDATION", CREW_MESSAGES.alreadyMember);
  if (existing?.status === "pending") throw appError("VALIDATION", CREW_MESSAGES.alreadyPending);
  await enforceSenderLimit(ctx, "invitation", sender.senderId);
  await changeCrewMembership(ctx, crew, userId, {
    status: "pending",
    role: "member",
    invitedBy: sender.senderId,
  });
  await createNotification(ctx, {
    userId,
    type: "crew_invitation",
    ...NOTIFICATION_TEXTS.crewInvitation(sender.senderName, crew.name),
    data: {
      ...crewNotificationData(crew),
      inviter_id: sender.senderId,
      invited_by: sender.senderId,
      inviter_name: sender.senderName,
      role: "member",
    },
    sender,
    invitationKey: crewInvitationKey(crew._id),
    crewId: crew._id,
  });
  await sendCrewInvitationEmail(ctx, crew, userId, sender);
}

/** The invitee answers: pending → accepted or declined; the inviter hears of it. */
export async function respondToCrewInvitation(
  ctx: MutationCtx,
  crew: CrewDoc,
  userId: Id<"users">,
  response: InvitationResponse,
  method: "in_app" | "email" = "in_app",
): Promise<void> {
  const member = await getCrewMember(ctx, crew._id, userId);
  if (member?.status !== "pending") throw appError("VALIDATION", CREW_MESSAGES.noInvitation);
  await changeCrewMembership(ctx, crew, userId, { status: response, role: member.role });
  await recordInvitationResponse(ctx, userId, crewInvitationKey(crew._id), response, method);
  if (member.invitedBy !== null) {
    const invitee = await senderOf(ctx, userId);
    await createNotification(ctx, {
      userId: member.invitedBy,
      type: "crew_invitation_response",
      ...NOTIFICATION_TEXTS.crewInvitationResponse(invitee.senderName, crew.name, response),
      data: {
        ...crewNotificationData(crew),
        joiner_id: userId,
        user_id: userId,
        response,
        response_method: method,
      },
      sender: invitee,
      crewId: crew._id,
    });
  }
}

/** Withdraws a pending invitation (creator only, checked by the caller) with its unanswered notification. */
export async function removePendingInvitation(
  ctx: MutationCtx,
  crew: CrewDoc,
  userId: Id<"users">,
): Promise<void> {
  const member = await getCrewMember(ctx, crew._id, userId);
  if (member?.status !== "pending") throw appError("NOT_FOUND", CREW_MESSAGES.memberNotFound);
  await changeCrewMembership(ctx, crew, userId, null);
  await deleteInvitationNotifications(ctx, userId, crewInvitationKey(crew._id));
}

// ---------------------------------------------------------------- invite links

async function linkByCode(ctx: QueryCtx, code: string) {
  return await ctx.db
    .query("crew_invitations")
    .withIndex("by_invite_code", (q) => q.eq("inviteCode", code))
    .unique();
}

/**
 * A new invite link: a unique 8-character code (up to 10 tries, then
 * 'Failed to generate unique invite code'), valid `days` (7 by default),
 * optionally limited to `maxUses`.
 */
export async function createInviteLink(
  ctx: MutationCtx,
  crew: CrewDoc,
  userId: Id<"users">,
  options: { days?: number; maxUses?: number | null } = {},
  generate: () => string = generateInviteCode,
  now: number = Date.now(),
) {
  for (let attempt = 0; attempt < INVITE_CODE_ATTEMPTS; attempt++) {
    const inviteCode = generate();
    if ((await linkByCode(ctx, inviteCode)) !== null) continue;
    const expiresAt = now + (options.days ?? INVITE_LINK_DEFAULT_DAYS) * DAY_MS;
    await ctx.db.insert("crew_invitations", {
      crewId: crew._id,
      inviteCode,
      createdBy: userId,
      expiresAt,
      maxUses: options.maxUses ?? null,
      currentUses: 0,
      createdAt: now,
    });
    return {
      inviteCode,
      expiresAt,
      maxUses: options.maxUses ?? null,
      path: crewJoinPath(inviteCode),
    };
  }
  throw appError("VALIDATION", CREW_MESSAGES.codeGenerationFailed);
}

export type InviteLinkStatus = "valid" | "invalid" | "expired" | "max_uses" | "already_member";

/**
 * What the join page shows for a code: the crew's name, vibe and member
 * count when the code exists, and whether the viewer can join with it.
 */
export async function inviteLinkInfo(
  ctx: QueryCtx,
  rawCode: string,
  viewerId: Id<"users"> | null,
  now: number = Date.now(),
) {
  const code = normalizeInviteCode(rawCode);
  const link = code === null ? null : await linkByCode(ctx, code);
  const crew = link === null ? null : await ctx.db.get("crews", link.crewId);
  if (link === null || crew === null) return { status: "invalid" as InviteLinkStatus, crew: null };
  const problem = inviteLinkProblem(link, now);
  const member = viewerId === null ? null : await getCrewMember(ctx, crew._id, viewerId);
  const isMember =
    viewerId !== null && (crew.createdBy === viewerId || member?.status === "accepted");
  const status: InviteLinkStatus = isMember ? "already_member" : (problem ?? "valid");
  return {
    status,
    crew: {
      _id: crew._id,
      name: crew.name,
      vibe: crew.vibe,
      description: crew.isPublic ? crew.description : null,
      memberCount: crew.memberCount,
      isPublic: crew.isPublic,
    },
    expiresAt: link.expiresAt,
  };
}

/**
 * Joins by code: an accepted member at once (an open invitation is answered
 * too), and the link's use counted. Refusals are the service's words.
 */
export async function joinByInviteCode(
  ctx: MutationCtx,
  rawCode: string,
  userId: Id<"users">,
  now: number = Date.now(),
) {
  const code = normalizeInviteCode(rawCode);
  const link = code === null ? null : await linkByCode(ctx, code);
  const crew = link === null ? null : await ctx.db.get("crews", link.crewId);
  if (link === null || crew === null) throw appError("NOT_FOUND", INVITE_LINK_MESSAGES.invalid);
  const member = await getCrewMember(ctx, crew._id, userId);
  if (crew.createdBy === userId || member?.status === "accepted") {
    throw appError("VALIDATION", INVITE_LINK_MESSAGES.alreadyMember);
  }
  const problem = inviteLinkProblem(link, now);
  if (problem === "expired") throw appError("VALIDATION", INVITE_LINK_MESSAGES.expired);
  if (problem === "max_uses") throw appError("VALIDATION", INVITE_LINK_MESSAGES.maxUses);
  await changeCrewMembership(ctx, crew, userId, {
    status: "accepted",
    role: member?.role ?? "member",
    invitedBy: member?.invitedBy ?? link.createdBy,
  });
  if (member?.status === "pending") {
    await recordInvitationResponse(
      ctx,
      userId,
      crewInvitationKey(crew._id),
      "accepted",
      "invite_link",
    );
  }
  await ctx.db.patch("crew_invitations", link._id, { currentUses: link.currentUses + 1 });
  return { crewId: crew._id, crewName: crew.name };
}
