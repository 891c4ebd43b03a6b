/**
 * A member's answers to a poll's options and the tallies kept with them:
 * each option's counts and the poll's number of members who answered move
 * by the difference on every change, also when a departed member's answers go.
 */
import { internal } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { crewRoleOf } from "../../shared/crewRules";
import {
  addTally,
  POLL_CLEANUP_BATCH,
  POLL_MESSAGES,
  tallyDeltas,
  withAnswer,
  type OptionAnswer,
  type PollAnswer,
} from "../../shared/pollRules";
import { getCrewMember, standingOf } from "./crews";
import {
  ensureOpen,
  getResponse,
  tallyOf,
  type PollAccess,
  type PollDoc,
  type PollResponseDoc,
} from "./crewPolls";
import { appError } from "./errors";

/**
 * Writes one member's answers and moves the tallies by the difference: each
 * option touched, and the poll's count of members who answered.
 */
async function replaceAnswers(
  ctx: MutationCtx,
  poll: PollDoc,
  response: PollResponseDoc | null,
  userId: Id<"users">,
  after: OptionAnswer<Id<"crew_poll_options">>[] | null,
  now: number,
): Promise<void> {
  const before = response?.answers ?? [];
  for (const [optionId, delta] of tallyDeltas(before, after ?? [])) {
    const option = await ctx.db.get("crew_poll_options", optionId);
    if (option === null) continue;
    const tally = addTally(tallyOf(option), delta);
    await ctx.db.patch("crew_poll_options", optionId, {
      yesCount: tally.yes,
      ifNeedBeCount: tally.if_need_be,
      noCount: tally.no,
    });
  }
  const answeredDelta = Number((after ?? []).length > 0) - Number(before.length > 0);
  if (answeredDelta !== 0) {
    const current = (await ctx.db.get("crew_polls", poll._id)) ?? poll;
    await ctx.db.patch("crew_polls", poll._id, {
      answeredCount: Math.max(0, current.answeredCount + answeredDelta),
    });
  }
  if (after === null) {
    if (response !== null) await ctx.db.delete("crew_poll_responses", response._id);
  } else if (response === null) {
    await ctx.db.insert("crew_poll_responses", {
      pollId: poll._id,
      crewId: poll.crewId,
      userId,
      answers: after,
      answeredAt: after.length > 0 ? now : null,
      nudgedAt: null,
    });
  } else {
    await ctx.db.patch("crew_poll_responses", response._id, {
      answers: after,
      answeredAt: after.length > 0 ? now : null,
    });
  }
}

/** The viewer's answer to one option (null clears it); refused once the poll is closed. */
export async function answerPoll(
  ctx: MutationCtx,
  access: PollAccess,
  optionIdText: string,
  answer: PollAnswer | null,
  now: number = Date.now(),
): Promise<void> {
  const { poll, viewerId } = access;
  ensureOpen(poll);
  const optionId = ctx.db.normalizeId("crew_poll_options", optionIdText.trim());
  const option = optionId === null ? null : await ctx.db.get("crew_poll_options", optionId);
  if (option === null || option.pollId !== poll._id)
    throw appError("VALIDATION", POLL_MESSAGES.optionNotFound, { field: "optionId" });
  const response = await getResponse(ctx, poll._id, viewerId);
  const after = withAnswer(response?.answers ?? [], option._id, answer);
  await replaceAnswers(ctx, poll, response, viewerId, after, now);
}

/**
 * A member left the crew (or was removed, or deleted their account): their
 * answers go, the tallies with them, a batch at a time. Skipped once they are
 * back in the crew.
 */
export async function removeAnswersOfDepartedMember(
  ctx: MutationCtx,
  crewId: Id<"crews">,
  userId: Id<"users">,
): Promise<void> {
  const crew = await ctx.db.get("crews", crewId);
  if (crew !== null) {
    const standing = standingOf(crew, userId, await getCrewMember(ctx, crewId, userId));
    if (standing !== null && crewRoleOf(standing) !== null) return;
  }
  const rows = await ctx.db
    .query("crew_poll_responses")
    .withIndex("by_crew_and_user", (q) => q.eq("crewId", crewId).eq("userId", userId))
    .take(POLL_CLEANUP_BATCH);
  for (const row of rows) {
    const poll = await ctx.db.get("crew_polls", row.pollId);
    if (poll === null) await ctx.db.delete("crew_poll_responses", row._id);
    else await replaceAnswers(ctx, poll, row, userId, null, Date.now());
  }
  if (rows.length === POLL_CLEANUP_BATCH)
    await ctx.scheduler.runAfter(0, internal.crewPolls.removeDepartedAnswers, { crewId, userId });
}
