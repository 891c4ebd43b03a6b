/**
 * Deleting events and a deleted account's event data.
 *
 * EVENT_CLEANUPS is the per-event registry, like ACCOUNT_CLEANUPS for
 * accounts: each area that keeps rows per event (RSVPs, members and
 * participants here; ratings, photos, comments later) registers a clean-up
 * that deletes up to `limit` of them (and their files), keeping other
 * counters right, and returns how many it handled. Deleting an event removes
 * the event document at once, then runs the clean-ups within a budget; what
 * is left is finished by scheduled batches (`events.cleanupDeletedEvent`), so
 * an event with 20,000 RSVPs is deleted without hitting transaction limits.
 * Recap rows (ratings, photos with their files, comment reactions, per-user
 * reaction maps, comments)
 * come from ./recapCleanup.
 */
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import {
  runCleanupSteps,
  type AccountCleanup,
  type CleanupStep,
  type EventCleanup,
} from "./batchedCleanup";
import { rememberCancelledEvent, tellAttendeesOfCancellation } from "./calendarFeeds";
import { deleteCountedRowsOfEvent } from "./crewAttendance";
import { cancelFinish, type EventDoc } from "./events";
import { deleteNotificationsOfEvent } from "./notifications";
import { deleteAnnouncementsOfAuthor, deleteAnnouncementsOfEvent } from "./announcementCleanup";
import { changeParticipation, deleteParticipantRow, deleteUserEventCounts } from "./participation";
import { countHostedSession, countRsvpChange } from "./profileStats";
import { deleteStoredFile } from "./profiles";
import { deleteRemindersOfEvent } from "./reminders";
import { deleteBalancesOfEvent, deleteExpensesOfEvent, deleteSettlementsOfEvent } from "./tab";
import { deleteCheckInsOfEvent } from "./checkInRows";
import { deleteStopsOfEvent } from "./stopRows";
import { removeWaitlistEntry } from "./waitlistRows";
import { deletePhotoObjectionsOfEvent } from "./photoObjections";
import {
  deleteCommentReactionsOfEvent,
  deleteCommentsOfEvent,
  deleteUserReactionsOfEvent,
  deletePhotosOfEvent,
  deleteRatingsOfEvent,
} from "./recapCleanup";

const deleteRsvpsOfEvent: EventCleanup = async (ctx, eventId, limit) => {
  const rows = await ctx.db
    .query("rsvps")
    .withIndex("by_event_and_status", (q) => q.eq("eventId", eventId))
    .take(limit);
  for (const row of rows) {
    await ctx.db.delete("rsvps", row._id);
    await countRsvpChange(ctx, row.userId, row.status, null);
  }
  return rows.length;
};

const deleteMembersOfEvent: EventCleanup = async (ctx, eventId, limit) => {
  const rows = await ctx.db
    .query("event_members")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("event_members", row._id);
  return rows.length;
};

const deleteParticipantsOfEvent: EventCleanup = async (ctx, eventId, limit) => {
  const rows = await ctx.db
    .query("event_participants")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .take(limit);
  for (const row of rows) await deleteParticipantRow(ctx, row);
  return rows.length;
};

const deleteWaitlistOfEvent: EventCleanup = async (ctx, eventId, limit) => {
  const rows = await ctx.db
    .query("event_waitlist")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("event_waitlist", row._id);
  return rows.length;
};

/** The crews' links to the event (invited, or attended by their members). */
const deleteCrewLinksOfEvent: EventCleanup = async (ctx, eventId, limit) => {
  const rows = await ctx.db
    .query("crew_events")
    .withIndex("by_event_and_invited", (q) => q.eq("eventId", eventId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("crew_events", row._id);
  return rows.length;
};

/** The registry. Later areas append theirs (ratings, photos, comments, invitations…). */
export const EVENT_CLEANUPS: ReadonlyArray<{ area: string; cleanup: EventCleanup }> = [
  { area: "rsvps", cleanup: deleteRsvpsOfEvent },
  { area: "members", cleanup: deleteMembersOfEvent },
  { area: "waitlist", cleanup: deleteWaitlistOfEvent },
  // Before the participant rows it reads go.
  { area: "calendar", cleanup: tellAttendeesOfCancellation },
  { area: "participants", cleanup: deleteParticipantsOfEvent },
  { area: "ratings", cleanup: deleteRatingsOfEvent },
  { area: "photoObjections", cleanup: deletePhotoObjectionsOfEvent },
  { area: "photos", cleanup: deletePhotosOfEvent },
  { area: "commentReactions", cleanup: deleteCommentReactionsOfEvent },
  { area: "userReactions", cleanup: deleteUserReactionsOfEvent },
  { area: "comments", cleanup: deleteCommentsOfEvent },
  { area: "crewAttendees", cleanup: deleteCountedRowsOfEvent },
  { area: "crewLinks", cleanup: deleteCrewLinksOfEvent },
  { area: "announcements", cleanup: deleteAnnouncementsOfEvent },
  { area: "stops", cleanup: deleteStopsOfEvent },
  { area: "notifications", cleanup: deleteNotificationsOfEvent },
  { area: "reminders", cleanup: deleteRemindersOfEvent },
  { area: "tabExpenses", cleanup: deleteExpensesOfEvent },
  { area: "tabSettlements", cleanup: deleteSettlementsOfEvent },
  // Last of the tab: the tab row goes with the last balances.
  { area: "tabBalances", cleanup: deleteBalancesOfEvent },
  { area: "checkIns", cleanup: deleteCheckInsOfEvent },
];

/** Rows an event deletion removes in its own mutation before handing the rest to scheduled batches. */
export const EVENT_CLEANUP_INLINE_BUDGET = 500;

/**
 * Runs the clean-ups of a deleted event within `budget` rows; schedules the
 * continuation when they are not finished. Returns true when finished.
 */
export async function cleanupDeletedEvent(
  ctx: MutationCtx,
  eventId: Id<"events">,
  budget: number = EVENT_CLEANUP_INLINE_BUDGET,
  cleanups: ReadonlyArray<{ area: string; cleanup: EventCleanup }> = EVENT_CLEANUPS,
): Promise<boolean> {
  const finished = await runCleanupSteps(
    ctx,
    eventId,
    cleanups.map((entry) => entry.cleanup),
    budget,
  );
  if (!finished) await ctx.scheduler.runAfter(0, internal.events.cleanupDeletedEvent, { eventId });
  return finished;
}

/**
 * Deletes an event (access checked by the caller): its pending end job, its
 * cover file, what calendar feeds will list of it as cancelled, the document,
 * the creator's "sessions" stat, then every registered clean-up.
 */
export async function deleteEventCascade(
  ctx: MutationCtx,
  event: EventDoc,
  budget: number = EVENT_CLEANUP_INLINE_BUDGET,
): Promise<void> {
  await cancelFinish(ctx, event);
  if (event.coverStorageId !== null) await deleteStoredFile(ctx, event.coverStorageId);
  await rememberCancelledEvent(ctx, event);
  await ctx.db.delete("events", event._id);
  await countHostedSession(ctx, event.createdBy, -1);
  await cleanupDeletedEvent(ctx, event._id, budget);
}

// ---------------------------------------------------------------- account deletion

/** Events deleted per account-deletion mutation (each with a small inline clean-up); the rest scheduled. */
const ACCOUNT_EVENTS_PER_RUN = 100;
const ACCOUNT_EVENT_INLINE_BUDGET = 50;

/**
 * Deletes up to ACCOUNT_EVENTS_PER_RUN events created by `userId`. Returns
 * true when none is left.
 */
export async function deleteEventsCreatedBy(
  ctx: MutationCtx,
  userId: Id<"users">,
): Promise<boolean> {
  const events = await ctx.db
    .query("events")
    .withIndex("by_created_by_and_end_time", (q) => q.eq("createdBy", userId))
    .take(ACCOUNT_EVENTS_PER_RUN);
  for (const event of events) await deleteEventCascade(ctx, event, ACCOUNT_EVENT_INLINE_BUDGET);
  return events.length < ACCOUNT_EVENTS_PER_RUN;
}

/** The user's places on waitlists, first, so the seats their leaving frees go to others. */
const leaveWaitlistsOfDeletedUser: CleanupStep<Id<"users">> = async (ctx, userId, limit) => {
  const rows = await ctx.db
    .query("event_waitlist")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .take(limit);
  for (const row of rows) {
    const event = await ctx.db.get("events", row.eventId);
    if (event === null) await ctx.db.delete("event_waitlist", row._id);
    else await removeWaitlistEntry(ctx, event, row);
  }
  return rows.length;
};

/** The user's RSVPs elsewhere, through the one write path so those events' counts stay right. */
const leaveRsvpsOfDeletedUser: CleanupStep<Id<"users">> = async (ctx, userId, limit) => {
  const rsvps = await ctx.db
    .query("rsvps")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .take(limit);
  for (const rsvp of rsvps) {
    const event = await ctx.db.get("events", rsvp.eventId);
    if (event === null) await ctx.db.delete("rsvps", rsvp._id);
    else await changeParticipation(ctx, event, userId, { rsvp: null });
  }
  return rsvps.length;
};

/** The user's memberships (host rows of their own events go as they are). */
const leaveMembershipsOfDeletedUser: CleanupStep<Id<"users">> = async (ctx, userId, limit) => {
  const members = await ctx.db
    .query("event_members")
    .withIndex("by_user_and_status", (q) => q.eq("userId", userId))
    .take(limit);
  for (const member of members) {
    const event = await ctx.db.get("events", member.eventId);
    if (event === null || event.createdBy === userId)
      await ctx.db.delete("event_members", member._id);
    else await changeParticipation(ctx, event, userId, { member: null });
  }
  return members.length;
};

/** Rows of the user's own events still waiting for their scheduled clean-up. */
const deleteParticipantRowsOfDeletedUser: CleanupStep<Id<"users">> = async (ctx, userId, limit) => {
  const rows = await ctx.db
    .query("event_participants")
    .withIndex("by_user_and_end_time", (q) => q.eq("userId", userId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("event_participants", row._id);
  return rows.length;
};

/** Rows of a deleted account handled per mutation; a heavy user's rest goes to scheduled batches. */
export const ACCOUNT_EVENT_ROWS_PER_RUN = 200;

/**
 * A deleted user's RSVPs, memberships, participant rows and announcements, then their tab
 * counts: up to ACCOUNT_EVENT_ROWS_PER_RUN rows, the rest scheduled
 * (`events.cleanupEventRowsOfDeletedUser`). True when finished.
 */
export async function cleanupEventRowsOfDeletedUser(
  ctx: MutationCtx,
  userId: Id<"users">,
  budget: number = ACCOUNT_EVENT_ROWS_PER_RUN,
): Promise<boolean> {
  const steps = [
    leaveWaitlistsOfDeletedUser,
    leaveRsvpsOfDeletedUser,
    leaveMembershipsOfDeletedUser,
    deleteParticipantRowsOfDeletedUser,
    deleteAnnouncementsOfAuthor,
  ];
  if (!(await runCleanupSteps(ctx, userId, steps, budget))) {
    await ctx.scheduler.runAfter(0, internal.events.cleanupEventRowsOfDeletedUser, { userId });
    return false;
  }
  await deleteUserEventCounts(ctx, userId);
  return true;
}

/**
 * The account-deletion clean-up (registered in ACCOUNT_CLEANUPS): the
 * user's own events with everything in them; their RSVPs and memberships in
 * other events, through `changeParticipation` so those events' counts stay
 * right; their participant rows and tab counts — each in batches, so a heavy
 * user's deletion stays within a mutation's limits.
 */
export const deleteEventDataOfUser: AccountCleanup = async (ctx, userId) => {
  if (!(await deleteEventsCreatedBy(ctx, userId))) {
    await ctx.scheduler.runAfter(0, internal.events.deleteEventsOfDeletedUser, { userId });
  }
  await cleanupEventRowsOfDeletedUser(ctx, userId);
};
