/**
 * Calendar feeds: the secret addresses (one per person, one per crew member
 * and crew), what a feed lists, and the cancelled sessions feeds keep
 * showing for a while. The text itself is written by shared/calendarFeed.ts
 * in the HTTP action (convex/http.ts).
 *
 * - A person's feed: the sessions they attend (host, co-host, going, accepted
 *   member: their `event_participants` rows), upcoming first, then those that
 *   ended in the last 30 days.
 * - A crew feed: the crew's sessions as its page lists them (invited, or
 *   counting for the crew), those the member may see by the event access rules,
 *   among the crew's latest session links. It works only while its owner is an
 *   accepted member.
 * - A deleted session: its attendees' feeds and its invited crews' feeds list
 *   it as cancelled for 30 days (`calendar_cancellations`, written by the
 *   session's clean-up batches), then a daily cron forgets it.
 */
import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import { env, type MutationCtx, type QueryCtx } from "../_generated/server";
import {
  CALENDAR_CANCELLED_KEPT_MS,
  CALENDAR_CREW_LINKS_SCANNED,
  CALENDAR_FEED_FETCH_LIMIT,
  CALENDAR_FEED_MAX_CANCELLED,
  CALENDAR_FEED_MAX_SESSIONS,
  CALENDAR_FEED_PAST_MS,
  CALENDAR_LINK_CHANGE_LIMIT,
  calendarFeedUrl,
  cancelledSequence,
  newCalendarFeedToken,
  webcalUrl,
  type CalendarFeed,
  type CalendarFeedCancelled,
  type CalendarFeedSession,
} from "../../shared/calendarFeed";
import { atCrawlStart } from "../../shared/calendar";
import { CALENDAR_FEED_COPY } from "../../shared/calendarFeedTexts";
import { eventCountsForCrew, isCrewMember } from "../../shared/crewRules";
import { canViewEvent } from "../../shared/eventAccess";
import { eventPath } from "../../shared/eventSlug";
import { formatRetryAfter } from "../../shared/rateLimit";
import type { AccountCleanup, EventCleanup } from "./batchedCleanup";
import {
  ensureCrewAllows,
  getCrewMember,
  getCrewEnsuringAccess,
  INVITED_CREWS_PER_EVENT_MAX,
  standingOf,
  type CrewDoc,
} from "./crews";
import { appError } from "./errors";
import { isListable } from "./eventViews";
import { sha256Hex, siteUrl } from "./magicLinks";
import { participationOf, readParticipationRows, type EventDoc } from "./participation";
import { resetRateLimit, takeToken } from "./rateLimits";
import { crawlStartOf } from "./stopRows";

type FeedDoc = Doc<"calendar_feeds">;

const FETCH_LIMIT_NAME = "calendar_feed_fetch";
const LINK_CHANGE_LIMIT_NAME = "calendar_link_change";

// ---------------------------------------------------------------- the addresses

/** What Settings and the crew page show of an address. */
export type CalendarLink = { url: string; webcalUrl: string; createdAt: number };

function linkOf(feed: FeedDoc): CalendarLink {
  const base = env.CONVEX_SITE_URL;
  if (!base) throw new Error("Missing environment variable `CONVEX_SITE_URL`");
  const url = calendarFeedUrl(base, feed.token);
  return { url, webcalUrl: webcalUrl(url), createdAt: feed.createdAt };
}

async function feedRow(
  ctx: QueryCtx,
  userId: Id<"users">,
  crewId: Id<"crews"> | null,
): Promise<FeedDoc | null> {
  return await ctx.db
    .query("calendar_feeds")
    .withIndex("by_user_and_crew", (q) => q.eq("userId", userId).eq("crewId", crewId))
    .unique();
}

/**
 * The crew a member asks a feed of: 'Crew not found' for an id that is no
 * crew (or a private crew the caller is not in), FORBIDDEN for anyone else
 * who is not an accepted member.
 */
async function crewOfMember(ctx: QueryCtx, crewId: string, userId: Id<"users">): Promise<CrewDoc> {
  const access = await getCrewEnsuringAccess(ctx, crewId, userId);
  return ensureCrewAllows(
    access,
    (standing) => standing !== null && isCrewMember(standing),
    CALENDAR_FEED_COPY.membersOnly,
  ).crew;
}

/** The caller's address for their own sessions (no `crewId`) or a crew's; null before they made one. */
export async function calendarLinkOf(
  ctx: QueryCtx,
  userId: Id<"users">,
  crewId: string | undefined,
): Promise<CalendarLink | null> {
  const crew = crewId === undefined ? null : await crewOfMember(ctx, crewId, userId);
  const feed = await feedRow(ctx, userId, crew?._id ?? null);
  return feed === null ? null : linkOf(feed);
}

async function takeLinkChange(ctx: MutationCtx, userId: Id<"users">, now: number) {
  const allowed = await takeToken(
    ctx,
    LINK_CHANGE_LIMIT_NAME,
    userId,
    CALENDAR_LINK_CHANGE_LIMIT,
    now,
  );
  if (!allowed.ok) {
    throw appError(
      "RATE_LIMITED",
      CALENDAR_FEED_COPY.tooManyLinkChanges(formatRetryAfter(allowed.retryAfterMs)),
      { retryAfterMs: allowed.retryAfterMs },
    );
  }
}

async function insertFeed(
  ctx: MutationCtx,
  userId: Id<"users">,
  crewId: Id<"crews"> | null,
  now: number,
): Promise<FeedDoc> {
  const token = newCalendarFeedToken();
  const id = await ctx.db.insert("calendar_feeds", {
    userId,
    crewId,
    token,
    tokenHash: await sha256Hex(token),
    createdAt: now,
  });
  return (await ctx.db.get("calendar_feeds", id))!;
}

async function deleteFeed(ctx: MutationCtx, feed: FeedDoc): Promise<void> {
  await ctx.db.delete("calendar_feeds", feed._id);
  await resetRateLimit(ctx, FETCH_LIMIT_NAME, feed._id);
}

/** The caller's address, made now if they had none (the same one on every later call). */
export async function ensureCalendarLink(
  ctx: MutationCtx,
  userId: Id<"users">,
  crewId: string | undefined,
  now: number = Date.now(),
): Promise<CalendarLink> {
  const crew = crewId === undefined ? null : await crewOfMember(ctx, crewId, userId);
  const existing = await feedRow(ctx, userId, crew?._id ?? null);
  if (existing !== null) return linkOf(existing);
  await takeLinkChange(ctx, userId, now);
  return linkOf(await insertFeed(ctx, userId, crew?._id ?? null, now));
}

/** A new secret address; the old one answers 404 from this commit on. */
export async function regenerateCalendarLink(
  ctx: MutationCtx,
  userId: Id<"users">,
  crewId: string | undefined,
  now: number = Date.now(),
): Promise<CalendarLink> {
  const crew = crewId === undefined ? null : await crewOfMember(ctx, crewId, userId);
  await takeLinkChange(ctx, userId, now);
  const existing = await feedRow(ctx, userId, crew?._id ?? null);
  if (existing !== null) await deleteFeed(ctx, existing);
  return linkOf(await insertFeed(ctx, userId, crew?._id ?? null, now));
}

// ---------------------------------------------------------------- serving a feed

export type FetchAdmission =
  | { status: "ok"; feedId: Id<"calendar_feeds"> }
  | { status: "limited"; retryAfterMs: number }
  | { status: "unknown" };

/**
 * A request for `token`: unknown (never issued, regenerated, or deleted), over
 * CALENDAR_FEED_FETCH_LIMIT, or the feed to serve. Found by the token's hash.
 */
export async function admitCalendarFetch(
  ctx: MutationCtx,
  token: string,
  now: number,
): Promise<FetchAdmission> {
  const tokenHash = await sha256Hex(token);
  const feed = await ctx.db
    .query("calendar_feeds")
    .withIndex("by_token_hash", (q) => q.eq("tokenHash", tokenHash))
    .unique();
  if (feed === null) return { status: "unknown" };
  const allowed = await takeToken(ctx, FETCH_LIMIT_NAME, feed._id, CALENDAR_FEED_FETCH_LIMIT, now);
  return allowed.ok
    ? { status: "ok", feedId: feed._id }
    : { status: "limited", retryAfterMs: allowed.retryAfterMs };
}

function sessionEntry(event: EventDoc, site: string): CalendarFeedSession {
  return {
    kind: "session",
    id: event._id,
    title: event.title,
    notes: event.notes,
    placeName: event.placeName,
    location: event.location,
    latitude: event.latitude,
    longitude: event.longitude,
    url: `${site}${eventPath(event)}`,
    startTime: event.startTime,
    endTime: event.endTime,
    createdAt: event._creationTime,
    updatedAt: event.updatedAt,
  };
}

function cancelledEntry(row: Doc<"calendar_cancellations">, site: string): CalendarFeedCancelled {
  return {
    kind: "cancelled",
    id: row.eventId,
    title: row.title,
    startTime: row.startTime,
    endTime: row.endTime,
    url: `${site}${row.path}`,
    sequence: row.sequence,
    createdAt: row.createdAt,
    cancelledAt: row.cancelledAt,
  };
}

/** Cancellations of one feed still kept, newest first (at most CALENDAR_FEED_MAX_CANCELLED). */
async function cancellationsOf(
  ctx: QueryCtx,
  owner: { userId: Id<"users"> } | { crewId: Id<"crews"> },
  now: number,
): Promise<Doc<"calendar_cancellations">[]> {
  const since = now - CALENDAR_CANCELLED_KEPT_MS;
  const rows =
    "userId" in owner
      ? ctx.db
          .query("calendar_cancellations")
          .withIndex("by_user_and_cancelled_at", (q) =>
            q.eq("userId", owner.userId).gt("cancelledAt", since),
          )
      : ctx.db
          .query("calendar_cancellations")
          .withIndex("by_crew_and_cancelled_at", (q) =>
            q.eq("crewId", owner.crewId).gt("cancelledAt", since),
          );
  return await rows.order("desc").take(CALENDAR_FEED_MAX_CANCELLED);
}

/** The person's sessions: upcoming (soonest first), then the most recently ended, `max` in all. */
async function attendedEvents(
  ctx: QueryCtx,
  userId: Id<"users">,
  now: number,
  max: number,
): Promise<EventDoc[]> {
  const upcoming = await ctx.db
    .query("event_participants")
    .withIndex("by_user_and_end_time", (q) => q.eq("userId", userId).gt("endTime", now))
    .take(max);
  const past =
    upcoming.length < max
      ? await ctx.db
          .query("event_participants")
          .withIndex("by_user_and_end_time", (q) =>
            q
              .eq("userId", userId)
              .gt("endTime", now - CALENDAR_FEED_PAST_MS)
              .lte("endTime", now),
          )
          .order("desc")
          .take(max - upcoming.length)
      : [];
  const events = await Promise.all(
    [...upcoming, ...past].map((row) => ctx.db.get("events", row.eventId)),
  );
  // A session deleted a moment ago may still have rows its clean-up has not reached.
  return events.filter((event): event is EventDoc => event !== null);
}

/**
 * The crew's sessions `userId` may see, among its latest CALENDAR_CREW_LINKS_SCANNED
 * links: invited ones (the member shares the invited crew), and those that count
 * for the crew when public or visible to the member on their own.
 */
async function crewEvents(
  ctx: QueryCtx,
  crew: CrewDoc,
  userId: Id<"users">,
  now: number,
  max: number,
): Promise<EventDoc[]> {
  const links = await ctx.db
    .query("crew_events")
    .withIndex("by_crew", (q) => q.eq("crewId", crew._id))
    .order("desc")
    .take(CALENDAR_CREW_LINKS_SCANNED);
  const events: EventDoc[] = [];
  for (const link of links) {
    if (events.length >= max) break;
    if (!link.invited && !eventCountsForCrew(link.attendingMembers, crew.memberCount)) continue;
    const event = await ctx.db.get("events", link.eventId);
    if (event === null || event.endTime <= now - CALENDAR_FEED_PAST_MS) continue;
    const visible =
      canViewEvent(event, null, link.invited) ||
      canViewEvent(
        event,
        participationOf(event, userId, await readParticipationRows(ctx, event._id, userId)),
      );
    if (visible) events.push(event);
  }
  return events;
}

/**
 * What the feed behind `feedId` lists at `now`, or null when it must answer
 * like an unknown address (its crew is gone, or its owner is no longer a member).
 */
export async function calendarFeedContent(
  ctx: QueryCtx,
  feedId: Id<"calendar_feeds">,
  now: number,
): Promise<CalendarFeed | null> {
  const feed = await ctx.db.get("calendar_feeds", feedId);
  if (feed === null) return null;
  const site = siteUrl();
  let crew: CrewDoc | null = null;
  if (feed.crewId !== null) {
    crew = await ctx.db.get("crews", feed.crewId);
    if (crew === null) return null;
    const standing = standingOf(crew, feed.userId, await getCrewMember(ctx, crew._id, feed.userId));
    if (standing === null || !isCrewMember(standing)) return null;
  }
  const cancelled = await cancellationsOf(
    ctx,
    crew === null ? { userId: feed.userId } : { crewId: crew._id },
    now,
  );
  const max = CALENDAR_FEED_MAX_SESSIONS - cancelled.length;
  const events =
    crew === null
      ? await attendedEvents(ctx, feed.userId, now, max)
      : await crewEvents(ctx, crew, feed.userId, now, max);
  // A crawl's sessions are placed at their first stop (one indexed read each).
  const sessions = await Promise.all(
    events
      .filter(isListable)
      .map(async (event) =>
        atCrawlStart(sessionEntry(event, site), await crawlStartOf(ctx, event._id)),
      ),
  );
  const entries = [...sessions, ...cancelled.map((row) => cancelledEntry(row, site))].sort(
    (a, b) => a.startTime - b.startTime,
  );
  return crew === null
    ? {
        name: CALENDAR_FEED_COPY.personalName,
        description: CALENDAR_FEED_COPY.personalDescription,
        entries,
      }
    : {
        name: CALENDAR_FEED_COPY.crewName(crew.name),
        description: CALENDAR_FEED_COPY.crewDescription(crew.name),
        entries,
      };
}

// ---------------------------------------------------------------- cancelled sessions

/**
 * Called as a session is deleted, while its rows still exist: keeps what
 * feeds show of it and tells its invited crews' feeds at once (a bounded
 * few); its attendees' feeds are told by `tellAttendeesOfCancellation`, a
 * step of the session's clean-up batches. A session that ended more than
 * CALENDAR_FEED_PAST_MS ago is in no feed, so nothing is kept.
 */
export async function rememberCancelledEvent(
  ctx: MutationCtx,
  event: EventDoc,
  now: number = Date.now(),
): Promise<void> {
  if (event.endTime <= now - CALENDAR_FEED_PAST_MS) return;
  const shown = {
    eventId: event._id,
    title: event.title,
    startTime: event.startTime,
    endTime: event.endTime,
    path: eventPath(event),
    createdAt: event._creationTime,
    sequence: cancelledSequence(event._creationTime, event.updatedAt, now),
    cancelledAt: now,
  };
  await ctx.db.insert("calendar_cancelled_events", {
    ...shown,
    attendeesAfter: null,
    attendeesDone: false,
  });
  const invited = await ctx.db
    .query("crew_events")
    .withIndex("by_event_and_invited", (q) => q.eq("eventId", event._id).eq("invited", true))
    .take(INVITED_CREWS_PER_EVENT_MAX);
  for (const link of invited) {
    await ctx.db.insert("calendar_cancellations", { ...shown, userId: null, crewId: link.crewId });
  }
}

/**
 * A step of a deleted session's clean-up (EVENT_CLEANUPS, before its
 * participant rows go): up to `limit` attendees' feeds learn of the
 * cancellation; the position is kept, so a later batch goes on where this one
 * stopped.
 */
export const tellAttendeesOfCancellation: EventCleanup = async (ctx, eventId, limit) => {
  const cancelled = await ctx.db
    .query("calendar_cancelled_events")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .unique();
  if (cancelled === null || cancelled.attendeesDone) return 0;
  const after = cancelled.attendeesAfter;
  const rows = await ctx.db
    .query("event_participants")
    .withIndex("by_event", (q) =>
      after === null
        ? q.eq("eventId", eventId)
        : q.eq("eventId", eventId).gt("_creationTime", after),
    )
    .take(limit);
  const { title, startTime, endTime, path, createdAt, sequence, cancelledAt } = cancelled;
  for (const row of rows) {
    await ctx.db.insert("calendar_cancellations", {
      eventId,
      userId: row.userId,
      crewId: null,
      title,
      startTime,
      endTime,
      path,
      createdAt,
      sequence,
      cancelledAt,
    });
  }
  await ctx.db.patch("calendar_cancelled_events", cancelled._id, {
    attendeesAfter: rows.at(-1)?._creationTime ?? after,
    attendeesDone: rows.length < limit,
  });
  return rows.length;
};

/** Rows of either cancellation table deleted per run of the daily clean-up. */
export const CALENDAR_CLEANUP_BATCH = 200;

/**
 * Forgets cancellations older than CALENDAR_CANCELLED_KEPT_MS, a batch of
 * each table; true when none is left (else the caller runs it again).
 */
export async function deleteOldCancellations(ctx: MutationCtx, now: number): Promise<boolean> {
  const before = now - CALENDAR_CANCELLED_KEPT_MS;
  const shown = await ctx.db
    .query("calendar_cancellations")
    .withIndex("by_cancelled_at", (q) => q.lte("cancelledAt", before))
    .take(CALENDAR_CLEANUP_BATCH);
  for (const row of shown) await ctx.db.delete("calendar_cancellations", row._id);
  const kept = await ctx.db
    .query("calendar_cancelled_events")
    .withIndex("by_cancelled_at", (q) => q.lte("cancelledAt", before))
    .take(CALENDAR_CLEANUP_BATCH);
  for (const row of kept) await ctx.db.delete("calendar_cancelled_events", row._id);
  return shown.length < CALENDAR_CLEANUP_BATCH && kept.length < CALENDAR_CLEANUP_BATCH;
}

// ---------------------------------------------------------------- deleting accounts and crews

/** One batch of a deleted account's addresses and cancellations; true when none is left. */
export async function deleteCalendarDataOfUserBatch(
  ctx: MutationCtx,
  userId: Id<"users">,
): Promise<boolean> {
  const feeds = await ctx.db
    .query("calendar_feeds")
    .withIndex("by_user_and_crew", (q) => q.eq("userId", userId))
    .take(CALENDAR_CLEANUP_BATCH);
  for (const feed of feeds) await deleteFeed(ctx, feed);
  const cancellations = await ctx.db
    .query("calendar_cancellations")
    .withIndex("by_user_and_cancelled_at", (q) => q.eq("userId", userId))
    .take(CALENDAR_CLEANUP_BATCH);
  for (const row of cancellations) await ctx.db.delete("calendar_cancellations", row._id);
  await resetRateLimit(ctx, LINK_CHANGE_LIMIT_NAME, userId);
  return feeds.length < CALENDAR_CLEANUP_BATCH && cancellations.length < CALENDAR_CLEANUP_BATCH;
}

/** The account-deletion entry: a first batch now, the rest scheduled. */
export const deleteCalendarDataOfUser: AccountCleanup = async (ctx, userId) => {
  if (!(await deleteCalendarDataOfUserBatch(ctx, userId))) {
    await ctx.scheduler.runAfter(0, internal.calendarFeeds.deleteCalendarDataOfDeletedUser, {
      userId,
    });
  }
};

/** A deleted crew's step (crew clean-up batches): its members' addresses, then its cancellations. */
export async function deleteCalendarDataOfCrew(
  ctx: MutationCtx,
  crewId: Id<"crews">,
  limit: number,
): Promise<number> {
  const feeds = await ctx.db
    .query("calendar_feeds")
    .withIndex("by_crew", (q) => q.eq("crewId", crewId))
    .take(limit);
  for (const feed of feeds) await deleteFeed(ctx, feed);
  if (feeds.length >= limit) return feeds.length;
  const cancellations = await ctx.db
    .query("calendar_cancellations")
    .withIndex("by_crew_and_cancelled_at", (q) => q.eq("crewId", crewId))
    .take(limit - feeds.length);
  for (const row of cancellations) await ctx.db.delete("calendar_cancellations", row._id);
  return feeds.length + cancellations.length;
}
