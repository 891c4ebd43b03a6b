/**
 * What the screens read of crew polls: the crew page's open polls, the poll
 * page's head (options with their tallies, the viewer's answers and rights)
 * and the grid, a page of the crew's members with their answers.
 */
import type { PaginationOptions } from "convex/server";
import { pick } from "convex-helpers";
import type { QueryCtx } from "../_generated/server";
import { clampPageSize } from "../../shared/eventAccess";
import { eventPath } from "../../shared/eventSlug";
import {
  canAddPollOption,
  canRunPoll,
  canSeeCrewPolls,
  canStartPoll,
  OPEN_POLLS_SHOWN,
  POLL_GRID_PAGE_MAX,
  POLL_NUDGE_COOLDOWN_MS,
  pollPath,
} from "../../shared/pollRules";
import { profileDisplayName } from "../../shared/profileNames";
import type { CrewAccess } from "./crews";
import { OPEN_POLL_FIELDS, POLL_HEAD_FIELDS } from "./crewPollValidators";
import { getResponse, isPollCreator, optionsOf, tallyOf, type PollAccess } from "./crewPolls";
import { getProfileByUserId } from "./profiles";

/** The crew page's open polls, newest first (at most OPEN_POLLS_SHOWN), for its members. */
export async function openPollsOfCrew(ctx: QueryCtx, access: CrewAccess) {
  if (!canSeeCrewPolls(access.standing)) return { canStart: false, polls: [] };
  const polls = await ctx.db
    .query("crew_polls")
    .withIndex("by_crew_and_status", (q) => q.eq("crewId", access.crew._id).eq("status", "open"))
    .order("desc")
    .take(OPEN_POLLS_SHOWN);
  return {
    canStart: canStartPoll(access.standing),
    polls: polls.map((poll) => ({
      ...pick(poll, [...OPEN_POLL_FIELDS]),
      path: pollPath(poll.crewId, poll._id),
    })),
  };
}

/** The poll page's head: the poll, its options with their tallies, the viewer's answers and rights. */
export async function pollView(ctx: QueryCtx, access: PollAccess) {
  const { poll, crew, viewerId } = access;
  const options = await optionsOf(ctx, poll._id);
  const mine = await getResponse(ctx, poll._id, viewerId);
  const creator = isPollCreator(access);
  const event = poll.eventId === null ? null : await ctx.db.get("events", poll.eventId);
  return {
    poll: {
      ...pick(poll, [...POLL_HEAD_FIELDS]),
      /** The session the winner became (null while open, or once that session is deleted). */
      eventPath: event === null ? null : eventPath(event),
    },
    crew: { _id: crew._id, name: crew.name, memberCount: crew.memberCount },
    options: options.map((option) => ({
      _id: option._id,
      startTime: option.startTime,
      location: option.location,
      placeName: option.placeName,
      tally: tallyOf(option),
    })),
    viewer: {
      userId: viewerId,
      answers: mine?.answers ?? [],
      canRun: canRunPoll(access.standing, creator),
      canAddOption: canAddPollOption(access.standing, creator, poll.allowMemberOptions),
    },
  };
}

/**
 * One page of the grid: the crew's accepted members (at most
 * POLL_GRID_PAGE_MAX), each with their name, answers and whether they may be
 * nudged now: three reads per member.
 */
export async function pollGridPage(
  ctx: QueryCtx,
  access: PollAccess,
  paginationOpts: PaginationOptions,
) {
  const { poll, crew, viewerId } = access;
  const canNudge = poll.status === "open" && canRunPoll(access.standing, isPollCreator(access));
  const result = await ctx.db
    .query("crew_members")
    .withIndex("by_crew_and_status", (q) => q.eq("crewId", crew._id).eq("status", "accepted"))
    .paginate({
      ...paginationOpts,
      numItems: clampPageSize(paginationOpts.numItems, POLL_GRID_PAGE_MAX),
    });
  const page = await Promise.all(
    result.page.map(async (member) => {
      const [profile, response] = await Promise.all([
        getProfileByUserId(ctx, member.userId),
        getResponse(ctx, poll._id, member.userId),
      ]);
      const answers = response?.answers ?? [];
      return {
        userId: member.userId,
        displayName: profile === null ? "Someone" : profileDisplayName(profile),
        isViewer: member.userId === viewerId,
        answers,
        nextNudgeAt: response?.nudgedAt == null ? null : response.nudgedAt + POLL_NUDGE_COOLDOWN_MS,
        canNudge: canNudge && answers.length === 0 && member.userId !== viewerId,
      };
    }),
  );
  return { ...result, page };
}
