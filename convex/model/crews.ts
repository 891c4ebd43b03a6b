/**
 * Crews: finding one and a membership; the one door every crew function
 * takes to a crew, `getCrewEnsuringAccess`, with the permission checks made
 * on what it returns (`ensureCrewAllows`); and the crews' links to sessions (`crew_events`: invited, shared
 * with the crew's members). Reading only, besides the links: a membership is
 * written by ./crewMembership, the crews' attendance counts by ./crewAttendance.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { CREW_MESSAGES, canViewCrew, type CrewStanding } from "../../shared/crewRules";
import { appError } from "./errors";

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
 * The one way a crew function reaches a crew by its id (a route parameter
 * or a validated id): the crew with the viewer's standing, guaranteed to be
 * one the viewer may see — a public crew anyone, a private crew its members
 * and invitees. Anyone else gets 'Crew not found', word for word the answer
 * for an id that does not exist, so that no answer tells a private crew
 * exists. What the viewer may do there is checked afterwards, on what this
 * returns (`ensureCrewAllows`), with the refusal meant for people who may
 * see the crew.
 */
export async function getCrewEnsuringAccess(
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

/**
 * Throws FORBIDDEN with `refusal` (the action's own message) unless `rule`,
 * one of the permissions of shared/crewRules, allows the viewer; returns the
 * access to go on with.
 */
export function ensureCrewAllows(
  access: CrewAccess,
  rule: (standing: CrewStanding | null) => boolean,
  refusal: string,
): CrewAccess {
  if (!rule(access.standing)) throw appError("FORBIDDEN", refusal);
  return access;
}

// ---------------------------------------------------------------- links to sessions

/** A crew's link to a session: invited, and how many of its members attend (./crewAttendance). */
export async function getCrewEvent(ctx: QueryCtx, crewId: Id<"crews">, eventId: Id<"events">) {
  return await ctx.db
    .query("crew_events")
    .withIndex("by_crew_and_event", (q) => q.eq("crewId", crewId).eq("eventId", eventId))
    .unique();
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
 * "Shares the event's crew", which lets a viewer open a private session: the
 * viewer is an accepted member of a crew that was invited to the event.
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
