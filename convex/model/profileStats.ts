/**
 * The profile's stat tiles, kept exact on every write and never recounted:
 * "Sessions" (sessions the user hosts), "RSVPs" (RSVPs the user has, whatever
 * the answer) and "Crews" (the user's accepted crew memberships).
 *
 * Each tile has one rule here. The single-write paths (`createEvent`,
 * `changeParticipation`, `changeCrewMembership`) and the bulk clean-ups (a
 * deleted session's RSVPs, a deleted crew's members) call the same rule with
 * the state before and after, so the two can never count differently.
 */
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import type { CrewMemberStatus } from "../../shared/crewRules";
import type { RsvpStatus } from "../../shared/eventOptions";
import { getProfileByUserId, type ProfileDoc } from "./profiles";

export type ProfileStats = ProfileDoc["stats"];

/** Moves the stat tiles by `delta`, never below 0 (a deleted account's profile is gone: nothing to move). */
async function adjustProfileStats(
  ctx: MutationCtx,
  userId: Id<"users">,
  delta: Partial<ProfileStats>,
): Promise<void> {
  const profile = await getProfileByUserId(ctx, userId);
  if (profile === null) return;
  const stats = { ...profile.stats };
  for (const key of ["sessions", "rsvps", "crews"] as const) {
    stats[key] = Math.max(0, stats[key] + (delta[key] ?? 0));
  }
  await ctx.db.patch("user_profiles", profile._id, { stats });
}

/** "Sessions": +1 when the user creates a session, -1 when one of theirs is deleted. */
export async function countHostedSession(
  ctx: MutationCtx,
  hostId: Id<"users">,
  delta: 1 | -1,
): Promise<void> {
  await adjustProfileStats(ctx, hostId, { sessions: delta });
}

/** "RSVPs": an RSVP counts while it exists; changing its answer moves nothing. */
export async function countRsvpChange(
  ctx: MutationCtx,
  userId: Id<"users">,
  before: RsvpStatus | null,
  after: RsvpStatus | null,
): Promise<void> {
  const delta = Number(after !== null) - Number(before !== null);
  if (delta !== 0) await adjustProfileStats(ctx, userId, { rsvps: delta });
}

/** "Crews": a membership counts while it is accepted (pending and declined ones do not). */
export async function countCrewMembershipChange(
  ctx: MutationCtx,
  userId: Id<"users">,
  before: CrewMemberStatus | null,
  after: CrewMemberStatus | null,
): Promise<void> {
  const delta = Number(after === "accepted") - Number(before === "accepted");
  if (delta !== 0) await adjustProfileStats(ctx, userId, { crews: delta });
}
