/**
 * The repairs of stored data (convex/repairs.ts on the migrations component):
 * sessions whose times cannot be shown and text stored before the user-text
 * rule are fixed, in batches, and a second run changes nothing.
 */
import migrationsComponent from "@convex-dev/migrations/test";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import { REPAIR_PLACEHOLDERS } from "./model/repairs";
import {
  FILE_HEADERS,
  HOUR,
  createCrew,
  createEvent,
  createUser,
  eventDoc,
  newTest,
  rsvp,
  storeFile,
  stubDeploymentEnv,
  type TestConvex,
} from "./test.setup";

const NOW = Date.UTC(2027, 2, 3, 10, 0);

beforeEach(() => {
  stubDeploymentEnv();
  vi.useFakeTimers({ now: NOW });
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function repairTest() {
  const t = newTest();
  migrationsComponent.register(t);
  return t;
}

/** Runs every repair to the end, batch after batch (small batches, to cross batch boundaries). */
async function runRepairs(t: TestConvex) {
  await t.mutation(internal.repairs.run, { batchSize: 2 });
  await t.finishAllScheduledFunctions(() => vi.runAllTimers());
}

/** Every stored document the repairs may touch, to compare two runs. */
async function snapshot(t: TestConvex) {
  return await t.run(async (ctx) => ({
    events: await ctx.db.query("events").collect(),
    participants: await ctx.db.query("event_participants").collect(),
    profiles: await ctx.db.query("user_profiles").collect(),
    crews: await ctx.db.query("crews").collect(),
    comments: await ctx.db.query("event_comments").collect(),
    ratings: await ctx.db.query("event_ratings").collect(),
    photos: await ctx.db.query("event_photos").collect(),
  }));
}

const HOSTILE = " \u202EBe\u0000er at Cafe\u0301\u2066 \ud83c";
const REPAIRED = "Beer at Caf\u00e9 \ufffd";

describe("repairs.run", () => {
  test("gives a session whose times cannot be shown its creation time and 3 hours, ended", async () => {
    const t = repairTest();
    const host = await createUser(t, { name: "Hana Host" });
    const fan = await createUser(t, { name: "Fred Fan" });
    const good = await createEvent(t, host, { title: "Good Pints", startTime: NOW + HOUR });
    const poisoned = await Promise.all(
      [1e308, -1e308, 8.64e15 + 1, 2 ** 53].map(async (value, i) => {
        const { eventId } = await createEvent(t, host, {
          title: `Bad ${i}`,
          startTime: NOW + HOUR,
        });
        await rsvp(fan, eventId);
        await t.run(async (ctx) => {
          await ctx.db.patch("events", eventId, {
            startTime: value,
            endTime: value,
            timeZone: "Not/AZone",
          });
        });
        return eventId;
      }),
    );
    const { startTime, endTime, title } = (await eventDoc(t, good.eventId))!;
    vi.setSystemTime(NOW + 10 * HOUR);
    await runRepairs(t);

    expect(await eventDoc(t, good.eventId)).toMatchObject({
      startTime,
      endTime,
      title,
      timeZone: "UTC",
    });
    for (const eventId of poisoned) {
      const event = (await eventDoc(t, eventId))!;
      expect(event).toMatchObject({
        startTime: event._creationTime,
        endTime: event._creationTime + 3 * HOUR,
        timeZone: "UTC",
        ended: true,
        discoverable: false,
        endJobId: null,
      });
    }
    // The fan's rows follow: the repaired sessions are past.
    const past = await fan.asUser.query(api.events.mine, {
      when: "past",
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(past.page.map((card) => card.title).sort()).toEqual([
      "Bad 0",
      "Bad 1",
      "Bad 2",
      "Bad 3",
    ]);
  });

  test("repairs stored text on every table by the user-text rule", async () => {
    const t = repairTest();
    const host = await createUser(t, { name: "Hana Host" });
    const guest = await createUser(t, { name: "Gus Guest" });
    const { eventId } = await createEvent(t, host, { title: "Pints", startTime: NOW + HOUR });
    await rsvp(guest, eventId);
    const crewId = await createCrew(host);
    await t.run(async (ctx) => {
      const startTime = NOW - 5 * HOUR;
      await ctx.db.patch("events", eventId, { startTime, endTime: startTime + 4 * HOUR });
    });
    await guest.asUser.mutation(api.comments.add, { eventId, content: "Fine" });
    await guest.asUser.mutation(api.comments.add, { eventId, content: "Blank soon" });
    await guest.asUser.mutation(api.ratings.rate, { eventId, rating: 5, feedback: "Great" });
    const storageId = await storeFile(t, { header: FILE_HEADERS.jpeg, size: 2048 });
    await guest.asUser.action(api.photos.add, { eventId, storageId, caption: "Us" });
    // What the rule refuses or cleans today, written as it could be before it.
    await t.run(async (ctx) => {
      await ctx.db.patch("events", eventId, {
        title: "\u200B\u200D",
        notes: `${HOSTILE}\r\nline`,
        placeNickname: " \u200B ",
      });
      const profile = (await ctx.db
        .query("user_profiles")
        .withIndex("by_user", (q) => q.eq("userId", guest.userId))
        .unique())!;
      await ctx.db.patch("user_profiles", profile._id, { displayName: HOSTILE, bio: "a\u0000\nb" });
      await ctx.db.patch("crews", crewId, { name: "\u2066\u2069", description: HOSTILE });
      const [fine, blank] = await ctx.db.query("event_comments").collect();
      await ctx.db.patch("event_comments", fine._id, { content: HOSTILE });
      await ctx.db.patch("event_comments", blank._id, { content: "\uFEFF" });
      const rating = (await ctx.db.query("event_ratings").first())!;
      await ctx.db.patch("event_ratings", rating._id, { feedback: "\u202E" });
      const photo = (await ctx.db.query("event_photos").first())!;
      await ctx.db.patch("event_photos", photo._id, { caption: `${HOSTILE}\nx` });
    });

    await runRepairs(t);
    const after = await snapshot(t);
    const event = after.events[0];
    expect(event).toMatchObject({
      title: REPAIR_PLACEHOLDERS.title,
      notes: `${REPAIRED}\nline`,
      placeNickname: null,
    });
    expect(event.searchText).toContain(REPAIR_PLACEHOLDERS.title.toLowerCase().split(" ")[0]);
    const guestProfile = after.profiles.find((p) => p.userId === guest.userId)!;
    expect(guestProfile).toMatchObject({ displayName: REPAIRED, bio: "a\nb" });
    expect(guestProfile.nameSearchText).toContain("beer");
    expect(after.crews[0]).toMatchObject({
      name: REPAIR_PLACEHOLDERS.crewName,
      description: REPAIRED,
    });
    expect(after.comments.map((c) => c.content)).toEqual([REPAIRED, REPAIR_PLACEHOLDERS.comment]);
    expect(after.ratings[0].feedback).toBeNull();
    expect(after.photos[0].caption).toBe(`${REPAIRED} x`);
  });

  test("is idempotent: a second run changes nothing", async () => {
    const t = repairTest();
    const host = await createUser(t, { name: "Hana Host" });
    const { eventId } = await createEvent(t, host, { startTime: NOW + HOUR });
    await t.run(async (ctx) => {
      await ctx.db.patch("events", eventId, {
        startTime: 2 ** 53,
        endTime: 2 ** 53,
        title: HOSTILE,
      });
    });
    await runRepairs(t);
    const first = await snapshot(t);
    // A new run of each repair (the component skips a finished one unless reset).
    await t.mutation(internal.repairs.run, { batchSize: 2, reset: true });
    await t.finishAllScheduledFunctions(() => vi.runAllTimers());
    const second = await snapshot(t);
    expect(second).toEqual(first);
    expect(first.events[0].title).toBe(REPAIRED);
  });
});
