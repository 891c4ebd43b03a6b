/**
 * Starting a crew poll (any accepted member) and adding options to an open
 * one (whoever runs it; members when the poll allows it). Nothing is written
 * when the input fails.
 */
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import {
  canAddPollOption,
  canStartPoll,
  optionKey,
  optionTimeProblem,
  POLL_MESSAGES,
  POLL_OPTIONS_MAX,
  pollCreateSchema,
  pollOptionSchema,
  pollTimingProblem,
  type PollCreateInput,
  type PollOption,
  type PollOptionInput,
} from "../../shared/pollRules";
import { firstIssue } from "../../shared/profileRules";
import type { CrewAccess } from "./crews";
import { ensureOpen, isPollCreator, optionAsInput, optionsOf, type PollAccess } from "./crewPolls";
import { appError } from "./errors";

function validation(error: Parameters<typeof firstIssue>[0]) {
  const { field, message } = firstIssue(error);
  return appError("VALIDATION", message, { field });
}

/** A new option of a poll, with no answers yet. */
async function insertOption(
  ctx: MutationCtx,
  poll: { pollId: Id<"crew_polls">; crewId: Id<"crews"> },
  option: PollOption,
  addedBy: Id<"users">,
): Promise<Id<"crew_poll_options">> {
  return await ctx.db.insert("crew_poll_options", {
    ...poll,
    startTime: option.startTime,
    location: option.location ?? option.place?.address ?? null,
    placeId: option.place?.placeId ?? null,
    placeName: option.place?.placeName || null,
    latitude: option.place?.latitude ?? null,
    longitude: option.place?.longitude ?? null,
    addedBy,
    yesCount: 0,
    ifNeedBeCount: 0,
    noCount: 0,
  });
}

/** Starts a poll in a crew (any accepted member); nothing is written when the input fails. */
export async function createPoll(
  ctx: MutationCtx,
  access: CrewAccess,
  input: PollCreateInput,
  now: number = Date.now(),
): Promise<Id<"crew_polls">> {
  // Someone who may not see the crew's polls learns nothing more than from the crew page.
  if (access.viewerId === null || !canStartPoll(access.standing))
    throw appError("FORBIDDEN", POLL_MESSAGES.notAMemberSelf);
  const parsed = pollCreateSchema.safeParse(input);
  if (!parsed.success) throw validation(parsed.error);
  const poll = parsed.data;
  const problem = pollTimingProblem(poll, now);
  if (problem !== null) throw appError("VALIDATION", problem.message, { field: problem.field });
  const pollId = await ctx.db.insert("crew_polls", {
    crewId: access.crew._id,
    createdBy: access.viewerId,
    title: poll.title,
    status: "open",
    deadline: poll.deadline,
    allowMemberOptions: poll.allowMemberOptions,
    timeZone: poll.timeZone ?? "UTC",
    optionCount: poll.options.length,
    answeredCount: 0,
    createdAt: now,
    closedAt: null,
    winningOptionId: null,
    eventId: null,
  });
  for (const option of poll.options)
    await insertOption(ctx, { pollId, crewId: access.crew._id }, option, access.viewerId);
  if (poll.deadline !== null)
    await ctx.scheduler.runAt(poll.deadline, internal.crewPolls.deadlinePassed, { pollId });
  return pollId;
}

/** Adds an option to an open poll (whoever runs it; members when the poll allows it). */
export async function addPollOption(
  ctx: MutationCtx,
  access: PollAccess,
  input: PollOptionInput,
  now: number = Date.now(),
): Promise<Id<"crew_poll_options">> {
  const { poll } = access;
  if (!canAddPollOption(access.standing, isPollCreator(access), poll.allowMemberOptions))
    throw appError("FORBIDDEN", POLL_MESSAGES.addingOptionsOff);
  ensureOpen(poll);
  const parsed = pollOptionSchema.safeParse(input);
  if (!parsed.success) throw validation(parsed.error);
  const option = parsed.data;
  const problem = optionTimeProblem(option.startTime, now);
  if (problem !== null) throw appError("VALIDATION", problem, { field: "startTime" });
  const existing = await optionsOf(ctx, poll._id);
  if (existing.length >= POLL_OPTIONS_MAX)
    throw appError("VALIDATION", POLL_MESSAGES.tooManyOptions);
  if (existing.some((other) => optionKey(optionAsInput(other)) === optionKey(option)))
    throw appError("VALIDATION", POLL_MESSAGES.duplicateOption);
  const id = await insertOption(
    ctx,
    { pollId: poll._id, crewId: poll.crewId },
    option,
    access.viewerId,
  );
  await ctx.db.patch("crew_polls", poll._id, { optionCount: existing.length + 1 });
  return id;
}
