/**
 * Crews' attendance of sessions (the crew counting rule): for each
 * crew and each session that has not ended, how many of the crew's accepted
 * members attend it — `crew_events.attendingMembers`, which the crew page reads.
 *
 * A person's crews and a person's sessions both grow without bound, so
 * neither change fits one transaction: attending a session touches one count
 * per crew of the person, joining a crew one count per upcoming session.
 * Each is brought in line in batches of CREW_ATTENDANCE_BATCH, the first in
 * the mutation that made the change, the rest scheduled. What is counted is
 * recorded per (crew, session, member) in `crew_event_attendees`, so the
 * batches converge however they interleave with each other and with new changes:
 *
 * - counting a pair inserts its row and adds 1, once; taking it back deletes
 *   the row and subtracts 1, once;
 * - a batch reads the state as it is now (does the person attend, is the
 *   membership accepted) and moves the rows towards it; a later change that
 *   reverses it starts its own batches, which finish the work;
 * - an ended session is frozen: its counts stay as they were at its end, and
 *   its rows go without touching them.
 */
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import type { AccountCleanup, CleanupStep } from "./batchedCleanup";
import { getCrewEvent, getCrewMember } from "./crews";

/** Crews, sessions or counted rows handled per mutation; the rest in scheduled batches. */
export const CREW_ATTENDANCE_BATCH = 100;

type CountedRow = Doc<"crew_event_attendees">;
type EventDoc = Doc<"events">;

/** Where a member's walk through their sessions got to, in (end time, creation) order. */
export type SessionCursor = { endTime: number; creationTime: number };

async function countedRow(
  ctx: MutationCtx,
  crewId: Id<"crews">,
  eventId: Id<"events">,
  userId: Id<"users">,
): Promise<CountedRow | null> {
  return await ctx.db
    .query("crew_event_attendees")
    .withIndex("by_crew_and_event_and_user", (q) =>
      q.eq("crewId", crewId).eq("eventId", eventId).eq("userId", userId),
    )
    .unique();
}

/**
 * Moves a crew's count of members attending `eventId` by `delta`: a row is
 * made on the first attendee and dropped when nobody attends and the crew
 * was not invited.
 */
async function adjustCrewAttendance(
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

/** Counts `userId` among the crew's members attending the session, unless already counted. */
async function count(
  ctx: MutationCtx,
  crewId: Id<"crews">,
  eventId: Id<"events">,
  userId: Id<"users">,
  now: number,
): Promise<void> {
  if ((await countedRow(ctx, crewId, eventId, userId)) !== null) return;
  await ctx.db.insert("crew_event_attendees", { crewId, eventId, userId });
  await adjustCrewAttendance(ctx, crewId, eventId, 1, now);
}

/** Takes a counted pair back; the count falls only while the session is still on (`event`: null when gone). */
async function uncount(
  ctx: MutationCtx,
  row: CountedRow,
  event: EventDoc | null,
  now: number,
): Promise<void> {
  await ctx.db.delete("crew_event_attendees", row._id);
  if (event !== null && !event.ended)
    await adjustCrewAttendance(ctx, row.crewId, row.eventId, -1, now);
}

// ---------------------------------------------------------------- a person and a session

/**
 * Brings one person's attendance of one session in line with their crews:
 * while they attend it (and it has not ended), each crew they are an
 * accepted member of counts them; once they do not, no crew does. One
 * batch; schedules the next. `after`: the creation time of the last
 * membership already handled.
 */
export async function syncCrewsOfAttendee(
  ctx: MutationCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
  after: number | null = null,
  now: number = Date.now(),
): Promise<void> {
  const event = await ctx.db.get("events", eventId);
  if (event === null || event.ended) return;
  const participant = await ctx.db
    .query("event_participants")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId).eq("userId", userId))
    .unique();
  if (participant !== null) {
    const memberships = await ctx.db
      .query("crew_members")
      .withIndex("by_user_and_status", (q) => {
        const range = q.eq("userId", userId).eq("status", "accepted");
        return after === null ? range : range.gt("_creationTime", after);
      })
      .take(CREW_ATTENDANCE_BATCH);
    for (const membership of memberships) {
      // A deleted crew's rows are still being cleaned up: it counts nothing any more.
      if ((await ctx.db.get("crews", membership.crewId)) === null) continue;
      await count(ctx, membership.crewId, eventId, userId, now);
    }
    if (memberships.length === CREW_ATTENDANCE_BATCH) {
      await ctx.scheduler.runAfter(0, internal.crewAttendance.continueAttendee, {
        eventId,
        userId,
        after: memberships[memberships.length - 1]._creationTime,
      });
    }
    return;
  }
  const rows = await ctx.db
    .query("crew_event_attendees")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId).eq("userId", userId))
    .take(CREW_ATTENDANCE_BATCH);
  for (const row of rows) await uncount(ctx, row, event, now);
  if (rows.length === CREW_ATTENDANCE_BATCH) {
    await ctx.scheduler.runAfter(0, internal.crewAttendance.continueAttendee, {
      eventId,
      userId,
      after: null,
    });
  }
}

// ---------------------------------------------------------------- a person and a crew

/** A person's sessions ending after `from`, in (end time, creation) order, past `after`. */
async function sessionsAfter(
  ctx: MutationCtx,
  userId: Id<"users">,
  from: number,
  after: SessionCursor | null,
  limit: number,
) {
  const rows = [];
  if (after !== null) {
    rows.push(
      ...(await ctx.db
        .query("event_participants")
        .withIndex("by_user_and_end_time", (q) =>
          q
            .eq("userId", userId)
            .eq("endTime", after.endTime)
            .gt("_creationTime", after.creationTime),
        )
        .take(limit)),
    );
  }
  if (rows.length < limit) {
    const lower = after?.endTime ?? from;
    rows.push(
      ...(await ctx.db
        .query("event_participants")
        .withIndex("by_user_and_end_time", (q) => q.eq("userId", userId).gt("endTime", lower))
        .take(limit - rows.length)),
    );
  }
  return rows;
}

/**
 * Brings one person's membership of one crew in line with their sessions:
 * while they are an accepted member of it, each session of theirs that has
 * not ended counts them for the crew; otherwise none does. One batch;
 * schedules the next. `from`: sessions ending after it are walked (fixed
 * for the whole walk); `after`: where the walk got to.
 */
export async function syncSessionsOfMember(
  ctx: MutationCtx,
  crewId: Id<"crews">,
  userId: Id<"users">,
  from: number,
  after: SessionCursor | null = null,
  now: number = Date.now(),
): Promise<void> {
  const crew = await ctx.db.get("crews", crewId);
  const member = crew === null ? null : await getCrewMember(ctx, crewId, userId);
  if (member?.status === "accepted") {
    const sessions = await sessionsAfter(ctx, userId, from, after, CREW_ATTENDANCE_BATCH);
    for (const row of sessions) {
      const event = await ctx.db.get("events", row.eventId);
      if (event !== null && !event.ended) await count(ctx, crewId, row.eventId, userId, now);
    }
    if (sessions.length === CREW_ATTENDANCE_BATCH) {
      const last = sessions[sessions.length - 1];
      await ctx.scheduler.runAfter(0, internal.crewAttendance.continueMember, {
        crewId,
        userId,
        from,
        after: { endTime: last.endTime, creationTime: last._creationTime },
      });
    }
    return;
  }
  const rows = await ctx.db
    .query("crew_event_attendees")
    .withIndex("by_user_and_crew", (q) => q.eq("userId", userId).eq("crewId", crewId))
    .take(CREW_ATTENDANCE_BATCH);
  for (const row of rows) await uncount(ctx, row, await ctx.db.get("events", row.eventId), now);
  if (rows.length === CREW_ATTENDANCE_BATCH) {
    await ctx.scheduler.runAfter(0, internal.crewAttendance.continueMember, {
      crewId,
      userId,
      from,
      after: null,
    });
  }
}

// ---------------------------------------------------------------- clean-up

/** A deleted session's counted rows (its crew links go with it, so no count is touched). */
export const deleteCountedRowsOfEvent: CleanupStep<Id<"events">> = async (ctx, eventId, limit) => {
  const rows = await ctx.db
    .query("crew_event_attendees")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("crew_event_attendees", row._id);
  return rows.length;
};

/** A deleted crew's counted rows (its session links go with it). */
export async function deleteCountedRowsOfCrew(
  ctx: MutationCtx,
  crewId: Id<"crews">,
  limit: number,
): Promise<number> {
  const rows = await ctx.db
    .query("crew_event_attendees")
    .withIndex("by_crew_and_event_and_user", (q) => q.eq("crewId", crewId))
    .take(limit);
  for (const row of rows) await ctx.db.delete("crew_event_attendees", row._id);
  return rows.length;
}

/**
 * A deleted account's counted rows, a batch (taken back, so sessions still
 * on count one member fewer); schedules the next. Its memberships and
 * sessions are left elsewhere, whose batches take back the same rows: whoever
 * deletes a row first takes it back, once.
 */
export async function deleteCountedRowsOfUser(
  ctx: MutationCtx,
  userId: Id<"users">,
  now: number = Date.now(),
): Promise<void> {
  const rows = await ctx.db
    .query("crew_event_attendees")
    .withIndex("by_user_and_crew", (q) => q.eq("userId", userId))
    .take(CREW_ATTENDANCE_BATCH);
  for (const row of rows) await uncount(ctx, row, await ctx.db.get("events", row.eventId), now);
  if (rows.length === CREW_ATTENDANCE_BATCH) {
    await ctx.scheduler.runAfter(0, internal.crewAttendance.continueDeletedUser, { userId });
  }
}

/** The account-deletion entry (ACCOUNT_CLEANUPS). */
export const deleteCrewAttendanceOfUser: AccountCleanup = async (ctx, userId) =>
  await deleteCountedRowsOfUser(ctx, userId);

// ---------------------------------------------------------------- repair

/** Counted rows read per (crew, session) link when recounting one. */
const RECOUNT_PAGE = 500;

/**
 * Sets a link's `attendingMembers` to the rows counted for it (sessions still
 * on; the rows of one link are at most the crew's members). Run over every
 * link, then `syncCrewsOfAttendee` over every attendee, it rebuilds counts
 * kept before the rows existed; live changes in between stay right, as both
 * go through the rows.
 */
export async function recountCrewEvent(ctx: MutationCtx, link: Doc<"crew_events">): Promise<void> {
  const event = await ctx.db.get("events", link.eventId);
  if (event === null || event.ended) return;
  let counted = 0;
  let after: Id<"users"> | null = null;
  for (;;) {
    const from: Id<"users"> | null = after;
    const page: CountedRow[] = await ctx.db
      .query("crew_event_attendees")
      .withIndex("by_crew_and_event_and_user", (q) => {
        const range = q.eq("crewId", link.crewId).eq("eventId", link.eventId);
        return from === null ? range : range.gt("userId", from);
      })
      .take(RECOUNT_PAGE);
    counted += page.length;
    if (page.length < RECOUNT_PAGE) break;
    after = page[page.length - 1].userId;
  }
  if (counted === 0 && !link.invited) await ctx.db.delete("crew_events", link._id);
  else if (counted !== link.attendingMembers)
    await ctx.db.patch("crew_events", link._id, { attendingMembers: counted });
}
