/**
 * What the crew screens show: the header with the viewer's standing, member
 * and pending pages (each over one index, with a bounded page), a user's
 * crews, and the crew's sessions (invited, or counting for the crew: both
 * members of a crew of 2 attend, else at least half its accepted members,
 * rounded up).
 */
import type { PaginationOptions, PaginationResult } from "convex/server";
import type { Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import {
  CREW_MEMBERS_PAGE_MAX,
  USER_CREWS_MAX,
  canDeleteCrew,
  canDemoteCrewMember,
  canEditCrew,
  canInviteToCrew,
  canLeaveCrew,
  canPromoteCrewMember,
  canRemoveCrewMember,
  canSeeCrewInvitations,
  canWithdrawCrewInvitation,
  crewRoleOf,
  eventCountsForCrew,
  isCrewMember,
  type CrewRole,
  type CrewStanding,
} from "../../shared/crewRules";
import { clampPageSize } from "../../shared/eventAccess";
import { eventPath } from "../../shared/eventSlug";
import {
  getCrewMember,
  standingOf,
  type CrewAccess,
  type CrewDoc,
  type CrewMemberDoc,
} from "./crews";
import { People, isListable } from "./eventViews";
import { getParticipant } from "./participation";

export function crewSummary(crew: CrewDoc) {
  return {
    _id: crew._id,
    name: crew.name,
    description: crew.description,
    vibe: crew.vibe,
    isPublic: crew.isPublic,
    memberCount: crew.memberCount,
    createdBy: crew.createdBy,
    createdAt: crew.createdAt,
  };
}

/** What one may do to a crew as a whole, wherever the crew is shown with its actions. */
function crewActions(standing: CrewStanding | null) {
  return {
    canEdit: canEditCrew(standing),
    canInvite: canInviteToCrew(standing),
    canDelete: canDeleteCrew(standing),
    canLeave: canLeaveCrew(standing),
  };
}

/** The crew page's header: the crew, its counts, and what the viewer is and may do. */
export function crewPageView(access: CrewAccess) {
  const { crew, standing, member } = access;
  const role = standing === null ? null : crewRoleOf(standing);
  return {
    crew: { ...crewSummary(crew), pendingCount: crew.pendingCount },
    viewer: {
      signedIn: access.viewerId !== null,
      role,
      isMember: standing !== null && isCrewMember(standing),
      hasPendingInvitation: member?.status === "pending",
      ...crewActions(standing),
      canSeeInvitations: canSeeCrewInvitations(standing),
    },
  };
}

function pageOpts(paginationOpts: PaginationOptions): PaginationOptions {
  return {
    ...paginationOpts,
    numItems: clampPageSize(paginationOpts.numItems, CREW_MEMBERS_PAGE_MAX),
  };
}

/**
 * One page of the crew's rows of one status (≤ 2 reads per row), each as the
 * crew page lists it (the creator's row says host) with what the viewer may
 * do to that person (`actionsOn`).
 */
async function membershipPage<Actions extends object>(
  ctx: QueryCtx,
  access: CrewAccess,
  status: "accepted" | "pending",
  paginationOpts: PaginationOptions,
  actionsOn: (role: CrewRole) => Actions,
) {
  const result = await ctx.db
    .query("crew_members")
    .withIndex("by_crew_and_status", (q) => q.eq("crewId", access.crew._id).eq("status", status))
    .paginate(pageOpts(paginationOpts));
  const people = new People(ctx, access.viewerId);
  const rows = result.page.map(async (row) => {
    const role: CrewRole = row.userId === access.crew.createdBy ? "host" : row.role;
    return {
      ...(await people.get(row.userId)),
      memberId: row._id,
      role,
      status: row.status,
      joinedAt: row.joinedAt,
      invitedAt: row.createdAt,
      ...actionsOn(role),
    };
  });
  return { ...result, page: await Promise.all(rows) };
}

/** Accepted members in joining order, each with whether the viewer may promote, demote or remove them. */
export async function crewMembersPage(
  ctx: QueryCtx,
  access: CrewAccess,
  paginationOpts: PaginationOptions,
) {
  return await membershipPage(ctx, access, "accepted", paginationOpts, (role) => ({
    canPromote: canPromoteCrewMember(access.standing, role),
    canDemote: canDemoteCrewMember(access.standing, role),
    canRemove: canRemoveCrewMember(access.standing, role),
  }));
}

/** Pending invitations, each with whether the viewer may withdraw it. */
export async function crewInvitationsPage(
  ctx: QueryCtx,
  access: CrewAccess,
  paginationOpts: PaginationOptions,
) {
  const canWithdraw = canWithdrawCrewInvitation(access.standing);
  return await membershipPage(ctx, access, "pending", paginationOpts, () => ({ canWithdraw }));
}

/** A crew as a card in a list, with the user's role in it and what they may do to it. */
function crewCard(
  crew: CrewDoc,
  userId: Id<"users"> | null,
  membership: CrewMemberDoc | null,
) {
  const standing = standingOf(crew, userId, membership);
  return {
    ...crewSummary(crew),
    role: standing === null ? null : crewRoleOf(standing),
    ...crewActions(standing),
  };
}

export type CrewCard = ReturnType<typeof crewCard>;

/** A list with nothing in it, as a paginated query answers. */
export const NO_CREWS: PaginationResult<CrewCard> = { page: [], isDone: true, continueCursor: "" };

/**
 * The user's crews (accepted memberships, the creator's included), newest
 * membership first, a page (at most USER_CREWS_MAX) at a time: every one of
 * them, however many.
 */
export async function crewsOfUser(
  ctx: QueryCtx,
  userId: Id<"users">,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<CrewCard>> {
  const result = await ctx.db
    .query("crew_members")
    .withIndex("by_user_and_status", (q) => q.eq("userId", userId).eq("status", "accepted"))
    .order("desc")
    .paginate({
      ...paginationOpts,
      numItems: clampPageSize(paginationOpts.numItems, USER_CREWS_MAX),
    });
  const cards = await Promise.all(
    result.page.map(async (membership) => {
      const crew = await ctx.db.get("crews", membership.crewId);
      return crew === null ? null : crewCard(crew, userId, membership);
    }),
  );
  return { ...result, page: cards.filter((card): card is CrewCard => card !== null) };
}

/**
 * A page of a profile's Crews tab as `viewerId` sees it: the owner sees all
 * their crews; others nothing unless show_crews_publicly is on, and then
 * only public crews or crews they are in themselves (so a page may hold
 * fewer than asked, even none, before the last).
 */
export async function crewsOnProfile(
  ctx: QueryCtx,
  ownerId: Id<"users">,
  viewerId: Id<"users"> | null,
  showCrewsPublicly: boolean,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<CrewCard>> {
  if (viewerId === ownerId) return await crewsOfUser(ctx, ownerId, paginationOpts);
  if (!showCrewsPublicly) return NO_CREWS;
  const result = await crewsOfUser(ctx, ownerId, paginationOpts);
  const visible: CrewCard[] = [];
  // The cards carry the owner's role; the actions are the owner's, so none for anyone else.
  const noActions = crewActions(null);
  for (const card of result.page) {
    if (
      card.isPublic ||
      (viewerId !== null && (await getCrewMember(ctx, card._id, viewerId))?.status === "accepted")
    ) {
      visible.push({ ...card, ...noActions });
    }
  }
  return { ...result, page: visible };
}

/** Session links read for the crew page's lists. */
export const CREW_SESSIONS_SCANNED = 50;

/**
 * The crew's sessions, upcoming (soonest first) and past (latest first):
 * those it was invited to, and those that count for it (enough accepted
 * members attend: docs/product-rules.md#crews, the crew counting rule), among
 * its latest CREW_SESSIONS_SCANNED session links. A private session shows
 * only to viewers who may open it (crew members for an invited one, or its attendees).
 */
export async function crewSessions(ctx: QueryCtx, access: CrewAccess, now: number = Date.now()) {
  const links = await ctx.db
    .query("crew_events")
    .withIndex("by_crew", (q) => q.eq("crewId", access.crew._id))
    .order("desc")
    .take(CREW_SESSIONS_SCANNED);
  const isMember = access.standing !== null && isCrewMember(access.standing);
  const sessions = [];
  for (const link of links) {
    const counts = eventCountsForCrew(link.attendingMembers, access.crew.memberCount);
    if (!link.invited && !counts) continue;
    const event = await ctx.db.get("events", link.eventId);
    if (event === null || !isListable(event)) continue;
    const visible =
      event.isPublic ||
      (isMember && link.invited) ||
      (access.viewerId !== null &&
        (await getParticipant(ctx, event._id, access.viewerId)) !== null);
    if (!visible) continue;
    sessions.push({
      _id: event._id,
      title: event.title,
      startTime: event.startTime,
      endTime: event.endTime,
      durationType: event.durationType,
      vibe: event.vibe,
      isPublic: event.isPublic,
      path: eventPath(event),
      attendeeCount: event.attendeeCount,
      crewAttending: link.attendingMembers,
      invited: link.invited,
      countsForCrew: counts,
    });
  }
  const upcoming = sessions
    .filter((s) => s.endTime > now)
    .sort((a, b) => a.startTime - b.startTime);
  const past = sessions.filter((s) => s.endTime <= now).sort((a, b) => b.startTime - a.startTime);
  return { upcoming, past };
}
