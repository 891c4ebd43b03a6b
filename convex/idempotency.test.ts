/**
 * Queued (offline) taps sent with an idempotency key: a replay of any tap
 * the device may queue changes nothing and answers as the first send did;
 * keys are per user; a refused tap or a malformed key records nothing; old
 * receipts are deleted in batches.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id, TableNames } from "./_generated/dataModel";
import crons from "./crons";
import schema from "./schema";
import { IDEMPOTENCY_MESSAGES } from "../shared/idempotency";
import { RECAP_MESSAGES } from "../shared/recapRules";
import { IDEMPOTENCY_CLEANUP_BATCH, IDEMPOTENCY_RETENTION_MS } from "./model/idempotency";
import {
  HOUR,
  createCrew,
  createEvent,
  createUser,
  eventDoc,
  inviteToCrew,
  newLimitedTest,
  newTest,
  notificationsOf,
  runDue,
  stubDeploymentEnv,
  unreadCounter,
  type TestConvex,
  type TestUser,
} from "./test.setup";

/** A fixed clock: nothing here depends on the day the tests run. */
const NOW = Date.UTC(2025, 5, 2, 12, 0, 0);
const DAY = 24 * HOUR;

beforeEach(() => {
  stubDeploymentEnv();
  // Scheduled jobs (an event's end, e-mails) wait until a test runs them, so they cannot write mid-check.
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

const newKey = () => crypto.randomUUID();

/** Every row of every table, and the scheduled jobs. */
async function everyRow(t: TestConvex) {
  return await t.run(async (ctx) => {
    const rows: Record<string, unknown[]> = {};
    for (const table of Object.keys(schema.tables) as TableNames[]) {
      rows[table] = await ctx.db.query(table).collect();
    }
    rows._scheduled_functions = await ctx.db.system.query("_scheduled_functions").collect();
    return rows;
  });
}

/** Runs `call`, checks that it wrote and scheduled nothing, and returns its answer. */
async function changesNothing<T>(t: TestConvex, call: () => Promise<T>): Promise<T> {
  const before = await everyRow(t);
  const answer = await call();
  expect(await everyRow(t)).toEqual(before);
  return answer;
}

async function receipts(t: TestConvex) {
  return await t.run(async (ctx) => await ctx.db.query("idempotencyKeys").collect());
}

type World = {
  t: TestConvex;
  host: TestUser;
  guest: TestUser;
  other: TestUser;
  eventId: Id<"events">;
};

/** A public session starting in 2 hours, hosted by `host`; `guest` and `other` not yet in it. */
async function world(t: TestConvex = newTest()): Promise<World> {
  const host = await createUser(t, { name: "Hana Host" });
  const guest = await createUser(t, { name: "Gus Guest" });
  const other = await createUser(t, { name: "Ola Other" });
  const { eventId } = await createEvent(t, host);
  return { t, host, guest, other, eventId };
}

/** Moves the clock past the point where the recap (ratings, comments) opens, the session still on. */
function openRecap() {
  vi.setSystemTime(NOW + 5 * HOUR);
}

async function goingCount(t: TestConvex, eventId: Id<"events">) {
  return (await eventDoc(t, eventId))?.goingCount;
}

// ---------------------------------------------------------------- replays

describe("a repeated key changes nothing", () => {
  test("events.join and events.leave: a join replayed after leaving leaves the guest out, and the other way round", async () => {
    const { t, guest, eventId } = await world();
    const base = await goingCount(t, eventId);
    const joinKey = newKey();
    const leaveKey = newKey();

    expect(
      await guest.asUser.mutation(api.events.join, { eventId, idempotencyKey: joinKey }),
    ).toEqual({ status: "going" });
    await guest.asUser.mutation(api.events.leave, { eventId, idempotencyKey: leaveKey });
    expect(await goingCount(t, eventId)).toBe(base);

    const replayed = await changesNothing(t, () =>
      guest.asUser.mutation(api.events.join, { eventId, idempotencyKey: joinKey }),
    );
    expect(replayed).toEqual({ status: "going" });
    expect(await goingCount(t, eventId)).toBe(base);

    await guest.asUser.mutation(api.events.join, { eventId, idempotencyKey: newKey() });
    await changesNothing(t, () =>
      guest.asUser.mutation(api.events.leave, { eventId, idempotencyKey: leaveKey }),
    );
    expect(await goingCount(t, eventId)).toBe(base! + 1);
  });

  test("rsvps.set: an older answer replayed does not overwrite a newer one, and answers as it did", async () => {
    const { t, guest, eventId } = await world();
    const goingKey = newKey();
    const first = await guest.asUser.mutation(api.rsvps.set, {
      eventId,
      status: "going",
      idempotencyKey: goingKey,
    });
    await guest.asUser.mutation(api.rsvps.set, {
      eventId,
      status: "maybe",
      idempotencyKey: newKey(),
    });

    const replayed = await changesNothing(t, () =>
      guest.asUser.mutation(api.rsvps.set, { eventId, status: "going", idempotencyKey: goingKey }),
    );
    expect(replayed).toEqual(first);
    const rsvp = await t.run(
      async (ctx) =>
        await ctx.db
          .query("rsvps")
          .withIndex("by_event_and_user", (q) =>
            q.eq("eventId", eventId).eq("userId", guest.userId),
          )
          .unique(),
    );
    expect(rsvp?.status).toBe("maybe");
  });

  test("invitations.respond: a replayed answer succeeds as before, though the invitation is no longer pending", async () => {
    const { t, host, guest, eventId } = await world();
    await host.asUser.mutation(api.invitations.inviteUsers, { eventId, userIds: [guest.userId] });
    const key = newKey();
    const first = await guest.asUser.mutation(api.invitations.respond, {
      eventId,
      response: "accepted",
      idempotencyKey: key,
    });

    const replayed = await changesNothing(t, () =>
      guest.asUser.mutation(api.invitations.respond, {
        eventId,
        response: "accepted",
        idempotencyKey: key,
      }),
    );
    expect(replayed).toEqual(first);
    // Without the key the same answer is refused: there is no pending invitation left.
    await expect(
      guest.asUser.mutation(api.invitations.respond, { eventId, response: "accepted" }),
    ).rejects.toMatchObject({
      data: { code: "VALIDATION" },
    });
  });

  test("crews.respondToInvitation: a decline replayed after a new invitation leaves the new one pending", async () => {
    const { t, host, guest } = await world();
    const crewId = await createCrew(host);
    await inviteToCrew(host, crewId, guest);
    const key = newKey();
    const first = await guest.asUser.mutation(api.crews.respondToInvitation, {
      crewId,
      response: "declined",
      idempotencyKey: key,
    });
    expect(first).toEqual({ crewId, response: "declined" });
    await inviteToCrew(host, crewId, guest);

    const replayed = await changesNothing(t, () =>
      guest.asUser.mutation(api.crews.respondToInvitation, {
        crewId,
        response: "declined",
        idempotencyKey: key,
      }),
    );
    expect(replayed).toEqual(first);
    const member = await t.run(
      async (ctx) =>
        await ctx.db
          .query("crew_members")
          .withIndex("by_crew_and_user", (q) => q.eq("crewId", crewId).eq("userId", guest.userId))
          .unique(),
    );
    expect(member?.status).toBe("pending");
  });

  test("comments.add: sent twice with one key, one comment, the same id both times", async () => {
    const { t, guest, eventId } = await world();
    await guest.asUser.mutation(api.events.join, { eventId });
    openRecap();
    const key = newKey();
    const commentId = await guest.asUser.mutation(api.comments.add, {
      eventId,
      content: "Cheers!",
      idempotencyKey: key,
    });

    const replayed = await changesNothing(t, () =>
      guest.asUser.mutation(api.comments.add, { eventId, content: "Cheers!", idempotencyKey: key }),
    );
    expect(replayed).toBe(commentId);
    const comments = await t.run(async (ctx) => await ctx.db.query("event_comments").collect());
    expect(comments.map((c) => c._id)).toEqual([commentId]);
  });

  test("comments.toggleReaction: a toggle replayed leaves the reaction on", async () => {
    const { t, guest, other, eventId } = await world();
    await guest.asUser.mutation(api.events.join, { eventId });
    await other.asUser.mutation(api.events.join, { eventId });
    openRecap();
    const commentId = await guest.asUser.mutation(api.comments.add, {
      eventId,
      content: "Cheers!",
    });
    const key = newKey();
    const first = await other.asUser.mutation(api.comments.toggleReaction, {
      commentId,
      reaction: "🍻",
      idempotencyKey: key,
    });
    expect(first).toMatchObject({ reacted: true, count: 1 });

    const replayed = await changesNothing(t, () =>
      other.asUser.mutation(api.comments.toggleReaction, {
        commentId,
        reaction: "🍻",
        idempotencyKey: key,
      }),
    );
    expect(replayed).toEqual(first);
    const reactions = await t.run(
      async (ctx) => await ctx.db.query("event_comment_reactions").collect(),
    );
    expect(reactions.map((r) => [r.userId, r.reaction])).toEqual([[other.userId, "🍻"]]);
  });

  test("ratings.rate: a rating replayed after a change does not revert it", async () => {
    const { t, guest, eventId } = await world();
    await guest.asUser.mutation(api.events.join, { eventId });
    openRecap();
    const key = newKey();
    const first = await guest.asUser.mutation(api.ratings.rate, {
      eventId,
      rating: 4,
      idempotencyKey: key,
    });
    vi.setSystemTime(NOW + 6 * HOUR);
    await guest.asUser.mutation(api.ratings.rate, {
      eventId,
      rating: 2,
      feedback: "Too loud",
      idempotencyKey: newKey(),
    });

    const replayed = await changesNothing(t, () =>
      guest.asUser.mutation(api.ratings.rate, { eventId, rating: 4, idempotencyKey: key }),
    );
    expect(replayed).toEqual(first);
    expect(await guest.asUser.query(api.ratings.mine, { eventId })).toMatchObject({
      rating: 2,
      feedback: "Too loud",
    });
  });

  test("notifications.markRead: a replay answers as before, even once the notification is gone", async () => {
    const { t, host, guest } = await world();
    await inviteToCrew(host, await createCrew(host), guest);
    const [notification] = await notificationsOf(t, guest.userId);
    const key = newKey();
    await guest.asUser.mutation(api.notifications.markRead, {
      notificationId: notification._id,
      idempotencyKey: key,
    });
    expect(await unreadCounter(t, guest.userId)).toBe(0);
    await t.run(async (ctx) => await ctx.db.delete("notifications", notification._id));

    const replayed = await changesNothing(t, () =>
      guest.asUser.mutation(api.notifications.markRead, {
        notificationId: notification._id,
        idempotencyKey: key,
      }),
    );
    expect(replayed).toBeNull();
    await expect(
      guest.asUser.mutation(api.notifications.markRead, {
        notificationId: notification._id,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
  });

  test("notifications.markAllRead: a replay leaves notifications that came later unread", async () => {
    const { t, host, guest } = await world();
    await inviteToCrew(host, await createCrew(host), guest);
    await inviteToCrew(host, await createCrew(host, { name: "Second Round" }), guest);
    const key = newKey();
    await guest.asUser.mutation(api.notifications.markAllRead, { idempotencyKey: key });
    expect(await unreadCounter(t, guest.userId)).toBe(0);
    await inviteToCrew(host, await createCrew(host, { name: "Third Round" }), guest);

    await changesNothing(t, () =>
      guest.asUser.mutation(api.notifications.markAllRead, { idempotencyKey: key }),
    );
    expect(await unreadCounter(t, guest.userId)).toBe(1);
    expect((await notificationsOf(t, guest.userId)).map((n) => n.read)).toEqual([
      true,
      true,
      false,
    ]);
  });

  test("each keyed call records one receipt: the caller, the key, the function and its answer", async () => {
    const { t, guest, eventId } = await world();
    const key = newKey();
    await guest.asUser.mutation(api.events.join, { eventId, idempotencyKey: key });
    await guest.asUser.mutation(api.events.join, { eventId, idempotencyKey: key });
    await guest.asUser.mutation(api.events.leave, { eventId });
    expect(await receipts(t)).toEqual([
      expect.objectContaining({
        userId: guest.userId,
        key,
        name: "events:join",
        result: { status: "going" },
      }),
    ]);
  });
});

// ---------------------------------------------------------------- per user

describe("keys are per user", () => {
  test("another user sending the same key performs their own tap; the first user's receipt is untouched", async () => {
    const { t, guest, other, eventId } = await world();
    const key = newKey();
    await guest.asUser.mutation(api.events.join, { eventId, idempotencyKey: key });
    const [guestReceipt] = await receipts(t);
    const base = await goingCount(t, eventId);

    expect(await other.asUser.mutation(api.events.join, { eventId, idempotencyKey: key })).toEqual({
      status: "going",
    });
    expect(await goingCount(t, eventId)).toBe(base! + 1);
    const after = await receipts(t);
    expect(after).toContainEqual(guestReceipt);
    expect(after.map((r) => r.userId).sort()).toEqual([guest.userId, other.userId].sort());
  });

  test("a key another user used with a different function is no concern of this user's: their tap runs and answers as its own", async () => {
    const { t, guest, other, eventId } = await world();
    const key = newKey();
    await guest.asUser.mutation(api.events.join, { eventId, idempotencyKey: key });

    const answer = await other.asUser.mutation(api.rsvps.set, {
      eventId,
      status: "maybe",
      idempotencyKey: key,
    });
    expect(answer).toMatchObject({ status: "maybe", maybeCount: 1 });
    // The same user reusing a key with a different function is refused.
    await changesNothing(t, async () => {
      await expect(
        guest.asUser.mutation(api.rsvps.set, { eventId, status: "maybe", idempotencyKey: key }),
      ).rejects.toMatchObject({
        data: {
          code: "VALIDATION",
          message: IDEMPOTENCY_MESSAGES.keyUsedElsewhere,
          field: "idempotencyKey",
        },
      });
    });
  });
});

// ---------------------------------------------------------------- refusals and malformed keys

describe("refused taps and malformed keys record nothing", () => {
  test("a refused tap records no receipt, so the same key works once the tap is allowed", async () => {
    const { t, guest, eventId } = await world();
    await guest.asUser.mutation(api.events.join, { eventId });
    const key = newKey();

    await changesNothing(t, async () => {
      await expect(
        guest.asUser.mutation(api.comments.add, {
          eventId,
          content: "Too early",
          idempotencyKey: key,
        }),
      ).rejects.toMatchObject({
        data: { code: "FORBIDDEN", message: RECAP_MESSAGES.recapLocked },
      });
    });
    openRecap();
    const commentId = await guest.asUser.mutation(api.comments.add, {
      eventId,
      content: "Now!",
      idempotencyKey: key,
    });
    expect(await receipts(t)).toEqual([expect.objectContaining({ key, result: commentId })]);
  });

  test("the host's refused leave and a signed-out join record nothing", async () => {
    const { t, host, eventId } = await world();
    await changesNothing(t, async () => {
      await expect(
        host.asUser.mutation(api.events.leave, { eventId, idempotencyKey: newKey() }),
      ).rejects.toMatchObject({
        data: { code: "FORBIDDEN" },
      });
      await expect(
        t.mutation(api.events.join, { eventId, idempotencyKey: newKey() }),
      ).rejects.toMatchObject({
        data: { code: "NOT_AUTHENTICATED" },
      });
    });
  });

  test.each([
    ["too short", "abc1234"],
    ["too long", "a".repeat(65)],
    ["empty", ""],
    ["with a space", "abcd efgh"],
    ["with other characters", "clé-clé-clé"],
  ])("a key %s is refused with a clear message and nothing is written", async (_, key) => {
    const { t, guest, eventId } = await world();
    await changesNothing(t, async () => {
      await expect(
        guest.asUser.mutation(api.events.join, { eventId, idempotencyKey: key }),
      ).rejects.toMatchObject({
        data: {
          code: "VALIDATION",
          message: IDEMPOTENCY_MESSAGES.malformedKey,
          field: "idempotencyKey",
        },
      });
    });
  });

  test("keys of 8 and of 64 letters, digits, '-' and '_' are accepted", async () => {
    const { t, guest, eventId } = await world();
    await guest.asUser.mutation(api.events.join, { eventId, idempotencyKey: "a-b_C9xZ" });
    await guest.asUser.mutation(api.events.leave, { eventId, idempotencyKey: "Z".repeat(64) });
    expect((await receipts(t)).map((r) => r.key)).toEqual(["a-b_C9xZ", "Z".repeat(64)]);
  });
});

// ---------------------------------------------------------------- clean-up

describe("old receipts are deleted", () => {
  test("the hourly cron deletes receipts", () => {
    const job = Object.values(crons.crons).find(
      (cron) => cron.name === "idempotency:deleteOldReceipts",
    );
    expect(job?.schedule).toEqual({ type: "interval", hours: 1 });
  });

  test("receipts older than the retention go in batches that continue until none is left; newer ones stay", async () => {
    const t = newLimitedTest();
    // Creation times only grow in a deployment, so rows are made in the order of their times.
    vi.setSystemTime(NOW - IDEMPOTENCY_RETENTION_MS - DAY);
    const owner = await createUser(t);
    const old = IDEMPOTENCY_CLEANUP_BATCH * 2 + 7;
    const insertReceipts = async (count: number, prefix: string) => {
      await t.run(async (ctx) => {
        for (let i = 0; i < count; i++) {
          await ctx.db.insert("idempotencyKeys", {
            userId: owner.userId,
            key: `${prefix}${i}`.padEnd(8, "x"),
            name: "events:join",
            result: null,
          });
        }
      });
    };
    await insertReceipts(old, "old");
    vi.setSystemTime(NOW - IDEMPOTENCY_RETENTION_MS + HOUR);
    await insertReceipts(3, "recent");
    vi.setSystemTime(NOW);

    await t.mutation(internal.idempotency.deleteOldReceipts, {});
    expect((await receipts(t)).length).toBe(old + 3 - IDEMPOTENCY_CLEANUP_BATCH);
    await runDue(t);
    expect((await receipts(t)).map((r) => r.key).sort()).toEqual([
      "recent0x",
      "recent1x",
      "recent2x",
    ]);
  });
});

describe("deleting an account", () => {
  test("deletes the user's receipts (a batch at once, the rest in continued batches), not anyone else's", async () => {
    const t = newLimitedTest();
    const leaving = await createUser(t);
    const staying = await createUser(t);
    const mine = IDEMPOTENCY_CLEANUP_BATCH + 5;
    await t.run(async (ctx) => {
      for (let i = 0; i < mine; i++) {
        await ctx.db.insert("idempotencyKeys", {
          userId: leaving.userId,
          key: `gone-${i}`.padEnd(8, "x"),
          name: "events:join",
          result: null,
        });
      }
      await ctx.db.insert("idempotencyKeys", {
        userId: staying.userId,
        key: "stays-00",
        name: "events:join",
        result: null,
      });
    });

    await leaving.asUser.mutation(api.account.deleteMine, { confirmation: "delete" });
    expect((await receipts(t)).length).toBe(mine + 1 - IDEMPOTENCY_CLEANUP_BATCH);
    await runDue(t);
    expect((await receipts(t)).map((receipt) => receipt.key)).toEqual(["stays-00"]);
  });
});
