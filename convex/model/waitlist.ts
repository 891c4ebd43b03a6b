/**
 * Capacity, waitlist and plus-ones on the session page: joining (going when
 * the party fits and nobody waits, else at the end of the waitlist), picking
 * plus-ones, the host's waitlist and promoting someone
 * by hand, and telling a promoted person. The seats themselves are counted,
 * guarded and refilled in ./participation (`changeParticipation`,
 * `promoteFromWaitlist`), the one write path; leaving the waitlist is
 * leaving the session (./events `leaveEvent`).
 */
import type { PaginationOptions, PaginationResult } from "convex/server";
import type { Infer } from "convex/values";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import {
  admitsNewJoin,
  CAPACITY_MAX,
  CAPACITY_MESSAGES,
  fits,
  partySize,
  seatsUsed,
  plusOnesError,
  WAITLIST_PAGE_MAX,
} from "../../shared/capacityRules";
import { clampPageSize, isAttendee } from "../../shared/eventAccess";
import { NOTIFICATION_TEXTS } from "../../shared/notificationRules";
import { appError, ensureValid } from "./errors";
import { eventNotificationData } from "./eventNotifications";
import { People } from "./eventViews";
import type { waitlistRowValidator } from "./waitlistValidators";
import {
  ensureMayRsvp,
  ensureNotEnded,
  getEventEnsuringEditor,
  setRsvpEnsuringAllowed,
  type EventAccess,
} from "./events";
import { queueEmailToUser } from "./emailQueue";
import { eventEmailDetails } from "./invitationEmails";
import { createNotification } from "./notifications";
import {
  changeParticipation,
  participationOf,
  promoteFromWaitlist,
  readParticipationRows,
  type EventDoc,
} from "./participation";
import {
  addToWaitlist,
  getWaitlistEntry,
  removeWaitlistEntry,
  waitlistPlace,
  type WaitlistDoc,
} from "./waitlistRows";

export type JoinResult = { status: "going" } | { status: "waitlisted"; place: number };


/**
 * Joins: going when the person already attends, or when their party fits and
 * nobody is waiting; otherwise onto the end of the waitlist (their place kept
 * if they are on it already). Checked and admitted in this one mutation, so
 * concurrent joins on the last seat never overbook it. The RSVP rules are
 * `setRsvpEnsuringAllowed`'s. Without `plusOnes` (an RSVP of "going" on the
 * older page) the person keeps the plus-ones they have, going or waiting.
 */
export async function joinOrWaitlist(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
  chosenPlusOnes?: number,
): Promise<JoinResult> {
  // Plus-ones kept from before are not checked again: a lowered allowance removes no one's.
  if (chosenPlusOnes !== undefined) ensureValid(plusOnesError(chosenPlusOnes, event), "plusOnes");
  const plusOnes = chosenPlusOnes ?? (await currentPlusOnes(ctx, event, userId));
  const rows = await ensureMayRsvp(ctx, event, userId);
  const attends = isAttendee(participationOf(event, userId, rows));
  const extraSeats = attends ? plusOnes - (rows.rsvp?.status === "going" ? (rows.rsvp.plusOnes ?? 0) : 0) : partySize(plusOnes);
  const admitted = attends ? extraSeats <= 0 || fits(event, extraSeats) : admitsNewJoin(event, plusOnes);
  if (admitted) {
    const entry = await getWaitlistEntry(ctx, event._id, userId);
    const current = entry === null ? event : await removeWaitlistEntry(ctx, event, entry);
    await setRsvpEnsuringAllowed(ctx, current, userId, "going", plusOnes);
    return { status: "going" };
  }
  if (attends) throw appError("VALIDATION", CAPACITY_MESSAGES.full, { field: "plusOnes" });
  const { entry } = await addToWaitlist(ctx, event, userId, plusOnes);
  return { status: "waitlisted", place: await waitlistPlace(ctx, entry) };
}

/** The plus-ones someone has now: on their waitlist row, else on their RSVP while going, else none. */
async function currentPlusOnes(ctx: QueryCtx, event: EventDoc, userId: Id<"users">): Promise<number> {
  const entry = await getWaitlistEntry(ctx, event._id, userId);
  if (entry !== null) return entry.plusOnes;
  const { rsvp } = await readParticipationRows(ctx, event._id, userId);
  return rsvp?.status === "going" ? (rsvp.plusOnes ?? 0) : 0;
}

/**
 * Changes the plus-ones of someone going (fewer frees seats for the
 * waitlist; more only while they fit) or waiting (their place is kept).
 */
export async function setPlusOnes(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
  plusOnes: number,
): Promise<void> {
  ensureNotEnded(event);
  ensureValid(plusOnesError(plusOnes, event), "plusOnes");
  const entry = await getWaitlistEntry(ctx, event._id, userId);
  if (entry !== null) {
    await addToWaitlist(ctx, event, userId, plusOnes);
    return;
  }
  const rows = await readParticipationRows(ctx, event._id, userId);
  if (rows.rsvp?.status !== "going")
    throw appError("VALIDATION", CAPACITY_MESSAGES.plusOnesNeedGoing, { field: "plusOnes" });
  await changeParticipation(ctx, event, userId, { plusOnes });
}

/**
 * After an edit: a raised (or removed) capacity fills from the waitlist; a
 * lowered one removes no one and only stops new joins.
 */
export async function afterCapacityChanged(
  ctx: MutationCtx,
  before: EventDoc,
  after: EventDoc,
): Promise<EventDoc> {
  const raised =
    before.capacity != null && (after.capacity == null || after.capacity > before.capacity);
  return raised ? await promoteFromWaitlist(ctx, after) : after;
}

/**
 * The host or a co-host moves someone from the waitlist to going, out of
 * order. When their party does not fit, the capacity grows by what they need
 * (the host's explicit choice, so the session is still never over its
 * capacity), up to CAPACITY_MAX ('There is no free spot for this person and
 * their plus-ones').
 */
export async function promoteByHand(
  ctx: MutationCtx,
  eventId: Id<"events">,
  editorId: Id<"users">,
  targetId: Id<"users">,
): Promise<void> {
  const { event } = await getEventEnsuringEditor(ctx, eventId, editorId);
  ensureNotEnded(event);
  const entry = await getWaitlistEntry(ctx, eventId, targetId);
  if (entry === null) throw appError("NOT_FOUND", CAPACITY_MESSAGES.notOnWaitlist);
  let current = await removeWaitlistEntry(ctx, event, entry);
  const needed = seatsUsed(current) + partySize(entry.plusOnes);
  if (current.capacity != null && needed > current.capacity) {
    if (needed > CAPACITY_MAX) throw appError("VALIDATION", CAPACITY_MESSAGES.noSpotForThem);
    await ctx.db.patch("events", eventId, { capacity: needed });
    current = { ...current, capacity: needed };
  }
  await changeParticipation(ctx, current, targetId, { rsvp: "going", plusOnes: entry.plusOnes });
  await tellPromoted(ctx, eventId, targetId);
}

export type WaitlistRowView = Infer<typeof waitlistRowValidator>;

/** The waitlist in order, paginated (at most WAITLIST_PAGE_MAX a page); the host and co-hosts only. */
export async function waitlistPage(
  ctx: QueryCtx,
  access: EventAccess,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<WaitlistRowView>> {
  const result = await ctx.db
    .query("event_waitlist")
    .withIndex("by_event", (q) => q.eq("eventId", access.event._id))
    .paginate({ ...paginationOpts, numItems: clampPageSize(paginationOpts.numItems, WAITLIST_PAGE_MAX) });
  const people = new People(ctx, access.viewerId);
  const page = await Promise.all(
    result.page.map(async (row: WaitlistDoc) => ({
      ...(await people.get(row.userId)),
      plusOnes: row.plusOnes,
      joinedAt: row._creationTime,
    })),
  );
  return { ...result, page };
}

/**
 * A promoted person hears it in the bell (pushed to their devices) and by
 * e-mail as their preferences say (the reminders category: it is about a
 * session they are now going to). A session gone meanwhile tells no one.
 */
export async function tellPromoted(
  ctx: MutationCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
): Promise<void> {
  const event = await ctx.db.get("events", eventId);
  if (event === null) return;
  await createNotification(ctx, {
    userId,
    type: "waitlist_promoted",
    ...NOTIFICATION_TEXTS.waitlistPromoted(event.title),
    data: eventNotificationData(event),
    eventId,
  });
  const details = eventEmailDetails(event);
  await queueEmailToUser(ctx, userId, {
    category: "event_reminder",
    template: "waitlist_promoted",
    props: () => Promise.resolve(details),
    data: { event_id: event._id, event_title: event.title },
    digest: {
      category: "event_reminder",
      title: "A spot opened up: you're in",
      detail: `${event.title}, ${details.eventDateTime}`,
      url: details.eventUrl,
      expiresAt: event.startTime,
    },
  });
}
