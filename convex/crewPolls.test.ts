import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import {
  addCrewMembers,
  createCrew,
  createUser,
  expectError,
  HOUR,
  newTest,
  notificationsOf,
  POLL_TABLES,
  runDue,
  stubDeploymentEnv,
  tableSnapshot,
  type TestConvex,
  type TestUser,
} from "./test.setup";
import webpush from "web-push";
import { POLL_MESSAGES } from "../shared/pollRules";

const NOW = Date.UTC(2026, 10, 27, 12);

type World = {
  t: TestConvex;
  host: TestUser;
  coHost: TestUser;
  member: TestUser;
  other: TestUser;
  stranger: TestUser;
  crewId: Id<"crews">;
};

async function world(isPublic = false): Promise<World> {
  const t = newTest();
  const [host, coHost, member, other, stranger] = await Promise.all(
    ["host", "cohost", "member", "other", "stranger"].map((name) =>
      createUser(t, { email: `${name}@example.com`, name }),
    ),
  );
  const crewId = await createCrew(host, { name: "Pub Crew", isPublic });
  await addCrewMembers(host, crewId, coHost, member, other);
  await host.asUser.mutation(api.crews.promoteCoHost, { crewId, userId: coHost.userId });
  return { t, host, coHost, member, other, stranger, crewId };
}

function pollInput(crewId: Id<"crews">, overrides: Record<string, unknown> = {}) {
  return {
    crewId,
    title: "Friday or Saturday?",
    options: [
      { startTime: NOW + 24 * HOUR },
      { startTime: NOW + 48 * HOUR, location: "The Crown" },
      { startTime: NOW + 72 * HOUR },
    ],
    deadline: null,
    allowMemberOptions: false,
    timeZone: "UTC",
    ...overrides,
  };
}

async function startPoll(
  w: World,
  by: TestUser = w.member,
  overrides: Record<string, unknown> = {},
) {
  const { pollId } = await by.asUser.mutation(api.crewPolls.create, pollInput(w.crewId, overrides));
  const view = await by.asUser.query(api.crewPolls.get, { pollId });
  return { pollId, options: view.options.map((option) => option._id) };
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  stubDeploymentEnv();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("who reaches a poll", () => {
  test("members, co-hosts and the host see and answer it; anonymous and strangers get 'Poll not found'", async () => {
    const w = await world();
    const { pollId, options } = await startPoll(w);
    for (const user of [w.host, w.coHost, w.member]) {
      const view = await user.asUser.query(api.crewPolls.get, { pollId });
      expect(view.options).toHaveLength(3);
      await user.asUser.mutation(api.crewPolls.answer, {
        pollId,
        optionId: options[0],
        answer: "yes",
      });
    }
    const notFound = { code: "NOT_FOUND", message: POLL_MESSAGES.notFound };
    const missing = await w.t.run(async (ctx) => {
      const id = await ctx.db.insert("crew_polls", {
        crewId: w.crewId,
        createdBy: w.host.userId,
        title: "gone",
        status: "open",
        deadline: null,
        allowMemberOptions: false,
        timeZone: "UTC",
        optionCount: 0,
        answeredCount: 0,
        createdAt: NOW,
        closedAt: null,
        winningOptionId: null,
        eventId: null,
      });
      await ctx.db.delete("crew_polls", id);
      return id;
    });
    for (const id of [pollId, missing, "nonsense"]) {
      await expectError(w.stranger.asUser.query(api.crewPolls.get, { pollId: id }), notFound);
      await expectError(w.t.query(api.crewPolls.get, { pollId: id }), notFound);
      await expectError(
        w.stranger.asUser.query(api.crewPolls.grid, {
          pollId: id,
          paginationOpts: { numItems: 10, cursor: null },
        }),
        notFound,
      );
    }
    await expectError(
      w.stranger.asUser.mutation(api.crewPolls.answer, {
        pollId,
        optionId: options[0],
        answer: "yes",
      }),
      notFound,
    );
    await expectError(
      w.t.mutation(api.crewPolls.answer, { pollId, optionId: options[0], answer: "yes" }),
      {
        code: "NOT_AUTHENTICATED",
      },
    );
    await expectError(
      w.stranger.asUser.mutation(api.crewPolls.pick, { pollId, optionId: options[0] }),
      notFound,
    );
    await expectError(
      w.stranger.asUser.mutation(api.crewPolls.nudge, { pollId, userId: w.other.userId }),
      notFound,
    );
    // The tallies count the three members who answered, and nobody else.
    const view = await w.host.asUser.query(api.crewPolls.get, { pollId });
    expect(view.options[0].tally).toEqual({ yes: 3, if_need_be: 0, no: 0 });
    expect(view.poll.answeredCount).toBe(3);
  });

  test("the crew page lists open polls to members only; strangers and anonymous cannot start one", async () => {
    const w = await world(true);
    await startPoll(w);
    expect(
      (await w.member.asUser.query(api.crewPolls.openForCrew, { crewId: w.crewId })).polls,
    ).toHaveLength(1);
    const outside = await w.stranger.asUser.query(api.crewPolls.openForCrew, { crewId: w.crewId });
    expect(outside).toEqual({ canStart: false, polls: [] });
    expect(await w.t.query(api.crewPolls.openForCrew, { crewId: w.crewId })).toEqual({
      canStart: false,
      polls: [],
    });
    const before = await tableSnapshot(w.t, POLL_TABLES);
    await expectError(w.stranger.asUser.mutation(api.crewPolls.create, pollInput(w.crewId)), {
      code: "FORBIDDEN",
    });
    await expectError(w.t.mutation(api.crewPolls.create, pollInput(w.crewId)), {
      code: "NOT_AUTHENTICATED",
    });
    expect(await tableSnapshot(w.t, POLL_TABLES)).toEqual(before);
  });

  test("a private crew's stranger cannot tell a crew exists when starting a poll", async () => {
    const w = await world(false);
    await expectError(w.stranger.asUser.mutation(api.crewPolls.create, pollInput(w.crewId)), {
      code: "NOT_FOUND",
      message: "Crew not found",
    });
  });
});

describe("starting a poll", () => {
  test.each([
    [{ title: "  " }, POLL_MESSAGES.titleRequired],
    [{ options: [{ startTime: NOW + HOUR }] }, POLL_MESSAGES.tooFewOptions],
    [
      { options: Array.from({ length: 11 }, (_, i) => ({ startTime: NOW + (i + 1) * HOUR })) },
      POLL_MESSAGES.tooManyOptions,
    ],
    [
      { options: [{ startTime: NOW - HOUR }, { startTime: NOW + HOUR }] },
      POLL_MESSAGES.optionInPast,
    ],
    [
      { options: [{ startTime: NOW + HOUR }, { startTime: NOW + HOUR }] },
      POLL_MESSAGES.duplicateOption,
    ],
    [{ deadline: NOW - 1 }, POLL_MESSAGES.deadlineInPast],
  ])("bad input %# is refused with its message and writes nothing", async (overrides, message) => {
    const w = await world();
    const before = await tableSnapshot(w.t, POLL_TABLES);
    await expectError(
      w.member.asUser.mutation(api.crewPolls.create, pollInput(w.crewId, overrides)),
      {
        code: "VALIDATION",
        message,
      },
    );
    expect(await tableSnapshot(w.t, POLL_TABLES)).toEqual(before);
  });

  test("members add options only when the poll allows it; its runners always", async () => {
    const w = await world();
    const { pollId } = await startPoll(w, w.member, { allowMemberOptions: false });
    const option = { startTime: NOW + 96 * HOUR };
    await expectError(w.other.asUser.mutation(api.crewPolls.addOption, { pollId, option }), {
      code: "FORBIDDEN",
      message: POLL_MESSAGES.addingOptionsOff,
    });
    await w.coHost.asUser.mutation(api.crewPolls.addOption, { pollId, option });
    await expectError(w.host.asUser.mutation(api.crewPolls.addOption, { pollId, option }), {
      message: POLL_MESSAGES.duplicateOption,
    });
    const open = await startPoll(w, w.member, { allowMemberOptions: true });
    await w.other.asUser.mutation(api.crewPolls.addOption, { pollId: open.pollId, option });
    expect(
      (await w.other.asUser.query(api.crewPolls.get, { pollId: open.pollId })).options,
    ).toHaveLength(4);
  });
});

describe("answering", () => {
  test("answers change the per-option tallies by the difference; closed polls refuse", async () => {
    const w = await world();
    const { pollId, options } = await startPoll(w);
    const [a, b] = options as [Id<"crew_poll_options">, Id<"crew_poll_options">];
    await w.member.asUser.mutation(api.crewPolls.answer, { pollId, optionId: a, answer: "yes" });
    await w.member.asUser.mutation(api.crewPolls.answer, { pollId, optionId: b, answer: "no" });
    await w.member.asUser.mutation(api.crewPolls.answer, {
      pollId,
      optionId: a,
      answer: "if_need_be",
    });
    await w.other.asUser.mutation(api.crewPolls.answer, { pollId, optionId: a, answer: "yes" });
    let view = await w.member.asUser.query(api.crewPolls.get, { pollId });
    expect(view.options[0].tally).toEqual({ yes: 1, if_need_be: 1, no: 0 });
    expect(view.options[1].tally).toEqual({ yes: 0, if_need_be: 0, no: 1 });
    expect(view.poll.answeredCount).toBe(2);
    await w.other.asUser.mutation(api.crewPolls.answer, { pollId, optionId: a, answer: null });
    view = await w.member.asUser.query(api.crewPolls.get, { pollId });
    expect(view.poll.answeredCount).toBe(1);
    await expectError(
      w.member.asUser.mutation(api.crewPolls.answer, { pollId, optionId: "bogus", answer: "yes" }),
      {
        code: "VALIDATION",
        message: POLL_MESSAGES.optionNotFound,
      },
    );
    await w.member.asUser.mutation(api.crewPolls.pick, { pollId, optionId: a });
    const before = await tableSnapshot(w.t, POLL_TABLES);
    await expectError(
      w.other.asUser.mutation(api.crewPolls.answer, { pollId, optionId: a, answer: "yes" }),
      {
        code: "VALIDATION",
        message: POLL_MESSAGES.closed,
      },
    );
    expect(await tableSnapshot(w.t, POLL_TABLES)).toEqual(before);
  });

  test("the grid lists every member with their answers, unanswered ones nudgeable by runners only", async () => {
    const w = await world();
    const { pollId, options } = await startPoll(w);
    await w.other.asUser.mutation(api.crewPolls.answer, {
      pollId,
      optionId: options[0],
      answer: "yes",
    });
    const grid = await w.host.asUser.query(api.crewPolls.grid, {
      pollId,
      paginationOpts: { numItems: 50, cursor: null },
    });
    expect(grid.page).toHaveLength(4);
    const row = (user: TestUser) => grid.page.find((entry) => entry.userId === user.userId)!;
    expect(row(w.other).answers).toHaveLength(1);
    expect(row(w.member).canNudge).toBe(true);
    expect(row(w.other).canNudge).toBe(false);
    const asOther = await w.other.asUser.query(api.crewPolls.grid, {
      pollId,
      paginationOpts: { numItems: 50, cursor: null },
    });
    expect(asOther.page.every((entry) => !entry.canNudge)).toBe(true);
  });
});

describe("nudging", () => {
  test("the creator, host and co-hosts nudge once per person per 12 h; members cannot", async () => {
    const w = await world();
    const { pollId } = await startPoll(w, w.member);
    await expectError(
      w.other.asUser.mutation(api.crewPolls.nudge, { pollId, userId: w.host.userId }),
      {
        code: "FORBIDDEN",
        message: POLL_MESSAGES.cannotNudge,
      },
    );
    await w.member.asUser.mutation(api.crewPolls.nudge, { pollId, userId: w.other.userId });
    await expectError(
      w.coHost.asUser.mutation(api.crewPolls.nudge, { pollId, userId: w.other.userId }),
      {
        code: "RATE_LIMITED",
      },
    );
    await w.host.asUser.mutation(api.crewPolls.nudge, { pollId, userId: w.coHost.userId });
    await expectError(
      w.host.asUser.mutation(api.crewPolls.nudge, { pollId, userId: w.stranger.userId }),
      {
        message: POLL_MESSAGES.notAMember,
      },
    );
    const nudges = (await notificationsOf(w.t, w.other.userId)).filter(
      (row) => row.type === "poll_nudge",
    );
    expect(nudges).toHaveLength(1);
    expect(nudges[0].data.pollPath).toBe(`/crew/${w.crewId}/poll/${pollId}`);
    await runDue(w.t);
    const mail = await w.t.run(async (ctx) => await ctx.db.query("email_logs").collect());
    expect(
      mail
        .filter((row) => row.type === "poll_nudge")
        .map((row) => row.recipient)
        .sort(),
    ).toEqual(["cohost@example.com", "other@example.com"]);
    vi.advanceTimersByTime(12 * HOUR);
    await w.coHost.asUser.mutation(api.crewPolls.nudge, { pollId, userId: w.other.userId });
    await w.other.asUser.mutation(api.crewPolls.answer, {
      pollId,
      optionId: (await w.other.asUser.query(api.crewPolls.get, { pollId })).options[0]._id,
      answer: "no",
    });
    vi.advanceTimersByTime(12 * HOUR);
    await expectError(
      w.host.asUser.mutation(api.crewPolls.nudge, { pollId, userId: w.other.userId }),
      {
        message: POLL_MESSAGES.alreadyAnswered,
      },
    );
  });
});

describe("picking the winner", () => {
  test("only runners pick; the poll becomes a private crew session: Yes going, If need be invited", async () => {
    const w = await world();
    const { pollId, options } = await startPoll(w, w.member);
    const [a, b] = options as [Id<"crew_poll_options">, Id<"crew_poll_options">];
    await w.coHost.asUser.mutation(api.crewPolls.answer, { pollId, optionId: b, answer: "yes" });
    await w.other.asUser.mutation(api.crewPolls.answer, {
      pollId,
      optionId: b,
      answer: "if_need_be",
    });
    await w.host.asUser.mutation(api.crewPolls.answer, { pollId, optionId: b, answer: "no" });
    await w.host.asUser.mutation(api.crewPolls.answer, { pollId, optionId: a, answer: "yes" });
    await expectError(w.other.asUser.mutation(api.crewPolls.pick, { pollId, optionId: b }), {
      code: "FORBIDDEN",
      message: POLL_MESSAGES.cannotPick,
    });
    await expectError(w.member.asUser.mutation(api.crewPolls.pick, { pollId, optionId: "bogus" }), {
      message: POLL_MESSAGES.optionNotFound,
    });
    const { eventId } = await w.member.asUser.mutation(api.crewPolls.pick, { pollId, optionId: b });
    await runDue(w.t);
    const event = await w.t.run(async (ctx) => await ctx.db.get("events", eventId));
    expect(event).toMatchObject({
      title: "Friday or Saturday?",
      isPublic: false,
      startTime: NOW + 48 * HOUR,
      location: "The Crown",
      createdBy: w.member.userId,
    });
    const rows = await w.t.run(async (ctx) => ({
      rsvps: await ctx.db
        .query("rsvps")
        .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId))
        .collect(),
      members: await ctx.db
        .query("event_members")
        .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId))
        .collect(),
    }));
    expect(rows.rsvps.find((row) => row.userId === w.coHost.userId)?.status).toBe("going");
    const statusOf = (user: TestUser) =>
      rows.members.find((row) => row.userId === user.userId)?.status;
    expect(statusOf(w.other)).toBe("pending");
    expect(statusOf(w.host)).toBe("pending"); // invited with the crew, as any crew invitation
    const invitation = (await notificationsOf(w.t, w.other.userId)).find(
      (row) => row.type === "event_invitation",
    );
    expect(invitation?.data.ifNeedBe).toBe(true);
    expect(invitation?.message).toContain("If need be");
    const view = await w.host.asUser.query(api.crewPolls.get, { pollId });
    expect(view.poll).toMatchObject({ status: "closed", winningOptionId: b, eventId });
    expect(
      (await w.host.asUser.query(api.crewPolls.openForCrew, { crewId: w.crewId })).polls,
    ).toHaveLength(0);
    await expectError(w.host.asUser.mutation(api.crewPolls.pick, { pollId, optionId: a }), {
      message: POLL_MESSAGES.closed,
    });
  });

  test("nudges and a passed deadline are pushed to the person's devices, opening the poll", async () => {
    const vapid = webpush.generateVAPIDKeys();
    stubDeploymentEnv({
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: "mailto:push-test@example.com",
    });
    const w = await world();
    // Devices whose push service refuses the connection: what is scheduled is what is checked.
    await w.t.run(async (ctx) => {
      for (const user of [w.member, w.other]) {
        await ctx.db.insert("push_subscriptions", {
          userId: user.userId,
          endpoint: `http://127.0.0.1:9/${user.userId}`,
          p256dh: "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U",
          auth: "tBHItJI5svbpez7KI4CCXg",
          createdAt: NOW,
        });
      }
    });
    const { pollId } = await startPoll(w, w.member, { deadline: NOW + 2 * HOUR });
    await w.member.asUser.mutation(api.crewPolls.nudge, { pollId, userId: w.other.userId });
    vi.advanceTimersByTime(2 * HOUR);
    await runDue(w.t);
    const pushes = await w.t.run(async (ctx) =>
      (await ctx.db.system.query("_scheduled_functions").collect())
        .filter((job) => job.name.startsWith("pushDelivery"))
        .map((job) => job.args[0] as { userId: Id<"users">; payload: { url: string; tag: string } }),
    );
    const path = `/crew/${w.crewId}/poll/${pollId}`;
    const sent = pushes.map((push) => ({ userId: push.userId, url: push.payload.url, tag: push.payload.tag }));
    expect(sent).toHaveLength(2);
    expect(sent).toContainEqual({ userId: w.other.userId, url: path, tag: `poll_nudge:${path}` });
    expect(sent).toContainEqual({ userId: w.member.userId, url: path, tag: `poll_deadline:${path}` });
  });

  test("a deadline that passes without a pick notifies the creator", async () => {
    const w = await world();
    await startPoll(w, w.member, { deadline: NOW + 2 * HOUR });
    vi.advanceTimersByTime(2 * HOUR);
    await runDue(w.t);
    const rows = (await notificationsOf(w.t, w.member.userId)).filter(
      (row) => row.type === "poll_deadline",
    );
    expect(rows).toHaveLength(1);
  });
});

describe("clean-up", () => {
  test("a departed member's answers go with them, tallies too", async () => {
    const w = await world();
    const { pollId, options } = await startPoll(w, w.host);
    await w.other.asUser.mutation(api.crewPolls.answer, {
      pollId,
      optionId: options[0],
      answer: "yes",
    });
    await w.member.asUser.mutation(api.crewPolls.answer, {
      pollId,
      optionId: options[0],
      answer: "yes",
    });
    await w.other.asUser.mutation(api.crews.leave, { crewId: w.crewId });
    await w.host.asUser.mutation(api.crews.removeMember, {
      crewId: w.crewId,
      userId: w.member.userId,
    });
    const view = await w.host.asUser.query(api.crewPolls.get, { pollId });
    expect(view.options[0].tally).toEqual({ yes: 0, if_need_be: 0, no: 0 });
    expect(view.poll.answeredCount).toBe(0);
    await expectError(w.other.asUser.query(api.crewPolls.get, { pollId }), { code: "NOT_FOUND" });
  });

  test("a deleted crew takes its polls, options and answers with it", async () => {
    const w = await world();
    const { pollId, options } = await startPoll(w, w.host);
    await w.other.asUser.mutation(api.crewPolls.answer, {
      pollId,
      optionId: options[0],
      answer: "yes",
    });
    await w.host.asUser.mutation(api.crews.remove, { crewId: w.crewId });
    await runDue(w.t);
    const left = await tableSnapshot(w.t, [
      "crew_polls",
      "crew_poll_options",
      "crew_poll_responses",
    ]);
    expect(left).toEqual({ crew_polls: [], crew_poll_options: [], crew_poll_responses: [] });
  });
});
