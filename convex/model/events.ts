/**
 * Events: finding one by slug, code or id; the access helpers (one per
 * guarantee); a user's own RSVP and leaving; creating, editing and ending;
 * the cover image; the stored search text.
 */
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { eventSearchText } from "../../shared/discoverFilters";
import {
  EVENT_ACCESS_MESSAGES,
  canEditEvent,
  canRsvpTo,
  canViewEvent,
  drinkGroupOf,
  isAttendee,
  type Participation,
} from "../../shared/eventAccess";
import {
  admitsNewJoin,
  CAPACITY_MESSAGES,
  capacityError,
  plusOnesAllowedError,
  type CapacitySettings,
} from "../../shared/capacityRules";
import {
  EVENT_ERRORS,
  EVENT_VALIDATION_MESSAGES,
  eventCreateSchema,
  eventEditSchema,
  eventTimesProblem,
  type EventCreateInput,
  type EventEditInput,
  type Place,
} from "../../shared/eventRules";
import type { RsvpStatus } from "../../shared/eventOptions";
import {
  generateEventCode,
  generatePrivateSlug,
  generatePublicSlug,
  parseEventRef,
} from "../../shared/eventSlug";
import { resolveEventTimes } from "../../shared/eventTiming";
import { ERROR_MESSAGES } from "../../shared/errors";
import { invitationAnswerOfRsvp } from "../../shared/eventInvitationRules";
import { firstIssue } from "../../shared/profileRules";
import { onSessionHosted } from "./badgeCounters";
import { sharesInvitedCrew } from "./crews";
import { appError, ensureValid } from "./errors";
import { notifyHostOfRsvp, notifyInviterOfAnswer } from "./eventNotifications";
import {
  changeParticipation,
  participationOf,
  readParticipationRows,
  syncParticipantRows,
  type EventDoc,
  type ParticipationRows,
} from "./participation";
import { countHostedSession } from "./profileStats";
import { getWaitlistEntry, removeWaitlistEntry } from "./waitlistRows";
import { deleteStoredFile, getProfileByUserId } from "./profiles";

export type { EventDoc } from "./participation";

/** The wire payloads: the choice fields arrive as strings so the shared schema can word the error. */
type WithStrings<T, K extends keyof T> = Omit<T, K> & { [P in K]: string };
export type EventCreatePayload = WithStrings<
  EventCreateInput,
  "durationType" | "drinkType" | "vibe"
> &
  CapacitySettings;
export type EventEditPayload = WithStrings<EventEditInput, "drinkType" | "vibe"> &
  CapacitySettings;

/**
 * The capacity fields of the wizard or the edit dialog, checked (VALIDATION
 * at the field, before anything is written); absent ones stay as they are.
 */
function capacityFields(input: CapacitySettings): CapacitySettings {
  ensureValid(capacityError(input.capacity), "capacity");
  ensureValid(plusOnesAllowedError(input.plusOnesAllowed), "plusOnesAllowed");
  return {
    ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
    ...(input.plusOnesAllowed !== undefined ? { plusOnesAllowed: input.plusOnesAllowed } : {}),
  };
}

/** Participant rows brought up to date in the writing mutation; the rest in scheduled batches. */
export const PARTICIPANT_SYNC_BATCH = 200;

// ---------------------------------------------------------------- finding

async function eventByCode(ctx: QueryCtx, code: string): Promise<EventDoc | null> {
  return await ctx.db
    .query("events")
    .withIndex("by_event_code", (q) => q.eq("eventCode", code))
    .unique();
}

async function eventByPublicSlug(ctx: QueryCtx, slug: string): Promise<EventDoc | null> {
  return await ctx.db
    .query("events")
    .withIndex("by_public_slug", (q) => q.eq("publicSlug", slug))
    .unique();
}

async function eventByPrivateSlug(ctx: QueryCtx, slug: string): Promise<EventDoc | null> {
  return await ctx.db
    .query("events")
    .withIndex("by_private_slug", (q) => q.eq("privateSlug", slug))
    .unique();
}

/** An event by the id as a string, or null when it is no events id. */
export async function eventByIdString(ctx: QueryCtx, id: string): Promise<EventDoc | null> {
  const eventId = ctx.db.normalizeId("events", id);
  return eventId === null ? null : await ctx.db.get("events", eventId);
}

/**
 * The event a `/event/{x}` segment names: its code, else its public slug,
 * else its private slug, else its id. 'Invalid event slug provided' when empty.
 */
export async function findEventByRef(ctx: QueryCtx, segment: string): Promise<EventDoc | null> {
  const ref = parseEventRef(segment);
  if (ref === null) throw appError("VALIDATION", EVENT_VALIDATION_MESSAGES.invalidSlug);
  if (ref.code !== null) {
    const event = await eventByCode(ctx, ref.code);
    if (event !== null) return event;
  }
  if (ref.slug !== null) {
    const event =
      (await eventByPublicSlug(ctx, ref.slug)) ?? (await eventByPrivateSlug(ctx, ref.slug));
    if (event !== null) return event;
  }
  return ref.id !== null ? await eventByIdString(ctx, ref.id) : null;
}

export async function getEventOrThrow(ctx: QueryCtx, eventId: Id<"events">): Promise<EventDoc> {
  const event = await ctx.db.get("events", eventId);
  if (event === null) throw appError("NOT_FOUND", EVENT_ERRORS.notFound);
  return event;
}

// ---------------------------------------------------------------- access

export type EventAccess = {
  event: EventDoc;
  viewerId: Id<"users"> | null;
  /** The viewer's rows (all null when signed out). */
  rows: ParticipationRows;
  participation: Participation | null;
  /** The viewer is an accepted member of a crew invited to this private event (looked up only when it decides access). */
  sharesInvitedCrew: boolean;
};

const NO_ROWS: ParticipationRows = { rsvp: null, member: null, participant: null };

async function accessOf(
  ctx: QueryCtx,
  event: EventDoc,
  viewerId: Id<"users"> | null,
): Promise<EventAccess> {
  if (viewerId === null)
    return { event, viewerId, rows: NO_ROWS, participation: null, sharesInvitedCrew: false };
  const rows = await readParticipationRows(ctx, event._id, viewerId);
  const participation = participationOf(event, viewerId, rows);
  const viaCrew =
    !canViewEvent(event, participation) && (await sharesInvitedCrew(ctx, event._id, viewerId));
  return { event, viewerId, rows, participation, sharesInvitedCrew: viaCrew };
}

/**
 * Throws unless `viewerId` may see `event`: public → anyone;
 * private → its creator, users going and accepted members. Signed out on a
 * private event: 'Please sign in to view this private event'.
 */
export function ensureCanView(access: EventAccess): void {
  if (canViewEvent(access.event, access.participation, access.sharesInvitedCrew)) return;
  if (access.viewerId === null)
    throw appError("NOT_AUTHENTICATED", EVENT_ERRORS.signInToViewPrivate);
  throw appError("FORBIDDEN", EVENT_ERRORS.noPermissionToView);
}

/** The event with the viewer's participation, when they may see it. */
export async function getEventEnsuringAccess(
  ctx: QueryCtx,
  event: EventDoc | null,
  viewerId: Id<"users"> | null,
): Promise<EventAccess> {
  if (event === null) throw appError("NOT_FOUND", EVENT_ERRORS.notFound);
  const access = await accessOf(ctx, event, viewerId);
  ensureCanView(access);
  return access;
}

/** The event with the viewer's participation when they may see it, else null (for things inside it that answer "not found"). */
export async function getEventAccessIfVisible(
  ctx: QueryCtx,
  event: EventDoc | null,
  viewerId: Id<"users"> | null,
): Promise<EventAccess | null> {
  if (event === null) return null;
  const access = await accessOf(ctx, event, viewerId);
  return canViewEvent(event, access.participation, access.sharesInvitedCrew) ? access : null;
}

/** Edit: the creator or an accepted co-host ('You do not have permission to edit this event'). */
export async function getEventEnsuringEditor(
  ctx: QueryCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
): Promise<EventAccess> {
  const access = await accessOf(ctx, await getEventOrThrow(ctx, eventId), userId);
  if (!canEditEvent(access.participation!))
    throw appError("FORBIDDEN", EVENT_ERRORS.noPermissionToEdit);
  return access;
}

/**
 * Only the creator: delete ('Only event creator can delete this event'), or
 * promote and demote co-hosts ('Only the event host can promote members to co-host').
 */
export async function getEventEnsuringCreator(
  ctx: QueryCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
  refusal: string = EVENT_ERRORS.onlyCreatorCanDelete,
): Promise<EventDoc> {
  const event = await getEventOrThrow(ctx, eventId);
  if (event.createdBy !== userId) throw appError("FORBIDDEN", refusal);
  return event;
}

/** RSVP writes: the event must not have ended (the join button is gone for past events). */
export function ensureNotEnded(event: EventDoc, now: number = Date.now()): void {
  if (event.ended || event.endTime <= now)
    throw appError("VALIDATION", EVENT_ACCESS_MESSAGES.eventEnded);
}

/**
 * The RSVP rules: not the host ('You are the host of this event'), not after
 * the end, and on a private event only for those it concerns. Returns the
 * user's rows.
 */
export async function ensureMayRsvp(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
): Promise<ParticipationRows> {
  if (event.createdBy === userId) throw appError("FORBIDDEN", EVENT_ERRORS.hostCannotJoin);
  ensureNotEnded(event);
  const rows = await readParticipationRows(ctx, event._id, userId);
  if (
    !canRsvpTo(event, participationOf(event, userId, rows)) &&
    !(await sharesInvitedCrew(ctx, event._id, userId))
  ) {
    throw appError("FORBIDDEN", EVENT_ERRORS.noPermissionToView);
  }
  return rows;
}

/**
 * Sets the user's RSVP after the RSVP rules: not the host ('You are the host
 * of this event'), not after the end, and on a private event only for those
 * it concerns (`canRsvpTo`; others get 'You do not have permission to view
 * this private event'). The host hears of it; an RSVP that answers a pending
 * invitation (`changeParticipation`) is news to its inviter too, unless the
 * inviter is the host, who just heard.
 */
export async function setRsvpEnsuringAllowed(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
  status: RsvpStatus,
  plusOnes?: number,
): Promise<EventDoc> {
  const rows = await ensureMayRsvp(ctx, event, userId);
  // A full session (or one with a queue) takes new people through its waitlist (./waitlist).
  if (
    status === "going" &&
    !isAttendee(participationOf(event, userId, rows)) &&
    !admitsNewJoin(event, plusOnes ?? 0)
  )
    throw appError("VALIDATION", CAPACITY_MESSAGES.full);
  const updated = await changeParticipation(ctx, event, userId, { rsvp: status, plusOnes });
  if (rows.rsvp?.status !== status) await notifyHostOfRsvp(ctx, updated, userId, status);
  const inviterId = rows.member?.status === "pending" ? rows.member.invitedBy : null;
  if (inviterId !== null && inviterId !== event.createdBy) {
    const response = invitationAnswerOfRsvp(status);
    await notifyInviterOfAnswer(ctx, updated, userId, inviterId, response, "in_app");
  }
  return updated;
}

/**
 * Leaves an event ("Leave" on the session page): the RSVP goes, and an accepted
 * membership — except that an accepted invitation returns to pending, so
 * taking back an answer (a 'Maybe' toggled off, which answered it) never
 * deletes an invitation and a private session stays open to answer it; a
 * pending or declined invitation stays as it is. A place on the waitlist goes too.
 */
export async function leaveEvent(
  ctx: MutationCtx,
  event: EventDoc,
  userId: Id<"users">,
): Promise<void> {
  const { member } = await readParticipationRows(ctx, event._id, userId);
  const invitation = member?.role === "attendee" && member.invitedBy !== null;
  const waiting = await getWaitlistEntry(ctx, event._id, userId);
  const current = waiting === null ? event : await removeWaitlistEntry(ctx, event, waiting);
  await changeParticipation(ctx, current, userId, {
    rsvp: null,
    ...(member?.status === "accepted"
      ? { member: invitation ? { role: "attendee", status: "pending" } : null }
      : {}),
  });
}

// ---------------------------------------------------------------- search text

/**
 * What discover may match of the host: only what anyone viewing a public
 * session sees — the name always, the nickname only on a public profile
 * (a private or crew-only one shows it to few, if any).
 */
export async function hostNames(ctx: QueryCtx, userId: Id<"users">) {
  const profile = await getProfileByUserId(ctx, userId);
  return {
    hostDisplayName: profile?.displayName ?? profile?.username ?? null,
    hostNickname: profile?.profileVisibility === "public" ? profile.nickname : null,
  };
}

export function searchTextOf(
  event: Pick<
    EventDoc,
    "title" | "location" | "placeName" | "placeNickname" | "notes" | "drinkType" | "vibe"
  >,
  host: { hostDisplayName: string | null; hostNickname: string | null },
): string {
  return eventSearchText({ ...event, ...host });
}

/**
 * Rebuilds the search text of a host's events that have not ended (only
 * those are searchable), after the host changed their names. Returns the
 * cursor to continue from, or null when done.
 */
export async function refreshSearchTextOfHostedEvents(
  ctx: MutationCtx,
  userId: Id<"users">,
  cursor: string | null,
  now: number = Date.now(),
): Promise<string | null> {
  const host = await hostNames(ctx, userId);
  const result = await ctx.db
    .query("events")
    .withIndex("by_created_by_and_end_time", (q) => q.eq("createdBy", userId).gt("endTime", now))
    .paginate({ numItems: 100, cursor });
  for (const event of result.page) {
    const searchText = searchTextOf(event, host);
    if (searchText !== event.searchText) await ctx.db.patch("events", event._id, { searchText });
  }
  return result.isDone ? null : result.continueCursor;
}

/** Call after a profile edit: refreshes hosted events' search text when the names or the visibility changed. */
export async function afterHostNamesChanged(ctx: MutationCtx, userId: Id<"users">): Promise<void> {
  const cursor = await refreshSearchTextOfHostedEvents(ctx, userId, null);
  if (cursor !== null) {
    await ctx.scheduler.runAfter(0, internal.events.refreshHostSearchText, { userId, cursor });
  }
}

// ---------------------------------------------------------------- creating

function validationError(error: Parameters<typeof firstIssue>[0]) {
  const { field, message } = firstIssue(error);
  return appError("VALIDATION", message, { field });
}

function ensureNoProblem(problem: ReturnType<typeof eventTimesProblem>): void {
  if (problem !== null) throw appError("VALIDATION", problem.message, { field: problem.field });
}

function placeFields(place: Place | null, location: string | null) {
  return {
    location: location ?? place?.address ?? null,
    placeId: place?.placeId ?? null,
    placeName: place?.placeName || null,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
  };
}

async function unique(
  generate: () => string,
  exists: (value: string) => Promise<boolean>,
  what: string,
): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const value = generate();
    if (!(await exists(value))) return value;
  }
  throw new Error(`Could not generate a unique ${what}`);
}

/** Schedules `events.finish` at the end, remembering the job so an edit can cancel it. */
async function scheduleFinish(
  ctx: MutationCtx,
  eventId: Id<"events">,
  endTime: number,
): Promise<Id<"_scheduled_functions">> {
  return await ctx.scheduler.runAt(endTime, internal.events.finish, { eventId });
}

async function cancelFinish(ctx: MutationCtx, event: EventDoc): Promise<void> {
  if (event.endJobId === null) return;
  const job = await ctx.db.system.get("_scheduled_functions", event.endJobId);
  if (job !== null && job.state.kind === "pending") await ctx.scheduler.cancel(event.endJobId);
}

/**
 * Creates an event from the wizard's payload (validated with the shared
 * schema; nothing is written when it fails): end computed, slugs and a
 * unique code generated, the creator counted as attendee (host member row),
 * their "sessions" stat bumped, and its unlisting scheduled at the end.
 */
export async function createEvent(
  ctx: MutationCtx,
  userId: Id<"users">,
  input: EventCreatePayload,
  now: number = Date.now(),
): Promise<EventDoc> {
  const parsed = eventCreateSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  const capacity = capacityFields(input);
  const { startTime, endTime } = resolveEventTimes(data, now, data.timeZone);
  ensureNoProblem(
    eventTimesProblem({ startTime, endTime }, now, { explicitEnd: data.durationType === "custom" }),
  );
  const eventCode = await unique(
    generateEventCode,
    async (code) => (await eventByCode(ctx, code)) !== null,
    "event code",
  );
  const publicSlug = await unique(
    () => generatePublicSlug(data.title),
    async (slug) => (await eventByPublicSlug(ctx, slug)) !== null,
    "public slug",
  );
  const privateSlug = await unique(
    generatePrivateSlug,
    async (slug) => (await eventByPrivateSlug(ctx, slug)) !== null,
    "private slug",
  );
  const details = {
    title: data.title,
    placeNickname: data.placeNickname,
    ...placeFields(data.place, data.location),
    drinkType: data.drinkType,
    vibe: data.vibe,
    notes: data.notes,
  };
  const ended = endTime <= now;
  const eventId = await ctx.db.insert("events", {
    ...details,
    startTime,
    endTime,
    durationType: data.durationType,
    timeZone: data.timeZone,
    drinkGroup: drinkGroupOf(data.drinkType),
    isPublic: data.isPublic,
    publicSlug,
    privateSlug,
    eventCode,
    coverStorageId: null,
    createdBy: userId,
    goingCount: 0,
    maybeCount: 0,
    notGoingCount: 0,
    attendeeCount: 0,
    trendingKey: null,
    ended,
    discoverable: data.isPublic && !ended,
    searchText: searchTextOf(details, await hostNames(ctx, userId)),
    participantsVersion: 0,
    endJobId: null,
    updatedAt: now,
    ...capacity,
  });
  if (!ended)
    await ctx.db.patch("events", eventId, {
      endJobId: await scheduleFinish(ctx, eventId, endTime),
    });
  const event = (await ctx.db.get("events", eventId))!;
  await countHostedSession(ctx, userId, 1);
  await onSessionHosted(ctx, userId);
  return await changeParticipation(
    ctx,
    event,
    userId,
    { member: { role: "host", status: "accepted" } },
    now,
  );
}

// ---------------------------------------------------------------- editing

/** Participant rows in this mutation; the rest scheduled. */
export async function syncParticipantsNowAndLater(
  ctx: MutationCtx,
  event: EventDoc,
): Promise<void> {
  const done = await syncParticipantRows(ctx, event, PARTICIPANT_SYNC_BATCH);
  if (!done)
    await ctx.scheduler.runAfter(0, internal.events.syncParticipants, { eventId: event._id });
}

/**
 * Applies the edit dialog's payload (validated with the shared schema and
 * `eventTimesProblem`: an ended session's times are frozen). The time choice
 * (durationType) is kept: the stored end is explicit now. A new end
 * re-schedules the unlisting; an end moved into the past ends it at once.
 */
export async function updateEvent(
  ctx: MutationCtx,
  event: EventDoc,
  input: EventEditPayload,
  now: number = Date.now(),
): Promise<EventDoc> {
  const parsed = eventEditSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  ensureNoProblem(eventTimesProblem(data, now, { current: event }));
  const capacity = capacityFields(input);
  const details = {
    title: data.title,
    placeNickname: data.placeNickname,
    ...placeFields(data.place, data.location),
    drinkType: data.drinkType,
    vibe: data.vibe,
    notes: data.notes,
  };
  const ended = data.endTime <= now;
  const copiedFieldsChanged =
    data.startTime !== event.startTime ||
    data.endTime !== event.endTime ||
    data.isPublic !== event.isPublic ||
    ended !== event.ended;
  const patch: Partial<EventDoc> = {
    ...details,
    startTime: data.startTime,
    endTime: data.endTime,
    drinkGroup: drinkGroupOf(data.drinkType),
    isPublic: data.isPublic,
    ended,
    discoverable: data.isPublic && !ended,
    searchText: searchTextOf(details, await hostNames(ctx, event.createdBy)),
    participantsVersion: event.participantsVersion + (copiedFieldsChanged ? 1 : 0),
    updatedAt: now,
    ...capacity,
  };
  if (data.endTime !== event.endTime || ended !== event.ended) {
    await cancelFinish(ctx, event);
    patch.endJobId = ended ? null : await scheduleFinish(ctx, event._id, data.endTime);
  }
  await ctx.db.patch("events", event._id, patch);
  const updated = { ...event, ...patch };
  if (copiedFieldsChanged) await syncParticipantsNowAndLater(ctx, updated);
  return updated;
}

/**
 * At the end (scheduled, plus the safety cron): unlisted from discover, and
 * its attendees' rows counted as past. A stale job (the end was moved) does nothing.
 */
export async function finishEvent(
  ctx: MutationCtx,
  eventId: Id<"events">,
  now: number = Date.now(),
): Promise<void> {
  const event = await ctx.db.get("events", eventId);
  if (event === null || event.ended || event.endTime > now) return;
  const patch = {
    ended: true,
    discoverable: false,
    endJobId: null,
    participantsVersion: event.participantsVersion + 1,
  };
  await ctx.db.patch("events", eventId, patch);
  await syncParticipantsNowAndLater(ctx, { ...event, ...patch });
}

/** Events whose end passed without being processed (a missed job): at most `limit` per run. */
export async function finishOverdueEvents(
  ctx: MutationCtx,
  limit: number,
  now: number = Date.now(),
): Promise<number> {
  const overdue = await ctx.db
    .query("events")
    .withIndex("by_ended_and_end_time", (q) => q.eq("ended", false).lte("endTime", now))
    .take(limit);
  for (const event of overdue) await finishEvent(ctx, event._id, now);
  return overdue.length;
}

// ---------------------------------------------------------------- cover

/** Whether `storageId` already belongs to another event's cover. */
export async function isAnotherEventsCover(
  ctx: QueryCtx,
  storageId: Id<"_storage">,
  eventId: Id<"events">,
): Promise<boolean> {
  const owners = await ctx.db
    .query("events")
    .withIndex("by_cover_storage_id", (q) => q.eq("coverStorageId", storageId))
    .take(2);
  return owners.some((owner) => owner._id !== eventId);
}

/** Makes a checked file the cover and deletes the previous one (or just removes it, for null). */
export async function replaceCover(
  ctx: MutationCtx,
  event: EventDoc,
  storageId: Id<"_storage"> | null,
): Promise<void> {
  const previous = event.coverStorageId;
  await ctx.db.patch("events", event._id, { coverStorageId: storageId, updatedAt: Date.now() });
  if (previous !== null && previous !== storageId) await deleteStoredFile(ctx, previous);
}

export { cancelFinish };

/** Signed-in check for actions' internal mutations: the user must still exist. */
export async function ensureUserExists(ctx: QueryCtx, userId: Id<"users">): Promise<void> {
  if ((await ctx.db.get("users", userId)) === null)
    throw appError("NOT_AUTHENTICATED", ERROR_MESSAGES.notAuthenticated);
}
