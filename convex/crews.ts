/**
 * Crews: thin public functions over model/crews*.ts. The caller is always
 * the signed-in user; every failure the UI shows is `ConvexError({ code,
 * message })` with its fixed message (docs/product-rules.md#crews).
 * Every function that names a crew by id reaches it through
 * `getCrewEnsuringAccess`: whoever may not see a private crew is answered
 * 'Crew not found', exactly as for an id that does not exist.
 */
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internalMutation, internalQuery, mutation, query } from "./_generated/server";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { idempotencyKeyValidator } from "./schema";
import {
  crewCardValidator,
  crewInvitationValidator,
  crewMemberValidator,
  crewPageValidator,
  crewSessionsValidator,
  inviteLinkInfoValidator,
  workingInviteLinksValidator,
} from "./model/crewValidators";
import { userSearchResultValidator } from "./model/profileValidators";
import {
  CREW_MESSAGES,
  INVITE_BATCH_MAX,
  canChangeCrewRoles,
  canDeleteCrew,
  canDemoteCrewMember,
  canEditCrew,
  canInviteToCrew,
  canLeaveCrew,
  canManageCrew,
  canPromoteCrewMember,
  canRemoveCrewMember,
  canSeeCrewInvitations,
  canWithdrawCrewInvitation,
  crewDetailsSchema,
  crewJoinPath,
  pickUsernameMatch,
} from "../shared/crewRules";
import { NOTIFICATION_TEXTS } from "../shared/notificationRules";
import { firstIssue } from "../shared/profileRules";
import { changeCrewMembership } from "./model/crewMembership";
import { ensureCrewAllows, getCrewMember, getCrewEnsuringAccess } from "./model/crews";
import {
  cleanupDeletedCrew as runCrewCleanups,
  deleteCrewCascade,
  deleteCrewDataOfUserBatch,
} from "./model/crewCleanup";
import {
  createInviteLink,
  crewNotificationData,
  deleteExpiredInviteLinks,
  INVITE_LINK_CLEANUP_BATCH,
  inviteLinkInfo,
  inviteUserToCrew,
  joinByInviteCode,
  removePendingInvitation,
  respondToCrewInvitation,
  revokeInviteLink as revokeLink,
  workingInviteLinks,
} from "./model/crewInvites";
import { runCleanupSteps } from "./model/batchedCleanup";
import { runOnce } from "./model/idempotency";
import {
  crewInvitationsPage,
  crewMembersPage,
  crewPageView,
  crewSessions,
  crewsOfUser,
  crewsOnProfile,
  NO_CREWS,
} from "./model/crewViews";
import { crewSharePreview } from "./model/crewSharePage";
import { appError } from "./model/errors";
import { createNotification, senderOf } from "./model/notifications";
import { getProfileByUsername, profileAccessFor } from "./model/profiles";
import { searchUsers } from "./model/userSearch";
import { getViewerId, requireViewerId } from "./model/viewer";
import { appErrorData } from "../shared/errors";

const detailsArgs = {
  name: v.string(),
  description: v.optional(v.union(v.string(), v.null())),
  vibe: v.string(),
  isPublic: v.boolean(),
};

function parseDetails(input: {
  name: string;
  description?: string | null;
  vibe: string;
  isPublic: boolean;
}) {
  const parsed = crewDetailsSchema.safeParse(input);
  if (!parsed.success) {
    const { field, message } = firstIssue(parsed.error);
    throw appError("VALIDATION", message, { field });
  }
  return parsed.data;
}

// ---------------------------------------------------------------- reading

/** The crew page header (`/crew/{crewId}`). NOT_FOUND 'Crew not found' (also for a private crew the viewer is not in). */
export const get = query({
  args: { crewId: v.string() },
  returns: crewPageValidator,
  handler: async (ctx, { crewId }) => {
    return crewPageView(await getCrewEnsuringAccess(ctx, crewId, await getViewerId(ctx)));
  },
});

/** Accepted members in joining order, a page at a time (at most 50). */
export const members = query({
  args: { crewId: v.id("crews"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(crewMemberValidator),
  handler: async (ctx, { crewId, paginationOpts }) => {
    const access = await getCrewEnsuringAccess(ctx, crewId, await getViewerId(ctx));
    return await crewMembersPage(ctx, access, paginationOpts);
  },
});

/** Pending invitations, for members of the crew (others get an empty page). */
export const pendingInvitations = query({
  args: { crewId: v.id("crews"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(crewInvitationValidator),
  handler: async (ctx, { crewId, paginationOpts }) => {
    const access = await getCrewEnsuringAccess(ctx, crewId, await getViewerId(ctx));
    if (!canSeeCrewInvitations(access.standing))
      return { page: [], isDone: true, continueCursor: "" };
    return await crewInvitationsPage(ctx, access, paginationOpts);
  },
});

/** The crew's sessions, `{ upcoming, past }`. */
export const sessions = query({
  args: { crewId: v.id("crews") },
  returns: crewSessionsValidator,
  handler: async (ctx, { crewId }) => {
    const access = await getCrewEnsuringAccess(ctx, crewId, await getViewerId(ctx));
    return await crewSessions(ctx, access);
  },
});

/** The caller's crews with their role and can_manage, newest first, paginated (none when signed out). */
export const mine = query({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(crewCardValidator),
  handler: async (ctx, { paginationOpts }) => {
    const userId = await getViewerId(ctx);
    return userId === null ? NO_CREWS : await crewsOfUser(ctx, userId, paginationOpts);
  },
});

/**
 * A profile's Crews tab, newest first, paginated; nothing when hidden
 * (show_crews_publicly off, or the profile hidden from the viewer).
 */
export const forProfile = query({
  args: { username: v.string(), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(crewCardValidator),
  handler: async (ctx, { username, paginationOpts }) => {
    const viewerId = await getViewerId(ctx);
    const profile = await getProfileByUsername(ctx, username);
    if (profile === null || (await profileAccessFor(ctx, viewerId, profile)) !== "full")
      return NO_CREWS;
    return await crewsOnProfile(
      ctx,
      profile.userId,
      viewerId,
      profile.showCrewsPublicly,
      paginationOpts,
    );
  },
});

/**
 * What `/crew/join/{code}` shows: `{ status: valid | already_member, crew }`
 * while the link works; any other code, `{ status: invalid, crew: null }`.
 */
export const inviteLink = query({
  args: { code: v.string() },
  returns: inviteLinkInfoValidator,
  handler: async (ctx, { code }) => await inviteLinkInfo(ctx, code, await getViewerId(ctx)),
});

/**
 * Users to invite to the crew (debounced by the client): blank ignored,
 * the caller and existing members (accepted or pending) left out, at most 10.
 * With a crew, only for those who manage it — to anyone else the crew is
 * 'Crew not found' (who is left out would tell who is in it); without one
 * (the create wizard), everyone is searched.
 */
export const searchUsersToInvite = query({
  args: { crewId: v.optional(v.id("crews")), query: v.string() },
  returns: v.array(userSearchResultValidator),
  handler: async (ctx, { crewId, query }) => {
    const userId = await requireViewerId(ctx);
    if (
      crewId !== undefined &&
      !canInviteToCrew((await getCrewEnsuringAccess(ctx, crewId, userId)).standing)
    )
      throw appError("NOT_FOUND", CREW_MESSAGES.notFound);
    return await searchUsers(ctx, userId, query, async (candidate) => {
      if (crewId === undefined) return false;
      const member = await getCrewMember(ctx, crewId, candidate);
      return member?.status === "accepted" || member?.status === "pending";
    });
  },
});

/** The crew's invite links that work now, for the share dialog (managers). */
export const inviteLinks = query({
  args: { crewId: v.id("crews") },
  returns: workingInviteLinksValidator,
  handler: async (ctx, { crewId }) => {
    const userId = await requireViewerId(ctx);
    const { crew } = ensureCrewAllows(
      await getCrewEnsuringAccess(ctx, crewId, userId),
      canInviteToCrew,
      CREW_MESSAGES.noPermissionToEdit,
    );
    return await workingInviteLinks(ctx, crew, userId);
  },
});

// ---------------------------------------------------------------- writing

type InviteOutcome = {
  successful: Id<"users">[];
  failed: { userId: Id<"users">; reason: string }[];
};

/** Invites each user, collecting per-user failures instead of stopping at the first. */
async function inviteEach(
  ctx: Parameters<typeof inviteUserToCrew>[0],
  crewId: Id<"crews">,
  inviterId: Id<"users">,
  userIds: readonly Id<"users">[],
): Promise<InviteOutcome> {
  const outcome: InviteOutcome = { successful: [], failed: [] };
  const sender = await senderOf(ctx, inviterId);
  for (const userId of new Set(userIds)) {
    const crew = (await ctx.db.get("crews", crewId))!;
    try {
      await inviteUserToCrew(ctx, crew, sender, userId);
      outcome.successful.push(userId);
    } catch (error) {
      const data = appErrorData(error);
      if (data === null) throw error;
      outcome.failed.push({ userId, reason: data.message });
    }
  }
  return outcome;
}

/**
 * Creates a crew from the 2-step wizard: the creator is its host; the
 * invites of step 2 go out, each failure reported (the UI says 'Crew
 * created! Some invites may have failed.'). Returns `{ crewId, successful, failed }`.
 */
export const create = mutation({
  args: { ...detailsArgs, inviteUserIds: v.optional(v.array(v.id("users"))) },
  handler: async (ctx, { inviteUserIds = [], ...input }) => {
    const userId = await requireViewerId(ctx);
    const details = parseDetails(input);
    if (inviteUserIds.length > INVITE_BATCH_MAX)
      throw appError("VALIDATION", CREW_MESSAGES.failedToSendInvites);
    const now = Date.now();
    const crewId = await ctx.db.insert("crews", {
      ...details,
      createdBy: userId,
      memberCount: 0,
      pendingCount: 0,
      createdAt: now,
      updatedAt: now,
    });
    await changeCrewMembership(
      ctx,
      (await ctx.db.get("crews", crewId))!,
      userId,
      { status: "accepted", role: "host" },
      now,
    );
    const outcome = await inviteEach(ctx, crewId, userId, inviteUserIds);
    return { crewId, ...outcome };
  },
});

/** Saves the edit wizard (creator or co-host: 'You do not have permission to edit this crew'). */
export const update = mutation({
  args: { crewId: v.id("crews"), ...detailsArgs },
  handler: async (ctx, { crewId, ...input }) => {
    const userId = await requireViewerId(ctx);
    ensureCrewAllows(
      await getCrewEnsuringAccess(ctx, crewId, userId),
      canEditCrew,
      CREW_MESSAGES.noPermissionToEdit,
    );
    await ctx.db.patch("crews", crewId, { ...parseDetails(input), updatedAt: Date.now() });
    return null;
  },
});

/** Deletes the crew with its members, links and notifications (creator only). */
export const remove = mutation({
  args: { crewId: v.id("crews") },
  handler: async (ctx, { crewId }) => {
    const userId = await requireViewerId(ctx);
    const { crew } = ensureCrewAllows(
      await getCrewEnsuringAccess(ctx, crewId, userId),
      canDeleteCrew,
      CREW_MESSAGES.onlyCreatorCanDelete,
    );
    await deleteCrewCascade(ctx, crew);
    return null;
  },
});

/** Any member leaves (the host cannot: they delete the crew instead). */
export const leave = mutation({
  args: { crewId: v.id("crews") },
  handler: async (ctx, { crewId }) => {
    const userId = await requireViewerId(ctx);
    const access = await getCrewEnsuringAccess(ctx, crewId, userId);
    if (access.crew.createdBy === userId)
      throw appError("FORBIDDEN", CREW_MESSAGES.hostCannotLeave);
    if (!canLeaveCrew(access.standing)) throw appError("VALIDATION", CREW_MESSAGES.notAMember);
    await changeCrewMembership(ctx, access.crew, userId, null);
    return null;
  },
});

/** Invites users by id (managers); per-user failures are reported, not thrown. */
export const inviteUsers = mutation({
  args: { crewId: v.id("crews"), userIds: v.array(v.id("users")) },
  handler: async (ctx, { crewId, userIds }) => {
    const userId = await requireViewerId(ctx);
    ensureCrewAllows(
      await getCrewEnsuringAccess(ctx, crewId, userId),
      canInviteToCrew,
      CREW_MESSAGES.noPermissionToInvite,
    );
    if (userIds.length === 0 || userIds.length > INVITE_BATCH_MAX)
      throw appError("VALIDATION", CREW_MESSAGES.failedToSendInvites);
    return await inviteEach(ctx, crewId, userId, userIds);
  },
});

/**
 * Invites by username: an exact match first, else the first partial match.
 * No match: `{ success: false, message: 'User not found', shareLink }` with a fresh 7-day invite link.
 */
export const inviteByUsername = mutation({
  args: { crewId: v.id("crews"), username: v.string() },
  handler: async (ctx, { crewId, username }) => {
    const userId = await requireViewerId(ctx);
    const { crew } = ensureCrewAllows(
      await getCrewEnsuringAccess(ctx, crewId, userId),
      canInviteToCrew,
      CREW_MESSAGES.noPermissionToInvite,
    );
    if (username.trim() === "")
      throw appError("VALIDATION", CREW_MESSAGES.enterUsername, { field: "username" });
    const exact = await getProfileByUsername(ctx, username.trim().replace(/^@/, ""));
    const match =
      exact !== null && exact.userId !== userId
        ? { userId: exact.userId, username: exact.username }
        : pickUsernameMatch(
            await searchUsers(ctx, userId, username, () => Promise.resolve(false)),
            username,
          );
    if (match === null) {
      const link = await createInviteLink(ctx, crew, userId);
      return {
        success: false as const,
        message: CREW_MESSAGES.userNotFound,
        detail: CREW_MESSAGES.userNotFoundShare,
        shareLink: link.path,
      };
    }
    await inviteUserToCrew(ctx, crew, await senderOf(ctx, userId), match.userId);
    return { success: true as const, message: CREW_MESSAGES.inviteSent, username: match.username };
  },
});

/** The invitee accepts or declines (in-app). */
export const respondToInvitation = mutation({
  args: {
    crewId: v.id("crews"),
    response: v.union(v.literal("accepted"), v.literal("declined")),
    idempotencyKey: idempotencyKeyValidator,
  },
  handler: async (ctx, { crewId, response, idempotencyKey }) => {
    const userId = await requireViewerId(ctx);
    return await runOnce(ctx, userId, idempotencyKey, "crews:respondToInvitation", async () => {
      const { crew } = await getCrewEnsuringAccess(ctx, crewId, userId);
      await respondToCrewInvitation(ctx, crew, userId, response);
      return { crewId, response };
    });
  },
});

/** Removes an accepted member (managers; only the creator removes a co-host). */
export const removeMember = mutation({
  args: { crewId: v.id("crews"), userId: v.id("users") },
  handler: async (ctx, { crewId, userId: targetId }) => {
    const userId = await requireViewerId(ctx);
    const access = ensureCrewAllows(
      await getCrewEnsuringAccess(ctx, crewId, userId),
      canManageCrew,
      CREW_MESSAGES.noPermissionToRemove,
    );
    const { crew } = access;
    if (targetId === crew.createdBy) throw appError("FORBIDDEN", CREW_MESSAGES.hostCannotBeChanged);
    const member = await getCrewMember(ctx, crewId, targetId);
    if (member?.status !== "accepted") throw appError("NOT_FOUND", CREW_MESSAGES.memberNotFound);
    if (!canRemoveCrewMember(access.standing, member.role))
      throw appError("FORBIDDEN", CREW_MESSAGES.noPermissionToRemove);
    await changeCrewMembership(ctx, crew, targetId, null);
    return null;
  },
});

/** Withdraws a pending invitation (creator only). */
export const removePending = mutation({
  args: { crewId: v.id("crews"), userId: v.id("users") },
  handler: async (ctx, { crewId, userId: targetId }) => {
    const userId = await requireViewerId(ctx);
    const { crew } = ensureCrewAllows(
      await getCrewEnsuringAccess(ctx, crewId, userId),
      canWithdrawCrewInvitation,
      CREW_MESSAGES.onlyCreatorCanRemovePending,
    );
    await removePendingInvitation(ctx, crew, targetId);
    return null;
  },
});

async function setCoHost(
  ctx: Parameters<typeof changeCrewMembership>[0],
  crewId: Id<"crews">,
  userId: Id<"users">,
  targetId: Id<"users">,
  role: "co_host" | "member",
) {
  const access = ensureCrewAllows(
    await getCrewEnsuringAccess(ctx, crewId, userId),
    canChangeCrewRoles,
    CREW_MESSAGES.onlyCreatorCanPromote,
  );
  const { crew } = access;
  if (targetId === crew.createdBy) throw appError("FORBIDDEN", CREW_MESSAGES.hostCannotBeChanged);
  const member = await getCrewMember(ctx, crewId, targetId);
  if (member?.status !== "accepted")
    throw appError("VALIDATION", CREW_MESSAGES.onlyMembersCanBeCoHosts);
  const promoting = role === "co_host";
  const allowed = promoting
    ? canPromoteCrewMember(access.standing, member.role)
    : canDemoteCrewMember(access.standing, member.role);
  if (!allowed) {
    // Making a co-host a co-host again changes nothing; demoting a plain member is a mistake.
    if (promoting) return;
    throw appError("VALIDATION", CREW_MESSAGES.notACoHost);
  }
  await changeCrewMembership(ctx, crew, targetId, { status: "accepted", role });
  await createNotification(ctx, {
    userId: targetId,
    type: "crew_promotion",
    ...NOTIFICATION_TEXTS.crewPromotion(crew.name, role),
    data: { ...crewNotificationData(crew), role },
    sender: await senderOf(ctx, userId),
    crewId,
  });
}

/** Makes an accepted member a co-host (creator only). */
export const promoteCoHost = mutation({
  args: { crewId: v.id("crews"), userId: v.id("users") },
  handler: async (ctx, { crewId, userId: targetId }) => {
    await setCoHost(ctx, crewId, await requireViewerId(ctx), targetId, "co_host");
    return null;
  },
});

/** Makes a co-host a member again (creator only). */
export const demoteCoHost = mutation({
  args: { crewId: v.id("crews"), userId: v.id("users") },
  handler: async (ctx, { crewId, userId: targetId }) => {
    await setCoHost(ctx, crewId, await requireViewerId(ctx), targetId, "member");
    return null;
  },
});

/**
 * A new invite link (managers): 7 days unless `days` (whole days, 1–30)
 * says otherwise, optionally at most `maxUses` (a whole number from 1).
 * Other limits: VALIDATION with the field and a message saying what is allowed.
 */
export const createInviteLinkFor = mutation({
  args: {
    crewId: v.id("crews"),
    days: v.optional(v.number()),
    maxUses: v.optional(v.union(v.number(), v.null())),
  },
  handler: async (ctx, { crewId, days, maxUses }) => {
    const userId = await requireViewerId(ctx);
    const { crew } = ensureCrewAllows(
      await getCrewEnsuringAccess(ctx, crewId, userId),
      canInviteToCrew,
      CREW_MESSAGES.failedToCreateInviteLink,
    );
    return await createInviteLink(ctx, crew, userId, { days, maxUses });
  },
});

/**
 * Revokes one of the crew's invite links (host and co-hosts, whoever made
 * it): it stops working at once. 'Invite link not found' for a code that is
 * not the crew's; revoking it again changes nothing.
 */
export const revokeInviteLink = mutation({
  args: { crewId: v.id("crews"), inviteCode: v.string() },
  handler: async (ctx, { crewId, inviteCode }) => {
    const userId = await requireViewerId(ctx);
    const { crew } = ensureCrewAllows(
      await getCrewEnsuringAccess(ctx, crewId, userId),
      canInviteToCrew,
      CREW_MESSAGES.noPermissionToEdit,
    );
    await revokeLink(ctx, crew, inviteCode);
    return null;
  },
});

/** Joins with an invite code: an accepted member at once. */
export const joinWithCode = mutation({
  args: { code: v.string() },
  handler: async (ctx, { code }) => {
    const userId = await requireViewerId(ctx);
    const joined = await joinByInviteCode(ctx, code, userId);
    return { ...joined, path: `/crew/${joined.crewId}`, joinPath: crewJoinPath(code) };
  },
});

// ---------------------------------------------------------------- internal

/**
 * Deletes invite links that can never work again (expired, and revoked,
 * which expires them), a batch a run, continuing until none is left (cron).
 */
export const deleteDeadInviteLinks = internalMutation({
  args: {},
  handler: async (ctx) => {
    const done = await runCleanupSteps(
      ctx,
      Date.now(),
      [deleteExpiredInviteLinks],
      INVITE_LINK_CLEANUP_BATCH,
    );
    if (!done) await ctx.scheduler.runAfter(0, internal.crews.deleteDeadInviteLinks, {});
    return null;
  },
});

/** Continues deleting a deleted crew's rows. */
export const cleanupDeletedCrew = internalMutation({
  args: { crewId: v.id("crews") },
  handler: async (ctx, { crewId }) => {
    await runCrewCleanups(ctx, crewId);
    return null;
  },
});

/** Continues deleting a deleted account's crews, memberships and notifications. */
export const deleteCrewDataOfDeletedUser = internalMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    if (!(await deleteCrewDataOfUserBatch(ctx, userId))) {
      await ctx.scheduler.runAfter(0, internal.crews.deleteCrewDataOfDeletedUser, { userId });
    }
    return null;
  },
});

/** What the crew share page (`GET /share/crew/{crewId}`, http.ts) may say about the crew. */
export const sharePreviewFor = internalQuery({
  args: { segment: v.string() },
  handler: async (ctx, { segment }) => await crewSharePreview(ctx, segment),
});
