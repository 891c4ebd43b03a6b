/**
 * A person in many crews, or with many sessions: their profile lists every
 * crew (newest first, in pages), "shares a crew" finds the one they share
 * whichever it is, and every crew counts them for every session that has not
 * ended — each mutation inside Convex's per-transaction limits (enforced here
 * on every function run, scheduled continuations included).
 */
import migrationsComponent from "@convex-dev/migrations/test";
import type { FunctionReturnType } from "convex/server";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import {
  createEvent,
  createUser,
  HOUR,
  rsvp,
  stubDeploymentEnv,
  type TestConvex,
  type TestUser,
  newLimitedTest,
  runDue,
} from "./test.setup";
import { changeCrewMembership } from "./model/crewMembership";

beforeEach(() => {
  stubDeploymentEnv();
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

/**
 * `count` crews made by `host`, each with `members` accepted, through the one
 * membership write path (so stats and attendance follow); oldest first.
 */
async function makeCrews(
  t: TestConvex,
  host: TestUser,
  members: TestUser[],
  count: number,
  isPublic: (i: number) => boolean = () => true,
): Promise<Id<"crews">[]> {
  const ids: Id<"crews">[] = [];
  for (let start = 0; start < count; start += 20) {
    const batch = await t.run(async (ctx) => {
      const made: Id<"crews">[] = [];
      for (let i = start; i < Math.min(count, start + 20); i++) {
        const now = Date.now();
        const crewId = await ctx.db.insert("crews", {
          name: `Crew ${i}`,
          description: null,
          vibe: "casual",
          isPublic: isPublic(i),
          createdBy: host.userId,
          memberCount: 0,
          pendingCount: 0,
          createdAt: now,
          updatedAt: now,
        });
        await changeCrewMembership(ctx, (await ctx.db.get("crews", crewId))!, host.userId, {
          status: "accepted",
          role: "host",
        });
        for (const member of members) {
          await changeCrewMembership(ctx, (await ctx.db.get("crews", crewId))!, member.userId, {
            status: "accepted",
            role: "member",
          });
        }
        made.push(crewId);
      }
      return made;
    });
    ids.push(...batch);
    await runDue(t);
  }
  return ids;
}

/** Every (crew, session) count kept, as "crewId:eventId" → attending members. */
async function keptCounts(t: TestConvex): Promise<Map<string, number>> {
  const links = await t.run(async (ctx) => await ctx.db.query("crew_events").collect());
  return new Map(
    links
      .filter((link) => link.attendingMembers > 0)
      .map((link) => [`${link.crewId}:${link.eventId}`, link.attendingMembers]),
  );
}

/** What the counts must be: per crew and session still on, its accepted members who attend it. */
async function expectedCounts(t: TestConvex): Promise<Map<string, number>> {
  const entries = await t.run(async (ctx) => {
    const expected = new Map<string, number>();
    const members = await ctx.db.query("crew_members").collect();
    const participants = await ctx.db.query("event_participants").collect();
    for (const member of members) {
      if (member.status !== "accepted") continue;
      for (const row of participants) {
        if (row.userId !== member.userId) continue;
        const event = await ctx.db.get("events", row.eventId);
        if (event === null || event.ended) continue;
        const key = `${member.crewId}:${row.eventId}`;
        expected.set(key, (expected.get(key) ?? 0) + 1);
      }
    }
    return [...expected];
  });
  return new Map(entries);
}

// ---------------------------------------------------------------- the profile's crew list

describe("a profile's crews", () => {
  test("every crew is listed, newest first, a page at a time", async () => {
    const t = newLimitedTest();
    const founder = await createUser(t, { name: "Fay Founder" });
    const owner = await createUser(t, { name: "Olly Owner" });
    const stranger = await createUser(t, { name: "Stan Stranger" });
    const crews = await makeCrews(t, founder, [owner], 130, (i) => i % 2 === 0);
    const username = owner.profile!.username;

    async function all(viewer: TestUser) {
      const seen: Id<"crews">[] = [];
      let cursor: string | null = null;
      for (;;) {
        const result: FunctionReturnType<typeof api.crews.forProfile> = await viewer.asUser.query(
          api.crews.forProfile,
          {
            username,
            paginationOpts: { numItems: 50, cursor },
          },
        );
        seen.push(...result.page.map((card) => card._id));
        if (result.isDone) return seen;
        cursor = result.continueCursor;
      }
    }
    expect(await all(owner)).toEqual([...crews].reverse());
    expect(await all(stranger)).toEqual([...crews].reverse().filter((_, i) => i % 2 === 1));
    const mine = await owner.asUser.query(api.crews.mine, {
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(mine.page[0]._id).toBe(crews[crews.length - 1]);
  });
});

// ---------------------------------------------------------------- crew_only profiles

describe("a crew_only profile opens to anyone sharing a crew", () => {
  test("the shared crew is the viewer's 151st", async () => {
    const t = newLimitedTest();
    const founder = await createUser(t, { name: "Fay Founder" });
    const viewer = await createUser(t, { name: "Vic Viewer" });
    const target = await createUser(t, {
      name: "Tia Target",
      profile: { profileVisibility: "crew_only" },
    });
    await makeCrews(t, founder, [viewer], 150);
    const username = target.profile!.username;
    expect(await viewer.asUser.query(api.profiles.byUsername, { username })).toMatchObject({
      visibility: "name_only",
    });
    await makeCrews(t, founder, [viewer, target], 1);
    expect(await viewer.asUser.query(api.profiles.byUsername, { username })).toMatchObject({
      visibility: "full",
    });
  });

  test("both are in many crews and share only their newest", async () => {
    const t = newLimitedTest();
    const founder = await createUser(t, { name: "Fay Founder" });
    const viewer = await createUser(t, { name: "Vic Viewer" });
    const target = await createUser(t, {
      name: "Tia Target",
      profile: { profileVisibility: "crew_only" },
    });
    await makeCrews(t, founder, [viewer], 120);
    await makeCrews(t, founder, [target], 125);
    await makeCrews(t, founder, [viewer, target], 1);
    const username = target.profile!.username;
    expect(await viewer.asUser.query(api.profiles.byUsername, { username })).toMatchObject({
      visibility: "full",
    });
  });
});

// ---------------------------------------------------------------- crews' attendance of sessions

describe("crews count their members at every session still on", () => {
  test("someone in 130 crews joins a session: all 130 count them; leaving takes all back", async () => {
    const t = newLimitedTest();
    const founder = await createUser(t, { name: "Fay Founder" });
    const joiner = await createUser(t, { name: "Jo Joiner" });
    const host = await createUser(t, { name: "Hana Host" });
    await makeCrews(t, founder, [joiner], 130);
    const { eventId } = await createEvent(t, host);

    await rsvp(joiner, eventId, "going");
    await runDue(t);
    const counts = await keptCounts(t);
    expect([...counts.keys()].filter((key) => key.endsWith(eventId))).toHaveLength(130);
    expect(counts).toEqual(await expectedCounts(t));

    await joiner.asUser.mutation(api.events.leave, { eventId });
    await runDue(t);
    expect(await keptCounts(t)).toEqual(new Map());
  });

  test("someone with 130 upcoming sessions joins a crew: it counts them at all 130; leaving takes all back", async () => {
    const t = newLimitedTest();
    const founder = await createUser(t, { name: "Fay Founder" });
    const busy = await createUser(t, { name: "Bea Busy" });
    for (let i = 0; i < 130; i++)
      await createEvent(t, busy, { startTime: Date.now() + (2 + i) * HOUR });
    const [crewId] = await makeCrews(t, founder, [busy], 1);

    const counts = await keptCounts(t);
    expect([...counts.keys()].filter((key) => key.startsWith(crewId))).toHaveLength(130);
    expect(counts).toEqual(await expectedCounts(t));

    await busy.asUser.mutation(api.crews.leave, { crewId });
    await runDue(t);
    expect(await keptCounts(t)).toEqual(new Map());
  });

  test("changes made while earlier batches wait still end with every count right", async () => {
    const t = newLimitedTest();
    const founder = await createUser(t, { name: "Fay Founder" });
    const joiner = await createUser(t, { name: "Jo Joiner" });
    const host = await createUser(t, { name: "Hana Host" });
    const crews = await makeCrews(t, founder, [joiner], 130);
    const { eventId } = await createEvent(t, host);
    const { eventId: laterId } = await createEvent(t, host, { startTime: Date.now() + 30 * HOUR });

    // Join, leave and join again before any continuation runs; leave the newest crew meanwhile.
    await rsvp(joiner, eventId, "going");
    await joiner.asUser.mutation(api.events.leave, { eventId });
    await rsvp(joiner, eventId, "going");
    await rsvp(joiner, laterId, "going");
    await joiner.asUser.mutation(api.crews.leave, { crewId: crews[crews.length - 1] });
    await joiner.asUser.mutation(api.events.leave, { eventId: laterId });
    await runDue(t);

    expect(await keptCounts(t)).toEqual(await expectedCounts(t));
    expect([...(await keptCounts(t)).keys()]).toHaveLength(129);
  });

  test("a deleted account stops counting everywhere, inside the limits", async () => {
    const t = newLimitedTest();
    const founder = await createUser(t, { name: "Fay Founder" });
    const leaver = await createUser(t, { name: "Lee Leaver" });
    const host = await createUser(t, { name: "Hana Host" });
    await makeCrews(t, founder, [leaver], 130);
    const { eventId } = await createEvent(t, host);
    await rsvp(leaver, eventId, "going");
    await rsvp(founder, eventId, "going");
    await runDue(t);

    await leaver.asUser.mutation(api.account.deleteMine, { confirmation: "delete" });
    await runDue(t);
    const counts = await keptCounts(t);
    expect(counts).toEqual(await expectedCounts(t));
    expect(new Set(counts.values())).toEqual(new Set([1]));
    const left = await t.run(async (ctx) => await ctx.db.query("crew_event_attendees").collect());
    expect(left.filter((row) => row.userId === leaver.userId)).toEqual([]);
  });

  test("the repair rebuilds counts kept before members were recorded per session", async () => {
    const t = newLimitedTest();
    migrationsComponent.register(t);
    const founder = await createUser(t, { name: "Fay Founder" });
    const joiner = await createUser(t, { name: "Jo Joiner" });
    const host = await createUser(t, { name: "Hana Host" });
    await makeCrews(t, founder, [joiner], 3);
    const { eventId } = await createEvent(t, host);
    await rsvp(joiner, eventId, "going");
    await rsvp(founder, eventId, "going");
    await runDue(t);
    const right = await expectedCounts(t);
    // As stored before: counts without the rows saying whom they count, one of them wrong.
    await t.run(async (ctx) => {
      for (const row of await ctx.db.query("crew_event_attendees").collect())
        await ctx.db.delete("crew_event_attendees", row._id);
      const [first] = await ctx.db.query("crew_events").collect();
      await ctx.db.patch("crew_events", first._id, { attendingMembers: 7 });
    });

    await t.mutation(internal.repairs.run, { batchSize: 2 });
    await runDue(t);
    expect(await keptCounts(t)).toEqual(right);
    // Leaving now takes back exactly what is counted.
    await joiner.asUser.mutation(api.events.leave, { eventId });
    await runDue(t);
    expect(await keptCounts(t)).toEqual(await expectedCounts(t));
  });
});
