/**
 * What clients get of events and people: event cards (discover, lists,
 * feeds), the event page, and the people on it. Every read is a point read
 * or a bounded index range, so a page costs the same whatever the number of
 * attendees.
 */
import type { Infer } from "convex/values";
import type { Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import {
  EVENT_PAGE_ATTENDEES_SHOWN,
  EVENT_PAGE_CO_HOSTS_MAX,
  canEditEvent,
  canRsvpTo,
  eventRoleOf,
  isAttendee,
} from "../../shared/eventAccess";
import { eventPath } from "../../shared/eventSlug";
import { hasShowableTimes } from "../../shared/eventTiming";
import { fallbackDisplayName, profileDisplayName } from "../../shared/profileRules";
import { averageRating } from "../../shared/recapRules";
import type {
  eventCardValidator,
  eventPageValidator,
  personView,
  viewerStateValidator,
} from "./eventValidators";
import type { EventAccess } from "./events";
import type { EventDoc } from "./participation";
import { avatarUrlOf, getProfileByUserId, profileAccessFor } from "./profiles";
import { crawlStartOf } from "./stopRows";
import { getWaitlistEntry, waitlistPlace } from "./waitlistRows";

// ---------------------------------------------------------------- people

/**
 * A person as an event shows them: name and username always (they are on
 * the event); nickname and avatar only when the viewer may see their full
 * profile (the profile visibility rule: docs/product-rules.md#profiles-and-accounts).
 */
export type PersonView = Infer<typeof personView>;

/** Person views for one response, each profile read once. */
export class People {
  private readonly cache = new Map<Id<"users">, Promise<PersonView>>();
  constructor(
    private readonly ctx: QueryCtx,
    private readonly viewerId: Id<"users"> | null,
  ) {}

  get(userId: Id<"users">): Promise<PersonView> {
    let view = this.cache.get(userId);
    if (view === undefined) {
      view = this.load(userId);
      this.cache.set(userId, view);
    }
    return view;
  }

  private async load(userId: Id<"users">): Promise<PersonView> {
    const profile = await getProfileByUserId(this.ctx, userId);
    if (profile === null) {
      return {
        userId,
        username: null,
        displayName: fallbackDisplayName(userId),
        nickname: null,
        avatarUrl: null,
      };
    }
    const full = (await profileAccessFor(this.ctx, this.viewerId, profile)) === "full";
    return {
      userId,
      username: profile.username,
      displayName: profileDisplayName(profile),
      nickname: full ? profile.nickname : null,
      avatarUrl: full ? await avatarUrlOf(this.ctx, profile) : null,
    };
  }
}

// ---------------------------------------------------------------- cards

export async function coverUrlOf(ctx: QueryCtx, event: EventDoc): Promise<string | null> {
  return event.coverStorageId === null ? null : await ctx.storage.getUrl(event.coverStorageId);
}

/**
 * An event card. `coverUrl` null means "use the vibe's default cover"
 * (the client's `defaultCover(vibe)`); `path` is where the event page lives
 * (/event/{publicSlug} or /private-event/{privateSlug}).
 */
export async function eventCard(ctx: QueryCtx, event: EventDoc, people: People): Promise<EventCard> {
  return {
    _id: event._id,
    createdAt: event._creationTime,
    updatedAt: event.updatedAt,
    title: event.title,
    placeNickname: event.placeNickname,
    location: event.location,
    placeName: event.placeName,
    latitude: event.latitude,
    longitude: event.longitude,
    startTime: event.startTime,
    endTime: event.endTime,
    durationType: event.durationType,
    timeZone: event.timeZone,
    drinkType: event.drinkType,
    vibe: event.vibe,
    notes: event.notes,
    isPublic: event.isPublic,
    publicSlug: event.publicSlug,
    eventCode: event.eventCode,
    path: eventPath(event),
    coverUrl: await coverUrlOf(ctx, event),
    goingCount: event.goingCount,
    maybeCount: event.maybeCount,
    attendeeCount: event.attendeeCount,
    /** Seats (shared/capacityRules.ts `goingLabel`): null capacity is no limit. */
    capacity: event.capacity ?? null,
    plusOnesAllowed: event.plusOnesAllowed ?? 0,
    plusOneCount: event.plusOneCount ?? 0,
    waitlistCount: event.waitlistCount ?? 0,
    /** Ratings: average to 1 decimal (null without ratings) and how many. */
    averageRating: averageRating(event.ratingSum ?? 0, event.ratingCount ?? 0),
    totalRatings: event.ratingCount ?? 0,
    /** shared/discoverFilters.ts `trendingScore(trendingKey, now)` gives the decayed count. */
    trendingKey: event.trendingKey,
    host: await people.get(event.createdBy),
  };
}

export type EventCard = Infer<typeof eventCardValidator>;

/**
 * Whether a list may show an event: one whose stored times cannot be shown
 * (saved before the bounds on input) is left out and logged, so it never
 * breaks the list for everyone; the stored-data repair fixes it.
 */
export function isListable(event: EventDoc): boolean {
  if (hasShowableTimes(event, event.timeZone)) return true;
  console.warn(`Event ${event._id} left out of a list: its times cannot be shown`);
  return false;
}

/** Cards for a list, without the events it cannot show. */
export async function eventCards(
  ctx: QueryCtx,
  events: EventDoc[],
  people: People,
): Promise<EventCard[]> {
  return await Promise.all(events.filter(isListable).map((event) => eventCard(ctx, event, people)));
}

// ---------------------------------------------------------------- the event page

/**
 * The viewer's place in an event, and what they may do there: promote and
 * demote co-hosts (`canManageCoHosts`) is the creator's; `canRsvp` ignores
 * timing (nobody may once the event has ended).
 */
export type ViewerState = Infer<typeof viewerStateValidator>;

export function viewerState(access: EventAccess): ViewerState {
  const p = access.participation;
  if (p === null) {
    return {
      signedIn: false,
      userId: null,
      role: "none",
      rsvpStatus: null,
      member: null,
      isAttending: false,
      canEdit: false,
      canDelete: false,
      canManageCoHosts: false,
      canRsvp: false,
    };
  }
  return {
    signedIn: true,
    userId: access.viewerId,
    role: eventRoleOf(p),
    rsvpStatus: p.rsvpStatus,
    member: p.member,
    isAttending: isAttendee(p),
    canEdit: canEditEvent(p),
    canDelete: p.isCreator,
    canManageCoHosts: p.isCreator,
    canRsvp: canRsvpTo(access.event, p) || access.sharesInvitedCrew,
  };
}

/**
 * Everything the event page shows, in at most ~35 document reads whatever
 * the attendance: counts from the event; the host; up to 10 co-hosts; the
 * first 5 attendees (creator ∪ going ∪ accepted, in joining order); the
 * viewer's own rows.
 */
export async function eventPageView(ctx: QueryCtx, access: EventAccess): Promise<EventPageView> {
  const { event } = access;
  const people = new People(ctx, access.viewerId);
  const [card, coHostRows, attendeeRows] = await Promise.all([
    eventCard(ctx, event, people),
    ctx.db
      .query("event_members")
      .withIndex("by_event_and_role", (q) => q.eq("eventId", event._id).eq("role", "co_host"))
      .take(EVENT_PAGE_CO_HOSTS_MAX),
    ctx.db
      .query("event_participants")
      .withIndex("by_event", (q) => q.eq("eventId", event._id))
      .take(EVENT_PAGE_ATTENDEES_SHOWN),
  ]);
  const coHosts = await Promise.all(
    coHostRows.filter((row) => row.status === "accepted").map((row) => people.get(row.userId)),
  );
  const attendees = await Promise.all(attendeeRows.map((row) => people.get(row.userId)));
  const waiting =
    access.viewerId === null ? null : await getWaitlistEntry(ctx, event._id, access.viewerId);
  const rsvp = access.rows.rsvp;
  return {
    event: {
      ...card,
      placeId: event.placeId,
      privateSlug: event.privateSlug,
      notGoingCount: event.notGoingCount,
    },
    host: card.host,
    coHosts,
    attendees,
    /** Where the session's bar crawl meets (its first stop), for "Add to calendar"; null without one. */
    crawlStart: await crawlStartOf(ctx, event._id),
    viewer: {
      ...viewerState(access),
      /** The plus-ones the viewer brings (going) or asked for (waiting). */
      plusOnes: waiting?.plusOnes ?? (rsvp?.status === "going" ? (rsvp.plusOnes ?? 0) : 0),
      /** 1 = next; null when not waiting. */
      waitlistPlace: waiting === null ? null : await waitlistPlace(ctx, waiting),
    },
  };
}

export type EventPageView = Infer<typeof eventPageValidator>;
