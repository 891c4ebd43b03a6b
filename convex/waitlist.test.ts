import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { CAPACITY_MESSAGES } from "../shared/capacityRules";
import { deleteAccount } from "./model/accountDeletion";
import {
  createEvent,
  createUser,
  eventDoc,
  expectError,
  newTest,
  runDue,
  stubDeploymentEnv,
  tableSnapshot,
  type TestConvex,
  type TestUser,
} from "./test.setup";

beforeEach(() => {
  stubDeploymentEnv();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

async function seats(t: TestConvex, eventId: Id<"events">) {
  const event = await eventDoc(t, eventId);
  return {
    attendees: event?.attendeeCount,
    plusOnes: event?.plusOneCount ?? 0,
    waiting: event?.waitlistCount ?? 0,
  };
}

async function waitlistOf(t: TestConvex, eventId: Id<"events">) {
  return await t.run(async (ctx) =>
    (
      await ctx.db
        .query("event_waitlist")
        .withIndex("by_event", (q) => q.eq("eventId", eventId))
        .collect()
    ).map((row) => row.userId),
  );
}

async function rsvpOf(t: TestConvex, eventId: Id<"events">, userId: Id<"users">) {
  return await t.run(
    async (ctx) =>
      await ctx.db
        .query("rsvps")
        .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId).eq("userId", userId))
        .unique(),
  );
}

async function people(t: TestConvex, n: number): Promise<TestUser[]> {
  const list: TestUser[] = [];
  for (let i = 0; i < n; i++) list.push(await createUser(t, { name: `Guest ${i}` }));
  return list;
}

/** A host's public session with `capacity` seats; the host takes one. */
async function session(t: TestConvex, capacity: number | null, plusOnesAllowed = 0) {
  const host = await createUser(t, { name: "Hana Host" });
  const event = await createEvent(t, host, { capacity, plusOnesAllowed });
  return { host, eventId: event.eventId };
}

const join = (user: TestUser, eventId: Id<"events">, plusOnes?: number) =>
  user.asUser.mutation(api.events.join, { eventId, ...(plusOnes !== undefined ? { plusOnes } : {}) });
const leave = (user: TestUser, eventId: Id<"events">) =>
  user.asUser.mutation(api.events.leave, { eventId });

describe("capacity on create and edit", () => {
  test("a capacity 2–500 and 0–5 plus-ones are stored; bad values are refused at their field and nothing is written", async () => {
    const t = newTest();
    const { host, eventId } = await session(t, 20, 2);
    expect(await eventDoc(t, eventId)).toMatchObject({ capacity: 20, plusOnesAllowed: 2 });
    const before = await tableSnapshot(t);
    for (const [overrides, field] of [
      [{ capacity: 1 }, "capacity"],
      [{ capacity: 501 }, "capacity"],
      [{ capacity: 2.5 }, "capacity"],
      [{ plusOnesAllowed: 6 }, "plusOnesAllowed"],
      [{ plusOnesAllowed: -1 }, "plusOnesAllowed"],
    ] as const) {
      await expectError(createEvent(t, host, overrides), { code: "VALIDATION", field });
    }
    expect(await tableSnapshot(t)).toEqual(before);
  });

  test("lowering the capacity below the count removes no one and only stops new joins", async () => {
    const t = newTest();
    const { host, eventId } = await session(t, 5);
    const [a, b, c, d] = await people(t, 4);
    for (const u of [a, b, c]) expect(await join(u, eventId)).toEqual({ status: "going" });
    const event = (await eventDoc(t, eventId))!;
    await host.asUser.mutation(api.events.update, {
      eventId,
      title: event.title,
      startTime: event.startTime,
      endTime: event.endTime,
      drinkType: event.drinkType,
      vibe: event.vibe,
      isPublic: true,
      capacity: 2,
    });
    expect(await seats(t, eventId)).toMatchObject({ attendees: 4 });
    expect(await join(d, eventId)).toEqual({ status: "waitlisted", place: 1 });
  });
});

describe("join and the waitlist", () => {
  test("a full session puts people on the waitlist in order, with their place", async () => {
    const t = newTest();
    const { eventId } = await session(t, 2);
    const [b, c, d] = await people(t, 3);
    expect(await join(b, eventId)).toEqual({ status: "going" });
    expect(await join(c, eventId)).toEqual({ status: "waitlisted", place: 1 });
    expect(await join(d, eventId)).toEqual({ status: "waitlisted", place: 2 });
    // Joining again keeps the place.
    expect(await join(c, eventId)).toEqual({ status: "waitlisted", place: 1 });
    expect(await seats(t, eventId)).toEqual({ attendees: 2, plusOnes: 0, waiting: 2 });
    const page = await b.asUser.query(api.events.get, { slugOrCodeOrId: eventId });
    expect(page.viewer.waitlistPlace).toBeNull();
    const waiting = await d.asUser.query(api.events.get, { slugOrCodeOrId: eventId });
    expect(waiting.viewer).toMatchObject({ waitlistPlace: 2, isAttending: false });
    expect(waiting.event).toMatchObject({ capacity: 2, waitlistCount: 2, attendeeCount: 2 });
  });

  test("concurrent joins on the last spots never overbook: exactly the free seats are taken, the rest wait in order", async () => {
    const t = newTest();
    const { eventId } = await session(t, 4);
    const guests = await people(t, 12);
    const results = await Promise.all(guests.map((g) => join(g, eventId)));
    expect(results.filter((r) => r.status === "going")).toHaveLength(3);
    const places = results.flatMap((r) => (r.status === "waitlisted" ? [r.place] : []));
    expect(places.sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await seats(t, eventId)).toEqual({ attendees: 4, plusOnes: 0, waiting: 9 });
  });

  test("plus-ones count against the capacity and are bounded by the allowance", async () => {
    const t = newTest();
    const { eventId } = await session(t, 4, 2);
    const [b, c] = await people(t, 2);
    await expectError(join(b, eventId, 3), { code: "VALIDATION", field: "plusOnes", message: "You can bring at most 2 plus-ones" });
    expect(await join(b, eventId, 2)).toEqual({ status: "going" });
    expect(await seats(t, eventId)).toEqual({ attendees: 2, plusOnes: 2, waiting: 0 });
    expect(await join(c, eventId)).toEqual({ status: "waitlisted", place: 1 });
  });

  test("rsvps.set going (the older page) on a full session joins the waitlist, like events.join", async () => {
    const t = newTest();
    const { eventId } = await session(t, 3, 2);
    const [b, c, d] = await people(t, 3);
    await join(b, eventId, 1);
    const set = (user: TestUser, status: "going" | "maybe" = "going") => user.asUser.mutation(api.rsvps.set, { eventId, status });
    // Going again keeps the plus-one and the seat.
    expect(await set(b)).toMatchObject({ status: "going", waitlistPlace: null, goingCount: 1 });
    expect(await seats(t, eventId)).toEqual({ attendees: 2, plusOnes: 1, waiting: 0 });
    expect(await set(c)).toMatchObject({ status: "going", waitlistPlace: 1, goingCount: 1 });
    expect(await set(d)).toMatchObject({ waitlistPlace: 2 });
    // Asking again keeps the place; no RSVP row is written for someone waiting.
    expect(await set(c)).toMatchObject({ waitlistPlace: 1 });
    expect(await waitlistOf(t, eventId)).toEqual([c.userId, d.userId]);
    expect(await rsvpOf(t, eventId, c.userId)).toBeNull();
    expect(await seats(t, eventId)).toEqual({ attendees: 2, plusOnes: 1, waiting: 2 });
    // Two seats free (B and their plus-one): both waiting are promoted, as after a join.
    await leave(b, eventId);
    expect(await waitlistOf(t, eventId)).toEqual([]);
    for (const user of [c, d]) expect(await rsvpOf(t, eventId, user.userId)).toMatchObject({ status: "going" });
    // Maybe is not a join: it is written as before.
    expect(await set(b, "maybe")).toMatchObject({ status: "maybe", waitlistPlace: null, maybeCount: 1 });
  });

  test("rsvps.set going: anonymous and the host are refused, nothing written", async () => {
    const t = newTest();
    const { host, eventId } = await session(t, 2);
    const [b] = await people(t, 1);
    await join(b, eventId);
    const before = await tableSnapshot(t);
    await expect(t.mutation(api.rsvps.set, { eventId, status: "going" })).rejects.toThrow();
    await expectError(host.asUser.mutation(api.rsvps.set, { eventId, status: "going" }), { code: "FORBIDDEN" });
    expect(await tableSnapshot(t)).toEqual(before);
  });

  test("waitlisted people can leave the waitlist", async () => {
    const t = newTest();
    const { eventId } = await session(t, 2);
    const [b, c] = await people(t, 2);
    await join(b, eventId);
    await join(c, eventId);
    await leave(c, eventId);
    expect(await waitlistOf(t, eventId)).toEqual([]);
    expect(await seats(t, eventId)).toEqual({ attendees: 2, plusOnes: 0, waiting: 0 });
  });
});

describe("promotion", () => {
  test("someone leaving promotes the first on the waitlist in the same transaction, and tells them", async () => {
    vi.useFakeTimers();
    const t = newTest();
    const { eventId } = await session(t, 2);
    const [b, c, d] = await people(t, 3);
    await join(b, eventId);
    await join(c, eventId);
    await join(d, eventId);
    await leave(b, eventId);
    expect((await rsvpOf(t, eventId, c.userId))?.status).toBe("going");
    expect(await waitlistOf(t, eventId)).toEqual([d.userId]);
    expect(await seats(t, eventId)).toEqual({ attendees: 2, plusOnes: 0, waiting: 1 });
    await runDue(t);
    const told = await t.run(async (ctx) =>
      (await ctx.db.query("notifications").collect()).filter((n) => n.type === "waitlist_promoted"),
    );
    expect(told.map((n) => n.userId)).toEqual([c.userId]);
    const mail = await t.run(async (ctx) =>
      (await ctx.db.query("email_logs").collect()).filter((m) => m.type === "waitlist_promoted"),
    );
    expect(mail.map((m) => m.recipient)).toEqual([c.email]);
  });

  test("a party too big for the freed seats keeps its place; the next who fits goes in", async () => {
    const t = newTest();
    const { eventId } = await session(t, 3, 3);
    const [b, c, d] = await people(t, 3);
    await join(b, eventId, 1);
    await join(c, eventId, 2);
    await join(d, eventId);
    await b.asUser.mutation(api.waitlist.setMyPlusOnes, { eventId, plusOnes: 0 });
    expect((await rsvpOf(t, eventId, d.userId))?.status).toBe("going");
    expect(await waitlistOf(t, eventId)).toEqual([c.userId]);
    expect(await seats(t, eventId)).toEqual({ attendees: 3, plusOnes: 0, waiting: 1 });
  });

  test("raising the capacity promotes who fits", async () => {
    const t = newTest();
    const { host, eventId } = await session(t, 2);
    const [b, c, d] = await people(t, 3);
    for (const u of [b, c, d]) await join(u, eventId);
    const event = (await eventDoc(t, eventId))!;
    await host.asUser.mutation(api.events.update, {
      eventId,
      title: event.title,
      startTime: event.startTime,
      endTime: event.endTime,
      drinkType: event.drinkType,
      vibe: event.vibe,
      isPublic: true,
      capacity: 3,
    });
    expect((await rsvpOf(t, eventId, c.userId))?.status).toBe("going");
    expect(await waitlistOf(t, eventId)).toEqual([d.userId]);
  });

  test("a guest who deletes their account frees their seat for the waitlist; a waiting one leaves it", async () => {
    const t = newTest();
    const { eventId } = await session(t, 2);
    const [b, c, d] = await people(t, 3);
    for (const u of [b, c, d]) await join(u, eventId);
    await t.run(async (ctx) => await deleteAccount(ctx, d.userId));
    expect(await waitlistOf(t, eventId)).toEqual([c.userId]);
    await t.run(async (ctx) => await deleteAccount(ctx, b.userId));
    expect((await rsvpOf(t, eventId, c.userId))?.status).toBe("going");
    expect(await seats(t, eventId)).toEqual({ attendees: 2, plusOnes: 0, waiting: 0 });
  });

  test("deleting the session clears its waitlist", async () => {
    const t = newTest();
    const { host, eventId } = await session(t, 2);
    const [b, c] = await people(t, 2);
    await join(b, eventId);
    await join(c, eventId);
    await host.asUser.mutation(api.events.remove, { eventId });
    expect(await waitlistOf(t, eventId)).toEqual([]);
  });
});

describe("who may do what", () => {
  async function cast(t: TestConvex) {
    const { host, eventId } = await session(t, 3, 1);
    const [coHost, guest, stranger, waiting] = await people(t, 4);
    await join(coHost, eventId);
    await host.asUser.mutation(api.events.promoteCoHost, { eventId, userId: coHost.userId });
    await join(guest, eventId);
    await join(waiting, eventId);
    return { host, coHost: coHost, guest: guest, stranger: stranger, waiting: waiting, eventId };
  }

  test("waitlist.list: the host and co-hosts only", async () => {
    const t = newTest();
    const c = await cast(t);
    const args = { eventId: c.eventId, paginationOpts: { numItems: 10, cursor: null } };
    await expectError(t.query(api.waitlist.list, args), { code: "NOT_AUTHENTICATED" });
    for (const user of [c.stranger, c.guest, c.waiting])
      await expectError(user.asUser.query(api.waitlist.list, args), { code: "FORBIDDEN" });
    for (const user of [c.host, c.coHost]) {
      const page = await user.asUser.query(api.waitlist.list, args);
      expect(page.page.map((row) => row.userId)).toEqual([c.waiting.userId]);
    }
  });

  test("waitlist.promote: the host and co-hosts, out of order, growing the capacity by what the party needs; others are refused and nothing is written", async () => {
    const t = newTest();
    const c = await cast(t);
    const late = await createUser(t, { name: "Late Larry" });
    await join(late, c.eventId);
    const args = { eventId: c.eventId, userId: late.userId };
    const before = await tableSnapshot(t);
    await expectError(t.mutation(api.waitlist.promote, args), { code: "NOT_AUTHENTICATED" });
    for (const user of [c.stranger, c.guest, c.waiting])
      await expectError(user.asUser.mutation(api.waitlist.promote, args), { code: "FORBIDDEN" });
    await expectError(c.host.asUser.mutation(api.waitlist.promote, { ...args, userId: c.stranger.userId }), {
      code: "NOT_FOUND",
      message: CAPACITY_MESSAGES.notOnWaitlist,
    });
    expect(await tableSnapshot(t)).toEqual(before);
    await c.coHost.asUser.mutation(api.waitlist.promote, args);
    expect((await rsvpOf(t, c.eventId, late.userId))?.status).toBe("going");
    expect(await waitlistOf(t, c.eventId)).toEqual([c.waiting.userId]);
    expect(await eventDoc(t, c.eventId)).toMatchObject({ capacity: 4, attendeeCount: 4, waitlistCount: 1 });
  });

  test("waitlist.setMyPlusOnes: signed in, going or waiting, within the allowance and the seats", async () => {
    const t = newTest();
    const c = await cast(t);
    const set = (user: TestUser, plusOnes: number) =>
      user.asUser.mutation(api.waitlist.setMyPlusOnes, { eventId: c.eventId, plusOnes });
    await expectError(t.mutation(api.waitlist.setMyPlusOnes, { eventId: c.eventId, plusOnes: 1 }), {
      code: "NOT_AUTHENTICATED",
    });
    const before = await tableSnapshot(t);
    await expectError(set(c.stranger, 1), { code: "VALIDATION", message: CAPACITY_MESSAGES.plusOnesNeedGoing });
    await expectError(set(c.guest, 2), { code: "VALIDATION", field: "plusOnes" });
    await expectError(set(c.guest, 1), { code: "VALIDATION", message: CAPACITY_MESSAGES.full });
    await expectError(set(c.host, 1), { code: "VALIDATION", message: CAPACITY_MESSAGES.plusOnesNeedGoing });
    expect(await tableSnapshot(t)).toEqual(before);
    await set(c.waiting, 1);
    expect(await t.run(async (ctx) => (await ctx.db.query("event_waitlist").first())?.plusOnes)).toBe(1);
    await leave(c.coHost, c.eventId);
    // The freed seat cannot take the waiting party of two: it keeps its place.
    expect(await waitlistOf(t, c.eventId)).toEqual([c.waiting.userId]);
    await set(c.guest, 1);
    expect(await seats(t, c.eventId)).toEqual({ attendees: 2, plusOnes: 1, waiting: 1 });
  });

  test("waitlist.setMyPlusOnes queued offline: a replay of the same key changes nothing, even after a newer change", async () => {
    const t = newTest();
    const { eventId } = await session(t, 10, 3);
    const [b] = await people(t, 1);
    await join(b, eventId);
    const key = crypto.randomUUID();
    const queued = (plusOnes: number, idempotencyKey: string) =>
      b.asUser.mutation(api.waitlist.setMyPlusOnes, { eventId, plusOnes, idempotencyKey });
    await queued(2, key);
    await queued(1, crypto.randomUUID());
    await queued(2, key);
    expect(await seats(t, eventId)).toEqual({ attendees: 2, plusOnes: 1, waiting: 0 });
    await expectError(queued(1, "not a key"), { code: "VALIDATION", field: "idempotencyKey" });
  });

  test("events.join: anonymous and the host are refused", async () => {
    const t = newTest();
    const c = await cast(t);
    await expectError(t.mutation(api.events.join, { eventId: c.eventId }), { code: "NOT_AUTHENTICATED" });
    await expectError(join(c.host, c.eventId), { code: "FORBIDDEN" });
  });
});
