/**
 * The shapes of what event queries return (./eventViews.ts and ./eventLists.ts
 * build them), as `returns:` validators: a person, an event card, the viewer's
 * state, the event page and the paginated lists. The event's own fields reuse
 * the schema's validators, so a field retyped there is retyped here. A value
 * with a field missing, extra or of another type fails the query at run time.
 */
import { v } from "convex/values";
import { doc, nullable } from "convex-helpers/validators";
import schema from "../schema";

const event = doc(schema, "events").fields;
const member = doc(schema, "event_members").fields;
const rsvp = doc(schema, "rsvps").fields;

/** A person as an event shows them (eventViews `PersonView`). */
export const personView = v.object({
  userId: v.id("users"),
  username: nullable(v.string()),
  displayName: v.string(),
  nickname: nullable(v.string()),
  avatarUrl: nullable(v.string()),
});

export const eventRoleValidator = v.union(
  v.literal("host"),
  v.literal("co_host"),
  v.literal("attendee"),
  v.literal("none"),
);

/** An event card (eventViews `eventCard`). */
export const eventCardFields = {
  _id: event._id,
  createdAt: v.number(),
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
  path: v.string(),
  coverUrl: nullable(v.string()),
  goingCount: event.goingCount,
  maybeCount: event.maybeCount,
  attendeeCount: event.attendeeCount,
  capacity: nullable(v.number()),
  plusOnesAllowed: v.number(),
  plusOneCount: v.number(),
  waitlistCount: v.number(),
  averageRating: nullable(v.number()),
  totalRatings: v.number(),
  trendingKey: event.trendingKey,
  host: personView,
};
export const eventCardValidator = v.object(eventCardFields);

/** A card in the viewer's own lists, with their role (eventLists `MyEventCard`). */
export const myEventCardValidator = v.object({
  ...eventCardFields,
  viewerRole: eventRoleValidator,
  canEdit: v.boolean(),
  canDelete: v.boolean(),
});

/** The viewer's place in an event (eventViews `ViewerState`). */
export const viewerStateFields = {
  signedIn: v.boolean(),
  userId: nullable(v.id("users")),
  role: eventRoleValidator,
  rsvpStatus: nullable(rsvp.status),
  member: nullable(v.object({ role: member.role, status: member.status })),
  isAttending: v.boolean(),
  canEdit: v.boolean(),
  canDelete: v.boolean(),
  canManageCoHosts: v.boolean(),
  canRsvp: v.boolean(),
};
export const viewerStateValidator = v.object(viewerStateFields);

/** The event page (eventViews `eventPageView`). */
export const eventPageValidator = v.object({
  event: v.object({
    ...eventCardFields,
    placeId: event.placeId,
    privateSlug: event.privateSlug,
    notGoingCount: event.notGoingCount,
  }),
  host: personView,
  coHosts: v.array(personView),
  attendees: v.array(personView),
  crawlStart: doc(schema, "event_crawls").fields.firstStop,
  viewer: v.object({
    ...viewerStateFields,
    plusOnes: v.number(),
    waitlistPlace: nullable(v.number()),
  }),
});

/** Someone attending, with their role (eventLists `AttendeeView`). */
export const attendeeValidator = v.object({
  ...personView.fields,
  role: v.union(v.literal("host"), v.literal("co_host"), v.literal("attendee")),
});

/** A profile's Upcoming / Past tab counts. */
export const eventCountsValidator = v.object({ upcoming: v.number(), past: v.number() });

/** Discover's total: exact up to the cap, else the cap with `more`. */
export const discoverCountValidator = v.object({ count: v.number(), more: v.boolean() });

/** The older event page (`events.getById`): the event, its RSVP counts, and the viewer's state. */
export const eventByIdValidator = v.object({
  event: v.object({
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
    path: v.string(),
    coverUrl: nullable(v.string()),
    attendeeCount: event.attendeeCount,
  }),
  counts: v.object({ going: v.number(), maybe: v.number(), notGoing: v.number() }),
  viewer: viewerStateValidator,
});

/** The viewer's invitation to a session (`invitations.myInvitation`), or null when they have none. */
export const myInvitationValidator = nullable(
  v.object({ status: member.status, invitedBy: member.invitedBy }),
);

/** An RSVP on the older event page's list (eventLists `RsvpView`). */
export const rsvpViewValidator = v.object({
  userId: v.id("users"),
  status: rsvp.status,
  updatedAt: rsvp.updatedAt,
  person: personView,
});
