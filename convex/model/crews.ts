/**
 * Crews: finding one; the one door every crew function takes to
 * a crew, `getCrewVisibleTo`, with the role checks made on what it returns;
 * and the one write path for a crew membership, `changeCrewMembership`, which
 * keeps every count that follows from it exact: the crew's memberCount and
 * pendingCount, the member's profile stat "Crews", and the crew's
 * attendance of upcoming sessions (`crew_events.attendingMembers`).
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import {
  CREW_MESSAGES,
  canManageCrew,
  canViewCrew,
  crewRoleOf,
  type CrewMemberStatus,
  type CrewRole,
  type CrewStanding,
} from "../../shared/crewRules";
import { onCrewMembershipChanged } from "./badges";
import { syncSessionsOfMember } from "./crewAttendance";
import { appError } from "./errors";
import { adjustProfileStats, getProfileByUserId } from "./profiles";

export type CrewDoc = Doc<"crews">;
export type CrewMemberDoc = Doc<"crew_members">;

// ---------------------------------------------------------------- finding

export async function getCrewMember(
  ctx: QueryCtx,
  crewId: Id<"crews">,
  userId: Id<"users">,
): Promise<CrewMemberDoc | null> {
  return await ctx.db
    .query("crew_members")
    .withIndex("by_crew_and_user", (q) => q.eq("crewId", crewId).eq("userId", userId))
    .unique();
}

export function standingOf(
  crew: CrewDoc,
  userId: Id<"users"> | null,
  member: CrewMemberDoc | null,
): CrewStanding | null {
  if (userId === null) return null;
  return {
    isCreator: crew.createdBy === userId,
    member: member === null ? null : { role: member.role, status: member.status },
  };
}

/** Memberships read per step when walking one person's crews. */
const SHARED_CREW_PAGE = 100;

/**
 * Whether `a` and `b` are accepted members of one crew: the crews of
 * whichever of them is in fewer (their profiles' maintained "Crews" stat),
 * each checked with one point read for the other, so the work grows only
 * with the smaller side (one person with few crews keeps it small).
 */
export async function sharesAcceptedCrewWith(
  ctx: QueryCtx,
  a: Id<"users">,
  b: Id<"users">,
): Promise<boolean> {
  if (a === b) return true;
  const [profileA, profileB] = await Promise.all([
    getProfileByUserId(ctx, a),
    getProfileByUserId(ctx, b),
  ]);
  const crewsOfA = profileA?.stats.crews ?? Number.POSITIVE_INFINITY;
  const crewsOfB = profileB?.stats.crews ?? Number.POSITIVE_INFINITY;
  const [walker, other] = crewsOfA <= crewsOfB ? [a, b] : [b, a];
  let after: number | null = null;
  for (;;) {
    const from: number | null = after;
    const page: CrewMemberDoc[] = await ctx.db
      .query("crew_members")
      .withIndex("by_user_and_status", (q) => {
        const range = q.eq("userId", walker).eq("status", "accepted");
        return from === null ? range : range.gt("_creationTime", from);
      })
      .take(SHARED_CREW_PAGE);
    for (const membership of page) {
      if ((await getCrewMember(ctx, membership.crewId, other))?.status === "accepted") return true;
    }
    if (page.length < SHARED_CREW_PAGE) return false;
    after = page[page.length - 1]._creationTime;
  }
}

// ---------------------------------------------------------------- access

export type CrewAccess = {
  crew: CrewDoc;
  viewerId: Id<"users"> | null;
  member: CrewMemberDoc | null;
  standing: CrewStanding | null;
};

function crewNotFound() {
  return appError("NOT_FOUND", CREW_MESSAGES.notFound);
}

/**
 * A crew by id for code that checks access itself (an event's crew
 * invitation). Crew functions use `getCrewVisibleTo`.
 */
export async function getCrewOrThrow(ctx: QueryCtx, crewId: Id<"crews">): Promise<CrewDoc> {
  const crew = await ctx.db.get("crews", crewId);
  if (crew === null) throw crewNotFound();
  return crew;
}

/**
 * The one way a crew function reaches a crew by its id (a route parameter
 * or a validated id): the crew with the viewer's standing, guaranteed to be
 * one the viewer may see — a public crew anyone, a private crew its members
 * and invitees. Anyone else gets 'Crew not found', word for word the answer
 * for an id that does not exist, so that no answer tells a private crew
 * exists. What the viewer may do there is checked afterwards, on what this
 * returns (`ensureCrewManager`, `ensureCrewCreator`), with the refusal meant
 * for people who may see the crew.
 */
export async function getCrewVisibleTo(
  ctx: QueryCtx,
  crewId: string,
  viewerId: Id<"users"> | null,
): Promise<CrewAccess> {
  const id = ctx.db.normalizeId("crews", crewId.trim());
  const crew = id === null ? null : await ctx.db.get("crews", id);
  if (crew === null) throw crewNotFound();
  const member = viewerId === null ? null : await getCrewMember(ctx, crew._id, viewerId);
  const standing = standingOf(crew, viewerId, member);
  if (!canViewCrew(crew, standing)) throw crewNotFound();
  return { crew, viewerId, member, standing };
}

/** Whether the viewer may manage the crew (creator or co-host: can_manage). */
export function mayManageCrew(access: CrewAccess): boolean {
  return access.standing !== null && canManageCrew(access.standing);
}

/** can_manage (creator or co-host); `refusal` is the spec's message for the action. */
export function ensureCrewManager(
  access: CrewAccess,
  refusal: string = CREW_MESSAGES.noPermissionToEdit,
): CrewAccess {
  if (!mayManageCrew(access)) throw appError("FORBIDDEN", refusal);
  return access;
}

/** Only the creator (delete, remove pending invitations, promote and demote). */
export function ensureCrewCreator(access: CrewAccess, refusal: string): CrewDoc {
  if (access.standing?.isCreator !== true) throw appError("FORBIDDEN", refusal);
  return access.crew;
}

export function roleOf(access: CrewAccess): CrewRole | null {
  return access.standing === null ? null : crewRoleOf(access.standing);
}

// ---------------------------------------------------------------- the one write path

export type CrewMembershipChange = {
  status: CrewMemberStatus;
  role: CrewRole;
  /** Recorded on (re-)invitation. */
  invitedBy?: Id<"users"> | null;
} | null;

/**
 * Sets one user's membership of one crew (null removes the row) and fixes
 * every maintained count by the difference. Returns the row as it now is.
 * Access rules are the caller's job.
 */
export async function changeCrewMembership(
  ctx: MutationCtx,
  crew: CrewDoc,
  userId: Id<"users">,
  change: CrewMembershipChange,
  now: number = Date.now(),
): Promise<CrewMemberDoc | null> {
  const before = await getCrewMember(ctx, crew._id, userId);
  let after: CrewMemberDoc | null;
  if (change === null) {
    if (before !== null) await ctx.db.delete("crew_members", before._id);
    after = null;
  } else if (before === null) {
    const id = await ctx.db.insert("crew_members", {
      crewId: crew._id,
      userId,
      status: change.status,
      role: change.role,
      invitedBy: change.invitedBy ?? null,
      joinedAt: change.status === "accepted" ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    after = await ctx.db.get("crew_members", id);
  } else {
    const patch: Partial<CrewMemberDoc> = {
      status: change.status,
      role: change.role,
      updatedAt: now,
      ...(change.invitedBy !== undefined ? { invitedBy: change.invitedBy } : {}),
      ...(change.status === "accepted" && before.status !== "accepted" ? { joinedAt: now } : {}),
      ...(change.status !== "accepted" ? { joinedAt: null } : {}),
    };
    await ctx.db.patch("crew_members", before._id, patch);
    after = { ...before, ...patch };
  }

  const wasAccepted = before?.status === "accepted";
  const isAccepted = after?.status === "accepted";
  const wasPending = before?.status === "pending";
  const isPending = after?.status === "pending";
  const memberDelta = Number(isAccepted) - Number(wasAccepted);
  const pendingDelta = Number(isPending) - Number(wasPending);
  if (memberDelta !== 0 || pendingDelta !== 0) {
    const current = (await ctx.db.get("crews", crew._id)) ?? crew;
    await ctx.db.patch("crews", crew._id, {
      memberCount: Math.max(0, current.memberCount + memberDelta),
      pendingCount: Math.max(0, current.pendingCount + pendingDelta),
    });
  }
  if (memberDelta !== 0) {
    await adjustProfileStats(ctx, userId, { crews: memberDelta });
    await syncSessionsOfMember(ctx, crew._id, userId, now, null, now);
  }
  await onCrewMembershipChanged(ctx, userId, {
    joined: memberDelta > 0,
    promoted: after?.role === "co_host" && before?.role !== "co_host",
  });
  return after;
}

// ---------------------------------------------------------------- crew attendance of sessions

async function getCrewEvent(ctx: QueryCtx, crewId: Id<"crews">, eventId: Id<"events">) {
  return await ctx.db
    .query("crew_events")
    .withIndex("by_crew_and_event", (q) => q.eq("crewId", crewId).eq("eventId", eventId))
    .unique();
}

/**
 * Moves a crew's count of members attending `eventId` by `delta`: a row is
 * made on the first attendee and dropped when nobody attends and the crew
 * was not invited.
 */
export async function adjustCrewAttendance(
  ctx: MutationCtx,
  crewId: Id<"crews">,
  eventId: Id<"events">,
  delta: number,
  now: number = Date.now(),
): Promise<void> {
  const row = await getCrewEvent(ctx, crewId, eventId);
  if (row === null) {
    if (delta > 0) {
      await ctx.db.insert("crew_events", {
        crewId,
        eventId,
        invited: false,
        invitedBy: null,
        attendingMembers: delta,
        createdAt: now,
      });
    }
    return;
  }
  const attendingMembers = Math.max(0, row.attendingMembers + delta);
  if (attendingMembers === 0 && !row.invited) await ctx.db.delete("crew_events", row._id);
  else await ctx.db.patch("crew_events", row._id, { attendingMembers });
}

/** Marks a crew as invited to an event (creating the link row when needed). */
export async function markCrewInvited(
  ctx: MutationCtx,
  crewId: Id<"crews">,
  eventId: Id<"events">,
  invitedBy: Id<"users">,
  now: number = Date.now(),
): Promise<void> {
  const row = await getCrewEvent(ctx, crewId, eventId);
  if (row === null) {
    await ctx.db.insert("crew_events", {
      crewId,
      eventId,
      invited: true,
      invitedBy,
      attendingMembers: 0,
      createdAt: now,
    });
  } else if (!row.invited) {
    await ctx.db.patch("crew_events", row._id, { invited: true, invitedBy });
  }
}

/** Crews invited to an event that may make it visible (bounded). */
export const INVITED_CREWS_PER_EVENT_MAX = 20;

/**
 * Spec 1/2 "shares the event's crew" (DESIGN.md): the viewer is an accepted
 * member of a crew that was invited to the event.
 */
export async function sharesInvitedCrew(
  ctx: QueryCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
): Promise<boolean> {
  const links = await ctx.db
    .query("crew_events")
    .withIndex("by_event_and_invited", (q) => q.eq("eventId", eventId).eq("invited", true))
    .take(INVITED_CREWS_PER_EVENT_MAX);
  for (const link of links) {
    const member = await getCrewMember(ctx, link.crewId, userId);
    if (member?.status === "accepted") return true;
  }
  return false;
}
