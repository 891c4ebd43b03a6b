/**
 * Crew polls: thin public functions over model/crewPoll*.ts. Only accepted
 * members of a poll's crew reach a poll; anyone else is answered 'Poll not
 * found', exactly as for a poll that does not exist
 * (docs/product-rules.md#crew-polls).
 */
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internalMutation, mutation, query } from "./_generated/server";
import { eventPath } from "../shared/eventSlug";
import { pollPath } from "../shared/pollRules";
import { getCrewEnsuringAccess } from "./model/crews";
import { getPollEnsuringAccess } from "./model/crewPolls";
import { answerPoll, removeAnswersOfDepartedMember } from "./model/crewPollAnswers";
import { notifyDeadlinePassed, nudgeMember } from "./model/crewPollNudges";
import { addPollOption, createPoll } from "./model/crewPollOptions";
import { applyAnswersToSession, pickWinner } from "./model/crewPollPick";
import { openPollsOfCrew, pollGridPage, pollView } from "./model/crewPollViews";
import {
  openPollsValidator,
  pollGridRowValidator,
  pollViewValidator,
} from "./model/crewPollValidators";
import { getViewerId, requireViewerId } from "./model/viewer";
import { placeValidator, pollAnswerValidator } from "./schema";

const optionArgs = v.object({
  startTime: v.number(),
  location: v.optional(v.union(v.string(), v.null())),
  place: v.optional(v.union(placeValidator, v.null())),
});

// ---------------------------------------------------------------- reading

/** The crew page's open polls (members only; others get none and may not start one). */
export const openForCrew = query({
  args: { crewId: v.string() },
  returns: openPollsValidator,
  handler: async (ctx, { crewId }) => {
    return await openPollsOfCrew(
      ctx,
      await getCrewEnsuringAccess(ctx, crewId, await getViewerId(ctx)),
    );
  },
});

/** The poll page's head. NOT_FOUND 'Poll not found' for anyone but the crew's members. */
export const get = query({
  args: { pollId: v.string() },
  returns: pollViewValidator,
  handler: async (ctx, { pollId }) => {
    return await pollView(ctx, await getPollEnsuringAccess(ctx, pollId, await getViewerId(ctx)));
  },
});

/** The grid: a page of the crew's members with their answers (at most 25 a page). */
export const grid = query({
  args: { pollId: v.string(), paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(pollGridRowValidator),
  handler: async (ctx, { pollId, paginationOpts }) => {
    const access = await getPollEnsuringAccess(ctx, pollId, await getViewerId(ctx));
    return await pollGridPage(ctx, access, paginationOpts);
  },
});

// ---------------------------------------------------------------- writing

/** Starts a poll: 2–10 options, an optional deadline. Returns the poll page's address. */
export const create = mutation({
  args: {
    crewId: v.string(),
    title: v.string(),
    options: v.array(optionArgs),
    deadline: v.optional(v.union(v.number(), v.null())),
    allowMemberOptions: v.boolean(),
    timeZone: v.optional(v.string()),
  },
  handler: async (ctx, { crewId, ...input }) => {
    const viewerId = await requireViewerId(ctx);
    const access = await getCrewEnsuringAccess(ctx, crewId, viewerId);
    const pollId = await createPoll(ctx, access, input);
    return { pollId, path: pollPath(access.crew._id, pollId) };
  },
});

/** Adds an option to an open poll. */
export const addOption = mutation({
  args: { pollId: v.string(), option: optionArgs },
  handler: async (ctx, { pollId, option }) => {
    const access = await getPollEnsuringAccess(ctx, pollId, await requireViewerId(ctx));
    return await addPollOption(ctx, access, option);
  },
});

/** The viewer's answer to one option (null clears it). 'This poll is closed…' once picked. */
export const answer = mutation({
  args: {
    pollId: v.string(),
    optionId: v.string(),
    answer: v.union(pollAnswerValidator, v.null()),
  },
  handler: async (ctx, { pollId, optionId, answer }) => {
    const access = await getPollEnsuringAccess(ctx, pollId, await requireViewerId(ctx));
    await answerPoll(ctx, access, optionId, answer);
  },
});

/** Nudges one member who has not answered (once per 12 h each). */
export const nudge = mutation({
  args: { pollId: v.string(), userId: v.id("users") },
  handler: async (ctx, { pollId, userId }) => {
    const access = await getPollEnsuringAccess(ctx, pollId, await requireViewerId(ctx));
    return await nudgeMember(ctx, access, userId);
  },
});

/** Picks the winner: the poll closes and becomes a private session of the crew. */
export const pick = mutation({
  args: { pollId: v.string(), optionId: v.string() },
  handler: async (ctx, { pollId, optionId }) => {
    const access = await getPollEnsuringAccess(ctx, pollId, await requireViewerId(ctx));
    const event = await pickWinner(ctx, access, optionId);
    return { eventId: event._id, path: eventPath(event) };
  },
});

// ---------------------------------------------------------------- scheduled

/** At a poll's deadline: its creator hears if nobody picked a winner. */
export const deadlinePassed = internalMutation({
  args: { pollId: v.id("crew_polls") },
  handler: async (ctx, { pollId }) => {
    await notifyDeadlinePassed(ctx, pollId);
  },
});

/** The next page of a picked poll's answers applied to its session. */
export const continuePick = internalMutation({
  args: { pollId: v.id("crew_polls"), afterUserId: v.id("users") },
  handler: async (ctx, { pollId, afterUserId }) => {
    await applyAnswersToSession(ctx, pollId, afterUserId);
  },
});

/** The next batch of a departed member's answers. */
export const removeDepartedAnswers = internalMutation({
  args: { crewId: v.id("crews"), userId: v.id("users") },
  handler: async (ctx, { crewId, userId }) => {
    await removeAnswersOfDepartedMember(ctx, crewId, userId);
  },
});
