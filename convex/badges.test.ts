/**
 * The badge engine and functions: every criteria type earns its
 * badge at the threshold and not before, through the write paths that report
 * to the engine; exactly-once awards under racing checks; the profile
 * preview and badges page by viewer; visibility (the 4 limit, owner only,
 * Top 4 by Tier); the silent bulk check in batches; the catalogue sync;
 * account deletion.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { countBadgeActivity } from "./model/badgeCounters";
import { BADGE_CATALOGUE, badgeByKey } from "../shared/badgeCatalogue";
import { BADGE_MESSAGES } from "../shared/badgeRules";
import {
  HOUR,
  addCrewMembers,
  createCrew,
  createEvent,
  createUser,
  newTest,
  notificationsOf,
  rsvp,
  stubDeploymentEnv,
  unreadCounter,
  type TestConvex,
  type TestUser,
} from "./test.setup";

// Several tests build a dozen sessions through the real mutations: seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

/** Monday 23 November 2026, noon UTC. */
const MONDAY_NOON = Date.UTC(2026, 10, 23, 12);
const DAY = 24 * HOUR;

beforeEach(() => {
  stubDeploymentEnv({ CLINK_BADGE_CHECKS: undefined });
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
  vi.setSystemTime(MONDAY_NOON);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

/** Runs the scheduled checks that are due now (sessions' end jobs hours ahead stay pending). */
async function settle(t: TestConvex) {
  await t.finishAllScheduledFunctions(() => vi.advanceTimersByTime(0));
}

async function earnedKeys(t: TestConvex, userId: Id<"users">): Promise<string[]> {
  return await t.run(async (ctx) =>
    (
      await ctx.db
        .query("user_badges")
        .withIndex("by_user_and_badge", (q) => q.eq("userId", userId))
        .collect()
    ).map((row) => row.badgeKey),
  );
}

async function progressOf(t: TestConvex, userId: Id<"users">, badgeKey: string) {
  return await t.run(async (ctx) => {
    const row = await ctx.db
      .query("badge_progress")
      .withIndex("by_user_and_badge", (q) => q.eq("userId", userId).eq("badgeKey", badgeKey))
      .unique();
    return row === null ? null : { current: row.currentProgress, target: row.targetProgress };
  });
}

async function newSession(t: TestConvex, host: TestUser, overrides = {}) {
  const { eventId } = await createEvent(t, host, overrides);
  return eventId;
}

async function badgeNotifications(t: TestConvex, userId: Id<"users">) {
  return (await notificationsOf(t, userId)).filter((row) => row.type === "badge_achievement");
}

describe("each criteria type earns its badge at the threshold and not before", () => {
  test("event_count: Round Regular at the 5th session, with progress 4/5 before", async () => {
    const t = newTest();
    const host = await createUser(t);
    const guest = await createUser(t);
    for (let i = 0; i < 4; i++)
      await rsvp(guest, await newSession(t, host, { title: `Round ${i}` }));
    await settle(t);
    expect(await earnedKeys(t, guest.userId)).not.toContain("round_regular");
    expect(await earnedKeys(t, guest.userId)).toContain("first_pour");
    expect(await progressOf(t, guest.userId, "round_regular")).toEqual({ current: 4, target: 5 });
    await rsvp(guest, await newSession(t, host, { title: "Round 5" }));
    await settle(t);
    expect(await earnedKeys(t, guest.userId)).toContain("round_regular");
    expect(await progressOf(t, guest.userId, "round_regular")).toBeNull();
  });

  test("event_count: First Pour on joining, with its notification; 'maybe' earns nothing", async () => {
    const t = newTest();
    const host = await createUser(t);
    const guest = await createUser(t);
    const eventId = await newSession(t, host);
    await rsvp(guest, eventId, "maybe");
    await settle(t);
    expect(await earnedKeys(t, guest.userId)).not.toContain("first_pour");
    await rsvp(guest, eventId, "going");
    await settle(t);
    expect(await earnedKeys(t, guest.userId)).toContain("first_pour");
    const [notification] = (await badgeNotifications(t, guest.userId)).filter(
      (row) => row.data.badgeKey === "first_pour",
    );
    expect(notification).toMatchObject({
      title: "Badge unlocked: First Pour 🍺",
      message: badgeByKey("first_pour")!.description,
      read: true,
    });
    // Announced by the toast, recorded in the bell without raising its unread count.
    expect(await unreadCounter(t, guest.userId)).toBeNull();
    expect(notification.data.badgesPath).toBe(`/profile/${guest.profile!.username}/badges`);
  });

  test("host_count: Vibe Initiator on the first hosted session", async () => {
    const t = newTest();
    const host = await createUser(t);
    await t.mutation(internal.badges.check, {
      userId: host.userId,
      trigger: "host",
      eventId: null,
    });
    expect(await earnedKeys(t, host.userId)).not.toContain("vibe_initiator");
    await newSession(t, host);
    await settle(t);
    expect(await earnedKeys(t, host.userId)).toContain("vibe_initiator");
  });

  test("crew_join: Crew Hopper in the 3rd crew (starting one counts as joining it)", async () => {
    const t = newTest();
    const me = await createUser(t);
    const other = await createUser(t);
    await createCrew(me, { name: "Mine" });
    await addCrewMembers(other, await createCrew(other, { name: "Theirs" }), me);
    await settle(t);
    expect(await earnedKeys(t, me.userId)).toContain("squad_recruit");
    expect(await earnedKeys(t, me.userId)).not.toContain("crew_hopper");
    await addCrewMembers(other, await createCrew(other, { name: "Third" }), me);
    await settle(t);
    expect(await earnedKeys(t, me.userId)).toContain("crew_hopper");
  });

  test("days_active: Seven Day Sipper on the 7th distinct day, not twice on one day", async () => {
    const t = newTest();
    const user = await createUser(t);
    const act = async () =>
      await t.mutation(internal.badges.check, {
        userId: user.userId,
        trigger: "rsvp",
        eventId: null,
      });
    for (let day = 0; day < 6; day++) {
      vi.setSystemTime(MONDAY_NOON + day * DAY);
      await act();
      await act();
    }
    expect(await earnedKeys(t, user.userId)).toContain("founding_clink");
    expect(await earnedKeys(t, user.userId)).not.toContain("seven_day_sipper");
    vi.setSystemTime(MONDAY_NOON + 6 * DAY);
    await act();
    expect(await earnedKeys(t, user.userId)).toContain("seven_day_sipper");
  });

  test("drink_type: Whiskey Business at the 3rd whiskey session; other drinks do not count", async () => {
    const t = newTest();
    const host = await createUser(t);
    const guest = await createUser(t);
    await rsvp(guest, await newSession(t, host, { drinkType: "beer" }));
    for (let i = 0; i < 2; i++)
      await rsvp(guest, await newSession(t, host, { drinkType: "whiskey" }));
    await settle(t);
    expect(await earnedKeys(t, guest.userId)).not.toContain("whiskey_business");
    expect(await progressOf(t, guest.userId, "whiskey_business")).toEqual({
      current: 2,
      target: 3,
    });
    await rsvp(guest, await newSession(t, host, { drinkType: "whiskey" }));
    await settle(t);
    expect(await earnedKeys(t, guest.userId)).toContain("whiskey_business");
  });

  test("day_events: Hump Day Hero for a Wednesday session (in the session's time zone)", async () => {
    const t = newTest();
    const host = await createUser(t);
    const guest = await createUser(t);
    // Tuesday 23:30 UTC is already Wednesday in Berlin, still Tuesday in UTC.
    const tuesdayLate = Date.UTC(2026, 10, 24, 23, 30);
    await rsvp(guest, await newSession(t, host, { startTime: tuesdayLate, timeZone: "UTC" }));
    await settle(t);
    expect(await earnedKeys(t, guest.userId)).not.toContain("hump_day_hero");
    await rsvp(
      guest,
      await newSession(t, host, { startTime: tuesdayLate, timeZone: "Europe/Berlin" }),
    );
    await settle(t);
    expect(await earnedKeys(t, guest.userId)).toContain("hump_day_hero");
  });

  test("live_event: Fashionably Late for joining a session already live, not an upcoming one", async () => {
    const t = newTest();
    const host = await createUser(t);
    const guest = await createUser(t);
    await rsvp(guest, await newSession(t, host, { startTime: MONDAY_NOON + HOUR }));
    await settle(t);
    expect(await earnedKeys(t, guest.userId)).not.toContain("fashionably_late");
    await rsvp(guest, await newSession(t, host, { startTime: MONDAY_NOON - HOUR }));
    await settle(t);
    expect(await earnedKeys(t, guest.userId)).toContain("fashionably_late");
  });

  test("same_day_events: Double Header for the 2nd session on one day", async () => {
    const t = newTest();
    const host = await createUser(t);
    const guest = await createUser(t);
    await rsvp(guest, await newSession(t, host, { startTime: MONDAY_NOON + 2 * HOUR }));
    await rsvp(guest, await newSession(t, host, { startTime: MONDAY_NOON + 2 * HOUR + DAY }));
    await settle(t);
    expect(await earnedKeys(t, guest.userId)).not.toContain("double_header");
    await rsvp(guest, await newSession(t, host, { startTime: MONDAY_NOON + 6 * HOUR }));
    await settle(t);
    expect(await earnedKeys(t, guest.userId)).toContain("double_header");
  });

  test("event_title: Buzzword Rookie for a title with the phrase, any case", async () => {
    const t = newTest();
    const host = await createUser(t);
    const guest = await createUser(t);
    await rsvp(guest, await newSession(t, host, { title: "Quiet pint" }));
    await settle(t);
    expect(await earnedKeys(t, guest.userId)).not.toContain("buzzword_rookie");
    await rsvp(guest, await newSession(t, host, { title: "CHEERS to Friday" }));
    await settle(t);
    expect(await earnedKeys(t, guest.userId)).toContain("buzzword_rookie");
  });

  test("role_promotion: Right-Hand Drinker when made a crew co-host", async () => {
    const t = newTest();
    const creator = await createUser(t);
    const member = await createUser(t);
    const crewId = await createCrew(creator);
    await addCrewMembers(creator, crewId, member);
    await settle(t);
    expect(await earnedKeys(t, member.userId)).not.toContain("right_hand_drinker");
    await creator.asUser.mutation(api.crews.promoteCoHost, { crewId, userId: member.userId });
    await settle(t);
    expect(await earnedKeys(t, member.userId)).toContain("right_hand_drinker");
  });

  test("event_attendees: Full House for the host when the 10th person is going", async () => {
    const t = newTest();
    const host = await createUser(t);
    const eventId = await newSession(t, host);
    const guests = [];
    for (let i = 0; i < 10; i++) guests.push(await createUser(t));
    for (const guest of guests.slice(0, 9)) await rsvp(guest, eventId);
    await settle(t);
    expect(await earnedKeys(t, host.userId)).not.toContain("full_house");
    expect(await progressOf(t, host.userId, "full_house")).toEqual({ current: 9, target: 10 });
    await rsvp(guests[9], eventId);
    await settle(t);
    expect(await earnedKeys(t, host.userId)).toContain("full_house");
  });

  test.each([
    ["photo", "photo_bae_2", 10],
    ["comment", "chatterbox", 5],
    ["rating", "connoisseur", 10],
  ] as const)("%s: %s at %i", async (activity, badgeKey, target) => {
    const t = newTest();
    const user = await createUser(t);
    const once = async () => {
      await t.run(async (ctx) => await countBadgeActivity(ctx, user.userId, activity));
      await settle(t);
    };
    for (let i = 1; i < target; i++) await once();
    expect(await earnedKeys(t, user.userId)).not.toContain(badgeKey);
    await once();
    expect(await earnedKeys(t, user.userId)).toContain(badgeKey);
  });
});

describe("awards", () => {
  // Convex runs conflicting transactions one after another, so checks that race meet as a
  // sequence in which each sees the one before: what these two tests play out.
  test("a check after another one awards nothing again: one row, one notification", async () => {
    const t = newTest();
    const host = await createUser(t);
    const guest = await createUser(t);
    await rsvp(guest, await newSession(t, host));
    for (let i = 0; i < 6; i++) {
      await t.mutation(internal.badges.check, {
        userId: guest.userId,
        trigger: "attendance",
        eventId: null,
      });
    }
    await settle(t);
    const keys = await earnedKeys(t, guest.userId);
    expect(keys.filter((key) => key === "first_pour")).toHaveLength(1);
    expect(new Set(keys).size).toBe(keys.length);
    const firstPour = (await badgeNotifications(t, guest.userId)).filter(
      (row) => row.data.badgeKey === "first_pour",
    );
    expect(firstPour).toHaveLength(1);
  });

  test("a badge row written before the counters knew of it is not awarded twice", async () => {
    const t = newTest();
    const host = await createUser(t);
    const guest = await createUser(t);
    await t.run(async (ctx) => {
      await ctx.db.insert("user_badges", {
        userId: guest.userId,
        badgeKey: "first_pour",
        earnedAt: MONDAY_NOON,
        isVisibleOnProfile: true,
        displayOrder: MONDAY_NOON,
      });
    });
    await rsvp(guest, await newSession(t, host));
    await settle(t);
    const rows = await t.run(
      async (ctx) =>
        await ctx.db
          .query("user_badges")
          .withIndex("by_user_and_badge", (q) =>
            q.eq("userId", guest.userId).eq("badgeKey", "first_pour"),
          )
          .take(10),
    );
    expect(rows).toHaveLength(1);
    const firstPour = (await badgeNotifications(t, guest.userId)).filter(
      (row) => row.data.badgeKey === "first_pour",
    );
    expect(firstPour).toHaveLength(0);
  });

  test("several at once: the top one (tier, then catalogue order) is the newest notification", async () => {
    const t = newTest();
    const host = await createUser(t);
    const guest = await createUser(t);
    await rsvp(guest, await newSession(t, host, { title: "Cheers Clink night" }));
    await settle(t);
    const page = await guest.asUser.query(api.notifications.list, {
      paginationOpts: { numItems: 20, cursor: null },
    });
    expect(
      page.page.map((row) => (row.type === "badge_achievement" ? row.data?.badgeKey : row.type)),
    ).toEqual([
      "meta_clinker", // gold
      "first_pour",
      "buzzword_rookie",
      "founding_clink",
    ]);
  });

  test("new badges are shown on the profile until 4 are; the rest are earned hidden", async () => {
    const t = newTest();
    const host = await createUser(t);
    // Host a 'Cheers' session and join crews: Vibe Initiator, First Pour, Founding Clink,
    // Buzzword Rookie, Squad Recruit.
    await newSession(t, host, { title: "Cheers night" });
    await createCrew(host);
    await settle(t);
    const preview = await t.query(api.badges.preview, { username: host.profile!.username });
    expect(preview!.earnedCount).toBe(5);
    expect(preview!.shown).toHaveLength(4);
  });
});

describe("preview and page by viewer", () => {
  async function world() {
    const t = newTest();
    const owner = await createUser(t);
    const other = await createUser(t);
    await newSession(t, owner, { title: "Cheers night" });
    await settle(t);
    return { t, owner, other, username: owner.profile!.username };
  }

  test("the owner sees earned and progress; another user and a visitor only earned", async () => {
    const { t, owner, other, username } = await world();
    const mine = await owner.asUser.query(api.badges.page, { username });
    expect(mine!.isOwner).toBe(true);
    expect(mine!.earned.map((row) => row.key).sort()).toEqual(
      ["buzzword_rookie", "first_pour", "founding_clink", "vibe_initiator"].sort(),
    );
    expect(mine!.progress.length).toBeGreaterThan(0);
    for (const viewer of [other.asUser, t]) {
      const theirs = await viewer.query(api.badges.page, { username });
      expect(theirs!.isOwner).toBe(false);
      expect(theirs!.earned).toEqual(mine!.earned);
      expect(theirs!.progress).toEqual([]);
    }
  });

  test("an unknown or private profile gives null (the page goes to /404)", async () => {
    const { t, owner, other, username } = await world();
    expect(await t.query(api.badges.page, { username: "nobody_here" })).toBeNull();
    expect(await t.query(api.badges.preview, { username: "nobody_here" })).toBeNull();
    await owner.asUser.mutation(api.profiles.update, { profileVisibility: "private" });
    expect(await other.asUser.query(api.badges.page, { username })).toBeNull();
    expect(await other.asUser.query(api.badges.preview, { username })).toBeNull();
    expect(await owner.asUser.query(api.badges.page, { username })).not.toBeNull();
  });
});

describe("visibility", () => {
  async function withFiveBadges() {
    const t = newTest();
    const owner = await createUser(t);
    const other = await createUser(t);
    await newSession(t, owner, { title: "Cheers night" });
    await createCrew(owner);
    await settle(t);
    const page = async () =>
      (await owner.asUser.query(api.badges.page, { username: owner.profile!.username }))!;
    return { t, owner, other, page };
  }

  async function rowsSnapshot(t: TestConvex) {
    return await t.run(async (ctx) => await ctx.db.query("user_badges").collect());
  }

  test("a fifth is refused with the spec's message and nothing changes; hiding one frees a place", async () => {
    const { t, owner, page } = await withFiveBadges();
    const hidden = (await page()).earned.find((row) => !row.isVisible)!;
    const before = await rowsSnapshot(t);
    await expect(
      owner.asUser.mutation(api.badges.setVisibility, {
        userBadgeId: hidden._id as Id<"user_badges">,
        visible: true,
      }),
    ).rejects.toMatchObject({ data: { code: "VALIDATION", message: BADGE_MESSAGES.visibleLimit } });
    expect(await rowsSnapshot(t)).toEqual(before);
    const shown = (await page()).earned.find((row) => row.isVisible)!;
    await owner.asUser.mutation(api.badges.setVisibility, {
      userBadgeId: shown._id as Id<"user_badges">,
      visible: false,
    });
    await owner.asUser.mutation(api.badges.setVisibility, {
      userBadgeId: hidden._id as Id<"user_badges">,
      visible: true,
    });
    const after = await page();
    expect(after.earned.filter((row) => row.isVisible)).toHaveLength(4);
    expect(after.earned.find((row) => row._id === hidden._id)!.isVisible).toBe(true);
  });

  test("owner only: another user is refused, a visitor is not authenticated; nothing changes", async () => {
    const { t, other, page } = await withFiveBadges();
    const shown = (await page()).earned.find((row) => row.isVisible)!;
    const args = { userBadgeId: shown._id as Id<"user_badges">, visible: false };
    const before = await rowsSnapshot(t);
    await expect(other.asUser.mutation(api.badges.setVisibility, args)).rejects.toMatchObject({
      data: { code: "FORBIDDEN", message: BADGE_MESSAGES.notOwner },
    });
    await expect(t.mutation(api.badges.setVisibility, args)).rejects.toMatchObject({
      data: { code: "NOT_AUTHENTICATED" },
    });
    await expect(t.mutation(api.badges.setDefaultVisibility, {})).rejects.toMatchObject({
      data: { code: "NOT_AUTHENTICATED" },
    });
    // Another user's default choice touches only their own (none).
    expect(await other.asUser.mutation(api.badges.setDefaultVisibility, {})).toEqual([]);
    expect(await rowsSnapshot(t)).toEqual(before);
  });

  test("Set Default Visibility shows the top 4 by tier, one per category first", async () => {
    const { owner, page } = await withFiveBadges();
    for (const row of (await page()).earned.filter((r) => r.isVisible))
      await owner.asUser.mutation(api.badges.setVisibility, {
        userBadgeId: row._id as Id<"user_badges">,
        visible: false,
      });
    const chosen = await owner.asUser.mutation(api.badges.setDefaultVisibility, {});
    // All bronze: the earliest of each category first (event participation, hosting, social, streaks).
    expect(chosen).toEqual(["first_pour", "vibe_initiator", "buzzword_rookie", "founding_clink"]);
    const shown = (await page()).earned.filter((row) => row.isVisible).map((row) => row.key);
    expect(shown.sort()).toEqual([...chosen].sort());
    const preview = await owner.asUser.query(api.badges.preview, {
      username: owner.profile!.username,
    });
    expect(preview!.shown.map((row) => row.key)).toEqual(chosen);
  });
});

describe("retired badges (a key no longer in the catalogue)", () => {
  /** An earned row of a badge since removed from the catalogue, shown on the profile. */
  async function retiredShownBadge(t: TestConvex, userId: Id<"users">) {
    await t.run(async (ctx) => {
      await ctx.db.insert("user_badges", {
        userId,
        badgeKey: "retired_badge",
        earnedAt: MONDAY_NOON - DAY,
        isVisibleOnProfile: true,
        displayOrder: MONDAY_NOON - DAY,
      });
    });
  }

  test("take none of the 4 places: new awards fill all 4, shown on the profile", async () => {
    const t = newTest();
    const owner = await createUser(t);
    await retiredShownBadge(t, owner.userId);
    // Vibe Initiator, First Pour, Founding Clink, Buzzword Rookie.
    await newSession(t, owner, { title: "Cheers night" });
    await settle(t);
    const username = owner.profile!.username;
    const page = (await owner.asUser.query(api.badges.page, { username }))!;
    expect(page.earned.filter((row) => row.isVisible)).toHaveLength(4);
    const preview = (await owner.asUser.query(api.badges.preview, { username }))!;
    expect(preview.shown).toHaveLength(4);
  });

  test("take no place when the owner shows a fourth badge", async () => {
    const t = newTest();
    const owner = await createUser(t);
    await newSession(t, owner, { title: "Cheers night" });
    await settle(t);
    const username = owner.profile!.username;
    const page = async () => (await owner.asUser.query(api.badges.page, { username }))!;
    const [first] = (await page()).earned.filter((row) => row.isVisible);
    await owner.asUser.mutation(api.badges.setVisibility, {
      userBadgeId: first._id as Id<"user_badges">,
      visible: false,
    });
    await retiredShownBadge(t, owner.userId);
    await owner.asUser.mutation(api.badges.setVisibility, {
      userBadgeId: first._id as Id<"user_badges">,
      visible: true,
    });
    expect((await page()).earned.filter((row) => row.isVisible)).toHaveLength(4);
    const preview = (await owner.asUser.query(api.badges.preview, { username }))!;
    expect(preview.shown.map((row) => row._id)).toContain(first._id);
    expect(preview.shown).toHaveLength(4);
  });
});

describe("the bulk check", () => {
  test("checks every user in batches of 5, 2 s apart, awarding silently", async () => {
    const t = newTest();
    vi.stubEnv("CLINK_BADGE_CHECKS", "off"); // build the world without live checks
    const host = await createUser(t);
    const users: TestUser[] = [];
    for (let i = 0; i < 11; i++) users.push(await createUser(t));
    const eventId = await newSession(t, host);
    for (const user of users) await rsvp(user, eventId);
    vi.stubEnv("CLINK_BADGE_CHECKS", undefined);
    expect(await earnedKeys(t, users[0].userId)).toEqual([]);

    const first = await t.mutation(internal.badges.checkAllUsers, {});
    expect(first).toEqual({ users: 5, awarded: expect.any(Number) as number, isDone: false });
    const batches = async () =>
      (await t.run(async (ctx) => await ctx.db.system.query("_scheduled_functions").collect()))
        .filter((job) => job.name === "badges:checkAllUsers")
        .map((job) => job.scheduledTime);
    expect(await batches()).toEqual([MONDAY_NOON + 2000]);
    await t.finishAllScheduledFunctions(() => vi.advanceTimersByTime(2000));
    // 12 profiles: 5 + 5 + 2, each later batch at least 2 s after the one before.
    const times = await batches();
    expect(times).toHaveLength(2);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(2000);
    expect(await t.run(async (ctx) => (await ctx.db.query("badges").collect()).length)).toBe(
      BADGE_CATALOGUE.length,
    );

    for (const user of [host, ...users]) {
      expect(await earnedKeys(t, user.userId)).toContain("first_pour");
      expect(await badgeNotifications(t, user.userId)).toEqual([]);
    }
    expect(await earnedKeys(t, host.userId)).toContain("vibe_initiator");
  });

  test("the catalogue sync is idempotent", async () => {
    const t = newTest();
    expect(await t.mutation(internal.badges.syncCatalogue, {})).toEqual({
      inserted: BADGE_CATALOGUE.length,
      updated: 0,
      deleted: 0,
    });
    expect(await t.mutation(internal.badges.syncCatalogue, {})).toEqual({
      inserted: 0,
      updated: 0,
      deleted: 0,
    });
    await t.run(async (ctx) => {
      const row = (await ctx.db.query("badges").first())!;
      await ctx.db.patch("badges", row._id, { name: "Renamed" });
      await ctx.db.insert("badges", {
        ...row,
        _id: undefined,
        _creationTime: undefined,
        key: "retired",
      } as never);
    });
    expect(await t.mutation(internal.badges.syncCatalogue, {})).toEqual({
      inserted: 0,
      updated: 1,
      deleted: 1,
    });
  });
});

describe("account deletion", () => {
  test("removes the user's badges, progress and counters", async () => {
    const t = newTest();
    const host = await createUser(t);
    await rsvp(await createUser(t), await newSession(t, host, { title: "Cheers" }));
    await settle(t);
    expect((await earnedKeys(t, host.userId)).length).toBeGreaterThan(0);
    const { deleteAccount } = await import("./model/accountDeletion");
    await t.run(async (ctx) => await deleteAccount(ctx, host.userId));
    const left = await t.run(async (ctx) => ({
      badges: (await ctx.db.query("user_badges").collect()).filter((r) => r.userId === host.userId),
      progress: (await ctx.db.query("badge_progress").collect()).filter(
        (r) => r.userId === host.userId,
      ),
      counters: (await ctx.db.query("badge_counters").collect()).filter(
        (r) => r.userId === host.userId,
      ),
    }));
    expect(left).toEqual({ badges: [], progress: [], counters: [] });
  });
});
