/// <reference types="vite/client" />
/**
 * Builders for convex-test tests, the one place every test file gets them
 * from; every access rule has a test where the wrong user is refused.
 *
 *   const t = newTest();
 *   const sam = await createUser(t, { email: "sam@example.com", name: "Sam" });
 *   await sam.asUser.mutation(api.profiles.update, { bio: "Stouts" });
 */
import { convexTest } from "convex-test";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { api } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import schema from "./schema";
import type { EventCreatePayload } from "./model/events";
import { ensureProfile, type ProfileDoc } from "./model/profiles";
import type { RsvpStatus } from "../shared/eventOptions";
import { userSearchTerms, type CrewVibe } from "../shared/crewRules";

/** Function modules and `_generated` (files with one dot only: no tests, no auth.config.ts). */
export const modules = import.meta.glob(["./**/*.ts", "./_generated/*.js", "!./**/*.*.ts"]);

export function newTest() {
  return convexTest(schema, modules);
}

/** A test deployment that enforces Convex's per-transaction limits (documents and bytes read). */
export function newLimitedTest(): TestConvex {
  return convexTest({ schema, modules, transactionLimits: true });
}

/**
 * Runs the scheduled functions that are due now (and those they schedule for now), not later
 * ones such as a session's end. Needs fake timers.
 */
export async function runDue(t: TestConvex, maxIterations = 1000): Promise<void> {
  await t.finishAllScheduledFunctions(() => vi.advanceTimersByTime(0), maxIterations);
}

export type TestConvex = ReturnType<typeof newTest>;

export const TEST_SITE_URL = "http://localhost:5173";
export const TEST_CONVEX_SITE_URL = "http://127.0.0.1:3211";

/**
 * The variables a deployment sets for sign-in (the local backend sets them
 * too). CONVEX_CLOUD_URL and CLINK_LOCAL_BACKEND stay unset: debug pages are
 * off unless a test turns them on.
 * Badge checks are off (a background check would add rows mid-test): badge
 * tests pass `{ CLINK_BADGE_CHECKS: undefined }`.
 * Undo with `vi.unstubAllEnvs()`.
 */
export function stubDeploymentEnv(extra: Record<string, string | undefined> = {}): void {
  vi.stubEnv("SITE_URL", TEST_SITE_URL);
  vi.stubEnv("CONVEX_SITE_URL", TEST_CONVEX_SITE_URL);
  vi.stubEnv("CONVEX_CLOUD_URL", undefined);
  vi.stubEnv("CLINK_LOCAL_BACKEND", undefined);
  vi.stubEnv("CLINK_DEBUG_PAGES", undefined);
  vi.stubEnv("RESEND_API_KEY", undefined);
  vi.stubEnv("CLINK_BADGE_CHECKS", "off");
  for (const [key, value] of Object.entries(extra)) vi.stubEnv(key, value);
}

/**
 * Every test of the file starts at `at` with the deployment's environment stubbed: `Date` and
 * timers are fake (scheduled functions run by advancing them), so no result depends on today's
 * date, hour or zone. Undone after each test.
 */
export function runsAt(at: number): void {
  beforeEach(() => {
    stubDeploymentEnv();
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    vi.setSystemTime(at);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });
}

let userCounter = 0;

export type TestUser = {
  userId: Id<"users">;
  sessionId: Id<"authSessions">;
  email: string;
  /** `t` acting as this user: the identity `@convex-dev/auth` issues ("{userId}|{sessionId}"). */
  asUser: ReturnType<TestConvex["withIdentity"]>;
  profile: ProfileDoc | null;
};

/**
 * A signed-in user as `@convex-dev/auth` leaves one after a magic-link sign-in:
 * a users row, an e-mail account, a session with a refresh token and, unless
 * `withProfile: false`, a profile (with `profile` overrides applied).
 */
export async function createUser(
  t: TestConvex,
  options: {
    email?: string;
    name?: string;
    image?: string;
    withProfile?: boolean;
    profile?: Partial<Omit<ProfileDoc, "_id" | "_creationTime" | "userId">>;
  } = {},
): Promise<TestUser> {
  userCounter += 1;
  const email = options.email ?? `user${userCounter}@example.com`;
  const { userId, sessionId, profile } = await t.run(async (ctx) => {
    const userId = await ctx.db.insert("users", {
      email,
      emailVerificationTime: Date.now(),
      ...(options.name !== undefined ? { name: options.name } : {}),
      ...(options.image !== undefined ? { image: options.image } : {}),
    });
    await ctx.db.insert("authAccounts", {
      userId,
      provider: "email",
      providerAccountId: email,
      emailVerified: email,
    });
    const sessionId = await ctx.db.insert("authSessions", {
      userId,
      expirationTime: Date.now() + 30 * 24 * 3600_000,
    });
    await ctx.db.insert("authRefreshTokens", {
      sessionId,
      expirationTime: Date.now() + 30 * 24 * 3600_000,
    });
    let profile: ProfileDoc | null = null;
    if (options.withProfile !== false) {
      profile = (await ensureProfile(ctx, userId)).profile;
      if (options.profile) {
        const names = {
          username: profile.username,
          displayName: profile.displayName,
          nickname: profile.nickname,
          ...options.profile,
        };
        // The search text follows the names, as profiles.update keeps it (so user search finds test users).
        await ctx.db.patch("user_profiles", profile._id, {
          nameSearchText: userSearchTerms(names),
          ...options.profile,
        });
        profile = await ctx.db.get("user_profiles", profile._id);
      }
    }
    return { userId, sessionId, profile };
  });
  return {
    userId,
    sessionId,
    email,
    profile,
    asUser: t.withIdentity({ subject: `${userId}|${sessionId}` }),
  };
}

/** Expects `promise` to fail with our `ConvexError` whose data has (at least) `data`'s fields. */
export async function expectError(
  promise: Promise<unknown>,
  data: Record<string, unknown>,
): Promise<void> {
  await expect(promise).rejects.toMatchObject({ data: expect.objectContaining(data) as unknown });
}

/** Bytes that start like a real file of each type (the server sniffs them). */
export const FILE_HEADERS = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  webp: [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
  gif: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
} as const;

/** Stores a file as an upload would; `size` pads it to that many bytes. */
export async function storeFile(
  t: TestConvex,
  options: { header?: readonly number[]; text?: string; size?: number; type?: string },
): Promise<Id<"_storage">> {
  const head =
    options.text !== undefined
      ? new TextEncoder().encode(options.text)
      : new Uint8Array(options.header ?? []);
  const bytes = new Uint8Array(Math.max(options.size ?? 0, head.length) || head.length);
  bytes.set(head);
  return await t.run(
    async (ctx) => await ctx.storage.store(new Blob([bytes], { type: options.type ?? "" })),
  );
}

// ---------------------------------------------------------------- events

export const HOUR = 3600_000;

/** A valid create-wizard payload: a public beer session starting in 2 hours (specific time, so it ends 4 h later). */
export function eventPayload(overrides: Partial<EventCreatePayload> = {}): EventCreatePayload {
  return {
    title: "Friday Pints",
    durationType: "specific_time",
    startTime: Date.now() + 2 * HOUR,
    drinkType: "beer",
    vibe: "casual",
    isPublic: true,
    timeZone: "UTC",
    ...overrides,
  };
}

/** Creates an event through `events.create` as `host`; returns its ids, slugs and code. */
export async function createEvent(
  t: TestConvex,
  host: TestUser,
  overrides: Partial<EventCreatePayload> = {},
) {
  void t;
  return await host.asUser.mutation(api.events.create, eventPayload(overrides));
}

/** Sets `user`'s RSVP through `rsvps.set`. */
export async function rsvp(user: TestUser, eventId: Id<"events">, status: RsvpStatus = "going") {
  return await user.asUser.mutation(api.rsvps.set, { eventId, status });
}

/** The stored event document (null once deleted). */
export async function eventDoc(
  t: TestConvex,
  eventId: Id<"events">,
): Promise<Doc<"events"> | null> {
  return await t.run(async (ctx) => await ctx.db.get("events", eventId));
}

/** `user`'s profile stat tiles. */
export async function profileStats(t: TestConvex, userId: Id<"users">) {
  return await t.run(async (ctx) => {
    const profile = await ctx.db
      .query("user_profiles")
      .withIndex("by_user", (q) => q.eq("userId", userId))
      .unique();
    return profile?.stats ?? null;
  });
}

// ---------------------------------------------------------------- crews

/** Creates a crew through `crews.create` as `host` (public, casual, unless overridden); returns its id. */
export async function createCrew(
  host: TestUser,
  overrides: {
    name?: string;
    description?: string | null;
    vibe?: CrewVibe;
    isPublic?: boolean;
    inviteUserIds?: Id<"users">[];
  } = {},
): Promise<Id<"crews">> {
  const { crewId } = await host.asUser.mutation(api.crews.create, {
    name: "The Regulars",
    vibe: "casual",
    isPublic: true,
    ...overrides,
  });
  return crewId;
}

/** `inviter` invites `invitee` to the crew through `crews.inviteUsers` (refused invitations throw). */
export async function inviteToCrew(inviter: TestUser, crewId: Id<"crews">, invitee: TestUser) {
  const outcome = await inviter.asUser.mutation(api.crews.inviteUsers, {
    crewId,
    userIds: [invitee.userId],
  });
  if (outcome.failed.length > 0) throw new Error(`inviteToCrew: ${outcome.failed[0].reason}`);
  return outcome;
}

/** Invites `members` and has each accept: accepted crew members. */
export async function addCrewMembers(
  inviter: TestUser,
  crewId: Id<"crews">,
  ...members: TestUser[]
) {
  for (const member of members) {
    await inviteToCrew(inviter, crewId, member);
    await member.asUser.mutation(api.crews.respondToInvitation, { crewId, response: "accepted" });
  }
}

/** The stored crew document (null once deleted). */
export async function crewDoc(t: TestConvex, crewId: Id<"crews">): Promise<Doc<"crews"> | null> {
  return await t.run(async (ctx) => await ctx.db.get("crews", crewId));
}

/** Tables a crew, invitation or notification function may write. */
const SOCIAL_TABLES = [
  "crews",
  "crew_members",
  "crew_invitations",
  "crew_events",
  "notifications",
  "notification_counters",
  "user_profiles",
  "events",
  "event_members",
  "event_participants",
  "rsvps",
] as const;

/** Tables a crew poll function may write. */
export const POLL_TABLES = [
  "crew_polls",
  "crew_poll_options",
  "crew_poll_responses",
  ...SOCIAL_TABLES,
] as const;

/** Every row of `tables` (for "nothing written": compare before and after a refusal). */
export async function tableSnapshot(
  t: TestConvex,
  tables: readonly (typeof POLL_TABLES)[number][] = SOCIAL_TABLES,
) {
  return await t.run(async (ctx) => {
    const rows: Record<string, unknown[]> = {};
    for (const table of tables) rows[table] = await ctx.db.query(table).collect();
    return rows;
  });
}

/** `user`'s unread counter as stored (null when they never had one). */
export async function unreadCounter(t: TestConvex, userId: Id<"users">): Promise<number | null> {
  return await t.run(async (ctx) => {
    const row = await ctx.db
      .query("notification_counters")
      .withIndex("by_user", (q) => q.eq("userId", userId))
      .unique();
    return row?.unread ?? null;
  });
}

/** `user`'s notifications, oldest first. */
export async function notificationsOf(
  t: TestConvex,
  userId: Id<"users">,
): Promise<Doc<"notifications">[]> {
  return await t.run(
    async (ctx) =>
      await ctx.db
        .query("notifications")
        .withIndex("by_user", (q) => q.eq("userId", userId))
        .collect(),
  );
}
