/**
 * One user's participation in one event — their RSVP, their membership and
 * whether they attend — and every count that follows from it, kept exact on
 * write without scanning (counts users see are maintained on every write,
 * never recounted):
 *
 * - the event's goingCount / maybeCount / notGoingCount / attendeeCount and trending key;
 * - the user's `event_participants` row (one per attended event, with copies
 *   of the event's times and visibility for the upcoming/past lists);
 * - the user's `user_event_counts` (profile Upcoming / Past tabs);
 * - the user's profile stat "RSVPs" (./profileStats);
 * - for a session that has not ended, how many members of each of the
 *   user's crews attend it (`crew_events`, the crew counting rule, in
 *   batches: ./crewAttendance);
 * - the user's badge counters (./badgeCounters);
 * - a pending invitation: an RSVP answers it, and an answer settles its
 *   notifications;
 * - the seats of a session with a capacity (shared/capacityRules.ts): the
 *   plus-ones of those going (`plusOneCount`); a change that would take more
 *   seats than are free is refused ('This session is full', nothing
 *   written), and one that frees seats promotes the first people on the
 *   waitlist who fit, in the same transaction, each told by a scheduled
 *   notification.
 *
 * Every RSVP or membership write goes through `changeParticipation`. The
 * areas it tells never call back here, so this write path sits above them.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { addToTrendingKey, removeFromTrendingKey } from "../../shared/discoverFilters";
import { isAttendee, type Participation } from "../../shared/eventAccess";
import type { MemberRole, MemberStatus, RsvpStatus } from "../../shared/eventOptions";
import { invitationAnswerOfRsvp } from "../../shared/eventInvitationRules";
import {
  CAPACITY_MESSAGES,
  fits,
  freeSeats,
  promotionOrder,
  WAITLIST_PROMOTION_SCAN,
} from "../../shared/capacityRules";
import { internal } from "../_generated/api";
import type { InvitationResponseMethod } from "../../shared/notificationRules";
import { onParticipationChanged } from "./badgeCounters";
import { removeFromCheckInsOfEvent } from "./checkInRows";
import { syncCrewsOfAttendee } from "./crewAttendance";
import { eventInvitationKey, recordInvitationResponse } from "./notifications";
import { appError } from "./errors";
import { countRsvpChange } from "./profileStats";
import { firstWaitlisted, removeWaitlistEntry } from "./waitlistRows";

export type EventDoc = Doc<"events">;
export type RsvpDoc = Doc<"rsvps">;
export type MemberDoc = Doc<"event_members">;
export type ParticipantDoc = Doc<"event_participants">;

/** The rows that make up one user's participation in one event. */
export type ParticipationRows = {
  rsvp: RsvpDoc | null;
  member: MemberDoc | null;
  participant: ParticipantDoc | null;
};

export async function getRsvp(
  ctx: QueryCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
): Promise<RsvpDoc | null> {
  return await ctx.db
    .query("rsvps")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId).eq("userId", userId))
    .unique();
}

export async function getMember(
  ctx: QueryCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
): Promise<MemberDoc | null> {
  return await ctx.db
    .query("event_members")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId).eq("userId", userId))
    .unique();
}

export async function getParticipant(
  ctx: QueryCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
): Promise<ParticipantDoc | null> {
  return await ctx.db
    .query("event_participants")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId).eq("userId", userId))
    .unique();
}

/** Three point reads. */
export async function readParticipationRows(
  ctx: QueryCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
): Promise<ParticipationRows> {
  const [rsvp, member, participant] = await Promise.all([
    getRsvp(ctx, eventId, userId),
    getMember(ctx, eventId, userId),
    getParticipant(ctx, eventId, userId),
  ]);
  return { rsvp, member, participant };
}

export function participationOf(
  event: EventDoc,
  userId: Id<"users">,
  rows: Pick<ParticipationRows, "rsvp" | "member">,
): Participation {
  return {
    isCreator: event.createdBy === userId,
    rsvpStatus: rows.rsvp?.status ?? null,
    member: rows.member === null ? null : { role: rows.member.role, status: rows.member.status },
  };
}

// ---------------------------------------------------------------- per-user counts

type Bucket = { isPublic: boolean; past: boolean };

function bucketField(bucket: Bucket) {
  return `${bucket.isPublic ? "public" : "private"}${bucket.past ? "Past" : "Upcoming"}` as const;
}

export async function getUserEventCounts(ctx: QueryCtx, userId: Id<"users">) {
  return await ctx.db
    .query("user_event_counts")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .unique();
}

/** Moves one attended event in or out of a user's tab counts (never below 0; no row is created to subtract from). */
async function adjustUserEventCounts(
  ctx: MutationCtx,
  userId: Id<"users">,
  bucket: Bucket,
  delta: number,
): Promise<void> {
  const field = bucketField(bucket);
  const row = await getUserEventCounts(ctx, userId);
  if (row === null) {
    if (delta <= 0) return;
    await ctx.db.insert("user_event_counts", {
      userId,
      publicUpcoming: 0,
      publicPast: 0,
      privateUpcoming: 0,
      privatePast: 0,
      [field]: delta,
    });
    return;
  }
  await ctx.db.patch("user_event_counts", row._id, { [field]: Math.max(0, row[field] + delta) });
}

export async function deleteUserEventCounts(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const row = await getUserEventCounts(ctx, userId);
  if (row !== null) await ctx.db.delete("user_event_counts", row._id);
}

// ---------------------------------------------------------------- the one write path

export type MemberChange = {
  role: MemberRole;
  status: MemberStatus;
  invitedBy?: Id<"users"> | null;
  /** Who promoted or demoted (recorded when the role changes). */
  roleChangedBy?: Id<"users"> | null;
};

export type ParticipationChange = {
  /** A status to upsert, null to remove the RSVP, absent to leave it. */
  rsvp?: RsvpStatus | null;
  /** A membership to upsert, null to remove it, absent to leave it. */
  member?: MemberChange | null;
  /** How a pending invitation this change answers was answered (in the app unless said). */
  responseMethod?: InvitationResponseMethod;
  /** Plus-ones to bring while going (checked against the allowance by the caller); absent keeps them. */
  plusOnes?: number;
};

/** The plus-ones an RSVP row counts for: only while going. */
function plusOnesOf(rsvp: RsvpDoc | null): number {
  return rsvp?.status === "going" ? (rsvp.plusOnes ?? 0) : 0;
}

const STATUS_COUNTER = {
  going: "goingCount",
  maybe: "maybeCount",
  not_going: "notGoingCount",
} as const;

function countsForTrending(status: RsvpStatus | null): boolean {
  return status === "going" || status === "maybe";
}

/**
 * Applies one user's RSVP and/or membership change to one event and fixes
 * every maintained count by the difference (a handful of point reads and
 * writes, whatever the event's size). Returns the event as it now is.
 * Access rules are the caller's job.
 *
 * An invitation is one membership, so it has one state: an RSVP by someone
 * whose invitation is pending answers it (going or maybe accept, not going
 * declines), and whenever a membership leaves pending its notifications
 * record the answer — so no Accept/Decline is left to contradict what the
 * person did.
 */
export async function changeParticipation(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
  change: ParticipationChange,
  now: number = Date.now(),
): Promise<EventDoc> {
  const rows = await readParticipationRows(ctx, event._id, userId);
  const eventPatch: Partial<EventDoc> = {};
  const counters = {
    goingCount: event.goingCount,
    maybeCount: event.maybeCount,
    notGoingCount: event.notGoingCount,
    attendeeCount: event.attendeeCount,
  };
  let trendingKey = event.trendingKey;
  let plusOneCount = event.plusOneCount ?? 0;
  let rsvp = rows.rsvp;
  let member = rows.member;
  const badgeChange = { attendance: 0, rsvpChanged: false, promoted: false };

  if (change.rsvp !== undefined) {
    const before = rows.rsvp?.status ?? null;
    const after = change.rsvp;
    if (before !== after) {
      badgeChange.rsvpChanged = after !== null;
      if (before !== null)
        counters[STATUS_COUNTER[before]] = Math.max(0, counters[STATUS_COUNTER[before]] - 1);
      if (after !== null) counters[STATUS_COUNTER[after]] += 1;
      let trendingAt = rows.rsvp?.trendingAt ?? null;
      if (trendingAt !== null && !countsForTrending(after)) {
        trendingKey = removeFromTrendingKey(trendingKey, trendingAt);
        trendingAt = null;
      } else if (trendingAt === null && countsForTrending(after)) {
        trendingKey = addToTrendingKey(trendingKey, now);
        trendingAt = now;
      }
      if (after === null) {
        await ctx.db.delete("rsvps", rows.rsvp!._id);
        rsvp = null;
      } else if (rows.rsvp === null) {
        const id = await ctx.db.insert("rsvps", {
          eventId: event._id,
          userId,
          status: after,
          trendingAt,
          updatedAt: now,
        });
        rsvp = await ctx.db.get("rsvps", id);
      } else {
        await ctx.db.patch("rsvps", rows.rsvp._id, { status: after, trendingAt, updatedAt: now });
        rsvp = { ...rows.rsvp, status: after, trendingAt };
      }
      await countRsvpChange(ctx, userId, before, after);
    }
  }

  const plusOnes = rsvp?.status === "going" ? (change.plusOnes ?? rsvp.plusOnes ?? 0) : 0;
  if (rsvp !== null && (rsvp.plusOnes ?? 0) !== plusOnes) {
    await ctx.db.patch("rsvps", rsvp._id, { plusOnes });
    rsvp = { ...rsvp, plusOnes };
  }
  plusOneCount += plusOnesOf(rsvp) - plusOnesOf(rows.rsvp);

  let memberChange = change.member;
  if (memberChange === undefined && change.rsvp != null && rows.member?.status === "pending") {
    memberChange = {
      role: rows.member.role,
      status: invitationAnswerOfRsvp(change.rsvp),
    };
  }

  if (memberChange !== undefined) {
    const wanted = memberChange;
    if (wanted === null) {
      if (rows.member !== null) await ctx.db.delete("event_members", rows.member._id);
      member = null;
    } else if (rows.member === null) {
      const id = await ctx.db.insert("event_members", {
        eventId: event._id,
        userId,
        role: wanted.role,
        status: wanted.status,
        invitedBy: wanted.invitedBy ?? null,
        invitationSentAt: wanted.invitedBy ? now : null,
        invitationRespondedAt: wanted.status === "pending" ? null : now,
        roleChangedBy: wanted.roleChangedBy ?? null,
        roleChangedAt: wanted.roleChangedBy ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      member = await ctx.db.get("event_members", id);
    } else {
      const roleChanged = rows.member.role !== wanted.role;
      badgeChange.promoted = roleChanged && wanted.role === "co_host";
      const statusChanged = rows.member.status !== wanted.status;
      const patch: Partial<MemberDoc> = {
        role: wanted.role,
        status: wanted.status,
        updatedAt: now,
        ...(wanted.invitedBy !== undefined ? { invitedBy: wanted.invitedBy } : {}),
        ...(statusChanged && rows.member.status === "pending"
          ? { invitationRespondedAt: now }
          : {}),
        ...(roleChanged ? { roleChangedBy: wanted.roleChangedBy ?? null, roleChangedAt: now } : {}),
      };
      await ctx.db.patch("event_members", rows.member._id, patch);
      member = { ...rows.member, ...patch };
    }
  }

  if (
    rows.member?.status === "pending" &&
    (member?.status === "accepted" || member?.status === "declined")
  ) {
    await recordInvitationResponse(
      ctx,
      userId,
      eventInvitationKey(event._id),
      member.status,
      change.responseMethod ?? "in_app",
    );
  }

  const attends = isAttendee(participationOf(event, userId, { rsvp, member }));
  if (attends && rows.participant === null) {
    await ctx.db.insert("event_participants", {
      eventId: event._id,
      userId,
      startTime: event.startTime,
      endTime: event.endTime,
      isPublic: event.isPublic,
      past: event.ended,
      version: event.participantsVersion,
    });
    await adjustUserEventCounts(ctx, userId, { isPublic: event.isPublic, past: event.ended }, 1);
    if (!event.ended) await syncCrewsOfAttendee(ctx, event._id, userId, null, now);
    counters.attendeeCount += 1;
    badgeChange.attendance = 1;
  } else if (!attends && rows.participant !== null) {
    await deleteParticipantRow(ctx, rows.participant);
    // Check-ins are among a session's attendees: their own goes, and they are nobody's buddy there.
    await removeFromCheckInsOfEvent(ctx, event._id, userId);
    if (!event.ended) await syncCrewsOfAttendee(ctx, event._id, userId, null, now);
    counters.attendeeCount = Math.max(0, counters.attendeeCount - 1);
    badgeChange.attendance = -1;
  }
  const seatsBefore = event.attendeeCount + (event.plusOneCount ?? 0);
  const seatsAfter = counters.attendeeCount + plusOneCount;
  // Never overbooked: more seats only while they fit (a lowered capacity keeps who is in).
  if (seatsAfter > seatsBefore && !fits(event, seatsAfter - seatsBefore))
    throw appError("VALIDATION", CAPACITY_MESSAGES.full);
  await onParticipationChanged(ctx, event, userId, badgeChange, now);

  for (const key of Object.keys(counters) as (keyof typeof counters)[]) {
    if (counters[key] !== event[key]) eventPatch[key] = counters[key];
  }
  if (plusOneCount !== (event.plusOneCount ?? 0)) eventPatch.plusOneCount = plusOneCount;
  if (trendingKey !== event.trendingKey) eventPatch.trendingKey = trendingKey;
  if (Object.keys(eventPatch).length === 0) return event;
  await ctx.db.patch("events", event._id, eventPatch);
  const updated = { ...event, ...eventPatch };
  return seatsAfter < seatsBefore ? await promoteFromWaitlist(ctx, updated, now) : updated;
}

/**
 * Fills free seats from the waitlist: the first people who fit, in order
 * (shared/capacityRules.ts `promotionOrder`, over the first
 * WAITLIST_PROMOTION_SCAN waiting), each going with the plus-ones they asked
 * for and told by a scheduled notification. Run by every write that frees
 * seats and when the host raises the capacity; an ended session promotes no one.
 */
export async function promoteFromWaitlist(
  ctx: MutationCtx,
  event: EventDoc,
  now: number = Date.now(),
): Promise<EventDoc> {
  if ((event.waitlistCount ?? 0) === 0 || event.ended || event.endTime <= now) return event;
  const free = freeSeats(event);
  if (free === 0) return event;
  const waiting = await firstWaitlisted(ctx, event._id, WAITLIST_PROMOTION_SCAN);
  const promoted = new Set(
    promotionOrder(
      free,
      waiting.map((entry) => ({ id: entry._id, plusOnes: entry.plusOnes })),
    ),
  );
  let current = event;
  for (const entry of waiting) {
    if (!promoted.has(entry._id)) continue;
    current = await removeWaitlistEntry(ctx, current, entry);
    current = await changeParticipation(
      ctx,
      current,
      entry.userId,
      { rsvp: "going", plusOnes: entry.plusOnes },
      now,
    );
    await ctx.scheduler.runAfter(0, internal.waitlist.notifyPromoted, {
      eventId: event._id,
      userId: entry.userId,
    });
  }
  return current;
}

/** Deletes a participant row and takes it out of its user's tab counts (the event's counters are the caller's). */
export async function deleteParticipantRow(ctx: MutationCtx, row: ParticipantDoc): Promise<void> {
  await ctx.db.delete("event_participants", row._id);
  await adjustUserEventCounts(ctx, row.userId, { isPublic: row.isPublic, past: row.past }, -1);
}

/**
 * Brings up to `limit` participant rows of `event` up to date with its times,
 * visibility and ended flag (moving them between tab-count buckets).
 * Returns true when every row is current.
 */
export async function syncParticipantRows(
  ctx: MutationCtx,
  event: EventDoc,
  limit: number,
): Promise<boolean> {
  const stale = await ctx.db
    .query("event_participants")
    .withIndex("by_event_and_version", (q) =>
      q.eq("eventId", event._id).lt("version", event.participantsVersion),
    )
    .take(limit);
  for (const row of stale) {
    if (row.isPublic !== event.isPublic || row.past !== event.ended) {
      await adjustUserEventCounts(ctx, row.userId, { isPublic: row.isPublic, past: row.past }, -1);
      await adjustUserEventCounts(
        ctx,
        row.userId,
        { isPublic: event.isPublic, past: event.ended },
        1,
      );
    }
    await ctx.db.patch("event_participants", row._id, {
      startTime: event.startTime,
      endTime: event.endTime,
      isPublic: event.isPublic,
      past: event.ended,
      version: event.participantsVersion,
    });
  }
  return stale.length < limit;
}
