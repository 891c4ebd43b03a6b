/**
 * Lists of events per person, and of people per event, all paginated over
 * one index each:
 * - Your Sessions and profile tabs: a user's `event_participants` rows
 *   (creator ∪ going ∪ accepted member) by end time — upcoming = not ended,
 *   ending soonest first; past = ended, most recent first;
 * - the tab counts: `user_event_counts`, maintained on write;
 * - who attends an event, and the RSVP list of the older page.
 */
import type { PaginationOptions, PaginationResult } from "convex/server";
import type { Infer } from "convex/values";
import type { Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import {
  EVENT_LIST_PAGE_MAX,
  NEXT_EVENTS_LOOKAHEAD,
  PROFILE_PRIVATE_EVENTS_CHECKED_MAX,
  clampPageSize,
  type EventRole,
} from "../../shared/eventAccess";
import { sharesInvitedCrew } from "./crews";
import type { attendeeValidator, myEventCardValidator, rsvpViewValidator } from "./eventValidators";
import { People, eventCard, isListable, type EventCard } from "./eventViews";
import type { EventAccess } from "./events";
import {
  getMember,
  getParticipant,
  getUserEventCounts,
  type EventDoc,
  type ParticipantDoc,
} from "./participation";
import { getProfileByUsername, profileAccessFor } from "./profiles";

export type When = "upcoming" | "past";

function pageOpts(paginationOpts: PaginationOptions): PaginationOptions {
  return {
    ...paginationOpts,
    numItems: clampPageSize(paginationOpts.numItems, EVENT_LIST_PAGE_MAX),
  };
}

function emptyPage<T>(): PaginationResult<T> {
  return { page: [], isDone: true, continueCursor: "" };
}

async function participationPage(
  ctx: QueryCtx,
  userId: Id<"users">,
  when: When,
  paginationOpts: PaginationOptions,
  now: number,
): Promise<PaginationResult<ParticipantDoc>> {
  const rows = ctx.db.query("event_participants");
  return when === "upcoming"
    ? await rows
        .withIndex("by_user_and_end_time", (q) => q.eq("userId", userId).gt("endTime", now))
        .order("asc")
        .paginate(pageOpts(paginationOpts))
    : await rows
        .withIndex("by_user_and_end_time", (q) => q.eq("userId", userId).lte("endTime", now))
        .order("desc")
        .paginate(pageOpts(paginationOpts));
}

/**
 * The events of participant rows that a list can show (rows of an event being
 * deleted are skipped, and so is an event whose times cannot be shown).
 */
async function eventsOf(ctx: QueryCtx, rows: ParticipantDoc[]): Promise<EventDoc[]> {
  const events = await Promise.all(rows.map((row) => ctx.db.get("events", row.eventId)));
  return events.filter((event): event is EventDoc => event !== null && isListable(event));
}

/** A card with the viewer's role in it, for their own lists (Edit for host/co-host, Delete for the host). */
export type MyEventCard = Infer<typeof myEventCardValidator>;

async function withMyRole(
  ctx: QueryCtx,
  event: EventDoc,
  userId: Id<"users">,
  people: People,
): Promise<MyEventCard> {
  const card = await eventCard(ctx, event, people);
  let viewerRole: EventRole = "attendee";
  if (event.createdBy === userId) viewerRole = "host";
  else {
    const member = await getMember(ctx, event._id, userId);
    if (member?.status === "accepted" && member.role === "co_host") viewerRole = "co_host";
  }
  return {
    ...card,
    viewerRole,
    canEdit: viewerRole !== "attendee",
    canDelete: viewerRole === "host",
  };
}

/** Your Sessions: the events the user hosts, is going to, or is an accepted member of. */
export async function myEvents(
  ctx: QueryCtx,
  userId: Id<"users">,
  when: When,
  paginationOpts: PaginationOptions,
  now: number = Date.now(),
): Promise<PaginationResult<MyEventCard>> {
  const result = await participationPage(ctx, userId, when, paginationOpts, now);
  const people = new People(ctx, userId);
  const events = await eventsOf(ctx, result.page);
  return {
    ...result,
    page: await Promise.all(events.map((event) => withMyRole(ctx, event, userId, people))),
  };
}

/**
 * Whether a viewer sees one of someone else's events on their profile:
 * public ones always; private ones when the viewer attends it
 * (going, accepted member, or its creator) or shares its crew.
 */
async function visibleOnProfile(
  ctx: QueryCtx,
  row: Pick<ParticipantDoc, "eventId" | "isPublic">,
  viewerId: Id<"users"> | null,
): Promise<boolean> {
  if (row.isPublic) return true;
  if (viewerId === null) return false;
  if ((await getParticipant(ctx, row.eventId, viewerId)) !== null) return true;
  return await sharesInvitedCrew(ctx, row.eventId, viewerId);
}

/** The owner of a profile the viewer may fully see, or null. */
async function profileOwnerVisibleTo(
  ctx: QueryCtx,
  viewerId: Id<"users"> | null,
  username: string,
) {
  const profile = await getProfileByUsername(ctx, username);
  if (profile === null) return null;
  return (await profileAccessFor(ctx, viewerId, profile)) === "full" ? profile.userId : null;
}

/** A profile's Sessions tab (empty when the viewer may not see the profile). */
export async function profileEvents(
  ctx: QueryCtx,
  viewerId: Id<"users"> | null,
  username: string,
  when: When,
  paginationOpts: PaginationOptions,
  now: number = Date.now(),
): Promise<PaginationResult<EventCard>> {
  const ownerId = await profileOwnerVisibleTo(ctx, viewerId, username);
  if (ownerId === null) return emptyPage();
  const result = await participationPage(ctx, ownerId, when, paginationOpts, now);
  // Judged on the event itself: a row's copy of `isPublic` lags behind a visibility change on a large event.
  const events = await eventsOf(ctx, result.page);
  const visible = await Promise.all(
    events.map((event) =>
      visibleOnProfile(ctx, { eventId: event._id, isPublic: event.isPublic }, viewerId),
    ),
  );
  const people = new People(ctx, viewerId);
  const shown = events.filter((_, index) => visible[index]);
  return {
    ...result,
    page: await Promise.all(shown.map((event) => eventCard(ctx, event, people))),
  };
}

/**
 * The Upcoming / Past tab counts of a profile: the owner's maintained counts
 * for the owner; for others, the public ones plus the private ones they may
 * see (checked among at most 50 of the owner's private events per tab).
 * Null when the viewer may not see the profile.
 */
export async function profileEventCounts(
  ctx: QueryCtx,
  viewerId: Id<"users"> | null,
  username: string,
  now: number = Date.now(),
): Promise<{ upcoming: number; past: number } | null> {
  const ownerId = await profileOwnerVisibleTo(ctx, viewerId, username);
  if (ownerId === null) return null;
  const counts = await getUserEventCounts(ctx, ownerId);
  const c = counts ?? { publicUpcoming: 0, publicPast: 0, privateUpcoming: 0, privatePast: 0 };
  if (viewerId === ownerId) {
    return { upcoming: c.publicUpcoming + c.privateUpcoming, past: c.publicPast + c.privatePast };
  }
  const visiblePrivate = async (when: When, total: number) => {
    if (viewerId === null || total === 0) return 0;
    const rows = await ctx.db
      .query("event_participants")
      .withIndex("by_user_and_is_public_and_end_time", (q) =>
        when === "upcoming"
          ? q.eq("userId", ownerId).eq("isPublic", false).gt("endTime", now)
          : q.eq("userId", ownerId).eq("isPublic", false).lte("endTime", now),
      )
      .take(PROFILE_PRIVATE_EVENTS_CHECKED_MAX);
    const visible = await Promise.all(rows.map((row) => visibleOnProfile(ctx, row, viewerId)));
    return visible.filter(Boolean).length;
  };
  return {
    upcoming: c.publicUpcoming + (await visiblePrivate("upcoming", c.privateUpcoming)),
    past: c.publicPast + (await visiblePrivate("past", c.privatePast)),
  };
}

/** The next session the user attends (live or soonest to start), or null. */
export async function nextEventFor(
  ctx: QueryCtx,
  userId: Id<"users">,
  now: number = Date.now(),
): Promise<EventCard | null> {
  const rows = await ctx.db
    .query("event_participants")
    .withIndex("by_user_and_end_time", (q) => q.eq("userId", userId).gt("endTime", now))
    .take(NEXT_EVENTS_LOOKAHEAD);
  const events = await eventsOf(ctx, rows);
  if (events.length === 0) return null;
  const next = events.reduce((best, event) => (event.startTime < best.startTime ? event : best));
  return await eventCard(ctx, next, new People(ctx, userId));
}

// ---------------------------------------------------------------- people of an event

export type AttendeeView = Infer<typeof attendeeValidator>;

/** Everyone attending (creator ∪ going ∪ accepted), in joining order, with their role. */
export async function attendeesPage(
  ctx: QueryCtx,
  access: EventAccess,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<AttendeeView>> {
  const { event } = access;
  const result = await ctx.db
    .query("event_participants")
    .withIndex("by_event", (q) => q.eq("eventId", event._id))
    .paginate(pageOpts(paginationOpts));
  const people = new People(ctx, access.viewerId);
  const page = await Promise.all(
    result.page.map(async (row): Promise<AttendeeView> => {
      const person = await people.get(row.userId);
      if (row.userId === event.createdBy) return { ...person, role: "host" };
      const member = await getMember(ctx, event._id, row.userId);
      return {
        ...person,
        role: member?.status === "accepted" && member.role === "co_host" ? "co_host" : "attendee",
      };
    }),
  );
  return { ...result, page };
}

export type RsvpView = Infer<typeof rsvpViewValidator>;

/** The older page's RSVP list: going, then maybe, then not going. */
export async function rsvpsPage(
  ctx: QueryCtx,
  access: EventAccess,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<RsvpView>> {
  const result = await ctx.db
    .query("rsvps")
    .withIndex("by_event_and_status", (q) => q.eq("eventId", access.event._id))
    .paginate(pageOpts(paginationOpts));
  const people = new People(ctx, access.viewerId);
  const page = await Promise.all(
    result.page.map(async (row) => ({
      userId: row.userId,
      status: row.status,
      updatedAt: row.updatedAt,
      person: await people.get(row.userId),
    })),
  );
  return { ...result, page };
}
