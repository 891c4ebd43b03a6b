/**
 * The crew polls' performance workload, shared by `crewPolls.perf.test.ts`
 * and `npm run bench:polls`: a crew of 200 members and a poll with 10
 * options that every member answered in full (through the answer write
 * path, so the tallies are the maintained ones); then the documents one poll
 * view reads: the page's head (poll, options, the viewer's answers) and the
 * grid's first page of 25 members, together at most 100.
 *
 * Not a Convex module (two dots in the name).
 */
import type { TestConvex } from "convex-test";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type schema from "./schema";
import { changeCrewMembership } from "./model/crewMembership";
import { answerPoll } from "./model/crewPollAnswers";
import { getPollEnsuringAccess } from "./model/crewPolls";
import { insertCrewWithHost, insertUser } from "./crews.workload";
import { documentsRead, type Measurement } from "./perf.workload";
import { POLL_ANSWERS, POLL_GRID_PAGE_MAX, POLL_OPTIONS_MAX } from "../shared/pollRules";

export type PollPerfConvex = TestConvex<typeof schema>;

export const POLL_PERF_VOLUME = { crewMembers: 200, options: POLL_OPTIONS_MAX } as const;
/** Documents read by one poll view: its head and the grid's first page. */
export const POLL_VIEW_TARGET = 100;

const HOUR = 3600_000;
const SEED_BATCH = 50;

export type PollPerfWorld = {
  crewId: Id<"crews">;
  pollId: Id<"crew_polls">;
  memberSubject: string;
};

export async function seedPollPerfWorld(
  t: PollPerfConvex,
  now: number = Date.now(),
): Promise<PollPerfWorld> {
  const { creator, crewId } = await t.run(
    async (ctx) =>
      await insertCrewWithHost(ctx, { name: "The Two Hundred", isPublic: false }, 200_000, now),
  );
  const { pollId } = await t
    .withIdentity({ subject: creator.subject })
    .mutation(api.crewPolls.create, {
      crewId,
      title: "When next?",
      options: Array.from({ length: POLL_PERF_VOLUME.options }, (_, i) => ({
        startTime: now + (24 + i * 24) * HOUR,
      })),
      allowMemberOptions: false,
      timeZone: "UTC",
    });
  const subjects: string[] = [creator.subject];
  const userIds: Id<"users">[] = [creator.userId];
  for (let start = 1; start < POLL_PERF_VOLUME.crewMembers; start += SEED_BATCH) {
    const made = await t.run(async (ctx) => {
      const batch = [];
      for (let i = start; i < Math.min(POLL_PERF_VOLUME.crewMembers, start + SEED_BATCH); i++) {
        const user = await insertUser(ctx, `Voter ${i}`, 200_000 + i, now);
        const crew = (await ctx.db.get("crews", crewId))!;
        await changeCrewMembership(
          ctx,
          crew,
          user.userId,
          { status: "accepted", role: "member", invitedBy: creator.userId },
          now,
        );
        batch.push(user);
      }
      return batch;
    });
    subjects.push(...made.map((user) => user.subject));
    userIds.push(...made.map((user) => user.userId));
  }
  const optionIds = await t.run(
    async (ctx) =>
      await ctx.db
        .query("crew_poll_options")
        .withIndex("by_poll", (q) => q.eq("pollId", pollId))
        .collect(),
  );
  for (let start = 0; start < userIds.length; start += SEED_BATCH) {
    await t.run(async (ctx) => {
      for (const [offset, userId] of userIds.slice(start, start + SEED_BATCH).entries()) {
        for (const [index, option] of optionIds.entries()) {
          const access = await getPollEnsuringAccess(ctx, pollId, userId);
          const answer = POLL_ANSWERS[(start + offset + index) % POLL_ANSWERS.length];
          await answerPoll(ctx, access, option._id, answer, now);
        }
      }
    });
  }
  return { crewId, pollId, memberSubject: subjects[10] };
}

/** What one member's view of the poll reads: the head, the grid's first page, and both together. */
export async function measurePollView(
  t: PollPerfConvex,
  world: PollPerfWorld,
): Promise<Array<Measurement & { target: number }>> {
  let started = performance.now();
  const head = await documentsRead(
    t,
    api.crewPolls.get,
    { pollId: world.pollId },
    world.memberSubject,
  );
  const headMs = performance.now() - started;
  started = performance.now();
  const grid = await documentsRead(
    t,
    api.crewPolls.grid,
    { pollId: world.pollId, paginationOpts: { numItems: 100, cursor: null } },
    world.memberSubject,
  );
  const gridMs = performance.now() - started;
  const crewPage = await documentsRead(
    t,
    api.crewPolls.openForCrew,
    { crewId: world.crewId },
    world.memberSubject,
  );
  const options = (head.result as { options: unknown[] }).options.length;
  const rows = (grid.result as { page: unknown[] }).page.length;
  return [
    {
      name: "poll page head (poll, 10 options, own answers)",
      target: POLL_VIEW_TARGET,
      documentsRead: head.documentsRead,
      items: options,
      ms: headMs,
    },
    {
      name: `grid, first page (100 asked, ${POLL_GRID_PAGE_MAX} max)`,
      target: POLL_VIEW_TARGET,
      documentsRead: grid.documentsRead,
      items: rows,
      ms: gridMs,
    },
    {
      name: "one poll view (head + grid page)",
      target: POLL_VIEW_TARGET,
      documentsRead: head.documentsRead + grid.documentsRead,
      items: rows,
      ms: headMs + gridMs,
    },
    {
      name: "crew page: open polls",
      target: POLL_VIEW_TARGET,
      documentsRead: crewPage.documentsRead,
      items: (crewPage.result as { polls: unknown[] }).polls.length,
      ms: 0,
    },
  ];
}

/** Whether the maintained tallies equal a recount (every member answered every option). */
export async function tallyCheck(t: PollPerfConvex, world: PollPerfWorld): Promise<boolean> {
  return await t.run(async (ctx) => {
    const options = await ctx.db
      .query("crew_poll_options")
      .withIndex("by_poll", (q) => q.eq("pollId", world.pollId))
      .collect();
    const responses = await ctx.db
      .query("crew_poll_responses")
      .withIndex("by_poll_and_user", (q) => q.eq("pollId", world.pollId))
      .collect();
    return options.every((option) => {
      const count = (answer: string) =>
        responses.filter((row) =>
          row.answers.some((entry) => entry.optionId === option._id && entry.answer === answer),
        ).length;
      return (
        option.yesCount === count("yes") &&
        option.ifNeedBeCount === count("if_need_be") &&
        option.noCount === count("no")
      );
    });
  });
}
