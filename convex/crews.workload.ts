/**
 * The crews area's performance workload, shared by `crews.perf.test.ts` and
 * `npm run bench:crews`: a crew of 500 members and a user with 2,000
 * notifications; the documents the bell's count, the first notification
 * page, the crew page and its first members page read (convex-test's
 * transaction metrics around a nested call, as in perf.workload.ts); and
 * inviting the whole crew to a private session, with the inviting
 * mutation's own figures and, once the scheduled batches have run, whether
 * every member has a pending invitation and a notification.
 *
 * Not a Convex module (two dots in the name). Members are made through the
 * one membership write path, so the crew's counts are the real ones.
 */
import type { TestConvex } from "convex-test";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import type schema from "./schema";
import { changeCrewMembership } from "./model/crewMembership";
import { createNotification, senderOf } from "./model/notifications";
import { documentsRead, type Measurement } from "./perf.workload";
import { userSearchTerms } from "../shared/crewRules";

export type CrewPerfConvex = TestConvex<typeof schema>;

export const CREW_PERF_VOLUME = {
  /** Accepted members, the creator included. */
  crewMembers: 500,
  notifications: 2_000,
  membersPage: 25,
} as const;

const CREW_PERF_TARGETS = {
  bellCount: 2,
  notificationPage: 25,
  membersPage: 60,
} as const;

const HOUR = 3600_000;
const SEED_BATCH = 100;

export type CrewPerfWorld = {
  crewId: Id<"crews">;
  eventId: Id<"events">;
  creatorId: Id<"users">;
  memberIds: Id<"users">[];
  creatorSubject: string;
  memberSubject: string;
  bellSubject: string;
};

/** A signed-in user with a profile, as a sign-in leaves one; returns the id and the auth subject. */
/** Also the crew polls workload's (crewPolls.workload.ts). */
export async function insertUser(ctx: MutationCtx, name: string, index: number, now: number) {
  const userId = await ctx.db.insert("users", { name, email: `crewperf${index}@example.com` });
  const sessionId = await ctx.db.insert("authSessions", {
    userId,
    expirationTime: now + 30 * 24 * HOUR,
  });
  const username = `crewperf_${index}`;
  await ctx.db.insert("user_profiles", {
    userId,
    username,
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
    nameSearchText: userSearchTerms({ username, displayName: name, nickname: null }),
    createdAt: now,
    updatedAt: now,
  });
  return { userId, subject: `${userId}|${sessionId}` };
}

/** A crew of one: its host (a new user, numbered `hostIndex`), counted by the crew's one write path. */
export async function insertCrewWithHost(
  ctx: MutationCtx,
  crew: { name: string; isPublic: boolean },
  hostIndex: number,
  now: number,
) {
  const creator = await insertUser(ctx, `${crew.name} Host`, hostIndex, now);
  const crewId = await ctx.db.insert("crews", {
    ...crew,
    description: null,
    vibe: "party",
    createdBy: creator.userId,
    memberCount: 0,
    pendingCount: 0,
    createdAt: now,
    updatedAt: now,
  });
  const inserted = (await ctx.db.get("crews", crewId))!;
  await changeCrewMembership(
    ctx,
    inserted,
    creator.userId,
    { status: "accepted", role: "host" },
    now,
  );
  return { creator, crewId };
}

export async function seedCrewPerfWorld(
  t: CrewPerfConvex,
  now: number = Date.now(),
): Promise<CrewPerfWorld> {
  const { creator, crewId } = await t.run(
    async (ctx) =>
      await insertCrewWithHost(ctx, { name: "The Five Hundred", isPublic: true }, 0, now),
  );
  const members: Array<{ userId: Id<"users">; subject: string }> = [];
  for (let start = 1; start < CREW_PERF_VOLUME.crewMembers; start += SEED_BATCH) {
    const made = await t.run(async (ctx) => {
      const batch = [];
      for (let i = start; i < Math.min(CREW_PERF_VOLUME.crewMembers, start + SEED_BATCH); i++) {
        const user = await insertUser(ctx, `Member ${i}`, i, now);
        const crew = (await ctx.db.get("crews", crewId))!;
        await changeCrewMembership(
          ctx,
          crew,
          user.userId,
          {
            status: "accepted",
            role: i % 50 === 1 ? "co_host" : "member",
            invitedBy: creator.userId,
          },
          now,
        );
        batch.push(user);
      }
      return batch;
    });
    members.push(...made);
  }

  const bell = await t.run(async (ctx) => await insertUser(ctx, "Bell Ringer", 100_000, now));
  for (let start = 0; start < CREW_PERF_VOLUME.notifications; start += 500) {
    await t.run(async (ctx) => {
      const sender = await senderOf(ctx, creator.userId);
      for (let i = start; i < Math.min(CREW_PERF_VOLUME.notifications, start + 500); i++) {
        // Crew invitations with their payload, and as many rows without one.
        const note =
          i % 2 === 0
            ? {
                type: "crew_invitation" as const,
                data: {
                  crewId,
                  crewName: "The Five Hundred",
                  inviterId: creator.userId,
                  inviterName: sender.senderName,
                  role: "member" as const,
                },
              }
            : { type: "event_rsvp" as const, data: null };
        await createNotification(ctx, {
          userId: bell.userId,
          ...note,
          title: `Notification ${i}`,
          message: `Something happened (${i})`,
          sender,
          crewId,
        });
      }
    });
  }

  const { eventId } = await t
    .withIdentity({ subject: creator.subject })
    .mutation(api.events.create, {
      title: "Crew Night",
      durationType: "specific_time",
      startTime: now + 2 * HOUR,
      drinkType: "beer",
      vibe: "party",
      isPublic: false,
      timeZone: "UTC",
    });
  return {
    crewId,
    eventId,
    creatorId: creator.userId,
    memberIds: members.map((m) => m.userId),
    creatorSubject: creator.subject,
    memberSubject: members[10].subject,
    bellSubject: bell.subject,
  };
}

/** The bell, the popover's first page, the crew page and its first members page, by viewer. */
export async function measureCrewReads(
  t: CrewPerfConvex,
  world: CrewPerfWorld,
): Promise<Array<Measurement & { target: number }>> {
  const results: Array<Measurement & { target: number }> = [];
  const measure = async (
    name: string,
    target: number,
    run: () => Promise<{ documentsRead: number; result: unknown }>,
    items: (result: unknown) => number,
  ) => {
    const started = performance.now();
    const { documentsRead: reads, result } = await run();
    results.push({
      name,
      target,
      documentsRead: reads,
      items: items(result),
      ms: performance.now() - started,
    });
  };
  const pageLength = (result: unknown) => (result as { page: unknown[] }).page.length;
  const paginationOpts = { numItems: CREW_PERF_VOLUME.membersPage, cursor: null };

  await measure(
    "bell: unread count (2,000 unread)",
    CREW_PERF_TARGETS.bellCount,
    () => documentsRead(t, api.notifications.unreadCount, {}, world.bellSubject),
    (result) => result as number,
  );
  await measure(
    "bell: first notification page (20)",
    CREW_PERF_TARGETS.notificationPage,
    () =>
      documentsRead(
        t,
        api.notifications.list,
        { paginationOpts: { numItems: 20, cursor: null } },
        world.bellSubject,
      ),
    pageLength,
  );
  await measure(
    "bell: 100 asked (clamped to 20)",
    CREW_PERF_TARGETS.notificationPage,
    () =>
      documentsRead(
        t,
        api.notifications.list,
        { paginationOpts: { numItems: 100, cursor: null } },
        world.bellSubject,
      ),
    pageLength,
  );
  const viewers = [
    ["member", world.memberSubject],
    ["creator", world.creatorSubject],
    ["anonymous", undefined],
  ] as const;
  for (const [who, subject] of viewers) {
    await measure(
      `crew page header (${who})`,
      CREW_PERF_TARGETS.membersPage,
      () => documentsRead(t, api.crews.get, { crewId: world.crewId }, subject),
      (result) => (result as { crew: { memberCount: number } }).crew.memberCount,
    );
    await measure(
      `crew members, first page of 25 (${who})`,
      CREW_PERF_TARGETS.membersPage,
      () => documentsRead(t, api.crews.members, { crewId: world.crewId, paginationOpts }, subject),
      pageLength,
    );
  }
  return results;
}

type InviteFigures = {
  result: { invitedCount: number; queuedCount: number; message: string };
  /** The inviting mutation's own use of each per-transaction limit. */
  used: Record<string, number>;
  remaining: Record<string, number>;
  ms: number;
};

/** Invites the whole crew to the private session as its creator, measuring that one mutation. */
export async function measureCrewInvite(
  t: CrewPerfConvex,
  world: CrewPerfWorld,
): Promise<InviteFigures> {
  const started = performance.now();
  const figures = await t.withIdentity({ subject: world.creatorSubject }).mutation(async (ctx) => {
    const before = await ctx.meta.getTransactionMetrics();
    const result = await ctx.runMutation(api.invitations.inviteCrew, {
      eventId: world.eventId,
      crewId: world.crewId,
    });
    const after = await ctx.meta.getTransactionMetrics();
    const used: Record<string, number> = {};
    const remaining: Record<string, number> = {};
    for (const key of Object.keys(after) as Array<keyof typeof after>) {
      used[key] = after[key].used - before[key].used;
      remaining[key] = after[key].remaining;
    }
    return { result, used, remaining };
  });
  return { ...figures, ms: performance.now() - started };
}

/** After the scheduled batches: who of the crew (the inviter aside) has a pending invitation and a notification. */
export async function crewInviteCoverage(t: CrewPerfConvex, world: CrewPerfWorld) {
  return await t.run(async (ctx) => {
    const pending = new Set<Id<"users">>();
    for (const row of await ctx.db
      .query("event_members")
      .withIndex("by_event_and_user", (q) => q.eq("eventId", world.eventId))
      .collect()) {
      if (row.status === "pending" && row.role === "attendee") pending.add(row.userId);
    }
    const notified = new Set<Id<"users">>();
    for (const row of await ctx.db
      .query("notifications")
      .withIndex("by_event", (q) => q.eq("eventId", world.eventId))
      .collect()) {
      if (row.type === "event_invitation") notified.add(row.userId);
    }
    const missing = world.memberIds.filter((id) => !pending.has(id) || !notified.has(id));
    return {
      members: world.memberIds.length,
      pendingInvitations: pending.size,
      invitationNotifications: notified.size,
      missing: missing.length,
      inviterInvited: pending.has(world.creatorId),
    };
  });
}
