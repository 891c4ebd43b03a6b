import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { nextLocalMidnight } from "../shared/eventTiming";
import {
  createEvent,
  createUser,
  eventDoc,
  eventPayload,
  HOUR,
  newTest,
  profileStats,
  rsvp,
  stubDeploymentEnv,
  type TestConvex,
  type TestUser,
  expectError,
} from "./test.setup";

beforeEach(() => stubDeploymentEnv());
afterEach(() => vi.unstubAllEnvs());

async function rowCount(t: TestConvex, table: "events" | "rsvps" | "event_members" | "event_participants") {
  return await t.run(async (ctx) => (await ctx.db.query(table).collect()).length);
}

async function tabCounts(t: TestConvex, userId: Id<"users">) {
  return await t.run(async (ctx) => {
    const row = await ctx.db
      .query("user_event_counts")
      .withIndex("by_user", (q) => q.eq("userId", userId))
      .unique();
    return row === null ? null : { publicUpcoming: row.publicUpcoming, publicPast: row.publicPast, privateUpcoming: row.privateUpcoming, privatePast: row.privatePast };
  });
}

async function counts(t: TestConvex, eventId: Id<"events">) {
  const event = await eventDoc(t, eventId);
  return {
    going: event?.goingCount,
    maybe: event?.maybeCount,
    notGoing: event?.notGoingCount,
    attendees: event?.attendeeCount,
  };
}

/** host, co-host, attendee (going), stranger, and a public and a private event of host's. */
async function cast(t: TestConvex) {
  const host = await createUser(t, { name: "Hana Host" });
  const coHost = await createUser(t, { name: "Cole Cohost" });
  const attendee = await createUser(t, { name: "Ava Attendee" });
  const stranger = await createUser(t, { name: "Stan Stranger" });
  const pub = await createEvent(t, host, { title: "Public Pints" });
  const priv = await createEvent(t, host, { title: "Secret Sours", isPublic: false });
  for (const e of [pub, priv]) {
    // Private events: the host lets people in through membership (invitations arrive with their issue).
    await t.run(async (ctx) => {
      const { changeParticipation } = await import("./model/participation");
      const event = (await ctx.db.get("events", e.eventId))!;
      const withCoHost = await changeParticipation(ctx, event, coHost.userId, { member: { role: "attendee", status: "accepted" } });
      if (!event.isPublic) await changeParticipation(ctx, withCoHost, attendee.userId, { member: { role: "attendee", status: "pending" } });
    });
    await rsvp(attendee, e.eventId, "going");
    await host.asUser.mutation(api.events.promoteCoHost, { eventId: e.eventId, userId: coHost.userId });
  }
  return { host, coHost, attendee, stranger, pub, priv };
}

// ---------------------------------------------------------------- create

describe("events.create", () => {
  test("needs a signed-in user", async () => {
    const t = newTest();
    await expectError(t.mutation(api.events.create, eventPayload()), { code: "NOT_AUTHENTICATED", message: "Not authenticated" });
    expect(await rowCount(t, "events")).toBe(0);
  });

  test("creates the event with slugs, code, end, counts, host row and stats", async () => {
    const t = newTest();
    const host = await createUser(t, { name: "Hana Host" });
    const start = Date.now() + 2 * HOUR;
    const created = await createEvent(t, host, {
      title: "  Café Crawl: Round #2!  ",
      startTime: start,
      place: { placeId: "p1", placeName: "The Crown", address: "12 High St", latitude: 51.5, longitude: -0.1 },
      notes: "Bring cash",
    });
    expect(created.publicSlug).toMatch(/^cafe-crawl-round-2-[a-z2-9]{6}$/);
    expect(created.privateSlug).toMatch(/^[a-z2-9]{16}$/);
    expect(created.eventCode).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    expect(created.path).toBe(`/event/${created.publicSlug}`);
    const event = (await eventDoc(t, created.eventId))!;
    expect(event).toMatchObject({
      title: "Café Crawl: Round #2!",
      startTime: start,
      endTime: start + 4 * HOUR,
      durationType: "specific_time",
      location: "12 High St",
      placeName: "The Crown",
      latitude: 51.5,
      drinkGroup: "beer",
      goingCount: 0,
      maybeCount: 0,
      attendeeCount: 1,
      ended: false,
      discoverable: true,
      createdBy: host.userId,
    });
    expect(event.searchText).toContain("hana host");
    expect(event.searchText).toContain("cafe crawl");
    expect(event.endJobId).not.toBeNull();
    const members = await t.run(async (ctx) => await ctx.db.query("event_members").collect());
    expect(members).toMatchObject([{ userId: host.userId, role: "host", status: "accepted" }]);
    expect(await profileStats(t, host.userId)).toMatchObject({ sessions: 1, rsvps: 0 });
    expect(await tabCounts(t, host.userId)).toEqual({ publicUpcoming: 1, publicPast: 0, privateUpcoming: 0, privatePast: 0 });
  });

  test("timing: right now, all night (to the host's midnight) and custom", async () => {
    const t = newTest();
    const host = await createUser(t);
    const before = Date.now();
    const now = await createEvent(t, host, { durationType: "now", startTime: 123, endTime: 456 });
    const nowDoc = (await eventDoc(t, now.eventId))!;
    expect(nowDoc.startTime).toBeGreaterThanOrEqual(before);
    expect(nowDoc.endTime - nowDoc.startTime).toBe(3 * HOUR);

    const start = Math.floor(Date.now() / HOUR) * HOUR + 20 * HOUR;
    const night = await createEvent(t, host, { durationType: "all_night", startTime: start, timeZone: "America/New_York" });
    expect((await eventDoc(t, night.eventId))!.endTime).toBe(nextLocalMidnight(start, "America/New_York"));

    const custom = await createEvent(t, host, { durationType: "custom", startTime: start, endTime: start + 90 * 60_000 });
    expect((await eventDoc(t, custom.eventId))!.endTime).toBe(start + 90 * 60_000);
  });

  test.each([
    [{ title: "   " }, "title", "Event title is required"],
    [{ durationType: "sometime" }, "durationType", "Please choose when the session starts"],
    [{ durationType: "specific_time", startTime: null }, "startTime", "Start time is required"],
    [{ durationType: "custom", endTime: null }, "endTime", "End time is required"],
    [{ durationType: "custom", startTime: Date.now() + HOUR, endTime: Date.now() }, "endTime", "End time must be after start time"],
    [{ drinkType: "" }, "drinkType", "Please choose a drink type"],
    [{ vibe: "sleepy" }, "vibe", "Please choose a vibe"],
    [{ title: "x".repeat(101) }, "title", "Event title must be 100 characters or less"],
  ] as const)("refuses %o with the spec's message and writes nothing", async (overrides, field, message) => {
    const t = newTest();
    const host = await createUser(t);
    await expectError(host.asUser.mutation(api.events.create, eventPayload(overrides)), { code: "VALIDATION", field, message });
    expect(await rowCount(t, "events")).toBe(0);
    expect(await rowCount(t, "event_members")).toBe(0);
    expect(await profileStats(t, host.userId)).toMatchObject({ sessions: 0 });
  });

  test.each([
    [{ durationType: "custom", startTime: 0, endTime: 253402300799000 }, "startTime", "Start time can't be more than a day in the past"],
    [{ durationType: "specific_time", startTime: Date.now() - 25 * HOUR }, "startTime", "Start time can't be more than a day in the past"],
    [{ durationType: "specific_time", startTime: Date.now() + 366 * 24 * HOUR }, "startTime", "Start time must be within the next year"],
    [{ durationType: "custom", startTime: Date.now() + HOUR, endTime: Date.now() + 26 * HOUR }, "endTime", "A session can last at most 24 hours"],
  ] as const)("refuses times out of bounds %o (no session squats on discover)", async (overrides, field, message) => {
    const t = newTest();
    const host = await createUser(t);
    await expectError(host.asUser.mutation(api.events.create, eventPayload(overrides)), { code: "VALIDATION", field, message });
    expect(await rowCount(t, "events")).toBe(0);
  });

  test("a picked place's id is bounded", async () => {
    const t = newTest();
    const host = await createUser(t);
    const place = { placeId: `osm:N${"4".repeat(10_000)}`, placeName: "The Crown", address: null, latitude: 51.5, longitude: -0.12 };
    await expectError(host.asUser.mutation(api.events.create, eventPayload({ place })), {
      code: "VALIDATION",
      field: "place",
      message: "Please choose a place from the list",
    });
    expect(await rowCount(t, "events")).toBe(0);
  });

  test("a private event is not discoverable; an event already over is ended and unscheduled", async () => {
    const t = newTest();
    const host = await createUser(t);
    const priv = await createEvent(t, host, { isPublic: false });
    expect(await eventDoc(t, priv.eventId)).toMatchObject({ discoverable: false, ended: false });
    const start = Date.now() - 10 * HOUR;
    const past = await createEvent(t, host, { durationType: "custom", startTime: start, endTime: start + 3 * HOUR });
    expect(await eventDoc(t, past.eventId)).toMatchObject({ discoverable: false, ended: true, endJobId: null });
    expect(await tabCounts(t, host.userId)).toEqual({ publicUpcoming: 0, publicPast: 1, privateUpcoming: 1, privatePast: 0 });
  });
});

// ---------------------------------------------------------------- viewing

describe("events.get", () => {
  test("an empty or unknown reference", async () => {
    const t = newTest();
    await expectError(t.query(api.events.get, { slugOrCodeOrId: "  " }), { code: "VALIDATION", message: "Invalid event slug provided" });
    await expectError(t.query(api.events.get, { slugOrCodeOrId: "no-such-event" }), { code: "NOT_FOUND", message: "Event not found" });
    await expectError(t.query(api.events.get, { slugOrCodeOrId: "ABCDEF" }), { code: "NOT_FOUND", message: "Event not found" });
  });

  test("a public event by code (any case), public slug, private slug or id, for anyone", async () => {
    const t = newTest();
    const host = await createUser(t, { name: "Hana Host" });
    const e = await createEvent(t, host);
    for (const ref of [e.eventCode, e.eventCode.toLowerCase(), e.publicSlug, e.privateSlug, e.eventId]) {
      const page = await t.query(api.events.get, { slugOrCodeOrId: ref });
      expect(page.event._id).toBe(e.eventId);
      expect(page.host.displayName).toBe("Hana Host");
      expect(page.viewer).toMatchObject({ signedIn: false, role: "none", canEdit: false, canDelete: false });
    }
  });

  test("a private event: its creator, users going and accepted members; nobody else", async () => {
    const t = newTest();
    const { host, coHost, attendee, stranger, priv } = await cast(t);
    const maybe = await createUser(t);
    await t.run(async (ctx) => {
      const { changeParticipation } = await import("./model/participation");
      await changeParticipation(ctx, (await ctx.db.get("events", priv.eventId))!, maybe.userId, { rsvp: "maybe" });
    });
    const ref = { slugOrCodeOrId: priv.privateSlug };
    await expectError(t.query(api.events.get, ref), { code: "NOT_AUTHENTICATED", message: "Please sign in to view this private event" });
    for (const user of [stranger, maybe]) {
      await expectError(user.asUser.query(api.events.get, ref), {
        code: "FORBIDDEN",
        message: "You do not have permission to view this private event",
      });
    }
    expect((await host.asUser.query(api.events.get, ref)).viewer).toMatchObject({ role: "host", canEdit: true, canDelete: true, canManageCoHosts: true });
    expect((await coHost.asUser.query(api.events.get, ref)).viewer).toMatchObject({ role: "co_host", canEdit: true, canDelete: false, canManageCoHosts: false });
    expect((await attendee.asUser.query(api.events.get, ref)).viewer).toMatchObject({
      role: "attendee",
      rsvpStatus: "going",
      isAttending: true,
      canEdit: false,
      canDelete: false,
    });
  });

  test("the page: counts from the event, host, co-hosts and the first 5 attendees", async () => {
    const t = newTest();
    const { host, coHost, pub } = await cast(t);
    for (let i = 0; i < 6; i++) await rsvp(await createUser(t, { name: `Guest ${i}` }), pub.eventId, "going");
    await rsvp(await createUser(t), pub.eventId, "maybe");
    const page = await t.query(api.events.get, { slugOrCodeOrId: pub.publicSlug });
    // host + co-host (accepted member) + attendee + 6 guests
    expect(page.event).toMatchObject({ attendeeCount: 9, goingCount: 7, maybeCount: 1, coverUrl: null });
    expect(page.attendees).toHaveLength(5);
    expect(page.attendees[0].userId).toBe(host.userId);
    expect(page.coHosts.map((p) => p.userId)).toEqual([coHost.userId]);
  });
});

describe("events.getById", () => {
  test("'Invalid Event URL' for anything but an event id", async () => {
    const t = newTest();
    const host = await createUser(t);
    for (const eventId of ["", "not-an-id", host.userId]) {
      await expectError(t.query(api.events.getById, { eventId }), { code: "VALIDATION", message: "Invalid Event URL" });
    }
  });

  test("counts per status; edit and delete for the creator only", async () => {
    const t = newTest();
    const { host, coHost, attendee, pub } = await cast(t);
    await rsvp(await createUser(t), pub.eventId, "maybe");
    await rsvp(await createUser(t), pub.eventId, "not_going");
    const result = await attendee.asUser.query(api.events.getById, { eventId: pub.eventId });
    expect(result.counts).toEqual({ going: 1, maybe: 1, notGoing: 1 });
    expect(result.viewer).toMatchObject({ rsvpStatus: "going", canEdit: false });
    expect((await coHost.asUser.query(api.events.getById, { eventId: pub.eventId })).viewer.canEdit).toBe(false);
    expect((await host.asUser.query(api.events.getById, { eventId: pub.eventId })).viewer).toMatchObject({ canEdit: true, canDelete: true });
    const list = await t.query(api.rsvps.list, { eventId: pub.eventId, paginationOpts: { numItems: 10, cursor: null } });
    expect(list.page.map((r) => r.status)).toEqual(["going", "maybe", "not_going"]);
  });
});

// ---------------------------------------------------------------- editing and deleting

describe("events.update", () => {
  const edit = (eventId: Id<"events">, overrides: Record<string, unknown> = {}) => ({
    eventId,
    title: "Renamed",
    startTime: Date.now() + 5 * HOUR,
    endTime: null,
    drinkType: "wine",
    vibe: "chill",
    isPublic: true,
    ...overrides,
  });

  test("refused to anonymous, strangers and attendees", async () => {
    const t = newTest();
    const { attendee, stranger, pub } = await cast(t);
    await expectError(t.mutation(api.events.update, edit(pub.eventId)), { code: "NOT_AUTHENTICATED" });
    for (const user of [stranger, attendee]) {
      await expectError(user.asUser.mutation(api.events.update, edit(pub.eventId)), {
        code: "FORBIDDEN",
        message: "You do not have permission to edit this event",
      });
    }
    expect((await eventDoc(t, pub.eventId))!.title).toBe("Public Pints");
  });

  test.each(["host", "coHost"] as const)("the %s edits; the end defaults to start + 3 h; search text follows", async (who) => {
    const t = newTest();
    const people = await cast(t);
    const start = Date.now() + 5 * HOUR;
    await people[who].asUser.mutation(api.events.update, edit(people.pub.eventId, { startTime: start }));
    const event = (await eventDoc(t, people.pub.eventId))!;
    expect(event).toMatchObject({ title: "Renamed", startTime: start, endTime: start + 3 * HOUR, drinkType: "wine", drinkGroup: "wine", vibe: "chill" });
    expect(event.searchText).toContain("renamed");
    expect(event.searchText).not.toContain("public pints");
  });

  test("validation messages; nothing written", async () => {
    const t = newTest();
    const { host, pub } = await cast(t);
    await expectError(host.asUser.mutation(api.events.update, edit(pub.eventId, { title: "" })), {
      code: "VALIDATION",
      field: "title",
      message: "Event title is required",
    });
    await expectError(host.asUser.mutation(api.events.update, edit(pub.eventId, { startTime: null })), { message: "Start time is required" });
    const start = Date.now() + HOUR;
    await expectError(host.asUser.mutation(api.events.update, edit(pub.eventId, { startTime: start, endTime: start })), {
      message: "End time must be after start time",
    });
    expect((await eventDoc(t, pub.eventId))!.title).toBe("Public Pints");
  });

  test("an edit cannot stretch a session past the bounds, nor change an ended session's times", async () => {
    const t = newTest();
    const { host, pub } = await cast(t);
    const start = Date.now() + HOUR;
    await expectError(host.asUser.mutation(api.events.update, edit(pub.eventId, { startTime: start, endTime: 253402300799000 })), {
      code: "VALIDATION",
      field: "endTime",
      message: "A session can last at most 24 hours",
    });
    await expectError(host.asUser.mutation(api.events.update, edit(pub.eventId, { startTime: 0, endTime: start })), {
      field: "startTime",
      message: "Start time can't be more than a day in the past",
    });

    // End it, then try to bring it back: its times are frozen, other details still editable.
    const ended = Date.now() - 5 * HOUR;
    await host.asUser.mutation(api.events.update, edit(pub.eventId, { startTime: ended, endTime: ended + HOUR }));
    await expectError(
      host.asUser.mutation(api.events.update, edit(pub.eventId, { startTime: ended, endTime: Date.now() + 10 * HOUR })),
      { field: "startTime", message: "This session has ended, so its start and end can no longer change" },
    );
    await host.asUser.mutation(api.events.update, edit(pub.eventId, { title: "Typo fixed", startTime: ended, endTime: ended + HOUR }));
    expect(await eventDoc(t, pub.eventId)).toMatchObject({ title: "Typo fixed", ended: true, endTime: ended + HOUR });
  });

  test("an ongoing session keeps its start (even one over a day old) while other details change", async () => {
    const t = newTest();
    const host = await createUser(t);
    const e = await createEvent(t, host, { durationType: "now" });
    // It has been going for 30 hours (created before the bounds, or a day passed).
    const start = Date.now() - 30 * HOUR;
    await t.run(async (ctx) => await ctx.db.patch("events", e.eventId, { startTime: start, endTime: start + 31 * HOUR }));
    await host.asUser.mutation(api.events.update, edit(e.eventId, { startTime: start, endTime: start + 31 * HOUR }));
    expect(await eventDoc(t, e.eventId)).toMatchObject({ title: "Renamed", startTime: start, ended: false });
    await expectError(host.asUser.mutation(api.events.update, edit(e.eventId, { startTime: start + HOUR, endTime: start + 31 * HOUR })), {
      field: "startTime",
      message: "Start time can't be more than a day in the past",
    });
  });

  test("going private moves everyone's tab counts; moving the end into the past ends it", async () => {
    const t = newTest();
    const { host, attendee, pub } = await cast(t);
    const before = (await tabCounts(t, attendee.userId))!;
    await host.asUser.mutation(api.events.update, edit(pub.eventId, { isPublic: false }));
    expect(await eventDoc(t, pub.eventId)).toMatchObject({ isPublic: false, discoverable: false });
    expect(await tabCounts(t, attendee.userId)).toEqual({ ...before, publicUpcoming: before.publicUpcoming - 1, privateUpcoming: before.privateUpcoming + 1 });

    const start = Date.now() - 5 * HOUR;
    await host.asUser.mutation(api.events.update, edit(pub.eventId, { isPublic: false, startTime: start, endTime: start + HOUR }));
    expect(await eventDoc(t, pub.eventId)).toMatchObject({ ended: true, endJobId: null });
    expect(await tabCounts(t, attendee.userId)).toEqual({ ...before, publicUpcoming: before.publicUpcoming - 1, privatePast: 1 });
  });
});

describe("events.remove", () => {
  test("only the creator: 'Only event creator can delete this event'", async () => {
    const t = newTest();
    const { coHost, attendee, stranger, pub } = await cast(t);
    await expectError(t.mutation(api.events.remove, { eventId: pub.eventId }), { code: "NOT_AUTHENTICATED" });
    for (const user of [stranger, attendee, coHost]) {
      await expectError(user.asUser.mutation(api.events.remove, { eventId: pub.eventId }), {
        code: "FORBIDDEN",
        message: "Only event creator can delete this event",
      });
    }
    expect(await eventDoc(t, pub.eventId)).not.toBeNull();
  });

  test("deletes the event and its RSVPs, members, participants and cover; stats and counts follow", async () => {
    const t = newTest();
    const { host, attendee, pub, priv } = await cast(t);
    const { storeFile, FILE_HEADERS } = await import("./test.setup");
    const cover = await storeFile(t, { header: FILE_HEADERS.png, size: 100 });
    await host.asUser.action(api.events.setCover, { eventId: pub.eventId, storageId: cover });
    await rsvp(await createUser(t), pub.eventId, "maybe");

    await host.asUser.mutation(api.events.remove, { eventId: pub.eventId });

    expect(await eventDoc(t, pub.eventId)).toBeNull();
    const leftovers = await t.run(async (ctx) => ({
      rsvps: (await ctx.db.query("rsvps").collect()).filter((r) => r.eventId === pub.eventId).length,
      members: (await ctx.db.query("event_members").collect()).filter((r) => r.eventId === pub.eventId).length,
      participants: (await ctx.db.query("event_participants").collect()).filter((r) => r.eventId === pub.eventId).length,
      cover: await ctx.db.system.get("_storage", cover),
    }));
    expect(leftovers).toEqual({ rsvps: 0, members: 0, participants: 0, cover: null });
    expect(await profileStats(t, host.userId)).toMatchObject({ sessions: 1 });
    // The attendee still has the private event's RSVP.
    expect(await profileStats(t, attendee.userId)).toMatchObject({ rsvps: 1 });
    expect(await tabCounts(t, attendee.userId)).toMatchObject({ publicUpcoming: 0, privateUpcoming: 1 });
    expect(await eventDoc(t, priv.eventId)).not.toBeNull();
  });

  test("a large event is cleaned up in scheduled batches", async () => {
    vi.useFakeTimers();
    try {
      const t = newTest();
      const host = await createUser(t);
      const e = await createEvent(t, host);
      await t.run(async (ctx) => {
        for (let i = 0; i < 700; i++) {
          const userId = await ctx.db.insert("users", {});
          await ctx.db.insert("rsvps", { eventId: e.eventId, userId, status: "going", trendingAt: null, updatedAt: 0 });
        }
      });
      await host.asUser.mutation(api.events.remove, { eventId: e.eventId });
      expect(await rowCount(t, "rsvps")).toBe(200);
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      expect(await rowCount(t, "rsvps")).toBe(0);
      expect(await rowCount(t, "event_members")).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

// ---------------------------------------------------------------- RSVP, join, leave

describe("RSVPs, join and leave", () => {
  test("join: signed out, the host, a stranger on a private event", async () => {
    const t = newTest();
    const { host, stranger, pub, priv } = await cast(t);
    await expectError(t.mutation(api.events.join, { eventId: pub.eventId }), { code: "NOT_AUTHENTICATED", message: "Please sign in to join events" });
    await expectError(host.asUser.mutation(api.events.join, { eventId: pub.eventId }), { code: "FORBIDDEN", message: "You are the host of this event" });
    await expectError(host.asUser.mutation(api.rsvps.set, { eventId: pub.eventId, status: "maybe" }), { message: "You are the host of this event" });
    await expectError(stranger.asUser.mutation(api.events.join, { eventId: priv.eventId }), {
      code: "FORBIDDEN",
      message: "You do not have permission to view this private event",
    });
    await expectError(t.mutation(api.rsvps.set, { eventId: pub.eventId, status: "going" }), { code: "NOT_AUTHENTICATED" });
  });

  test("counts and stats after join, RSVP changes and leave", async () => {
    const t = newTest();
    const host = await createUser(t);
    const sam = await createUser(t);
    const e = await createEvent(t, host);
    expect(await counts(t, e.eventId)).toEqual({ going: 0, maybe: 0, notGoing: 0, attendees: 1 });

    expect(await sam.asUser.mutation(api.events.join, { eventId: e.eventId })).toEqual({ status: "going" });
    await sam.asUser.mutation(api.events.join, { eventId: e.eventId }); // idempotent
    expect(await counts(t, e.eventId)).toEqual({ going: 1, maybe: 0, notGoing: 0, attendees: 2 });
    expect(await profileStats(t, sam.userId)).toMatchObject({ rsvps: 1 });
    expect(await tabCounts(t, sam.userId)).toMatchObject({ publicUpcoming: 1 });
    expect((await eventDoc(t, e.eventId))!.trendingKey).not.toBeNull();

    await rsvp(sam, e.eventId, "maybe");
    expect(await counts(t, e.eventId)).toEqual({ going: 0, maybe: 1, notGoing: 0, attendees: 1 });
    expect(await tabCounts(t, sam.userId)).toMatchObject({ publicUpcoming: 0 });
    expect((await eventDoc(t, e.eventId))!.trendingKey).not.toBeNull();

    await rsvp(sam, e.eventId, "not_going");
    expect(await counts(t, e.eventId)).toEqual({ going: 0, maybe: 0, notGoing: 1, attendees: 1 });
    expect((await eventDoc(t, e.eventId))!.trendingKey).toBeNull();
    expect(await profileStats(t, sam.userId)).toMatchObject({ rsvps: 1 });

    await rsvp(sam, e.eventId, "going");
    await sam.asUser.mutation(api.events.leave, { eventId: e.eventId });
    expect(await counts(t, e.eventId)).toEqual({ going: 0, maybe: 0, notGoing: 0, attendees: 1 });
    expect(await profileStats(t, sam.userId)).toMatchObject({ rsvps: 0 });
    expect(await tabCounts(t, sam.userId)).toMatchObject({ publicUpcoming: 0 });
    expect((await eventDoc(t, e.eventId))!.trendingKey).toBeNull();
    await sam.asUser.mutation(api.events.leave, { eventId: e.eventId }); // nothing to leave: fine
  });

  test("an accepted member who also goes counts once; leaving removes both", async () => {
    const t = newTest();
    const { coHost, pub } = await cast(t);
    const before = await counts(t, pub.eventId);
    await rsvp(coHost, pub.eventId, "going");
    expect(await counts(t, pub.eventId)).toEqual({ ...before, going: before.going! + 1 });
    await coHost.asUser.mutation(api.events.leave, { eventId: pub.eventId });
    expect(await counts(t, pub.eventId)).toEqual({ ...before, attendees: before.attendees! - 1 });
    const page = await t.query(api.events.get, { slugOrCodeOrId: pub.publicSlug });
    expect(page.coHosts).toEqual([]);
  });

  test("the host cannot leave; nobody joins or leaves an ended event", async () => {
    const t = newTest();
    const host = await createUser(t);
    const sam = await createUser(t);
    const e = await createEvent(t, host);
    await expectError(host.asUser.mutation(api.events.leave, { eventId: e.eventId }), { code: "FORBIDDEN", message: "The host cannot leave their own event" });
    const start = Date.now() - 10 * HOUR;
    const past = await createEvent(t, host, { durationType: "custom", startTime: start, endTime: start + HOUR });
    await expectError(sam.asUser.mutation(api.events.join, { eventId: past.eventId }), { code: "VALIDATION", message: "This session has already ended" });
  });

  test("private events: someone invited, or who answered before, may RSVP", async () => {
    const t = newTest();
    const { attendee, priv } = await cast(t);
    // The attendee was invited (pending), then said going: they may change their mind both ways.
    await rsvp(attendee, priv.eventId, "not_going");
    // Still invited (pending), so the page opens to answer, but they no longer attend.
    expect((await attendee.asUser.query(api.events.get, { slugOrCodeOrId: priv.privateSlug })).viewer.isAttending).toBe(false);
    await rsvp(attendee, priv.eventId, "going");
    expect((await attendee.asUser.query(api.events.get, { slugOrCodeOrId: priv.privateSlug })).viewer.isAttending).toBe(true);
  });
});

// ---------------------------------------------------------------- co-hosts

describe("co-hosts", () => {
  test("only the creator promotes or demotes", async () => {
    const t = newTest();
    const { coHost, attendee, stranger, pub } = await cast(t);
    const args = { eventId: pub.eventId, userId: attendee.userId };
    await expectError(t.mutation(api.events.promoteCoHost, args), { code: "NOT_AUTHENTICATED" });
    for (const user of [stranger, attendee, coHost]) {
      await expectError(user.asUser.mutation(api.events.promoteCoHost, args), {
        code: "FORBIDDEN",
        message: "Only the event host can promote members to co-host",
      });
      await expectError(user.asUser.mutation(api.events.demoteCoHost, { eventId: pub.eventId, userId: coHost.userId }), {
        code: "FORBIDDEN",
        message: "Only the event host can promote members to co-host",
      });
    }
  });

  test("the host cannot be acted upon; only attendees become co-hosts; only co-hosts are demoted", async () => {
    const t = newTest();
    const { host, attendee, stranger, pub } = await cast(t);
    await expectError(host.asUser.mutation(api.events.promoteCoHost, { eventId: pub.eventId, userId: host.userId }), {
      code: "FORBIDDEN",
      message: "The event host cannot be promoted or demoted",
    });
    await expectError(host.asUser.mutation(api.events.demoteCoHost, { eventId: pub.eventId, userId: host.userId }), {
      message: "The event host cannot be promoted or demoted",
    });
    await rsvp(stranger, pub.eventId, "maybe");
    await expectError(host.asUser.mutation(api.events.promoteCoHost, { eventId: pub.eventId, userId: stranger.userId }), {
      code: "VALIDATION",
      message: "Only attendees can be promoted to co-host",
    });
    await expectError(host.asUser.mutation(api.events.demoteCoHost, { eventId: pub.eventId, userId: attendee.userId }), {
      code: "VALIDATION",
      message: "This member is not a co-host",
    });
  });

  test("promote a going attendee (recorded), who may then edit; demote back; counts unchanged", async () => {
    const t = newTest();
    const { host, attendee, pub } = await cast(t);
    const before = await counts(t, pub.eventId);
    await host.asUser.mutation(api.events.promoteCoHost, { eventId: pub.eventId, userId: attendee.userId });
    const member = await t.run(
      async (ctx) =>
        await ctx.db
          .query("event_members")
          .withIndex("by_event_and_user", (q) => q.eq("eventId", pub.eventId).eq("userId", attendee.userId))
          .unique(),
    );
    expect(member).toMatchObject({ role: "co_host", status: "accepted", roleChangedBy: host.userId });
    expect(await counts(t, pub.eventId)).toEqual(before);
    expect((await attendee.asUser.query(api.events.get, { slugOrCodeOrId: pub.publicSlug })).viewer.canEdit).toBe(true);
    const attendees = await t.query(api.events.attendees, { eventId: pub.eventId, paginationOpts: { numItems: 10, cursor: null } });
    expect(attendees.page.find((a) => a.userId === attendee.userId)?.role).toBe("co_host");

    await host.asUser.mutation(api.events.demoteCoHost, { eventId: pub.eventId, userId: attendee.userId });
    expect((await attendee.asUser.query(api.events.get, { slugOrCodeOrId: pub.publicSlug })).viewer).toMatchObject({ role: "attendee", canEdit: false });
    expect(await counts(t, pub.eventId)).toEqual(before);
  });
});

// ---------------------------------------------------------------- lists

describe("lists", () => {
  test("mine: upcoming and past, as creator, going or accepted member, with roles", async () => {
    const t = newTest();
    const { host, coHost, attendee, pub, priv } = await cast(t);
    const start = Date.now() - 10 * HOUR;
    const past = await createEvent(t, host, { title: "Old one", durationType: "custom", startTime: start, endTime: start + HOUR });
    const page = { numItems: 10, cursor: null };
    const hostUpcoming = await host.asUser.query(api.events.mine, { paginationOpts: page, when: "upcoming" });
    expect(hostUpcoming.page.map((c) => c._id).sort()).toEqual([pub.eventId, priv.eventId].sort());
    expect(hostUpcoming.page[0]).toMatchObject({ viewerRole: "host", canEdit: true, canDelete: true });
    expect((await host.asUser.query(api.events.mine, { paginationOpts: page, when: "past" })).page.map((c) => c._id)).toEqual([past.eventId]);
    const coHostCards = (await coHost.asUser.query(api.events.mine, { paginationOpts: page, when: "upcoming" })).page;
    expect(coHostCards.map((c) => c.viewerRole)).toEqual(["co_host", "co_host"]);
    expect((await attendee.asUser.query(api.events.mine, { paginationOpts: page, when: "upcoming" })).page).toHaveLength(2);
    await expectError(t.query(api.events.mine, { paginationOpts: page, when: "upcoming" }), { code: "NOT_AUTHENTICATED" });
  });

  test("forProfile and profileCounts: someone else's private events only when attending them", async () => {
    const t = newTest();
    const { host, attendee, stranger, pub, priv } = await cast(t);
    const username = host.profile!.username;
    const page = { numItems: 10, cursor: null };
    const ids = async (user: TestUser | null) =>
      (await (user?.asUser ?? t).query(api.events.forProfile, { username, when: "upcoming", paginationOpts: page })).page.map((c) => c._id).sort();
    expect(await ids(null)).toEqual([pub.eventId]);
    expect(await ids(stranger)).toEqual([pub.eventId]);
    expect(await ids(attendee)).toEqual([pub.eventId, priv.eventId].sort());
    expect(await ids(host)).toEqual([pub.eventId, priv.eventId].sort());
    expect(await t.query(api.events.profileCounts, { username })).toEqual({ upcoming: 1, past: 0 });
    expect(await stranger.asUser.query(api.events.profileCounts, { username })).toEqual({ upcoming: 1, past: 0 });
    expect(await attendee.asUser.query(api.events.profileCounts, { username })).toEqual({ upcoming: 2, past: 0 });
    expect(await host.asUser.query(api.events.profileCounts, { username })).toEqual({ upcoming: 2, past: 0 });
    expect(await t.query(api.events.profileCounts, { username: "nobody_here" })).toBeNull();
  });

  test("a large session turned private leaves no window on its attendees' profiles", async () => {
    const t = newTest();
    const host = await createUser(t);
    const stranger = await createUser(t);
    const late = await createUser(t);
    const e = await createEvent(t, host, { title: "Big Night" });
    await t.run(async (ctx) => {
      const { changeParticipation } = await import("./model/participation");
      for (let i = 0; i < 205; i++) {
        const event = (await ctx.db.get("events", e.eventId))!;
        await changeParticipation(ctx, event, await ctx.db.insert("users", {}), { rsvp: "going" });
      }
    });
    await rsvp(late, e.eventId, "going");
    await host.asUser.mutation(api.events.update, {
      eventId: e.eventId,
      title: "Big Night",
      startTime: (await eventDoc(t, e.eventId))!.startTime,
      endTime: (await eventDoc(t, e.eventId))!.endTime,
      drinkType: "beer",
      vibe: "casual",
      isPublic: false,
    });
    // The late joiner's row is beyond the first 200 brought up to date in the edit itself.
    const lateRow = await t.run(
      async (ctx) =>
        await ctx.db
          .query("event_participants")
          .withIndex("by_event_and_user", (q) => q.eq("eventId", e.eventId).eq("userId", late.userId))
          .unique(),
    );
    expect(lateRow?.isPublic).toBe(true);
    const args = { username: late.profile!.username, when: "upcoming" as const, paginationOpts: { numItems: 10, cursor: null } };
    expect((await stranger.asUser.query(api.events.forProfile, args)).page).toEqual([]);
    expect((await t.query(api.events.forProfile, args)).page).toEqual([]);
    expect((await late.asUser.query(api.events.forProfile, args)).page.map((c) => c.title)).toEqual(["Big Night"]);
  }, 30_000);

  test("a private profile's sessions are hidden from others", async () => {
    const t = newTest();
    const { host, stranger } = await cast(t);
    await host.asUser.mutation(api.profiles.update, { profileVisibility: "private" });
    const args = { username: host.profile!.username, when: "upcoming" as const, paginationOpts: { numItems: 10, cursor: null } };
    expect((await stranger.asUser.query(api.events.forProfile, args)).page).toEqual([]);
    expect(await stranger.asUser.query(api.events.profileCounts, { username: args.username })).toBeNull();
    expect((await host.asUser.query(api.events.forProfile, args)).page).toHaveLength(2);
  });

  test("nextForMe: the soonest session attended", async () => {
    const t = newTest();
    const host = await createUser(t);
    expect(await host.asUser.query(api.events.nextForMe, {})).toBeNull();
    expect(await t.query(api.events.nextForMe, {})).toBeNull();
    await createEvent(t, host, { title: "Later", startTime: Date.now() + 30 * HOUR });
    await createEvent(t, host, { title: "Sooner", startTime: Date.now() + 3 * HOUR });
    expect((await host.asUser.query(api.events.nextForMe, {}))?.title).toBe("Sooner");
  });
});

// ---------------------------------------------------------------- the end of an event

describe("unlisting at the end", () => {
  test("the scheduled job unlists the event and moves it to everyone's past", async () => {
    vi.useFakeTimers();
    try {
      const t = newTest();
      const host = await createUser(t);
      const sam = await createUser(t);
      const e = await createEvent(t, host, { durationType: "now" });
      await rsvp(sam, e.eventId, "going");
      const list = { paginationOpts: { numItems: 10, cursor: null } };
      expect((await t.query(api.events.discover, list)).page).toHaveLength(1);

      vi.advanceTimersByTime(3 * HOUR + 1000);
      await t.finishAllScheduledFunctions(vi.runAllTimers);

      expect(await eventDoc(t, e.eventId)).toMatchObject({ ended: true, discoverable: false, endJobId: null });
      expect((await t.query(api.events.discover, list)).page).toHaveLength(0);
      expect(await tabCounts(t, sam.userId)).toMatchObject({ publicUpcoming: 0, publicPast: 1 });
      expect((await sam.asUser.query(api.events.mine, { ...list, when: "past" })).page).toHaveLength(1);
      await expectError(sam.asUser.mutation(api.events.leave, { eventId: e.eventId }), { message: "This session has already ended" });
    } finally {
      vi.useRealTimers();
    }
  });

  test("an edited end re-schedules; the old job is cancelled", async () => {
    vi.useFakeTimers();
    try {
      const t = newTest();
      const host = await createUser(t);
      const start = Date.now() + HOUR;
      const e = await createEvent(t, host, { startTime: start });
      const firstJob = (await eventDoc(t, e.eventId))!.endJobId;
      await host.asUser.mutation(api.events.update, {
        eventId: e.eventId,
        title: "Longer",
        startTime: start,
        endTime: start + 10 * HOUR,
        drinkType: "beer",
        vibe: "casual",
        isPublic: true,
      });
      const job = await t.run(async (ctx) => await ctx.db.system.get("_scheduled_functions", firstJob!));
      expect(job?.state.kind).toBe("canceled");
      vi.advanceTimersByTime(6 * HOUR);
      await t.finishAllScheduledFunctions(vi.runAllTimers);
      // runAllTimers runs the new job too: it only ends the event once its end has passed.
      const event = (await eventDoc(t, e.eventId))!;
      expect(event.ended).toBe(Date.now() >= event.endTime);
    } finally {
      vi.useRealTimers();
    }
  });

  test("the safety cron finishes events whose job was missed", async () => {
    const t = newTest();
    const host = await createUser(t);
    const e = await createEvent(t, host);
    await t.run(async (ctx) => {
      await ctx.db.patch("events", e.eventId, { endTime: Date.now() - 1000 });
    });
    const { internal } = await import("./_generated/api");
    expect(await t.mutation(internal.events.finishOverdue, {})).toBe(1);
    expect(await eventDoc(t, e.eventId)).toMatchObject({ ended: true, discoverable: false });
  });
});

// ---------------------------------------------------------------- covers

describe("cover images", () => {
  test("upload, replace (old file deleted) and remove, by the creator or a co-host", async () => {
    const t = newTest();
    const { host, coHost, pub } = await cast(t);
    const { storeFile, FILE_HEADERS } = await import("./test.setup");
    expect(await host.asUser.mutation(api.events.generateCoverUploadUrl, {})).toMatch(/^https?:\/\//);
    await expectError(t.mutation(api.events.generateCoverUploadUrl, {}), { code: "NOT_AUTHENTICATED" });
    const first = await storeFile(t, { header: FILE_HEADERS.jpeg, size: 1000, type: "image/jpg" });
    const { coverUrl } = await host.asUser.action(api.events.setCover, { eventId: pub.eventId, storageId: first });
    expect(coverUrl).toMatch(/^https?:\/\//);
    expect((await t.query(api.events.get, { slugOrCodeOrId: pub.publicSlug })).event.coverUrl).toBe(coverUrl);
    const second = await storeFile(t, { header: FILE_HEADERS.webp, size: 1000 });
    await coHost.asUser.action(api.events.setCover, { eventId: pub.eventId, storageId: second });
    expect(await t.run(async (ctx) => await ctx.db.system.get("_storage", first))).toBeNull();
    await coHost.asUser.mutation(api.events.removeCover, { eventId: pub.eventId });
    expect(await t.run(async (ctx) => await ctx.db.system.get("_storage", second))).toBeNull();
    expect((await eventDoc(t, pub.eventId))!.coverStorageId).toBeNull();
  });

  test("wrong type or over 5 MB: the spec's messages, file deleted; strangers refused", async () => {
    const t = newTest();
    const { host, attendee, pub } = await cast(t);
    const { storeFile, FILE_HEADERS } = await import("./test.setup");
    const { COVER_IMAGE_MAX_BYTES } = await import("../shared/eventRules");
    for (const file of [{ header: FILE_HEADERS.gif }, { text: "<svg/>", type: "image/png" }, { text: "just text" }]) {
      const storageId = await storeFile(t, file);
      await expectError(host.asUser.action(api.events.setCover, { eventId: pub.eventId, storageId }), {
        code: "FILE_TYPE_NOT_ALLOWED",
        message: "Cover image must be JPEG, PNG, or WebP",
        field: "cover",
      });
      expect(await t.run(async (ctx) => await ctx.db.system.get("_storage", storageId))).toBeNull();
    }
    const big = await storeFile(t, { header: FILE_HEADERS.png, size: COVER_IMAGE_MAX_BYTES + 1 });
    await expectError(host.asUser.action(api.events.setCover, { eventId: pub.eventId, storageId: big }), {
      code: "FILE_TOO_LARGE",
      message: "Cover image must be less than 5MB",
    });
    const fine = await storeFile(t, { header: FILE_HEADERS.png, size: 10 });
    await expectError(attendee.asUser.action(api.events.setCover, { eventId: pub.eventId, storageId: fine }), {
      code: "FORBIDDEN",
      message: "You do not have permission to edit this event",
    });
    await expectError(attendee.asUser.mutation(api.events.removeCover, { eventId: pub.eventId }), { code: "FORBIDDEN" });
  });
});

// ---------------------------------------------------------------- accounts

describe("account deletion and renames", () => {
  test("deleting an account removes its events, RSVPs and memberships; other events' counts stay right", async () => {
    const t = newTest();
    const { host, coHost, attendee, pub, priv } = await cast(t);
    const other = await createUser(t);
    const others = await createEvent(t, other, { title: "Other's event" });
    await rsvp(host, others.eventId, "going");
    await t.run(async (ctx) => {
      const { changeParticipation } = await import("./model/participation");
      await changeParticipation(ctx, (await ctx.db.get("events", others.eventId))!, host.userId, { member: { role: "attendee", status: "accepted" } });
    });
    await rsvp(attendee, others.eventId, "maybe");
    expect(await counts(t, others.eventId)).toEqual({ going: 1, maybe: 1, notGoing: 0, attendees: 2 });

    await host.asUser.mutation(api.account.deleteMine, { confirmation: "DELETE" });

    expect(await eventDoc(t, pub.eventId)).toBeNull();
    expect(await eventDoc(t, priv.eventId)).toBeNull();
    expect(await counts(t, others.eventId)).toEqual({ going: 0, maybe: 1, notGoing: 0, attendees: 1 });
    const rows = await t.run(async (ctx) => ({
      rsvps: (await ctx.db.query("rsvps").collect()).map((r) => [r.userId, r.eventId]),
      members: (await ctx.db.query("event_members").collect()).map((r) => r.userId),
      participants: (await ctx.db.query("event_participants").collect()).map((r) => r.userId),
      counts: (await ctx.db.query("user_event_counts").collect()).map((r) => r.userId),
    }));
    expect(rows.rsvps).toEqual([[attendee.userId, others.eventId]]);
    expect(rows.members).toEqual([other.userId]);
    expect(rows.participants).toEqual([other.userId]);
    expect(rows.counts).not.toContain(host.userId);
    // RSVPs to the deleted events no longer count on the attendee's profile.
    expect(await profileStats(t, attendee.userId)).toMatchObject({ rsvps: 1 });
    expect(await tabCounts(t, coHost.userId)).toMatchObject({ publicUpcoming: 0, privateUpcoming: 0 });
  });

  test("a heavy user's account is deleted in batches (RSVPs, participant rows, comments); counts end right", async () => {
    vi.useFakeTimers();
    try {
      const t = newTest();
      const heavy = await createUser(t);
      const other = await createUser(t);
      const eventIds = await t.run(async (ctx) => {
        const { createEvent: create } = await import("./model/events");
        const { changeParticipation } = await import("./model/participation");
        const ids: Id<"events">[] = [];
        for (let i = 0; i < 220; i++) {
          const event = await create(ctx, other.userId, eventPayload({ title: `Night ${i}` }));
          await changeParticipation(ctx, event, heavy.userId, { rsvp: "going" });
          ids.push(event._id);
        }
        for (let i = 0; i < 210; i++) {
          await ctx.db.insert("event_comments", { eventId: ids[0], userId: heavy.userId, content: `Cheers ${i}`, reactionCounts: {}, reactionTotal: 0 });
        }
        await ctx.db.patch("events", ids[0], { commentCount: 210 });
        return ids;
      });
      const leftOf = () =>
        t.run(async (ctx) => ({
          rsvps: (await ctx.db.query("rsvps").withIndex("by_user", (q) => q.eq("userId", heavy.userId)).collect()).length,
          participants: (await ctx.db.query("event_participants").withIndex("by_user_and_end_time", (q) => q.eq("userId", heavy.userId)).collect()).length,
          comments: (await ctx.db.query("event_comments").withIndex("by_user", (q) => q.eq("userId", heavy.userId)).collect()).length,
        }));

      await heavy.asUser.mutation(api.account.deleteMine, { confirmation: "DELETE" });
      // One mutation did a bounded share; the rest waits in scheduled batches.
      const afterFirst = await leftOf();
      expect(afterFirst.rsvps).toBeGreaterThan(0);
      expect(afterFirst.rsvps).toBeLessThan(220);
      expect(afterFirst.comments).toBeGreaterThan(0);

      await t.finishAllScheduledFunctions(vi.runAllTimers);
      expect(await leftOf()).toEqual({ rsvps: 0, participants: 0, comments: 0 });
      expect(await counts(t, eventIds[219])).toMatchObject({ going: 0, attendees: 1 });
      expect(await eventDoc(t, eventIds[0])).toMatchObject({ goingCount: 0, attendeeCount: 1, commentCount: 0 });
      expect(await tabCounts(t, heavy.userId)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  }, 60_000);

  test("a private or crew-only host's nickname stays out of a public session's search text", async () => {
    const t = newTest();
    const host = await createUser(t, { name: "Hana Host" });
    await host.asUser.mutation(api.profiles.update, { nickname: "Moonshine", profileVisibility: "private" });
    const e = await createEvent(t, host, { title: "Quiet Pints" });
    const search = async () =>
      (
        await t.query(api.events.discover, { paginationOpts: { numItems: 10, cursor: null }, search: "moonshine" })
      ).page.map((card) => card._id);
    expect((await eventDoc(t, e.eventId))!.searchText).not.toContain("moonshine");
    expect(await search()).toEqual([]);
    expect((await eventDoc(t, e.eventId))!.searchText).toContain("hana host");

    await host.asUser.mutation(api.profiles.update, { profileVisibility: "crew_only" });
    expect(await search()).toEqual([]);
    await host.asUser.mutation(api.profiles.update, { profileVisibility: "public" });
    expect(await search()).toEqual([e.eventId]);
    await host.asUser.mutation(api.profiles.update, { profileVisibility: "private" });
    expect(await search()).toEqual([]);
  });

  test("a host's rename refreshes their events' search text", async () => {
    const t = newTest();
    const host = await createUser(t, { name: "Hana Host" });
    const e = await createEvent(t, host);
    await host.asUser.mutation(api.profiles.update, { displayName: "Zelda Brewmaster", nickname: "Zee" });
    const text = (await eventDoc(t, e.eventId))!.searchText;
    expect(text).toContain("zelda brewmaster");
    expect(text).toContain("zee");
    expect(text).not.toContain("hana");
  });
});
