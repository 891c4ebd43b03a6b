import { describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import {
  createEvent,
  createUser,
  expectError,
  HOUR,
  newTest,
  notificationsOf,
  rsvp,
  runDue,
  runsAt,
  type TestConvex,
  type TestUser,
} from "./test.setup";
import { EVENT_ERRORS } from "../shared/eventMessages";
import { parseCalendar } from "../tests/support/icalendar";
import { EVENT_ACCESS_MESSAGES } from "../shared/eventAccess";
import { STOP_MESSAGES, STOP_NOTICE_INTERVAL_MS, STOPS_MAX } from "../shared/stopRules";

runsAt(Date.UTC(2026, 10, 23, 20, 0, 0));

const PLACE = {
  placeId: "osm:N1",
  placeName: "The Crown",
  address: "22 Neal Street, London",
  latitude: 51.51,
  longitude: -0.12,
};

/** A private session under way: the host, a co-host, a guest going, and a stranger. */
async function setup() {
  const t = newTest();
  const host = await createUser(t, { email: "host@example.com", name: "Hana" });
  const coHost = await createUser(t, { email: "co@example.com", name: "Cole" });
  const going = await createUser(t, { email: "going@example.com", name: "Gus" });
  const stranger = await createUser(t, { email: "who@example.com", name: "Cy" });
  const { eventId } = await createEvent(t, host, {
    title: "Soho crawl",
    isPublic: false,
    durationType: "now",
  });
  await host.asUser.mutation(api.invitations.inviteUsers, {
    eventId,
    userIds: [coHost.userId, going.userId],
  });
  await rsvp(coHost, eventId, "going");
  await rsvp(going, eventId, "going");
  await host.asUser.mutation(api.events.promoteCoHost, { eventId, userId: coHost.userId });
  await runDue(t);
  return { t, host, coHost, going, stranger, eventId };
}

async function addStop(user: TestUser, eventId: Id<"events">, name: string, extra = {}) {
  const { stopId } = await user.asUser.mutation(api.stops.add, {
    eventId,
    name,
    place: null,
    plannedTime: null,
    ...extra,
  });
  return stopId;
}

/** Every stop and crawl row of the session, to check a refusal wrote nothing. */
async function crawlRows(t: TestConvex, eventId: Id<"events">) {
  return await t.run(async (ctx) => ({
    stops: await ctx.db
      .query("event_stops")
      .withIndex("by_event_and_position", (q) => q.eq("eventId", eventId))
      .collect(),
    crawl: await ctx.db
      .query("event_crawls")
      .withIndex("by_event", (q) => q.eq("eventId", eventId))
      .collect(),
  }));
}

async function movedNotes(t: TestConvex, user: TestUser) {
  return (await notificationsOf(t, user.userId)).filter((n) => n.type === "crawl_moved");
}

describe("list", () => {
  test("whoever may see the session sees a crawl of 2 stops; a stranger gets what a missing session gets", async () => {
    const { t, host, going, stranger, eventId } = await setup();
    const first = await addStop(host, eventId, "The Crown", { place: PLACE });
    // One stop is the host's draft: guests see no crawl yet.
    expect(await going.asUser.query(api.stops.list, { eventId })).toMatchObject({ stops: [] });
    const hostView = await host.asUser.query(api.stops.list, { eventId });
    expect(hostView).toMatchObject({ canEdit: true, stops: [{ _id: first, name: "The Crown" }] });
    expect(hostView?.stops[0]?.mapsUrl).toBe(
      "https://www.google.com/maps/search/?api=1&query=51.51%2C-0.12",
    );
    await addStop(host, eventId, "Jo's flat");
    const guestView = await going.asUser.query(api.stops.list, { eventId });
    expect(guestView).toMatchObject({ canEdit: false, currentStopId: null, ended: false });
    expect(guestView?.stops.map((stop) => stop.name)).toEqual(["The Crown", "Jo's flat"]);

    const missing = (await createEvent(t, host, { title: "Gone" })).eventId;
    await host.asUser.mutation(api.events.remove, { eventId: missing });
    expect(await stranger.asUser.query(api.stops.list, { eventId })).toBeNull();
    expect(await t.query(api.stops.list, { eventId })).toBeNull();
    expect(await stranger.asUser.query(api.stops.list, { eventId: missing })).toBeNull();
  });
});

describe("add, remove and reorder", () => {
  test("the host and a co-host change the stops; anonymous, a stranger and a guest are refused and nothing is written", async () => {
    const { t, host, coHost, going, stranger, eventId } = await setup();
    const args = { eventId, name: "The Crown", place: null, plannedTime: null };
    await expectError(t.mutation(api.stops.add, args), { code: "NOT_AUTHENTICATED" });
    // A private session answers a stranger as a missing one does.
    await expectError(stranger.asUser.mutation(api.stops.add, args), {
      code: "NOT_FOUND",
      message: EVENT_ERRORS.notFound,
    });
    await expectError(going.asUser.mutation(api.stops.add, args), {
      code: "FORBIDDEN",
      message: STOP_MESSAGES.onlyHosts,
    });
    expect(await crawlRows(t, eventId)).toEqual({ stops: [], crawl: [] });

    const a = await addStop(host, eventId, "The Crown");
    const b = await addStop(coHost, eventId, "The Lamb", { plannedTime: Date.now() + HOUR });
    const c = await addStop(host, eventId, "Nightjar");
    await expectError(going.asUser.mutation(api.stops.reorder, { eventId, stopIds: [c, b, a] }), {
      code: "FORBIDDEN",
    });
    await expectError(stranger.asUser.mutation(api.stops.remove, { eventId, stopId: a }), {
      code: "NOT_FOUND",
      message: EVENT_ERRORS.notFound,
    });
    await coHost.asUser.mutation(api.stops.reorder, { eventId, stopIds: [c, a, b] });
    await host.asUser.mutation(api.stops.remove, { eventId, stopId: a });
    const { stops, crawl } = await crawlRows(t, eventId);
    expect(stops.map((stop) => [stop.name, stop.position])).toEqual([
      ["Nightjar", 0],
      ["The Lamb", 1],
    ]);
    expect(crawl[0]?.stopCount).toBe(2);
  });

  test("bad input gets a clear error and writes nothing", async () => {
    const { t, host, eventId } = await setup();
    const other = (await createEvent(t, host, { title: "Another night" })).eventId;
    const foreign = await addStop(host, other, "Elsewhere");
    const ids: Id<"event_stops">[] = [];
    for (let i = 0; i < STOPS_MAX; i++) ids.push(await addStop(host, eventId, `Bar ${i + 1}`));
    const before = await crawlRows(t, eventId);

    await expectError(addStop(host, eventId, "Bar 13"), {
      code: "VALIDATION",
      message: STOP_MESSAGES.tooManyStops,
    });
    await host.asUser.mutation(api.stops.remove, { eventId, stopId: ids.pop()! });
    const twelveLess = await crawlRows(t, eventId);
    await expectError(addStop(host, eventId, "  \u200b "), {
      code: "VALIDATION",
      field: "name",
      message: STOP_MESSAGES.nameRequired,
    });
    await expectError(addStop(host, eventId, "Late one", { plannedTime: Date.now() + 48 * HOUR }), {
      code: "VALIDATION",
      field: "plannedTime",
      message: STOP_MESSAGES.timeOutsideSession,
    });
    for (const stopIds of [ids.slice(1), [...ids.slice(1), ids[1]], [...ids.slice(1), foreign]]) {
      await expectError(host.asUser.mutation(api.stops.reorder, { eventId, stopIds }), {
        code: "VALIDATION",
        message: STOP_MESSAGES.wrongOrder,
      });
    }
    await expectError(host.asUser.mutation(api.stops.remove, { eventId, stopId: foreign }), {
      code: "NOT_FOUND",
      message: STOP_MESSAGES.stopNotFound,
    });
    expect(await crawlRows(t, eventId)).toEqual(twelveLess);
    expect(before.stops).toHaveLength(STOPS_MAX);
  });

  test("an ended session's stops can no longer change", async () => {
    const { t, host, eventId } = await setup();
    const a = await addStop(host, eventId, "The Crown");
    await addStop(host, eventId, "The Lamb");
    vi.setSystemTime(Date.now() + 5 * HOUR);
    await expectError(addStop(host, eventId, "Nightjar"), {
      code: "VALIDATION",
      message: EVENT_ACCESS_MESSAGES.eventEnded,
    });
    await expectError(host.asUser.mutation(api.stops.arrive, { eventId, stopId: a }), {
      code: "VALIDATION",
      message: EVENT_ACCESS_MESSAGES.eventEnded,
    });
    expect(await host.asUser.query(api.stops.list, { eventId })).toMatchObject({
      canEdit: false,
      ended: true,
    });
    expect((await crawlRows(t, eventId)).stops).toHaveLength(2);
  });
});

describe("we're here and moving on", () => {
  test("the host moves the crew along; guests and strangers may not; past the last stop is refused and writes nothing", async () => {
    const { t, host, coHost, going, stranger, eventId } = await setup();
    const a = await addStop(host, eventId, "The Crown");
    await expectError(host.asUser.mutation(api.stops.arrive, { eventId, stopId: a }), {
      code: "VALIDATION",
      message: STOP_MESSAGES.needTwoStops,
    });
    const b = await addStop(host, eventId, "The Lamb");
    await expectError(t.mutation(api.stops.arrive, { eventId, stopId: a }), {
      code: "NOT_AUTHENTICATED",
    });
    await expectError(stranger.asUser.mutation(api.stops.arrive, { eventId, stopId: a }), {
      code: "NOT_FOUND",
      message: EVENT_ERRORS.notFound,
    });
    await expectError(going.asUser.mutation(api.stops.arrive, { eventId, stopId: a }), {
      code: "FORBIDDEN",
      message: STOP_MESSAGES.onlyHosts,
    });

    await host.asUser.mutation(api.stops.arrive, { eventId, stopId: a });
    expect(await going.asUser.query(api.stops.list, { eventId })).toMatchObject({
      currentStopId: a,
      movedAt: Date.now(),
    });
    await expectError(host.asUser.mutation(api.stops.moveOn, { eventId, fromStopId: b }), {
      code: "VALIDATION",
      message: STOP_MESSAGES.alreadyMoved,
    });
    expect(await coHost.asUser.mutation(api.stops.moveOn, { eventId, fromStopId: a })).toEqual({
      stopId: b,
    });
    const before = await crawlRows(t, eventId);
    await expectError(coHost.asUser.mutation(api.stops.moveOn, { eventId, fromStopId: b }), {
      code: "VALIDATION",
      message: STOP_MESSAGES.lastStop,
    });
    await expectError(going.asUser.mutation(api.stops.moveOn, { eventId, fromStopId: b }), {
      code: "FORBIDDEN",
    });
    expect(await crawlRows(t, eventId)).toEqual(before);
    expect(before.crawl[0]?.currentStopId).toBe(b);
  });

  test("a queued tap sent twice moves the crew once", async () => {
    const { t, host, eventId } = await setup();
    const a = await addStop(host, eventId, "The Crown");
    const b = await addStop(host, eventId, "The Lamb");
    await addStop(host, eventId, "Nightjar");
    await host.asUser.mutation(api.stops.arrive, { eventId, stopId: a });
    const tap = { eventId, fromStopId: a, idempotencyKey: "k-0123456789abcdef-move" };
    expect(await host.asUser.mutation(api.stops.moveOn, tap)).toEqual({ stopId: b });
    expect(await host.asUser.mutation(api.stops.moveOn, tap)).toEqual({ stopId: b });
    expect((await crawlRows(t, eventId)).crawl[0]?.currentStopId).toBe(b);
  });

  test("people going hear where the crew moved, at most once a minute, with the stop it is at by then", async () => {
    const { t, host, coHost, going, stranger, eventId } = await setup();
    const a = await addStop(host, eventId, "The Crown");
    const b = await addStop(host, eventId, "The Lamb");
    await addStop(host, eventId, "Nightjar");
    await host.asUser.mutation(api.stops.arrive, { eventId, stopId: a });
    await runDue(t);
    for (const user of [coHost, going]) {
      expect((await movedNotes(t, user)).map((n) => [n.title, n.eventId])).toEqual([
        ["The crew moved to The Crown", eventId],
      ]);
    }
    expect(await movedNotes(t, host)).toHaveLength(0);
    expect(await movedNotes(t, stranger)).toHaveLength(0);

    // Two moves within the minute: nobody hears until it is over, then once, of the last stop.
    vi.advanceTimersByTime(10_000);
    await host.asUser.mutation(api.stops.moveOn, { eventId, fromStopId: a });
    await host.asUser.mutation(api.stops.moveOn, { eventId, fromStopId: b });
    await runDue(t);
    expect(await movedNotes(t, going)).toHaveLength(1);
    vi.advanceTimersByTime(STOP_NOTICE_INTERVAL_MS);
    await runDue(t);
    expect((await movedNotes(t, going)).map((n) => n.title)).toEqual([
      "The crew moved to The Crown",
      "The crew moved to Nightjar",
    ]);
    expect(await movedNotes(t, coHost)).toHaveLength(2);
  });

  test("deleting the host's account deletes their sessions' stops; a co-host's leaves them", async () => {
    const { t, host, coHost, eventId } = await setup();
    await addStop(coHost, eventId, "The Crown");
    await addStop(coHost, eventId, "The Lamb");
    await coHost.asUser.mutation(api.account.deleteMine, { confirmation: "delete" });
    await runDue(t);
    expect((await crawlRows(t, eventId)).stops).toHaveLength(2);
    await host.asUser.mutation(api.account.deleteMine, { confirmation: "delete" });
    await runDue(t);
    expect(await crawlRows(t, eventId)).toEqual({ stops: [], crawl: [] });
  });

  test("deleting the session deletes its stops and crawl", async () => {
    const { t, host, eventId } = await setup();
    const a = await addStop(host, eventId, "The Crown");
    await addStop(host, eventId, "The Lamb");
    await host.asUser.mutation(api.stops.arrive, { eventId, stopId: a });
    await runDue(t);
    await host.asUser.mutation(api.events.remove, { eventId });
    await runDue(t);
    expect(await crawlRows(t, eventId)).toEqual({ stops: [], crawl: [] });
    const buckets = await t.run(async (ctx) => await ctx.db.query("rate_limits").collect());
    expect(buckets.filter((row) => row.key === eventId)).toEqual([]);
  });
});

describe("where else the crawl shows", () => {
  test("the page's calendar place, the calendar feed, the share page and the recap follow the first stop", async () => {
    const { t, host, going } = await setup();
    // A public session, so its share page may describe it.
    const { eventId, publicSlug } = await createEvent(t, host, {
      title: "Soho crawl",
      durationType: "now",
      placeNickname: "Somewhere",
    });
    await rsvp(going, eventId, "going");
    const a = await addStop(host, eventId, "The Crown", { place: PLACE });
    const page = () => going.asUser.query(api.events.get, { slugOrCodeOrId: publicSlug });
    // One stop is no crawl yet.
    expect((await page()).crawlStart).toBeNull();
    const b = await addStop(host, eventId, "Jo's flat");
    expect((await page()).crawlStart).toEqual({
      name: "The Crown",
      address: PLACE.address,
      latitude: PLACE.latitude,
      longitude: PLACE.longitude,
    });
    await host.asUser.mutation(api.stops.reorder, { eventId, stopIds: [b, a] });
    expect((await page()).crawlStart).toMatchObject({ name: "Jo's flat", address: null });

    const { url } = await going.asUser.mutation(api.calendarFeeds.createLink, {});
    const readFeed = async () =>
      parseCalendar(await (await t.fetch(new URL(url).pathname)).text()).events.find(
        (entry) => entry.uid === `${eventId}@localhost`,
      )!;
    const feed = await readFeed();
    expect(feed.location).toBe("Jo's flat");
    // A new meeting place is a new version: a calendar takes it only with a higher SEQUENCE.
    vi.setSystemTime(Date.now() + 5_000);
    await host.asUser.mutation(api.stops.reorder, { eventId, stopIds: [a, b] });
    const moved = await readFeed();
    expect(moved.location).toContain("The Crown");
    expect(moved.sequence).toBeGreaterThan(feed.sequence);
    // Reordering the stops after the first changes nothing a calendar shows: the version stays.
    const c = await addStop(host, eventId, "The Lamb");
    vi.setSystemTime(Date.now() + 5_000);
    await host.asUser.mutation(api.stops.reorder, { eventId, stopIds: [a, c, b] });
    expect((await readFeed()).sequence).toBe(moved.sequence);
    await host.asUser.mutation(api.stops.remove, { eventId, stopId: c });
    await host.asUser.mutation(api.stops.reorder, { eventId, stopIds: [b, a] });

    const share = await (await t.fetch(`/share/event/${publicSlug}`)).text();
    expect(share).toContain("Bar crawl: Jo&#39;s flat → The Crown");

    expect((await going.asUser.query(api.recap.get, { eventId })).crawl).toBe("2 stops · 3 hours");
  });
});
