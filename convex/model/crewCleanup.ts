/**
 * Deleting crews, and a deleted account's crew and notification data.
 * A crew deletion removes the crew document at once and its rows (members,
 * invite links, session links, notifications, calendar feeds, polls) in batches of CREW_CLEANUP_BATCH,
 * scheduled until done, keeping every member's "Crews" stat and unread count right.
 */
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import type { AccountCleanup } from "./batchedCleanup";
import { deleteCalendarDataOfCrew } from "./calendarFeeds";
import { deleteCountedRowsOfCrew } from "./crewAttendance";
import { deletePollRowsOfCrew } from "./crewPolls";
import { changeCrewMembership } from "./crewMembership";
import type { CrewDoc } from "./crews";
import {
  deleteNotificationsOfCrew,
  deleteNotificationsOfUserBatch,
  NOTIFICATION_BATCH,
} from "./notifications";
import { countCrewMembershipChange } from "./profileStats";

export const CREW_CLEANUP_BATCH = 300;

type CrewCleanup = (ctx: MutationCtx, crewId: Id<"crews">, limit: number) => Promise<number>;

const deleteMembersOfCrew: CrewCleanup = async (ctx, crewId, limit) => {
  // No per-member attendance fix: the crew's session links go with it.
  const rows = await ctx.db
    .query("crew_members")
    .withIndex("by_crew_and_user", (q) => q.eq("crewId", crewId))
    .take(limit);
  for (const row of rows) {
    await ctx.db.delete("crew_members", row._id);
    await countCrewMembershipChange(ctx, row.userId, row.status, null);
  }
  return rows.length;
};

const deleteInviteLinksOfCrew: CrewCleanup = async (ctx, crewId, limit) => {
  const rows = await ctx.db
    .query("crew_invitations")
    .withIndex("by_crew", (q) => q.eq("crewId", crewId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("crew_invitations", row._id);
  return rows.length;
};

const deleteSessionLinksOfCrew: CrewCleanup = async (ctx, crewId, limit) => {
  const rows = await ctx.db
    .query("crew_events")
    .withIndex("by_crew", (q) => q.eq("crewId", crewId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("crew_events", row._id);
  return rows.length;
};

const CREW_CLEANUPS: readonly CrewCleanup[] = [
  deleteMembersOfCrew,
  deleteInviteLinksOfCrew,
  deleteCountedRowsOfCrew,
  deleteSessionLinksOfCrew,
  deleteNotificationsOfCrew,
  deleteCalendarDataOfCrew,
  deletePollRowsOfCrew,
];

/** One batch of a deleted crew's rows; schedules the next when some are left. */
export async function cleanupDeletedCrew(
  ctx: MutationCtx,
  crewId: Id<"crews">,
  budget: number = CREW_CLEANUP_BATCH,
): Promise<boolean> {
  let left = budget;
  for (const cleanup of CREW_CLEANUPS) {
    left -= await cleanup(ctx, crewId, left);
    if (left <= 0) {
      await ctx.scheduler.runAfter(0, internal.crews.cleanupDeletedCrew, { crewId });
      return false;
    }
  }
  return true;
}

/** Deletes a crew (creator checked by the caller): the document now, its rows in batches. */
export async function deleteCrewCascade(ctx: MutationCtx, crew: CrewDoc): Promise<void> {
  await ctx.db.delete("crews", crew._id);
  await cleanupDeletedCrew(ctx, crew._id);
}

// ---------------------------------------------------------------- account deletion

/** Memberships left per account-deletion mutation (each fixes its crew's counts); the rest scheduled. */
const MEMBERSHIPS_PER_RUN = 20;

/**
 * One batch of a deleted account's crew data: crews it created (deleted),
 * its memberships (left, so counts stay right), its notifications (its own
 * and those it sent). Returns true when nothing is left.
 */
export async function deleteCrewDataOfUserBatch(
  ctx: MutationCtx,
  userId: Id<"users">,
): Promise<boolean> {
  const created = await ctx.db
    .query("crews")
    .withIndex("by_created_by", (q) => q.eq("createdBy", userId))
    .take(5);
  for (const crew of created) await deleteCrewCascade(ctx, crew);
  const memberships = await ctx.db
    .query("crew_members")
    .withIndex("by_user_and_status", (q) => q.eq("userId", userId))
    .take(MEMBERSHIPS_PER_RUN);
  for (const membership of memberships) {
    const crew = await ctx.db.get("crews", membership.crewId);
    if (crew === null) await ctx.db.delete("crew_members", membership._id);
    else await changeCrewMembership(ctx, crew, userId, null);
  }
  const notificationsDone = await deleteNotificationsOfUserBatch(ctx, userId, NOTIFICATION_BATCH);
  return created.length < 5 && memberships.length < MEMBERSHIPS_PER_RUN && notificationsDone;
}

/** The account-deletion entry: a first batch now, the rest scheduled (the user id is gone by then: rows are found by it). */
export const deleteCrewDataOfUser: AccountCleanup = async (ctx, userId) => {
  if (!(await deleteCrewDataOfUserBatch(ctx, userId))) {
    await ctx.scheduler.runAfter(0, internal.crews.deleteCrewDataOfDeletedUser, { userId });
  }
};
