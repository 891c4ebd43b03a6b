/**
 * Bar-crawl stops: the host and co-hosts build an ordered list of up to 12
 * places (shared/stopRules.ts) and, during the session, say where the crew is
 * ("We're here" on a stop, "Moving on" to the next). The current stop is kept
 * on the session's one `event_crawls` row, so an open page reads it in one
 * indexed get and sees every move live. People going hear "The crew moved to
 * …" in scheduled batches, at most once a minute per session: a move within
 * the minute is told once the minute is over, with the stop the crew is at
 * by then.
 */
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { EVENT_ERRORS } from "../../shared/eventMessages";
import {
  STOP_MESSAGES,
  STOP_NOTICE_INTERVAL_MS,
  STOP_NOTICE_TEXTS,
  STOPS_MAX,
  STOPS_MIN_FOR_CRAWL,
  canEditStops,
  checkStop,
  isSameStops,
  stopMapsUrl,
  type StopInput,
} from "../../shared/stopRules";
import { appError } from "./errors";
import { eventNotificationData } from "./eventNotifications";
import { ensureNotEnded, getEventAccessIfVisible, type EventDoc } from "./events";
import { createNotification, senderOf } from "./notifications";
import { takeToken } from "./rateLimits";
import {
  STOP_NOTICE_LIMIT,
  crawlStartIn,
  getCrawl,
  stopsOf,
  type CrawlDoc,
  type StopDoc,
} from "./stopRows";

/** People told per mutation; the rest in scheduled batches. */
export const STOP_NOTICE_BATCH = 100;

// ---------------------------------------------------------------- reading

export type StopView = {
  _id: Id<"event_stops">;
  name: string;
  address: string | null;
  plannedTime: number | null;
  arrivedAt: number | null;
  mapsUrl: string;
};

export type StopsView = {
  stops: StopView[];
  currentStopId: Id<"event_stops"> | null;
  movedAt: number | null;
  /** The host or a co-host, before the session ends: may change the stops and move the crew on. */
  canEdit: boolean;
  ended: boolean;
  /** The session's times: a stop's planned time is checked against them. */
  startTime: number;
  endTime: number;
};

function stopView(stop: StopDoc): StopView {
  return {
    _id: stop._id,
    name: stop.name,
    address: stop.address,
    plannedTime: stop.plannedTime,
    arrivedAt: stop.arrivedAt,
    mapsUrl: stopMapsUrl(stop),
  };
}

/**
 * The session's stops and where the crew is, for whoever may see the session
 * (null otherwise, and for a session that does not exist). Guests see the
 * crawl from 2 stops; hosts also while they build it. Reads the event, the
 * viewer's rows, the crawl row and at most 12 stops.
 */
export async function stopsForViewer(
  ctx: QueryCtx,
  eventId: Id<"events">,
  viewerId: Id<"users"> | null,
): Promise<StopsView | null> {
  const access = await getEventAccessIfVisible(ctx, await ctx.db.get("events", eventId), viewerId);
  if (access === null) return null;
  const { event } = access;
  const ended = event.ended || event.endTime <= Date.now();
  const canEdit = !ended && canEditStops(access.participation);
  const crawl = await getCrawl(ctx, eventId);
  const count = crawl?.stopCount ?? 0;
  const times = { startTime: event.startTime, endTime: event.endTime };
  if (!canEdit && count < STOPS_MIN_FOR_CRAWL)
    return { stops: [], currentStopId: null, movedAt: null, canEdit, ended, ...times };
  const stops = count === 0 ? [] : await stopsOf(ctx, eventId);
  return {
    stops: stops.map(stopView),
    currentStopId: crawl?.currentStopId ?? null,
    movedAt: crawl?.movedAt ?? null,
    canEdit,
    ended,
    ...times,
  };
}

// ---------------------------------------------------------------- changing the stops

/**
 * The session, when `userId` may change its stops: NOT_FOUND when it does
 * not exist or they may not see it (a private session answers a stranger as
 * a missing one), FORBIDDEN for anyone but the host and co-hosts, VALIDATION
 * once it has ended.
 */
async function getEventEnsuringStopEditor(
  ctx: QueryCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
): Promise<EventDoc> {
  const access = await getEventAccessIfVisible(ctx, await ctx.db.get("events", eventId), userId);
  if (access === null) throw appError("NOT_FOUND", EVENT_ERRORS.notFound);
  if (!canEditStops(access.participation)) throw appError("FORBIDDEN", STOP_MESSAGES.onlyHosts);
  ensureNotEnded(access.event);
  return access.event;
}

/** The stop, when it is one of the session's; NOT_FOUND otherwise. */
async function getStopOfEvent(
  ctx: QueryCtx,
  event: EventDoc,
  stopId: Id<"event_stops">,
): Promise<StopDoc> {
  const stop = await ctx.db.get("event_stops", stopId);
  if (stop === null || stop.eventId !== event._id)
    throw appError("NOT_FOUND", STOP_MESSAGES.stopNotFound);
  return stop;
}

/** Adds a stop at the end of the crawl. Nothing is written when the input or the limit refuses. */
export async function addStop(
  ctx: MutationCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
  input: StopInput,
): Promise<Id<"event_stops">> {
  const event = await getEventEnsuringStopEditor(ctx, eventId, userId);
  const checked = checkStop(input, event);
  if (!checked.ok) throw appError("VALIDATION", checked.message, { field: checked.field });
  const crawl = await getCrawl(ctx, eventId);
  const count = crawl?.stopCount ?? 0;
  if (count >= STOPS_MAX) throw appError("VALIDATION", STOP_MESSAGES.tooManyStops);
  const stopId = await ctx.db.insert("event_stops", {
    eventId,
    position: count,
    name: checked.name,
    placeId: checked.place?.placeId ?? null,
    address: checked.place?.address ?? null,
    latitude: checked.place?.latitude ?? null,
    longitude: checked.place?.longitude ?? null,
    plannedTime: checked.plannedTime,
    arrivedAt: null,
  });
  const crawlId =
    crawl?._id ??
    (await ctx.db.insert("event_crawls", {
      eventId,
      stopCount: 0,
      firstStop: null,
      currentStopId: null,
      movedAt: null,
      noticePending: false,
      noticedStopId: null,
    }));
  const stop = (await ctx.db.get("event_stops", stopId))!;
  await renumber(ctx, crawlId, [
    ...(await stopsOf(ctx, eventId)).filter((s) => s._id !== stopId),
    stop,
  ]);
  return stopId;
}

/**
 * Writes positions 0..n-1 in the given order (patching only stops whose position changed), and
 * the crawl row's count and first stop, which the calendar and the share page read.
 */
async function renumber(
  ctx: MutationCtx,
  crawlId: Id<"event_crawls">,
  stops: readonly StopDoc[],
  extra: Partial<CrawlDoc> = {},
): Promise<void> {
  for (const [position, stop] of stops.entries()) {
    if (stop.position !== position) await ctx.db.patch("event_stops", stop._id, { position });
  }
  const crawl = (await ctx.db.get("event_crawls", crawlId))!;
  const first = stops[0];
  const counted = {
    stopCount: stops.length,
    firstStop:
      first === undefined
        ? null
        : {
            name: first.name,
            address: first.address,
            latitude: first.latitude,
            longitude: first.longitude,
          },
  };
  await ctx.db.patch("event_crawls", crawlId, { ...extra, ...counted });
  // A new meeting place is a new version of the session: calendars take it only with a higher
  // SEQUENCE, which follows the session's last change.
  if (!sameMeetingPlace(crawlStartIn(crawl), crawlStartIn(counted)))
    await ctx.db.patch("events", crawl.eventId, { updatedAt: Date.now() });
}

function sameMeetingPlace(a: CrawlDoc["firstStop"], b: CrawlDoc["firstStop"]): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.name === b.name &&
    a.address === b.address &&
    a.latitude === b.latitude &&
    a.longitude === b.longitude
  );
}

/** Removes a stop; a removed current stop leaves the crew at no stop until the next move. */
export async function removeStop(
  ctx: MutationCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
  stopId: Id<"event_stops">,
): Promise<void> {
  const event = await getEventEnsuringStopEditor(ctx, eventId, userId);
  const stop = await getStopOfEvent(ctx, event, stopId);
  const stops = await stopsOf(ctx, eventId);
  const crawl = await getCrawl(ctx, eventId);
  await ctx.db.delete("event_stops", stop._id);
  if (crawl === null) return;
  await renumber(
    ctx,
    crawl._id,
    stops.filter((other) => other._id !== stop._id),
    {
      ...(crawl.currentStopId === stop._id ? { currentStopId: null } : {}),
      ...(crawl.noticedStopId === stop._id ? { noticedStopId: null } : {}),
    },
  );
}

/** Puts the stops in the order given, which must list each of the crawl's stops once. */
export async function reorderStops(
  ctx: MutationCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
  stopIds: readonly Id<"event_stops">[],
): Promise<void> {
  await getEventEnsuringStopEditor(ctx, eventId, userId);
  const stops = await stopsOf(ctx, eventId);
  const crawl = await getCrawl(ctx, eventId);
  if (
    crawl === null ||
    !isSameStops(
      stops.map((stop) => stop._id),
      stopIds,
    )
  )
    throw appError("VALIDATION", STOP_MESSAGES.wrongOrder);
  const byId = new Map(stops.map((stop) => [stop._id, stop]));
  await renumber(
    ctx,
    crawl._id,
    stopIds.map((id) => byId.get(id)!),
  );
}

// ---------------------------------------------------------------- moving the crew on

async function getCrawlEnsuringLive(ctx: QueryCtx, eventId: Id<"events">): Promise<CrawlDoc> {
  const crawl = await getCrawl(ctx, eventId);
  if (crawl === null || crawl.stopCount < STOPS_MIN_FOR_CRAWL)
    throw appError("VALIDATION", STOP_MESSAGES.needTwoStops);
  return crawl;
}

async function moveTo(
  ctx: MutationCtx,
  crawl: CrawlDoc,
  stop: StopDoc,
  moverId: Id<"users">,
): Promise<void> {
  const now = Date.now();
  await ctx.db.patch("event_stops", stop._id, { arrivedAt: now });
  await ctx.db.patch("event_crawls", crawl._id, {
    currentStopId: stop._id,
    movedAt: now,
    noticePending: true,
  });
  // One telling at a time: a pending one reads the current stop when it runs.
  if (!crawl.noticePending) {
    await ctx.scheduler.runAfter(0, internal.stops.tellMove, {
      eventId: crawl.eventId,
      moverId,
      stopId: null,
      cursor: null,
    });
  }
}

/** "We're here": the crew is at `stopId` now. At the current stop already, nothing changes. */
export async function arriveAtStop(
  ctx: MutationCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
  stopId: Id<"event_stops">,
): Promise<void> {
  const event = await getEventEnsuringStopEditor(ctx, eventId, userId);
  const crawl = await getCrawlEnsuringLive(ctx, eventId);
  const stop = await getStopOfEvent(ctx, event, stopId);
  if (crawl.currentStopId === stop._id) return;
  await moveTo(ctx, crawl, stop, userId);
}

/**
 * "Moving on": from `fromStopId`, the stop the crew was at when the tap was
 * made, to the one after it. A tap from a stop the crew has left (another
 * host moved on meanwhile, or a queued tap sent late) is refused rather than
 * moving the crew twice; so is moving on from the last stop.
 */
export async function moveOnFromStop(
  ctx: MutationCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
  fromStopId: Id<"event_stops">,
): Promise<Id<"event_stops">> {
  const event = await getEventEnsuringStopEditor(ctx, eventId, userId);
  const crawl = await getCrawlEnsuringLive(ctx, eventId);
  const from = await getStopOfEvent(ctx, event, fromStopId);
  if (crawl.currentStopId !== from._id) throw appError("VALIDATION", STOP_MESSAGES.alreadyMoved);
  const stops = await stopsOf(ctx, eventId);
  const next = stops.find((stop) => stop.position === from.position + 1);
  if (next === undefined) throw appError("VALIDATION", STOP_MESSAGES.lastStop);
  await moveTo(ctx, crawl, next, userId);
  return next._id;
}

// ---------------------------------------------------------------- telling people going

/**
 * Tells the session's people (its `event_participants`: the host, co-hosts
 * and everyone going) where the crew is. The first run (`stopId` null) waits
 * for the session's minute to be over (rescheduling itself), then picks the
 * current stop, unless it was told already; later runs continue the batches
 * of that stop, and stop once the crew has moved again (that move is told by
 * its own run).
 */
export async function tellCrewMove(
  ctx: MutationCtx,
  args: {
    eventId: Id<"events">;
    moverId: Id<"users">;
    stopId: Id<"event_stops"> | null;
    cursor: string | null;
  },
): Promise<void> {
  const event = await ctx.db.get("events", args.eventId);
  const crawl = await getCrawl(ctx, args.eventId);
  if (event === null || crawl === null) return;
  let stopId = args.stopId;
  if (stopId === null) {
    const token = await takeToken(ctx, STOP_NOTICE_LIMIT, args.eventId, {
      rate: 1,
      periodMs: STOP_NOTICE_INTERVAL_MS,
    });
    if (!token.ok) {
      await ctx.scheduler.runAfter(token.retryAfterMs, internal.stops.tellMove, args);
      return;
    }
    stopId = crawl.currentStopId;
    const told = stopId === null || stopId === crawl.noticedStopId;
    await ctx.db.patch("event_crawls", crawl._id, {
      noticePending: false,
      ...(told ? {} : { noticedStopId: stopId }),
    });
    if (told) return;
  }
  if (stopId === null || crawl.currentStopId !== stopId) return;
  const stop = await ctx.db.get("event_stops", stopId);
  if (stop === null) return;
  const page = await ctx.db
    .query("event_participants")
    .withIndex("by_event", (q) => q.eq("eventId", event._id))
    .paginate({ numItems: STOP_NOTICE_BATCH, cursor: args.cursor });
  const sender = await senderOf(ctx, args.moverId);
  for (const row of page.page) {
    await createNotification(ctx, {
      userId: row.userId,
      type: "crawl_moved",
      ...STOP_NOTICE_TEXTS.moved(stop.name, event.title),
      data: { ...eventNotificationData(event), stopId: stop._id, stopName: stop.name },
      sender,
      eventId: event._id,
    });
  }
  if (!page.isDone) {
    await ctx.scheduler.runAfter(0, internal.stops.tellMove, {
      ...args,
      stopId,
      cursor: page.continueCursor,
    });
  }
}
