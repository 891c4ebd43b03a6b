/**
 * Every table with its indexes, and the validators shared by functions.
 *
 * Naming: table names follow the spec (`user_profiles`, `email_logs`);
 * fields are camelCase, as Convex and `@convex-dev/auth` write them.
 * Optional profile text is stored as null (spec: "empty strings are saved as null").
 */
import { authTables } from "@convex-dev/auth/server";
import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";
import { DRINK_TYPES, FAVORITE_DRINKS } from "../shared/drinks";
import { DRINK_GROUPS } from "../shared/eventAccess";
import {
  DURATION_TYPES,
  MEMBER_ROLES,
  MEMBER_STATUSES,
  RSVP_STATUSES,
  VIBES,
} from "../shared/eventOptions";
import { PROFILE_VISIBILITIES } from "../shared/profileRules";
import { REACTIONS, REACTION_EMOJIS } from "../shared/recapRules";
import { CREW_MEMBER_STATUSES, CREW_ROLES, CREW_VIBES } from "../shared/crewRules";
import { NOTIFICATION_TYPES } from "../shared/notificationRules";
import { POLL_ANSWERS, POLL_STATUSES } from "../shared/pollRules";
import {
  BADGE_CATEGORIES,
  BADGE_COLOR_TIERS,
  CRITERIA_TYPES,
  WEEKDAYS,
} from "../shared/badgeCatalogue";
import { EMAIL_CATEGORIES, EMAIL_FREQUENCIES } from "../shared/emailPreferences";
import { ANNOUNCEMENT_GROUPS } from "../shared/announcementRules";
import { CHECK_IN_STATUSES } from "../shared/checkInRules";

export const profileVisibilityValidator = v.union(
  ...PROFILE_VISIBILITIES.map((value) => v.literal(value)),
);

export const favoriteDrinkValidator = v.union(...FAVORITE_DRINKS.map((value) => v.literal(value)));

/** Counts shown on the profile's stat tiles, maintained on write by the areas that own them. */
export const profileStatsValidator = v.object({
  /** Sessions (events) hosted. */
  sessions: v.number(),
  /** RSVPs given. */
  rsvps: v.number(),
  /** Accepted crew memberships. */
  crews: v.number(),
});

export const EMAIL_TYPES = [
  "magic_link",
  "crew_invitation",
  "event_invitation",
  "event_reminder",
  "event_nudge",
  "poll_nudge",
  "waitlist_promoted",
  "host_announcement",
  "check_in_alert",
  "tab_recap",
  "email_digest",
  "test",
] as const;
export const emailTypeValidator = v.union(...EMAIL_TYPES.map((value) => v.literal(value)));
/** An e-mail's type-specific details for its log row (no secrets). */
export const emailDataValidator = v.optional(
  v.record(v.string(), v.union(v.string(), v.number(), v.boolean(), v.null())),
);

export const emailCategoryValidator = v.union(...EMAIL_CATEGORIES.map((value) => v.literal(value)));
export const emailFrequencyValidator = v.union(
  ...EMAIL_FREQUENCIES.map((value) => v.literal(value)),
);

export const EMAIL_STATUSES = ["pending", "sent", "failed", "bounced"] as const;
export const emailStatusValidator = v.union(...EMAIL_STATUSES.map((value) => v.literal(value)));

export const emailDeliveryValidator = v.union(v.literal("resend"), v.literal("outbox"));

/**
 * The optional key a queued (offline) tap is sent with, so sending it again
 * changes nothing (model/idempotency.ts `runOnce`).
 */
export const idempotencyKeyValidator = v.optional(v.string());

// ---------------------------------------------------------------- crews and notifications

export const crewVibeValidator = v.union(...CREW_VIBES.map((value) => v.literal(value)));
export const crewRoleValidator = v.union(...CREW_ROLES.map((value) => v.literal(value)));
export const crewMemberStatusValidator = v.union(
  ...CREW_MEMBER_STATUSES.map((value) => v.literal(value)),
);
export const pollStatusValidator = v.union(...POLL_STATUSES.map((value) => v.literal(value)));
export const pollAnswerValidator = v.union(...POLL_ANSWERS.map((value) => v.literal(value)));
export const announcementGroupValidator = v.union(
  ...ANNOUNCEMENT_GROUPS.map((value) => v.literal(value)),
);
export const notificationTypeValidator = v.union(
  ...NOTIFICATION_TYPES.map((value) => v.literal(value)),
);
/** A notification's details: ids, titles and times, no secrets. */
export const notificationDataValidator = v.record(
  v.string(),
  v.union(v.string(), v.number(), v.boolean(), v.null()),
);

// ---------------------------------------------------------------- badges

export const badgeCategoryValidator = v.union(...BADGE_CATEGORIES.map((value) => v.literal(value)));
export const badgeColorTierValidator = v.union(
  ...BADGE_COLOR_TIERS.map((value) => v.literal(value)),
);
/** A count per drink, weekday or title phrase (badge counters). */
const countsByNameValidator = v.record(v.string(), v.number());

/** One person's figures on a session's tab (minor units), with their display name (null once deleted). */
const tabBalanceFields = {
  userId: v.id("users"),
  name: v.union(v.string(), v.null()),
  paid: v.number(),
  owed: v.number(),
  sent: v.number(),
  received: v.number(),
};

// ---------------------------------------------------------------- events

export const drinkTypeValidator = v.union(...DRINK_TYPES.map((value) => v.literal(value)));
/** beer, wine, cocktails, whiskey, or "more" (every other drink): discover's drink filter as an index field. */
export const drinkGroupValidator = v.union(...DRINK_GROUPS.map((value) => v.literal(value)));
export const vibeValidator = v.union(...VIBES.map((value) => v.literal(value)));
export const durationTypeValidator = v.union(...DURATION_TYPES.map((value) => v.literal(value)));
export const rsvpStatusValidator = v.union(...RSVP_STATUSES.map((value) => v.literal(value)));
export const memberRoleValidator = v.union(...MEMBER_ROLES.map((value) => v.literal(value)));
/** One of the 7 comment reactions (the emoji itself). */
export const reactionValidator = v.union(...REACTION_EMOJIS.map((value) => v.literal(value)));
/** A reaction's ASCII key (the name counts are stored under). */
export const reactionKeyValidator = v.union(...REACTIONS.map((r) => v.literal(r.key)));
export const memberStatusValidator = v.union(...MEMBER_STATUSES.map((value) => v.literal(value)));

/** A place picked from the location search (shared/eventRules.ts `placeSchema`). */
export const placeValidator = v.object({
  placeId: v.string(),
  placeName: v.string(),
  address: v.union(v.string(), v.null()),
  latitude: v.number(),
  longitude: v.number(),
});

/**
 * The create wizard's payload (validated again with `eventCreateSchema`).
 * Loose where the zod schema gives the spec's messages (a missing title or
 * drink arrives as "" and gets 'Event title is required', not a validator error).
 */
export const eventCreateArgs = {
  title: v.string(),
  placeNickname: v.optional(v.union(v.string(), v.null())),
  location: v.optional(v.union(v.string(), v.null())),
  place: v.optional(v.union(placeValidator, v.null())),
  durationType: v.string(),
  startTime: v.optional(v.union(v.number(), v.null())),
  endTime: v.optional(v.union(v.number(), v.null())),
  timeZone: v.optional(v.string()),
  drinkType: v.string(),
  vibe: v.string(),
  notes: v.optional(v.union(v.string(), v.null())),
  isPublic: v.boolean(),
  /** shared/capacityRules.ts: null for no limit, else 2–500; absent leaves it as it is. */
  capacity: v.optional(v.union(v.number(), v.null())),
  /** 0–5; absent leaves it as it is. */
  plusOnesAllowed: v.optional(v.number()),
};

/** The edit dialog's payload (validated again with `eventEditSchema`). */
export const eventEditArgs = {
  title: v.string(),
  placeNickname: v.optional(v.union(v.string(), v.null())),
  location: v.optional(v.union(v.string(), v.null())),
  place: v.optional(v.union(placeValidator, v.null())),
  startTime: v.optional(v.union(v.number(), v.null())),
  endTime: v.optional(v.union(v.number(), v.null())),
  drinkType: v.string(),
  vibe: v.string(),
  notes: v.optional(v.union(v.string(), v.null())),
  isPublic: v.boolean(),
  /** shared/capacityRules.ts: null for no limit, else 2–500; absent leaves it as it is. */
  capacity: v.optional(v.union(v.number(), v.null())),
  /** 0–5; absent leaves it as it is. */
  plusOnesAllowed: v.optional(v.number()),
};

export default defineSchema({
  ...authTables,

  user_profiles: defineTable({
    userId: v.id("users"),
    /** Unique, lower case, a-z 0-9 _, 3–30 characters. */
    username: v.string(),
    displayName: v.union(v.string(), v.null()),
    nickname: v.union(v.string(), v.null()),
    bio: v.union(v.string(), v.null()),
    tagline: v.union(v.string(), v.null()),
    /** An uploaded avatar in Convex file storage; wins over `avatarUrl`. */
    avatarStorageId: v.union(v.id("_storage"), v.null()),
    /** An external picture (the Google account's), used when nothing was uploaded. */
    avatarUrl: v.union(v.string(), v.null()),
    favoriteDrink: v.union(favoriteDrinkValidator, v.null()),
    profileVisibility: profileVisibilityValidator,
    showCrewsPublicly: v.boolean(),
    stats: profileStatsValidator,
    /**
     * shared/crewRules.ts `userSearchTerms`: the names and their suffixes, so
     * the user search matches any part of a name. Absent on rows written
     * before user search existed (they are backfilled by `profiles.backfillNameSearchText`).
     */
    nameSearchText: v.optional(v.string()),
    /** join_date / created_at of the spec. */
    createdAt: v.number(),
    updatedAt: v.number(),
  })
    .index("by_user", ["userId"])
    .index("by_username", ["username"])
    .index("by_avatar_storage_id", ["avatarStorageId"])
    .searchIndex("search_names", { searchField: "nameSearchText" }),

  /** Every e-mail the app sends; for the local outbox this row is the message. */
  email_logs: defineTable({
    status: emailStatusValidator,
    type: emailTypeValidator,
    subject: v.string(),
    recipient: v.string(),
    /** Resend's id, or `outbox:{logId}` for the local outbox. */
    messageId: v.union(v.string(), v.null()),
    sentAt: v.union(v.number(), v.null()),
    errorMessage: v.union(v.string(), v.null()),
    /** Type-specific details (no secrets). */
    data: emailDataValidator,
    delivery: emailDeliveryValidator,
    /** The body: kept for the local outbox only (it may carry sign-in links). */
    html: v.union(v.string(), v.null()),
    text: v.union(v.string(), v.null()),
  })
    .index("by_recipient", ["recipient"])
    // A delivery webhook names the message by Resend's id.
    .index("by_message_id", ["messageId"]),

  /**
   * E-mail preferences; no row means the defaults. `timeZone` is
   * the browser's when the user last saved (for the 08:00 digest);
   * `unsubscribeToken` is the secret in one-click unsubscribe links;
   * `digestJobId` the pending digest (model/emailDigest.ts).
   */
  email_preferences: defineTable({
    userId: v.id("users"),
    eventInvitations: v.boolean(),
    eventReminders: v.boolean(),
    crewInvitations: v.boolean(),
    /** Absent on rows saved before the category existed: read as on (its default). */
    hostAnnouncements: v.optional(v.boolean()),
    marketingEmails: v.boolean(),
    emailFrequency: emailFrequencyValidator,
    timeZone: v.union(v.string(), v.null()),
    unsubscribeToken: v.string(),
    digestJobId: v.union(v.id("_scheduled_functions"), v.null()),
    updatedAt: v.number(),
  })
    .index("by_user", ["userId"])
    .index("by_unsubscribe_token", ["unsubscribeToken"]),

  /** Messages kept for a user's next daily or weekly digest, oldest first. */
  email_digest_items: defineTable({
    userId: v.id("users"),
    category: emailCategoryValidator,
    title: v.string(),
    detail: v.string(),
    /** Absolute link to the app. */
    url: v.string(),
    /** Left out of the digest after this (e.g. the session's start); null: never stale. */
    expiresAt: v.union(v.number(), v.null()),
  }).index("by_user", ["userId"]),

  /**
   * Per session: the scheduled reminder and automatic-nudge jobs (for the
   * start they were planned for, so an edit re-plans them) and the last nudge.
   */
  event_reminders: defineTable({
    eventId: v.id("events"),
    startTime: v.number(),
    emailJobId: v.union(v.id("_scheduled_functions"), v.null()),
    inAppJobId: v.union(v.id("_scheduled_functions"), v.null()),
    nudgeJobId: v.union(v.id("_scheduled_functions"), v.null()),
    lastNudgeAt: v.union(v.number(), v.null()),
  }).index("by_event", ["eventId"]),

  /** Token buckets (`shared/rateLimit.ts`), one row per (limit name, key). */
  rate_limits: defineTable({
    name: v.string(),
    key: v.string(),
    tokens: v.number(),
    updatedAt: v.number(),
  }).index("by_name_and_key", ["name", "key"]),

  /**
   * Events ("sessions"). Optional text is stored as null. `endTime` is always
   * set: the explicit end or the duration-aware default, computed at write time.
   * `createdAt` of the spec is `_creationTime`.
   */
  events: defineTable({
    title: v.string(),
    placeNickname: v.union(v.string(), v.null()),
    location: v.union(v.string(), v.null()),
    latitude: v.union(v.number(), v.null()),
    longitude: v.union(v.number(), v.null()),
    placeId: v.union(v.string(), v.null()),
    placeName: v.union(v.string(), v.null()),
    startTime: v.number(),
    endTime: v.number(),
    durationType: durationTypeValidator,
    /** The creator's IANA zone: the all-night midnight, and the JSON-LD offsets. */
    timeZone: v.string(),
    drinkType: drinkTypeValidator,
    drinkGroup: drinkGroupValidator,
    vibe: vibeValidator,
    notes: v.union(v.string(), v.null()),
    isPublic: v.boolean(),
    publicSlug: v.string(),
    privateSlug: v.string(),
    eventCode: v.string(),
    coverStorageId: v.union(v.id("_storage"), v.null()),
    createdBy: v.id("users"),
    /** Maintained on every RSVP / membership write (never recounted). */
    goingCount: v.number(),
    maybeCount: v.number(),
    notGoingCount: v.number(),
    /**
     * Creator ∪ going ∪ accepted members (unless their own RSVP says maybe or
     * not going) = the event's `event_participants` rows.
     */
    attendeeCount: v.number(),
    /** shared/discoverFilters.ts `addToTrendingKey`; null before any going/maybe RSVP. */
    trendingKey: v.union(v.number(), v.null()),
    /** The end has been processed (unlisted, participants moved to "past"). */
    ended: v.boolean(),
    /** Public and not ended: what discover lists. */
    discoverable: v.boolean(),
    /** shared/discoverFilters.ts `eventSearchText`, host names included. */
    searchText: v.string(),
    /** Bumped when a field copied onto `event_participants` rows changes; rows catch up in batches. */
    participantsVersion: v.number(),
    /** The pending `events.finish` job at `endTime`. */
    endJobId: v.union(v.id("_scheduled_functions"), v.null()),
    updatedAt: v.number(),
    /**
     * Recap counters, maintained on write; absent on events that
     * never had any (read as 0). Average = ratingSum / ratingCount to 1 decimal.
     */
    ratingSum: v.optional(v.number()),
    ratingCount: v.optional(v.number()),
    /** Photos shown to everyone (hidden ones not counted). */
    photoCount: v.optional(v.number()),
    /** Photos hidden because someone in them asked not to show them (shared/photoConsentRules.ts). */
    hiddenPhotoCount: v.optional(v.number()),
    commentCount: v.optional(v.number()),
    /** Seats (shared/capacityRules.ts); absent or null: no limit. */
    capacity: v.optional(v.union(v.number(), v.null())),
    /** Plus-ones each guest may bring, 0–5 (absent: none). */
    plusOnesAllowed: v.optional(v.number()),
    /** Maintained on write: the plus-ones of everyone going (absent read as 0). */
    plusOneCount: v.optional(v.number()),
    /** Maintained on write: the rows of `event_waitlist` (absent read as 0). */
    waitlistCount: v.optional(v.number()),
    /** The tab's ISO 4217 code (shared/tabRules.ts `TAB_CURRENCIES`), set by a host; absent: the fallback (EUR). */
    currency: v.optional(v.string()),
  })
    .index("by_public_slug", ["publicSlug"])
    .index("by_private_slug", ["privateSlug"])
    .index("by_event_code", ["eventCode"])
    .index("by_cover_storage_id", ["coverStorageId"])
    .index("by_created_by_and_end_time", ["createdBy", "endTime"])
    .index("by_ended_and_end_time", ["ended", "endTime"])
    // Discover: one index per sort (newest = _creationTime), each also with the drink group.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- "newest": sorted by _creationTime
    .index("by_discoverable", ["discoverable"])
    .index("by_discoverable_and_start_time", ["discoverable", "startTime"])
    .index("by_discoverable_and_attendee_count", ["discoverable", "attendeeCount"])
    .index("by_discoverable_and_trending_key", ["discoverable", "trendingKey"])
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- "newest" with a drink: sorted by _creationTime
    .index("by_discoverable_and_drink_group", ["discoverable", "drinkGroup"])
    .index("by_discoverable_and_drink_group_and_start_time", [
      "discoverable",
      "drinkGroup",
      "startTime",
    ])
    .index("by_discoverable_and_drink_group_and_attendee_count", [
      "discoverable",
      "drinkGroup",
      "attendeeCount",
    ])
    .index("by_discoverable_and_drink_group_and_trending_key", [
      "discoverable",
      "drinkGroup",
      "trendingKey",
    ])
    .searchIndex("search_text", {
      searchField: "searchText",
      filterFields: ["discoverable", "drinkGroup"],
    }),

  /** One per event and user, set by upsert. `trendingAt`: when it was added to the event's trending key. */
  rsvps: defineTable({
    eventId: v.id("events"),
    userId: v.id("users"),
    status: rsvpStatusValidator,
    trendingAt: v.union(v.number(), v.null()),
    updatedAt: v.number(),
    /** Plus-ones this guest brings while going (absent read as 0). */
    plusOnes: v.optional(v.number()),
  })
    .index("by_event_and_user", ["eventId", "userId"])
    .index("by_event_and_status", ["eventId", "status"])
    .index("by_user", ["userId"]),

  /**
   * People waiting for a seat at a full session, in the order they asked
   * (`_creationTime`); promoted in the write that frees a seat
   * (model/participation.ts). One row per session and person.
   */
  event_waitlist: defineTable({
    eventId: v.id("events"),
    userId: v.id("users"),
    plusOnes: v.number(),
  })
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- the waitlist in order (_creationTime)
    .index("by_event", ["eventId"])
    .index("by_event_and_user", ["eventId", "userId"])
    .index("by_user", ["userId"]),

  /**
   * What the host or a co-host told a session's people (shared/announcementRules.ts),
   * newest last (`_creationTime`); told in scheduled batches by group as each
   * person stands when the batch runs.
   */
  event_announcements: defineTable({
    eventId: v.id("events"),
    authorId: v.id("users"),
    text: v.string(),
    groups: v.array(announcementGroupValidator),
  })
    // The session's list and its daily limit, in posting order (_creationTime).
    .index("by_event", ["eventId"])
    .index("by_author", ["authorId"]),

  /**
   * A session's bar-crawl stops (shared/stopRules.ts), at positions 0..n-1
   * (rewritten on every remove and reorder; at most 12). `name` is what was
   * typed or the picked place's name; the place fields are null for free text.
   */
  event_stops: defineTable({
    eventId: v.id("events"),
    position: v.number(),
    name: v.string(),
    placeId: v.union(v.string(), v.null()),
    address: v.union(v.string(), v.null()),
    latitude: v.union(v.number(), v.null()),
    longitude: v.union(v.number(), v.null()),
    plannedTime: v.union(v.number(), v.null()),
    /** When the crew last arrived here ("We're here" or "Moving on"); null before. */
    arrivedAt: v.union(v.number(), v.null()),
  }).index("by_event_and_position", ["eventId", "position"]),

  /**
   * One per session with stops: the count and the current stop, read in one
   * indexed get by every open session page, and the "The crew moved to …"
   * notice's state (one pending delivery at most; the stop last told).
   */
  event_crawls: defineTable({
    eventId: v.id("events"),
    stopCount: v.number(),
    /** The first stop's place (a crawl meets there): the calendar and the share page read it here. */
    firstStop: v.union(
      v.object({
        name: v.string(),
        address: v.union(v.string(), v.null()),
        latitude: v.union(v.number(), v.null()),
        longitude: v.union(v.number(), v.null()),
      }),
      v.null(),
    ),
    currentStopId: v.union(v.id("event_stops"), v.null()),
    movedAt: v.union(v.number(), v.null()),
    noticePending: v.boolean(),
    noticedStopId: v.union(v.id("event_stops"), v.null()),
  }).index("by_event", ["eventId"]),

  /**
   * "Got home safe" check-ins (shared/checkInRules.ts): one per (session, person), seen by the
   * person and their buddies only. `open` mirrors the status (waiting, reminded, alerted) for
   * the home screen's one indexed read; `stepJobId` is the pending reminder or alert,
   * `deleteJobId` the deletion a week after the session. No location is ever stored.
   */
  check_ins: defineTable({
    eventId: v.id("events"),
    userId: v.id("users"),
    dueAt: v.number(),
    status: v.union(...CHECK_IN_STATUSES.map((value) => v.literal(value))),
    open: v.boolean(),
    stepJobId: v.union(v.id("_scheduled_functions"), v.null()),
    deleteJobId: v.union(v.id("_scheduled_functions"), v.null()),
    /** The reminder the person got (its Home safe button goes once the check-in closes). */
    reminderNotificationId: v.union(v.id("notifications"), v.null()),
    /** Who closed it (the person, or the buddy who said they are fine) and when. */
    closedBy: v.union(v.id("users"), v.null()),
    closedAt: v.union(v.number(), v.null()),
  })
    .index("by_event_and_user", ["eventId", "userId"])
    .index("by_user_and_open", ["userId", "open"]),

  /** A check-in's buddies, a row each so a buddy finds theirs by index; `alerted` while its alert is out. */
  check_in_buddies: defineTable({
    checkInId: v.id("check_ins"),
    eventId: v.id("events"),
    buddyId: v.id("users"),
    alerted: v.boolean(),
  })
    .index("by_check_in", ["checkInId"])
    .index("by_buddy_and_alerted", ["buddyId", "alerted"])
    .index("by_event_and_buddy", ["eventId", "buddyId"]),

  /** Hosts, co-hosts and invited attendees. The creator has a host row. */
  event_members: defineTable({
    eventId: v.id("events"),
    userId: v.id("users"),
    role: memberRoleValidator,
    status: memberStatusValidator,
    invitedBy: v.union(v.id("users"), v.null()),
    invitationSentAt: v.union(v.number(), v.null()),
    invitationRespondedAt: v.union(v.number(), v.null()),
    /** Who last promoted or demoted this member, and when. */
    roleChangedBy: v.union(v.id("users"), v.null()),
    roleChangedAt: v.union(v.number(), v.null()),
    createdAt: v.number(),
    updatedAt: v.number(),
  })
    .index("by_event_and_user", ["eventId", "userId"])
    .index("by_event_and_role", ["eventId", "role"])
    // Invitees who have not answered (nudges).
    .index("by_event_and_status", ["eventId", "status"])
    .index("by_user_and_status", ["userId", "status"]),

  /**
   * One row per attendee (creator ∪ going ∪ accepted member) of an event,
   * with copies of the event's times and visibility, so one index serves a
   * user's upcoming/past lists and "who's coming". Written only by
   * model/participation.ts; copies catch up through `version`.
   */
  event_participants: defineTable({
    eventId: v.id("events"),
    userId: v.id("users"),
    startTime: v.number(),
    endTime: v.number(),
    isPublic: v.boolean(),
    /** Counted as past in `user_event_counts` (the event's `ended`). */
    past: v.boolean(),
    version: v.number(),
  })
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- "who's coming" in joining order (_creationTime)
    .index("by_event", ["eventId"])
    .index("by_event_and_user", ["eventId", "userId"])
    .index("by_event_and_version", ["eventId", "version"])
    .index("by_user_and_end_time", ["userId", "endTime"])
    .index("by_user_and_is_public_and_end_time", ["userId", "isPublic", "endTime"]),

  /** Per user: how many events they attend, for the profile's Upcoming / Past tabs. */
  user_event_counts: defineTable({
    userId: v.id("users"),
    publicUpcoming: v.number(),
    publicPast: v.number(),
    privateUpcoming: v.number(),
    privatePast: v.number(),
  }).index("by_user", ["userId"]),

  /** One rating per (event, user), editable: 1 to 5 stars, optional feedback. */
  event_ratings: defineTable({
    eventId: v.id("events"),
    userId: v.id("users"),
    /** 1–5. */
    rating: v.number(),
    feedback: v.union(v.string(), v.null()),
    updatedAt: v.number(),
  })
    .index("by_event_and_user", ["eventId", "userId"])
    .index("by_user", ["userId"]),

  /** The gallery; `createdAt` = `_creationTime`'s moment, newest first by the index's creation order. */
  event_photos: defineTable({
    eventId: v.id("events"),
    uploadedBy: v.id("users"),
    storageId: v.id("_storage"),
    caption: v.union(v.string(), v.null()),
    createdAt: v.number(),
    /**
     * Standing "don't show it" objections, kept on write (absent read as 0); hidden while above 0.
     * A deleted account's objection row goes but its count stays: the photo stays hidden.
     */
    objectionCount: v.optional(v.number()),
  })
    .index("by_event", ["eventId"])
    .index("by_uploader", ["uploadedBy"])
    .index("by_storage_id", ["storageId"]),

  /** "I'm in this — don't show it": one row per (photo, person); `eventId` copied for the session's clean-up. */
  event_photo_objections: defineTable({
    photoId: v.id("event_photos"),
    eventId: v.id("events"),
    userId: v.id("users"),
  })
    .index("by_photo_and_user", ["photoId", "userId"])
    .index("by_event", ["eventId"])
    .index("by_user", ["userId"]),

  /**
   * Comments, oldest first. `reactionCounts` is keyed by the reaction's ASCII
   * key (shared/recapRules.ts `REACTIONS`: field names cannot be emoji);
   * `reactionTotal` is their sum, for the recap's top comment.
   */
  event_comments: defineTable({
    eventId: v.id("events"),
    userId: v.id("users"),
    content: v.string(),
    reactionCounts: v.record(v.string(), v.number()),
    reactionTotal: v.number(),
  })
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- thread order: _creationTime
    .index("by_event", ["eventId"])
    .index("by_event_and_reaction_total", ["eventId", "reactionTotal"])
    .index("by_user", ["userId"]),

  /** One row per (comment, user, reaction); `eventId` copied for the event's clean-up. */
  event_comment_reactions: defineTable({
    commentId: v.id("event_comments"),
    eventId: v.id("events"),
    userId: v.id("users"),
    reaction: reactionValidator,
  })
    .index("by_comment_and_user_and_reaction", ["commentId", "userId", "reaction"])
    .index("by_event", ["eventId"])
    .index("by_user", ["userId"]),

  /**
   * The viewer's own reactions on one event, in one document per (event,
   * user), so a page of comments reads them once: `byComment` maps a comment
   * id to the reaction keys (as in `reactionCounts`) the user gave it. Kept by
   * toggleReaction beside `event_comment_reactions` (which stay the source of
   * truth for counts and clean-ups). An object holds at most 1,024 fields, so
   * past USER_REACTIONS_MAX_COMMENTS comments `overflow` is set and further
   * comments are looked up in `event_comment_reactions` instead.
   */
  event_user_reactions: defineTable({
    eventId: v.id("events"),
    userId: v.id("users"),
    byComment: v.record(v.id("event_comments"), v.array(reactionKeyValidator)),
    overflow: v.optional(v.boolean()),
  })
    .index("by_event_and_user", ["eventId", "userId"])
    .index("by_user", ["userId"]),

  // ---------------------------------------------------------------- crews

  /**
   * Friend groups. `memberCount` (accepted members, the creator's host row
   * included) and `pendingCount` are maintained on every membership write.
   */
  crews: defineTable({
    name: v.string(),
    description: v.union(v.string(), v.null()),
    vibe: crewVibeValidator,
    isPublic: v.boolean(),
    createdBy: v.id("users"),
    memberCount: v.number(),
    pendingCount: v.number(),
    createdAt: v.number(),
    updatedAt: v.number(),
  }).index("by_created_by", ["createdBy"]),

  /** One row per (crew, user): pending → accepted | declined; declined → pending on re-invite. */
  crew_members: defineTable({
    crewId: v.id("crews"),
    userId: v.id("users"),
    status: crewMemberStatusValidator,
    role: crewRoleValidator,
    invitedBy: v.union(v.id("users"), v.null()),
    /** When the row became accepted (null while pending or declined). */
    joinedAt: v.union(v.number(), v.null()),
    createdAt: v.number(),
    updatedAt: v.number(),
  })
    .index("by_crew_and_user", ["crewId", "userId"])
    .index("by_crew_and_status", ["crewId", "status"])
    .index("by_user_and_status", ["userId", "status"])
    .index("by_invited_by", ["invitedBy"]),

  /**
   * Invite links (`/crew/join/{code}`): 8 characters, 7 days by default, optional max uses.
   * A link works only while its maker may still invite (host, or co-host now).
   */
  crew_invitations: defineTable({
    crewId: v.id("crews"),
    inviteCode: v.string(),
    createdBy: v.id("users"),
    /** Revoking sets it to the moment of revoking, so the expiry sweep deletes revoked links too. */
    expiresAt: v.number(),
    maxUses: v.union(v.number(), v.null()),
    currentUses: v.number(),
    createdAt: v.number(),
    /** When a host or co-host revoked it (absent while not revoked). */
    revokedAt: v.optional(v.number()),
  })
    .index("by_invite_code", ["inviteCode"])
    .index("by_crew", ["crewId"])
    .index("by_expires_at", ["expiresAt"])
    .index("by_created_by", ["createdBy"]),

  /**
   * A crew's link to a session: invited to it, and/or attended by its
   * members. `attendingMembers` (accepted crew members attending) is kept by
   * model/participation.ts for sessions that have not ended; the crew page
   * lists rows that are invited or count for the crew (at least 2 of a crew
   * of 2 attend, else at least half the crew, rounded up).
   */
  crew_events: defineTable({
    crewId: v.id("crews"),
    eventId: v.id("events"),
    invited: v.boolean(),
    invitedBy: v.union(v.id("users"), v.null()),
    attendingMembers: v.number(),
    createdAt: v.number(),
  })
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- the crew's sessions, newest link first (_creationTime)
    .index("by_crew", ["crewId"])
    .index("by_crew_and_event", ["crewId", "eventId"])
    .index("by_event_and_invited", ["eventId", "invited"]),

  /**
   * Who `crew_events.attendingMembers` counts: one row per (crew, session,
   * member) counted, so the batches that follow a member joining a session or
   * a crew (model/crewAttendance.ts) count each pair once and take back only
   * what was counted, however they interleave.
   */
  crew_event_attendees: defineTable({
    crewId: v.id("crews"),
    eventId: v.id("events"),
    userId: v.id("users"),
  })
    .index("by_crew_and_event_and_user", ["crewId", "eventId", "userId"])
    .index("by_event_and_user", ["eventId", "userId"])
    .index("by_user_and_crew", ["userId", "crewId"]),

  // ---------------------------------------------------------------- crew polls

  /**
   * A crew's poll on when (and where) to meet. `answeredCount` (members with
   * at least one answer) is kept by model/crewPollAnswers.ts on every answer; a
   * pick closes it and records the session it became.
   */
  crew_polls: defineTable({
    crewId: v.id("crews"),
    createdBy: v.id("users"),
    title: v.string(),
    status: pollStatusValidator,
    deadline: v.union(v.number(), v.null()),
    allowMemberOptions: v.boolean(),
    /** The creator's time zone, for the session the winner becomes. */
    timeZone: v.string(),
    optionCount: v.number(),
    answeredCount: v.number(),
    createdAt: v.number(),
    closedAt: v.union(v.number(), v.null()),
    winningOptionId: v.union(v.id("crew_poll_options"), v.null()),
    eventId: v.union(v.id("events"), v.null()),
  }).index("by_crew_and_status", ["crewId", "status"]),

  /** One option of a poll (2–10), with its tallies kept on every answer. */
  crew_poll_options: defineTable({
    pollId: v.id("crew_polls"),
    crewId: v.id("crews"),
    startTime: v.number(),
    location: v.union(v.string(), v.null()),
    placeId: v.union(v.string(), v.null()),
    placeName: v.union(v.string(), v.null()),
    latitude: v.union(v.number(), v.null()),
    longitude: v.union(v.number(), v.null()),
    addedBy: v.id("users"),
    yesCount: v.number(),
    ifNeedBeCount: v.number(),
    noCount: v.number(),
  })
    // A poll's options in the order they were added (_creationTime).
    .index("by_poll", ["pollId"])
    .index("by_crew", ["crewId"]),

  /**
   * One row per (poll, member): all their answers (one per option) and when
   * they were last nudged, so the grid reads one document per member.
   */
  crew_poll_responses: defineTable({
    pollId: v.id("crew_polls"),
    crewId: v.id("crews"),
    userId: v.id("users"),
    answers: v.array(
      v.object({ optionId: v.id("crew_poll_options"), answer: pollAnswerValidator }),
    ),
    answeredAt: v.union(v.number(), v.null()),
    nudgedAt: v.union(v.number(), v.null()),
  })
    .index("by_poll_and_user", ["pollId", "userId"])
    .index("by_crew_and_user", ["crewId", "userId"]),

  // ---------------------------------------------------------------- notifications

  /**
   * In-app notifications, newest first per user. `invitationKey` ('crew:{id}'
   * or 'event:{id}') finds the invitation notification to update when the
   * invitation is answered elsewhere; `crewId` / `eventId` find them for clean-up.
   */
  notifications: defineTable({
    userId: v.id("users"),
    type: notificationTypeValidator,
    title: v.string(),
    message: v.string(),
    data: notificationDataValidator,
    read: v.boolean(),
    senderId: v.union(v.id("users"), v.null()),
    invitationKey: v.union(v.string(), v.null()),
    crewId: v.union(v.id("crews"), v.null()),
    eventId: v.union(v.id("events"), v.null()),
    createdAt: v.number(),
  })
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes -- the bell's list, newest first (_creationTime)
    .index("by_user", ["userId"])
    .index("by_user_and_read", ["userId", "read"])
    .index("by_user_and_invitation_key", ["userId", "invitationKey"])
    .index("by_crew", ["crewId"])
    .index("by_event", ["eventId"])
    .index("by_sender", ["senderId"]),

  /**
   * Accept and decline links of invitation e-mails: single use,
   * 48 hours, bound to the invited user. `invitationKey` ('crew:{id}' /
   * 'event:{id}', as on notifications) finds both links of one invitation.
   */
  invitation_tokens: defineTable({
    token: v.string(),
    invitationType: v.union(v.literal("event"), v.literal("crew")),
    action: v.union(v.literal("accept"), v.literal("decline")),
    eventId: v.union(v.id("events"), v.null()),
    crewId: v.union(v.id("crews"), v.null()),
    invitationKey: v.string(),
    userId: v.id("users"),
    expiresAt: v.number(),
    used: v.boolean(),
    responseStatus: v.union(v.literal("accepted"), v.literal("declined"), v.null()),
    createdAt: v.number(),
    updatedAt: v.number(),
  })
    .index("by_token", ["token"])
    .index("by_user_and_invitation_key", ["userId", "invitationKey"])
    .index("by_expires_at", ["expiresAt"]),

  /** Per user: the bell's unread count, maintained on write (never a count of rows). */
  notification_counters: defineTable({
    userId: v.id("users"),
    unread: v.number(),
  }).index("by_user", ["userId"]),

  // ---------------------------------------------------------------- badges

  /** The catalogue (shared/badgeCatalogue.ts) mirrored by `badges.syncCatalogue`; `key` is the badge id. */
  badges: defineTable({
    key: v.string(),
    name: v.string(),
    description: v.string(),
    iconName: v.string(),
    category: badgeCategoryValidator,
    colorTier: badgeColorTierValidator,
    tier: v.number(),
    sortOrder: v.number(),
    isHidden: v.boolean(),
    isEasterEgg: v.boolean(),
    unlockCriteria: v.object({
      type: v.union(...CRITERIA_TYPES.map((value) => v.literal(value))),
      target: v.number(),
      conditions: v.object({
        drink: v.optional(v.string()),
        day: v.optional(v.union(...WEEKDAYS.map((value) => v.literal(value)))),
        phrase: v.optional(v.string()),
      }),
    }),
  }).index("by_key", ["key"]),

  /** Earned badges, one per (user, badge); at most MAX_VISIBLE_BADGES shown on the profile. */
  user_badges: defineTable({
    userId: v.id("users"),
    badgeKey: v.string(),
    earnedAt: v.number(),
    isVisibleOnProfile: v.boolean(),
    /** When it was shown: the profile lists shown badges in that order. */
    displayOrder: v.number(),
  })
    .index("by_user_and_badge", ["userId", "badgeKey"])
    .index("by_user_and_visible", ["userId", "isVisibleOnProfile", "displayOrder"]),

  /** Progress towards badges not yet earned (deleted on award). */
  badge_progress: defineTable({
    userId: v.id("users"),
    badgeKey: v.string(),
    currentProgress: v.number(),
    targetProgress: v.number(),
    lastUpdated: v.number(),
  }).index("by_user_and_badge", ["userId", "badgeKey"]),

  /**
   * Per user: the counters badges are measured against that no other area
   * keeps (sessions, hosting and crews come from user_event_counts and the
   * profile stats), maintained on write; and the keys earned, so a check
   * reads one document to skip them (and two racing checks conflict on it).
   */
  badge_counters: defineTable({
    userId: v.id("users"),
    drinks: countsByNameValidator,
    weekdays: countsByNameValidator,
    titles: countsByNameValidator,
    liveJoins: v.number(),
    maxSameDay: v.number(),
    maxHostedGoing: v.number(),
    promotions: v.number(),
    photos: v.number(),
    comments: v.number(),
    ratings: v.number(),
    daysActive: v.number(),
    /** The UTC day (YYYY-MM-DD) of the last own activity, for daysActive. */
    lastActiveDay: v.union(v.string(), v.null()),
    earnedKeys: v.array(v.string()),
  }).index("by_user", ["userId"]),

  /**
   * Receipts of queued (offline) taps (model/idempotency.ts): the key a
   * user's device sent a mutation with, the function (`name`, e.g.
   * "events:join") and what it returned, so a replay answers the same and
   * changes nothing. Deleted by age (`by_creation_time`) once no replay can come.
   */
  idempotencyKeys: defineTable({
    userId: v.id("users"),
    key: v.string(),
    name: v.string(),
    result: v.optional(v.any()),
  }).index("by_user_and_key", ["userId", "key"]),

  // ---------------------------------------------------------------- calendar feeds

  /**
   * Secret calendar addresses (shared/calendarFeed.ts): one per person for
   * their own sessions (`crewId` null) and one per (member, crew) for a crew's.
   * `token` is kept so Settings can show the address again; requests find the
   * row by `tokenHash` (SHA-256, hex), so a look-up's timing depends on the
   * hash only, never on how much of a guessed token was right.
   */
  calendar_feeds: defineTable({
    userId: v.id("users"),
    crewId: v.union(v.id("crews"), v.null()),
    token: v.string(),
    tokenHash: v.string(),
    createdAt: v.number(),
  })
    .index("by_token_hash", ["tokenHash"])
    .index("by_user_and_crew", ["userId", "crewId"])
    .index("by_crew", ["crewId"]),

  /**
   * A deleted session that feeds keep listing as cancelled for
   * CALENDAR_CANCELLED_KEPT_MS: what it was, and how far the batches that tell
   * its attendees' feeds (`calendar_cancellations`) have got through them.
   */
  calendar_cancelled_events: defineTable({
    eventId: v.id("events"),
    title: v.string(),
    startTime: v.number(),
    endTime: v.number(),
    /** The page it had (the UID's host comes from the site URL). */
    path: v.string(),
    createdAt: v.number(),
    sequence: v.number(),
    cancelledAt: v.number(),
    /** `_creationTime` of the last attendee row handled; null before the first. */
    attendeesAfter: v.union(v.number(), v.null()),
    attendeesDone: v.boolean(),
  })
    .index("by_event", ["eventId"])
    .index("by_cancelled_at", ["cancelledAt"]),

  /**
   * One cancelled session in one feed: a person's (they attended it) or a
   * crew's (it was invited), with what the feed shows of it. Deleted
   * CALENDAR_CANCELLED_KEPT_MS after `cancelledAt` by a daily cron.
   */
  calendar_cancellations: defineTable({
    eventId: v.id("events"),
    userId: v.union(v.id("users"), v.null()),
    crewId: v.union(v.id("crews"), v.null()),
    title: v.string(),
    startTime: v.number(),
    endTime: v.number(),
    path: v.string(),
    createdAt: v.number(),
    sequence: v.number(),
    cancelledAt: v.number(),
  })
    .index("by_user_and_cancelled_at", ["userId", "cancelledAt"])
    .index("by_crew_and_cancelled_at", ["crewId", "cancelledAt"])
    .index("by_cancelled_at", ["cancelledAt"]),

  /**
   * Web push devices: one row per browser push endpoint, owned by
   * the person who subscribed it last; `p256dh` and `auth` encrypt the payload.
   */
  push_subscriptions: defineTable({
    userId: v.id("users"),
    endpoint: v.string(),
    p256dh: v.string(),
    auth: v.string(),
    createdAt: v.number(),
  })
    .index("by_user", ["userId"])
    .index("by_endpoint", ["endpoint"]),

  /** Where the stored-file sweep got to (model/uploads.ts): every file created up to `checkedThrough` was checked. */
  file_sweeps: defineTable({ checkedThrough: v.number() }),

  /**
   * The tab (model/tab.ts): one row per session that has one, with its
   * maintained counts and the morning-after recap's job.
   */
  event_tabs: defineTable({
    eventId: v.id("events"),
    /** Rows of `tab_balances` (bounded by shared/tabRules.ts TAB_PEOPLE_MAX). */
    people: v.number(),
    /**
     * The same figures as the `tab_balances` rows, in the one document the tab is read from
     * (at most TAB_PEOPLE_MAX entries), written with them. Absent on a tab last written before
     * it was kept: its next write fills it in, and until then it is read from the rows.
     */
    balances: v.optional(v.array(v.object(tabBalanceFields))),
    expenseCount: v.number(),
    /** The pending recap job (null once it ran, or before the first expense). */
    recapJobId: v.union(v.id("_scheduled_functions"), v.null()),
    recapSentAt: v.union(v.number(), v.null()),
  }).index("by_event", ["eventId"]),

  /** An expense on a session's tab; amounts in the currency's minor units, shares adding up to `amount`. */
  tab_expenses: defineTable({
    eventId: v.id("events"),
    description: v.string(),
    amount: v.number(),
    currency: v.string(),
    split: v.union(v.literal("equal"), v.literal("exact")),
    paidBy: v.id("users"),
    addedBy: v.id("users"),
    shares: v.array(v.object({ userId: v.id("users"), amount: v.number() })),
    updatedAt: v.number(),
  })
    // The expenses list, newest first (_creationTime).
    .index("by_event", ["eventId"]),

  /**
   * One person's maintained balance on one tab, updated by every expense and
   * transfer write (so the tab never re-reads its expenses); `name` is their
   * display name copied for the tab (refreshed on rename, null once the account is deleted).
   * Found by person: who may see a tab, and whose name to refresh; the tab reads
   * `event_tabs.balances`.
   */
  tab_balances: defineTable({ eventId: v.id("events"), ...tabBalanceFields })
    .index("by_event_and_user", ["eventId", "userId"])
    .index("by_user", ["userId"]),

  /** A transfer of the settle-up plan marked paid (by the payer or the payee). */
  tab_settlements: defineTable({
    eventId: v.id("events"),
    fromUserId: v.id("users"),
    toUserId: v.id("users"),
    amount: v.number(),
    markedBy: v.id("users"),
  }).index("by_event", ["eventId"]),

  /** The demo world's marker (model/demoWorld.ts): what it created, to wipe it. */
  demo_world: defineTable({
    userIds: v.array(v.id("users")),
    createdAt: v.number(),
  }),

  /**
   * Test guests of the debug console: sign-in-less people a user
   * made to invite and answer for in the E2E test; only their owner may act
   * for them (convex/debug.ts).
   */
  debug_test_guests: defineTable({
    ownerId: v.id("users"),
    guestId: v.id("users"),
    createdAt: v.number(),
  })
    .index("by_owner", ["ownerId"])
    .index("by_guest", ["guestId"]),
});
