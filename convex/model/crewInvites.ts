/**
 * Getting into a crew (rules: docs/product-rules.md#crews): in-app
 * invitations (pending rows with
 * a crew_invitation notification), answering them, and invite links
 * (`/crew/join/{code}`) that make an accepted member at once — while the
 * link is in force — with their revoking and clean-up. Every row change
 * goes through `changeCrewMembership`.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import {
  CREW_MESSAGES,
  DAY_MS,
  INVITE_CODE_ATTEMPTS,
  INVITE_LINK_DEFAULT_DAYS,
  INVITE_LINK_MESSAGES,
  canInviteToCrew,
  crewJoinPath,
  generateInviteCode,
  inviteLinkLimitsProblem,
  inviteLinkProblem,
  normalizeInviteCode,
} from "../../shared/crewRules";
import {
  NOTIFICATION_TEXTS,
  type CrewPayload,
  type InvitationResponse,
} from "../../shared/notificationRules";
import type { CleanupStep } from "./batchedCleanup";
import { changeCrewMembership } from "./crewMembership";
import { getCrewMember, standingOf, type CrewDoc } from "./crews";
import { appError } from "./errors";
import { enforceSenderLimit } from "./senderLimits";
import { sendCrewInvitationEmail } from "./invitationEmails";
import {
  createNotification,
  crewInvitationKey,
  deleteInvitationNotifications,
  recordInvitationResponse,
  senderOf,
  type NotificationIds,
  type Sender,
} from "./notifications";

/** What every notification about a crew carries of it (CrewPayload). */
export function crewNotificationData(crew: CrewDoc): CrewPayload<NotificationIds> {
  return { crewId: crew._id, crewName: crew.name };
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
      inviterId: sender.senderId,
      inviterName: sender.senderName,
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
      data: { ...crewNotificationData(crew), userId, response, responseMethod: method },
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

type InviteLinkDoc = Doc<"crew_invitations">;

async function linkByCode(ctx: QueryCtx, code: string) {
  return await ctx.db
    .query("crew_invitations")
    .withIndex("by_invite_code", (q) => q.eq("inviteCode", code))
    .unique();
}

/**
 * Whether a link's maker may still invite to the crew: its creator, or a
 * co-host now. A link carries its maker's right to invite, so it stops
 * working when that right ends (demoted, removed, gone) — read on every use.
 */
async function makerMayStillInvite(
  ctx: QueryCtx,
  crew: CrewDoc,
  link: InviteLinkDoc,
): Promise<boolean> {
  if (link.createdBy === crew.createdBy) return true;
  const standing = standingOf(
    crew,
    link.createdBy,
    await getCrewMember(ctx, crew._id, link.createdBy),
  );
  return canInviteToCrew(standing);
}

/**
 * The link behind a typed code and its crew, while the link is in force:
 * null for an unknown code, a revoked link, a deleted crew, or a maker who
 * may no longer invite. (Expiry and use limits are the callers' to read.)
 */
async function inviteLinkInForce(
  ctx: QueryCtx,
  rawCode: string,
): Promise<{ link: InviteLinkDoc; crew: CrewDoc } | null> {
  const code = normalizeInviteCode(rawCode);
  const link = code === null ? null : await linkByCode(ctx, code);
  if (link === null || link.revokedAt !== undefined) return null;
  const crew = await ctx.db.get("crews", link.crewId);
  if (crew === null || !(await makerMayStillInvite(ctx, crew, link))) return null;
  return { link, crew };
}

/**
 * A new invite link: a unique 8-character code (up to 10 tries, then
 * 'Failed to generate unique invite code'), valid `days` (7 by default),
 * optionally limited to `maxUses`. Limits that make no sense are refused
 * (VALIDATION with the field), never bent into other ones.
 */
export async function createInviteLink(
  ctx: MutationCtx,
  crew: CrewDoc,
  userId: Id<"users">,
  options: { days?: number; maxUses?: number | null } = {},
  generate: () => string = generateInviteCode,
  now: number = Date.now(),
) {
  const problem = inviteLinkLimitsProblem(options);
  if (problem !== null) throw appError("VALIDATION", problem.message, { field: problem.field });
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

/**
 * Revokes one of the crew's links (the caller may manage the crew): it
 * stops working at once, and as it expires now, the expiry sweep deletes it.
 * A code that is not one of this crew's links: 'Invite link not found'
 * (another crew's code is no different from an unknown one). Revoking a
 * revoked link changes nothing.
 */
export async function revokeInviteLink(
  ctx: MutationCtx,
  crew: CrewDoc,
  rawCode: string,
  now: number = Date.now(),
): Promise<void> {
  const code = normalizeInviteCode(rawCode);
  const link = code === null ? null : await linkByCode(ctx, code);
  if (link === null || link.crewId !== crew._id)
    throw appError("NOT_FOUND", INVITE_LINK_MESSAGES.notFound);
  if (link.revokedAt !== undefined) return;
  await ctx.db.patch("crew_invitations", link._id, {
    revokedAt: now,
    expiresAt: Math.min(link.expiresAt, now),
  });
}

/** The crew's newest links read for the share dialog (dead ones among them are left out). */
export const INVITE_LINKS_READ = 20;

/**
 * The crew's links that work now, newest first (the caller may manage the
 * crew): not expired, revoked or used up, and made by someone who may still
 * invite. Read over the crew's INVITE_LINKS_READ newest links; dead ones
 * do not pile up there, as the hourly sweep deletes expired and revoked links.
 */
export async function workingInviteLinks(
  ctx: QueryCtx,
  crew: CrewDoc,
  viewerId: Id<"users">,
  now: number = Date.now(),
) {
  const newest = await ctx.db
    .query("crew_invitations")
    .withIndex("by_crew", (q) => q.eq("crewId", crew._id))
    .order("desc")
    .take(INVITE_LINKS_READ);
  const makers = new Map<Id<"users">, boolean>();
  const working = [];
  for (const link of newest) {
    if (inviteLinkProblem(link, now) !== null) continue;
    if (!makers.has(link.createdBy))
      makers.set(link.createdBy, await makerMayStillInvite(ctx, crew, link));
    if (makers.get(link.createdBy) !== true) continue;
    working.push({
      inviteCode: link.inviteCode,
      path: crewJoinPath(link.inviteCode),
      expiresAt: link.expiresAt,
      maxUses: link.maxUses,
      currentUses: link.currentUses,
      createdAt: link.createdAt,
      madeByYou: link.createdBy === viewerId,
    });
  }
  return working;
}

const NO_INVITE = { status: "invalid" as const, crew: null };

/**
 * What the join page shows for a code: the crew's name, vibe and member
 * count while the link works, and whether the viewer is already in. A link
 * that does not work (unknown, expired, used up, revoked, or its maker no
 * longer a manager) gets the unknown code's answer, to everyone: nothing
 * about its crew, only "invalid or expired".
 */
export async function inviteLinkInfo(
  ctx: QueryCtx,
  rawCode: string,
  viewerId: Id<"users"> | null,
  now: number = Date.now(),
) {
  const found = await inviteLinkInForce(ctx, rawCode);
  if (found === null || inviteLinkProblem(found.link, now) !== null) return NO_INVITE;
  const { link, crew } = found;
  const member = viewerId === null ? null : await getCrewMember(ctx, crew._id, viewerId);
  const isMember =
    viewerId !== null && (crew.createdBy === viewerId || member?.status === "accepted");
  return {
    status: isMember ? ("already_member" as const) : ("valid" as const),
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
 * too), and the link's use counted. Refusals are the service's words; a
 * link not in force (revoked, or its maker no longer a manager) is refused
 * as an unknown code is.
 */
export async function joinByInviteCode(
  ctx: MutationCtx,
  rawCode: string,
  userId: Id<"users">,
  now: number = Date.now(),
) {
  const found = await inviteLinkInForce(ctx, rawCode);
  if (found === null) throw appError("NOT_FOUND", INVITE_LINK_MESSAGES.invalid);
  const { link, crew } = found;
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

// ---------------------------------------------------------------- clean-up

/** Dead links deleted per run of the sweep. */
export const INVITE_LINK_CLEANUP_BATCH = 200;

/**
 * Deletes up to `limit` links that can never work again: expired ones, and
 * revoked ones (revoking expires a link). Returns how many it deleted.
 */
export const deleteExpiredInviteLinks: CleanupStep<number> = async (ctx, now, limit) => {
  const rows = await ctx.db
    .query("crew_invitations")
    .withIndex("by_expires_at", (q) => q.lte("expiresAt", now))
    .take(limit);
  for (const row of rows) await ctx.db.delete("crew_invitations", row._id);
  return rows.length;
};
