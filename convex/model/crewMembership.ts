/**
 * The one write path for a crew membership, `changeCrewMembership`. It writes
 * the row and the crew's own counts (memberCount, pendingCount), then tells
 * the areas that react to a membership what changed: the member's profile
 * stat "Crews" (./profileStats), the crew's attendance of sessions still on
 * (./crewAttendance), the member's badge counters (./badgeCounters) and, for
 * a member who leaves, their poll answers (./crewPolls). Those
 * areas never call back here, so the write path sits above them all.
 */
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import type { CrewMemberStatus, CrewRole } from "../../shared/crewRules";
import { onCrewMembershipChanged } from "./badgeCounters";
import { syncSessionsOfMember } from "./crewAttendance";
import { removeAnswersOfDepartedMember } from "./crewPollAnswers";
import { getCrewMember, type CrewDoc, type CrewMemberDoc } from "./crews";
import { countCrewMembershipChange } from "./profileStats";

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
  await countCrewMembershipChange(ctx, userId, before?.status ?? null, after?.status ?? null);
  if (memberDelta !== 0) await syncSessionsOfMember(ctx, crew._id, userId, now, null, now);
  if (memberDelta < 0) await removeAnswersOfDepartedMember(ctx, crew._id, userId);
  await onCrewMembershipChanged(ctx, userId, {
    joined: memberDelta > 0,
    promoted: after?.role === "co_host" && before?.role !== "co_host",
  });
  return after;
}
