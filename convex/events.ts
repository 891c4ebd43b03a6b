/**
 * Events: thin public functions over model/events.ts and friends. The
 * caller is always the signed-in user (`getViewerId`); every failure the UI
 * shows is `ConvexError({ code, message })` with the spec's message.
 */
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { action, internalMutation, internalQuery, mutation, query } from "./_generated/server";
import { eventCreateArgs, eventEditArgs, idempotencyKeyValidator } from "./schema";
import { DISCOVER_SORTS, DISCOVER_TIME_FILTERS } from "../shared/discoverFilters";
import { DISCOVER_DRINK_FILTERS } from "../shared/drinks";
import { EVENT_ACCESS_MESSAGES, isAttendee } from "../shared/eventAccess";
import { EVENT_ERRORS, EVENT_VALIDATION_MESSAGES } from "../shared/eventRules";
import { eventPath } from "../shared/eventSlug";
import { ERROR_MESSAGES } from "../shared/errors";
import { discoverCount as countDiscover, discoverPage, upcomingPublicEvents } from "./model/discover";
import { checkAndSetCover } from "./model/eventCovers";
import {
  cleanupDeletedEvent as runEventCleanups,
  cleanupEventRowsOfDeletedUser as runEventRowCleanups,
  deleteEventCascade,
  deleteEventsCreatedBy,
} from "./model/eventCleanup";
import {
  attendeesPage,
  myEvents,
  nextEventFor,
  profileEventCounts,
  profileEvents,
} from "./model/eventLists";
import {
  createEvent,
  ensureNotEnded,
  ensureUserExists,
  eventByIdString,
  findEventByRef,
  finishEvent,
  finishOverdueEvents,
  getEventEnsuringAccess,
  getEventEnsuringCreator,
  getEventEnsuringEditor,
  getEventOrThrow,
  isAnotherEventsCover,
  leaveEvent,
  PARTICIPANT_SYNC_BATCH,
  refreshSearchTextOfHostedEvents,
  replaceCover,
  updateEvent,
} from "./model/events";
import {
  notifyAttendeesOfCancellation,
  notifyRoleChange,
  notifyAttendeesOfChange,
  sessionChangeOf,
} from "./model/eventNotifications";
import { coverUrlOf, eventPageView, viewerState } from "./model/eventViews";
import {
  attendeeValidator,
  discoverCountValidator,
  eventByIdValidator,
  eventCardValidator,
  eventCountsValidator,
  eventPageValidator,
  myEventCardValidator,
} from "./model/eventValidators";
import { appError } from "./model/errors";
import { runOnce } from "./model/idempotency";
import { internal } from "./_generated/api";
import {
  changeParticipation,
  participationOf,
  readParticipationRows,
  syncParticipantRows,
} from "./model/participation";
import { isAnotherUsersAvatar } from "./model/profiles";
import { planReminders } from "./model/reminders";
import { sharePreview } from "./model/sharePage";
import { afterCapacityChanged, joinOrWaitlist } from "./model/waitlist";
import { generateUploadUrlFor } from "./model/uploads";
import { getViewerId, requireViewerId, requireViewerIdInAction } from "./model/viewer";

const whenValidator = v.union(v.literal("upcoming"), v.literal("past"));

/** Discover's filters (defaults: sort date, time all, drink all); `timeZone` is the viewer's. */
const discoverFilterArgs = {
  sort: v.optional(v.union(...DISCOVER_SORTS.map((value) => v.literal(value)))),
  time: v.optional(v.union(...DISCOVER_TIME_FILTERS.map((value) => v.literal(value)))),
  drink: v.optional(v.union(...DISCOVER_DRINK_FILTERS.map((value) => v.literal(value)))),
  search: v.optional(v.string()),
  timeZone: v.optional(v.string()),
};

// ---------------------------------------------------------------- reading

/**
 * Discover (no sign-in): public events that have not ended, one page of
 * cards (`usePaginatedQuery`; at most 50 per page). Defaults: sort date,
 * time all, drink all. `timeZone` is the viewer's (tonight/tomorrow/weekend).
 * A page can hold fewer items than asked (filters applied to the page) while
 * more remain — see model/discover.ts.
 */
export const discover = query({
  args: { paginationOpts: paginationOptsValidator, ...discoverFilterArgs },
  returns: paginationResultValidator(eventCardValidator),
  handler: async (ctx, args) => await discoverPage(ctx, null, args),
});

/**
 * Discover's true total for 'Found N sessions', same filters as `discover`:
 * `{ count, more }` — exact up to 50, else 50 with `more` ('50+').
 */
export const discoverCount = query({
  args: discoverFilterArgs,
  returns: discoverCountValidator,
  handler: async (ctx, args) => await countDiscover(ctx, args),
});

/**
 * The event page (`/event/{x}`, `/private-event/{x}`): `x` is an event code,
 * public slug, private slug or id (tried in that order). Returns
 * `{ event, host, coHosts, attendees (first 5), viewer }`.
 * Errors: VALIDATION 'Invalid event slug provided'; NOT_FOUND 'Event not found';
 * NOT_AUTHENTICATED 'Please sign in to view this private event';
 * FORBIDDEN 'You do not have permission to view this private event'.
 */
export const get = query({
  args: { slugOrCodeOrId: v.string() },
  returns: eventPageValidator,
  handler: async (ctx, { slugOrCodeOrId }) => {
    const viewerId = await getViewerId(ctx);
    const access = await getEventEnsuringAccess(
      ctx,
      await findEventByRef(ctx, slugOrCodeOrId),
      viewerId,
    );
    return await eventPageView(ctx, access);
  },
});

/**
 * The older page (`/events/{id}`): the event with its RSVP counts per status
 * and the viewer's state (its RSVP list: `rsvps.list`).
 * Errors: VALIDATION 'Invalid Event URL' (not an event id); NOT_FOUND; the view errors of `get`.
 */
export const getById = query({
  args: { eventId: v.string() },
  returns: eventByIdValidator,
  handler: async (ctx, { eventId }) => {
    if (ctx.db.normalizeId("events", eventId.trim()) === null) {
      throw appError("VALIDATION", EVENT_VALIDATION_MESSAGES.invalidEventUrl);
    }
    const viewerId = await getViewerId(ctx);
    const access = await getEventEnsuringAccess(
      ctx,
      await eventByIdString(ctx, eventId.trim()),
      viewerId,
    );
    const { event } = access;
    const viewer = viewerState(access);
    return {
      event: {
        _id: event._id,
        title: event.title,
        startTime: event.startTime,
        endTime: event.endTime,
        durationType: event.durationType,
        timeZone: event.timeZone,
        placeNickname: event.placeNickname,
        placeName: event.placeName,
        location: event.location,
        notes: event.notes,
        drinkType: event.drinkType,
        vibe: event.vibe,
        isPublic: event.isPublic,
        path: eventPath(event),
        coverUrl: await coverUrlOf(ctx, event),
        attendeeCount: event.attendeeCount,
      },
      counts: { going: event.goingCount, maybe: event.maybeCount, notGoing: event.notGoingCount },
      // The older page: edit and delete for the creator only.
      viewer: { ...viewer, canEdit: viewer.canDelete },
    };
  },
});

/** Everyone attending an event, with roles, in joining order (the edit dialog's Attendees step). */
export const attendees = query({
  args: { eventId: v.id("events"), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(attendeeValidator),
  handler: async (ctx, { eventId, paginationOpts }) => {
    const access = await getEventEnsuringAccess(
      ctx,
      await ctx.db.get("events", eventId),
      await getViewerId(ctx),
    );
    return await attendeesPage(ctx, access, paginationOpts);
  },
});

/**
 * Your Sessions: the caller's events as creator, going or accepted member;
 * upcoming (not ended, ending soonest first) or past (most recent first).
 * Cards carry `viewerRole`, `canEdit`, `canDelete`.
 */
export const mine = query({
  args: { paginationOpts: paginationOptsValidator, when: whenValidator },
  returns: paginationResultValidator(myEventCardValidator),
  handler: async (ctx, { paginationOpts, when }) => {
    const userId = await requireViewerId(ctx);
    return await myEvents(ctx, userId, when, paginationOpts);
  },
});

/**
 * A profile's Sessions tab. Someone else's private events appear only when
 * the viewer attends them (going or accepted member) or shares their crew.
 * Empty when the viewer may not see the profile.
 */
export const forProfile = query({
  args: { username: v.string(), when: whenValidator, paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(eventCardValidator),
  handler: async (ctx, { username, when, paginationOpts }) =>
    await profileEvents(ctx, await getViewerId(ctx), username, when, paginationOpts),
});

/** The Upcoming / Past tab counts of a profile, `{ upcoming, past }`, or null when hidden. */
export const profileCounts = query({
  args: { username: v.string() },
  returns: v.union(eventCountsValidator, v.null()),
  handler: async (ctx, { username }) =>
    await profileEventCounts(ctx, await getViewerId(ctx), username),
});

/** The caller's next session (live, or soonest to start) as a card; null when none or signed out. */
export const nextForMe = query({
  args: {},
  returns: v.union(eventCardValidator, v.null()),
  handler: async (ctx) => {
    const userId = await getViewerId(ctx);
    return userId === null ? null : await nextEventFor(ctx, userId);
  },
});

// ---------------------------------------------------------------- writing

/**
 * Creates an event from the wizard. Validation messages are the spec's
 * (VALIDATION with `field`); nothing is written on failure. The creator is
 * its host and first attendee. Returns `{ eventId, publicSlug, privateSlug, eventCode, path }`.
 */
export const create = mutation({
  args: eventCreateArgs,
  handler: async (ctx, args) => {
    const userId = await requireViewerId(ctx);
    const event = await createEvent(ctx, userId, args);
    await planReminders(ctx, event);
    return {
      eventId: event._id,
      publicSlug: event.publicSlug,
      privateSlug: event.privateSlug,
      eventCode: event.eventCode,
      path: eventPath(event),
    };
  },
});

/**
 * Saves the edit dialog (creator or co-host). The end defaults to start + 3 h.
 * Errors: FORBIDDEN 'You do not have permission to edit this event'; VALIDATION; NOT_FOUND.
 */
export const update = mutation({
  args: { eventId: v.id("events"), ...eventEditArgs },
  handler: async (ctx, { eventId, ...input }) => {
    const userId = await requireViewerId(ctx);
    const { event } = await getEventEnsuringEditor(ctx, eventId, userId);
    const updated = await afterCapacityChanged(ctx, event, await updateEvent(ctx, event, input));
    await planReminders(ctx, updated);
    const change = sessionChangeOf(event, updated);
    if (change !== null && !updated.ended)
      await notifyAttendeesOfChange(ctx, eventId, change, userId, null);
    return { eventId, path: eventPath(updated) };
  },
});

/** Deletes an event with everything in it. FORBIDDEN 'Only event creator can delete this event'. */
export const remove = mutation({
  args: { eventId: v.id("events") },
  handler: async (ctx, { eventId }) => {
    const userId = await requireViewerId(ctx);
    const event = await getEventEnsuringCreator(ctx, eventId, userId);
    if (!event.ended) await notifyAttendeesOfCancellation(ctx, event);
    await deleteEventCascade(ctx, event);
    return null;
  },
});

/**
 * Joins (RSVP going, with `plusOnes` as the session allows): going when the
 * party fits and nobody waits, else onto the waitlist, answered
 * `{ status: "waitlisted", place }`. Errors: NOT_AUTHENTICATED 'Please sign
 * in to join events'; FORBIDDEN 'You are the host of this event' / 'You do
 * not have permission to view this private event'; VALIDATION 'This session
 * has already ended' / the plus-ones rule (field plusOnes).
 */
export const join = mutation({
  args: {
    eventId: v.id("events"),
    idempotencyKey: idempotencyKeyValidator,
    plusOnes: v.optional(v.number()),
  },
  handler: async (ctx, { eventId, idempotencyKey, plusOnes }) => {
    const userId = await getViewerId(ctx);
    if (userId === null) throw appError("NOT_AUTHENTICATED", EVENT_ERRORS.signInToJoin);
    return await runOnce(ctx, userId, idempotencyKey, "events:join", async () => {
      const event = await getEventOrThrow(ctx, eventId);
      return await joinOrWaitlist(ctx, event, userId, plusOnes ?? 0);
    });
  },
});

/**
 * Leaves: removes the caller's RSVP, accepted membership and place on the
 * waitlist (the seats freed go to the waitlist); a pending or declined
 * invitation stays (the host cannot leave).
 * Errors: FORBIDDEN 'The host cannot leave their own event'; VALIDATION 'This session has already ended'.
 */
export const leave = mutation({
  args: { eventId: v.id("events"), idempotencyKey: idempotencyKeyValidator },
  handler: async (ctx, { eventId, idempotencyKey }) => {
    const userId = await requireViewerId(ctx);
    return await runOnce(ctx, userId, idempotencyKey, "events:leave", async () => {
      const event = await getEventOrThrow(ctx, eventId);
      if (event.createdBy === userId)
        throw appError("FORBIDDEN", EVENT_ACCESS_MESSAGES.hostCannotLeave);
      ensureNotEnded(event);
      await leaveEvent(ctx, event, userId);
      return null;
    });
  },
});

/**
 * Makes an attendee (going or accepted member) a co-host; creator only.
 * Errors: FORBIDDEN 'Only the event host can promote members to co-host' /
 * 'The event host cannot be promoted or demoted'; VALIDATION 'Only attendees can be promoted to co-host'.
 */
export const promoteCoHost = mutation({
  args: { eventId: v.id("events"), userId: v.id("users") },
  handler: async (ctx, { eventId, userId: targetId }) => {
    const userId = await requireViewerId(ctx);
    const event = await getEventEnsuringCreator(
      ctx,
      eventId,
      userId,
      EVENT_ERRORS.onlyHostCanPromote,
    );
    if (targetId === event.createdBy) throw appError("FORBIDDEN", EVENT_ERRORS.hostCannotBeChanged);
    const rows = await readParticipationRows(ctx, eventId, targetId);
    if (!isAttendee(participationOf(event, targetId, rows))) {
      throw appError("VALIDATION", EVENT_ACCESS_MESSAGES.onlyAttendeesCanBeCoHosts);
    }
    if (rows.member?.role !== "co_host" || rows.member.status !== "accepted") {
      await changeParticipation(ctx, event, targetId, {
        member: { role: "co_host", status: "accepted", roleChangedBy: userId },
      });
      await notifyRoleChange(ctx, event, targetId, userId, "co_host");
    }
    return null;
  },
});

/** Makes a co-host an attendee again; creator only. VALIDATION 'This member is not a co-host'. */
export const demoteCoHost = mutation({
  args: { eventId: v.id("events"), userId: v.id("users") },
  handler: async (ctx, { eventId, userId: targetId }) => {
    const userId = await requireViewerId(ctx);
    const event = await getEventEnsuringCreator(
      ctx,
      eventId,
      userId,
      EVENT_ERRORS.onlyHostCanPromote,
    );
    if (targetId === event.createdBy) throw appError("FORBIDDEN", EVENT_ERRORS.hostCannotBeChanged);
    const rows = await readParticipationRows(ctx, eventId, targetId);
    if (rows.member?.role !== "co_host")
      throw appError("VALIDATION", EVENT_ACCESS_MESSAGES.notACoHost);
    await changeParticipation(ctx, event, targetId, {
      member: { role: "attendee", status: rows.member.status, roleChangedBy: userId },
    });
    await notifyRoleChange(ctx, event, targetId, userId, "attendee");
    return null;
  },
});

// ---------------------------------------------------------------- cover image

/** A one-time URL to POST the cover file to; then pass the storageId to `setCover`. */
export const generateCoverUploadUrl = mutation({
  args: {},
  handler: async (ctx) => {
    return await generateUploadUrlFor(ctx, await requireViewerId(ctx));
  },
});

/**
 * Makes an uploaded file the event's cover (creator or co-host) after
 * checking it by its bytes: JPEG/PNG/WebP, at most 5 MB; a refused file is
 * deleted, a replaced cover too. Returns `{ coverUrl }`.
 * Errors: FILE_TYPE_NOT_ALLOWED 'Cover image must be JPEG, PNG, or WebP';
 * FILE_TOO_LARGE 'Cover image must be less than 5MB' (`field: "cover"`); FORBIDDEN; NOT_FOUND.
 */
export const setCover = action({
  args: { eventId: v.id("events"), storageId: v.id("_storage") },
  handler: async (ctx, { eventId, storageId }): Promise<{ coverUrl: string | null }> => {
    const userId = await requireViewerIdInAction(ctx);
    return await checkAndSetCover(ctx, userId, eventId, storageId);
  },
});

/** Removes the cover (the vibe's default shows); the file is deleted. */
export const removeCover = mutation({
  args: { eventId: v.id("events") },
  handler: async (ctx, { eventId }) => {
    const userId = await requireViewerId(ctx);
    const { event } = await getEventEnsuringEditor(ctx, eventId, userId);
    await replaceCover(ctx, event, null);
    return null;
  },
});

// ---------------------------------------------------------------- internal

/** For `setCover`: the file's size and declared type, after checking the user may edit. */
export const coverUploadInfo = internalQuery({
  args: { userId: v.id("users"), eventId: v.id("events"), storageId: v.id("_storage") },
  handler: async (ctx, { userId, eventId, storageId }) => {
    await ensureUserExists(ctx, userId);
    await getEventEnsuringEditor(ctx, eventId, userId);
    const file = await ctx.db.system.get("_storage", storageId);
    if (file === null) return null;
    return {
      size: file.size,
      contentType: file.contentType ?? null,
      inUseElsewhere:
        (await isAnotherEventsCover(ctx, storageId, eventId)) ||
        (await isAnotherUsersAvatar(ctx, storageId, userId)),
    };
  },
});

/** Skips the file checks: only for `setCover` after it has made them. */
export const setCoverAfterChecks = internalMutation({
  args: { userId: v.id("users"), eventId: v.id("events"), storageId: v.id("_storage") },
  handler: async (ctx, { userId, eventId, storageId }) => {
    if ((await ctx.db.get("users", userId)) === null) {
      await ctx.storage.delete(storageId);
      throw appError("NOT_AUTHENTICATED", ERROR_MESSAGES.notAuthenticated);
    }
    const { event } = await getEventEnsuringEditor(ctx, eventId, userId);
    await replaceCover(ctx, event, storageId);
    return { coverUrl: await ctx.storage.getUrl(storageId) };
  },
});

/** Scheduled at the event's end: unlist it and count it as past for its attendees. */
export const finish = internalMutation({
  args: { eventId: v.id("events") },
  handler: async (ctx, { eventId }) => {
    await finishEvent(ctx, eventId);
    return null;
  },
});

/** Safety net (crons.ts): events whose end passed without their job having run. */
export const finishOverdue = internalMutation({
  args: {},
  handler: async (ctx) => {
    const finished = await finishOverdueEvents(ctx, 50);
    if (finished === 50) await ctx.scheduler.runAfter(0, internal.events.finishOverdue, {});
    return finished;
  },
});

/** Continues bringing an event's participant rows up to date. */
export const syncParticipants = internalMutation({
  args: { eventId: v.id("events") },
  handler: async (ctx, { eventId }) => {
    const event = await ctx.db.get("events", eventId);
    if (event === null) return null;
    if (!(await syncParticipantRows(ctx, event, PARTICIPANT_SYNC_BATCH))) {
      await ctx.scheduler.runAfter(0, internal.events.syncParticipants, { eventId });
    }
    return null;
  },
});

/** Continues deleting a deleted event's rows (EVENT_CLEANUPS). */
export const cleanupDeletedEvent = internalMutation({
  args: { eventId: v.id("events") },
  handler: async (ctx, { eventId }) => {
    await runEventCleanups(ctx, eventId);
    return null;
  },
});

/** Continues deleting the events of a deleted account. */
export const deleteEventsOfDeletedUser = internalMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    if (!(await deleteEventsCreatedBy(ctx, userId))) {
      await ctx.scheduler.runAfter(0, internal.events.deleteEventsOfDeletedUser, { userId });
    }
    return null;
  },
});

/** Continues removing a deleted account's RSVPs, memberships and participant rows (it schedules itself). */
export const cleanupEventRowsOfDeletedUser = internalMutation({
  args: { userId: v.id("users") },
  handler: async (ctx, { userId }) => {
    await runEventRowCleanups(ctx, userId);
    return null;
  },
});

/** Continues refreshing a host's events' search text after a rename. */
export const refreshHostSearchText = internalMutation({
  args: { userId: v.id("users"), cursor: v.string() },
  handler: async (ctx, { userId, cursor }) => {
    const next = await refreshSearchTextOfHostedEvents(ctx, userId, cursor);
    if (next !== null)
      await ctx.scheduler.runAfter(0, internal.events.refreshHostSearchText, {
        userId,
        cursor: next,
      });
    return null;
  },
});

/** For the share page (http.ts). */
export const sharePreviewFor = internalQuery({
  args: { segment: v.string() },
  handler: async (ctx, { segment }) => await sharePreview(ctx, segment),
});

/** For `GET /public-events` (http.ts). */
export const publicFeed = internalQuery({
  args: {},
  handler: async (ctx) => await upcomingPublicEvents(ctx),
});
