/**
 * The badges performance workload, shared by `badges.perf.test.ts` and
 * `npm run bench:badges`: the catalogue (synced to its table) and a user with
 * 30 badges earned (4 shown) and progress towards the rest, who has just
 * joined a session; the documents read by the profile's badge preview, the
 * badges page (owner, another user, a visitor) and by the award check that
 * joining schedules (it awards First Pour), measured with convex-test's
 * transaction metrics around a nested call (as in perf.workload.ts).
 *
 * Not a Convex module (two dots in the name). The session and the join go
 * through the real mutations; the earned badges are written directly.
 */
import type { TestConvex } from "convex-test";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import type schema from "./schema";
import { documentsRead } from "./perf.workload";
import { syncBadgeCatalogue } from "./model/badges";
import { BADGE_CATALOGUE, badgeTarget } from "../shared/badgeCatalogue";
import { MAX_VISIBLE_BADGES, utcDayKey } from "../shared/badgeRules";
import { userSearchTerms } from "../shared/crewRules";

export type BadgePerfConvex = TestConvex<typeof schema>;

export const BADGE_PERF_VOLUME = { catalogue: BADGE_CATALOGUE.length, earned: 30 } as const;
const BADGE_PERF_TARGETS = { preview: 10, page: 100, awardCheck: 50 } as const;

/** Left unearned so the measured check awards it (joining a first session). */
const AWARDED_BY_THE_CHECK = "first_pour";
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * The measured session starts on the first Tuesday at 19:00 UTC at least two
 * hours after `now`: badges for a weekday (TGIF on a Friday) or an hour would
 * otherwise be awarded too, depending on the day the workload runs.
 */
function sessionStartAfter(now: number): number {
  const TUESDAY = 2;
  const earliest = now + 2 * HOUR;
  const day = new Date(earliest);
  const evening = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 19);
  const daysAhead = (TUESDAY - day.getUTCDay() + 7) % 7;
  const start = evening + daysAhead * DAY;
  return start >= earliest ? start : start + 7 * DAY;
}

export type BadgePerfWorld = {
  userId: Id<"users">;
  username: string;
  eventId: Id<"events">;
  userSubject: string;
  otherSubject: string;
};

async function insertUser(ctx: MutationCtx, name: string, now: number) {
  const userId = await ctx.db.insert("users", { name, email: `${name}@example.com` });
  const sessionId = await ctx.db.insert("authSessions", {
    userId,
    expirationTime: now + 30 * 24 * HOUR,
  });
  await ctx.db.insert("user_profiles", {
    userId,
    username: name,
    displayName: name,
    nickname: null,
    bio: null,
    tagline: null,
    avatarStorageId: null,
    avatarUrl: null,
    favoriteDrink: null,
    profileVisibility: "public",
    showCrewsPublicly: true,
    stats: { sessions: 0, rsvps: 0, crews: 0 },
    nameSearchText: userSearchTerms({ username: name, displayName: name, nickname: null }),
    createdAt: now,
    updatedAt: now,
  });
  return { userId, subject: `${userId}|${sessionId}` };
}

/**
 * Builds the world. Badge checks must be off while it is built
 * (CLINK_BADGE_CHECKS=off): the measured check is the one that counts.
 */
export async function seedBadgePerfWorld(
  t: BadgePerfConvex,
  now: number = Date.now(),
): Promise<BadgePerfWorld> {
  const { user, other, host } = await t.run(async (ctx) => {
    await syncBadgeCatalogue(ctx);
    return {
      user: await insertUser(ctx, "badge_collector", now),
      other: await insertUser(ctx, "badge_admirer", now),
      host: await insertUser(ctx, "badge_host", now),
    };
  });
  const { eventId } = await t.withIdentity({ subject: host.subject }).mutation(api.events.create, {
    title: "Pint o'clock",
    durationType: "specific_time",
    startTime: sessionStartAfter(now),
    drinkType: "beer",
    vibe: "casual",
    isPublic: true,
    timeZone: "UTC",
  });
  await t
    .withIdentity({ subject: user.subject })
    .mutation(api.rsvps.set, { eventId, status: "going" });

  await t.run(async (ctx) => {
    const others = BADGE_CATALOGUE.filter((badge) => badge.key !== AWARDED_BY_THE_CHECK);
    const earned = others.slice(0, BADGE_PERF_VOLUME.earned);
    for (const [index, badge] of earned.entries()) {
      await ctx.db.insert("user_badges", {
        userId: user.userId,
        badgeKey: badge.key,
        earnedAt: now - index,
        isVisibleOnProfile: index < MAX_VISIBLE_BADGES,
        displayOrder: now + index,
      });
    }
    for (const badge of others.slice(BADGE_PERF_VOLUME.earned)) {
      await ctx.db.insert("badge_progress", {
        userId: user.userId,
        badgeKey: badge.key,
        currentProgress: 0,
        targetProgress: badgeTarget(badge),
        lastUpdated: now,
      });
    }
    const counters = await ctx.db
      .query("badge_counters")
      .withIndex("by_user", (q) => q.eq("userId", user.userId))
      .unique();
    await ctx.db.patch("badge_counters", counters!._id, {
      earnedKeys: earned.map((badge) => badge.key),
      daysActive: 1,
      lastActiveDay: utcDayKey(now),
    });
  });
  return {
    userId: user.userId,
    username: "badge_collector",
    eventId,
    userSubject: user.subject,
    otherSubject: other.subject,
  };
}

type BadgeMeasurement = {
  name: string;
  documentsRead: number;
  target: number;
  items: number;
  ms: number;
};

/** The preview and the page, by viewer. */
export async function measureBadgeReads(
  t: BadgePerfConvex,
  world: BadgePerfWorld,
): Promise<BadgeMeasurement[]> {
  const results: BadgeMeasurement[] = [];
  const viewers = [
    ["owner", world.userSubject],
    ["another user", world.otherSubject],
    ["visitor", undefined],
  ] as const;
  for (const [who, subject] of viewers) {
    let started = performance.now();
    const preview = await documentsRead(
      t,
      api.badges.preview,
      { username: world.username },
      subject,
    );
    results.push({
      name: `profile badge preview (${who})`,
      documentsRead: preview.documentsRead,
      target: BADGE_PERF_TARGETS.preview,
      items: (preview.result as { shown: unknown[] }).shown.length,
      ms: performance.now() - started,
    });
    started = performance.now();
    const page = await documentsRead(t, api.badges.page, { username: world.username }, subject);
    const data = page.result as { earned: unknown[]; progress: unknown[] };
    results.push({
      name: `badges page (${who})`,
      documentsRead: page.documentsRead,
      target: BADGE_PERF_TARGETS.page,
      items: data.earned.length + data.progress.length,
      ms: performance.now() - started,
    });
  }
  return results;
}

/** The check joining the session schedules, run once and measured; it awards First Pour. */
export async function measureAwardCheck(
  t: BadgePerfConvex,
  world: BadgePerfWorld,
): Promise<BadgeMeasurement & { awarded: string[] }> {
  const started = performance.now();
  const { reads, result } = await t.mutation(async (ctx) => {
    const before = (await ctx.meta.getTransactionMetrics()).documentsRead.used;
    const result = await ctx.runMutation(internal.badges.check, {
      userId: world.userId,
      trigger: "attendance",
      eventId: world.eventId,
    });
    const after = (await ctx.meta.getTransactionMetrics()).documentsRead.used;
    return { reads: after - before, result };
  });
  return {
    name: "award check after joining (awards First Pour)",
    documentsRead: reads,
    target: BADGE_PERF_TARGETS.awardCheck,
    items: result.awarded.length,
    awarded: result.awarded,
    ms: performance.now() - started,
  };
}
