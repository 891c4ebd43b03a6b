/**
 * Crew polls: a crew's members answer Yes / If need be / No on dated options;
 * whoever runs the poll (its creator, the crew's host or a co-host) picks the
 * winner, which becomes a private session of the crew. Rules in
 * shared/pollRules.ts, in words docs/product-rules.md#crew-polls.
 *
 * Reads stay bounded: a member's answers to every option are one document
 * (`crew_poll_responses`), each option keeps its own tallies and the poll the
 * number of members who answered, all maintained on write; the grid is a page
 * of members.
 *
 * This module is the one door to a poll (`getPollEnsuringAccess`) and the
 * reads of its rows the others share; a crew's poll rows go with the crew.
 * Starting a poll and adding options: ./crewPollOptions.ts; answers and their
 * tallies: ./crewPollAnswers.ts; nudges and the deadline:
 * ./crewPollNudges.ts; picking the winner: ./crewPollPick.ts; what the
 * screens read: ./crewPollViews.ts.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { CrewStanding } from "../../shared/crewRules";
import {
  canSeeCrewPolls,
  POLL_MESSAGES,
  POLL_OPTIONS_MAX,
  type PollOption,
  type Tally,
} from "../../shared/pollRules";
import { getCrewMember, standingOf, type CrewDoc } from "./crews";
import { appError } from "./errors";

export type PollDoc = Doc<"crew_polls">;
export type PollOptionDoc = Doc<"crew_poll_options">;
export type PollResponseDoc = Doc<"crew_poll_responses">;

// ---------------------------------------------------------------- access

export type PollAccess = {
  poll: PollDoc;
  crew: CrewDoc;
  viewerId: Id<"users">;
  standing: CrewStanding;
};

function pollNotFound() {
  return appError("NOT_FOUND", POLL_MESSAGES.notFound);
}

/**
 * The one door to a poll by its id: the poll, its crew and the viewer's
 * standing, guaranteed to be an accepted member of the crew. Anyone else
 * (signed out, a stranger, an invitee, a former member) is answered 'Poll not
 * found', word for word the answer for a poll that does not exist.
 */
export async function getPollEnsuringAccess(
  ctx: QueryCtx,
  pollId: string,
  viewerId: Id<"users"> | null,
): Promise<PollAccess> {
  const id = ctx.db.normalizeId("crew_polls", pollId.trim());
  const poll = id === null ? null : await ctx.db.get("crew_polls", id);
  if (poll === null || viewerId === null) throw pollNotFound();
  const crew = await ctx.db.get("crews", poll.crewId);
  if (crew === null) throw pollNotFound();
  const standing = standingOf(crew, viewerId, await getCrewMember(ctx, crew._id, viewerId));
  if (standing === null || !canSeeCrewPolls(standing)) throw pollNotFound();
  return { poll, crew, viewerId, standing };
}

export function isPollCreator(access: PollAccess): boolean {
  return access.poll.createdBy === access.viewerId;
}

export function ensureOpen(poll: PollDoc): void {
  if (poll.status !== "open") throw appError("VALIDATION", POLL_MESSAGES.closed);
}

export async function getResponse(ctx: QueryCtx, pollId: Id<"crew_polls">, userId: Id<"users">) {
  return await ctx.db
    .query("crew_poll_responses")
    .withIndex("by_poll_and_user", (q) => q.eq("pollId", pollId).eq("userId", userId))
    .unique();
}

export async function optionsOf(ctx: QueryCtx, pollId: Id<"crew_polls">): Promise<PollOptionDoc[]> {
  return await ctx.db
    .query("crew_poll_options")
    .withIndex("by_poll", (q) => q.eq("pollId", pollId))
    .take(POLL_OPTIONS_MAX);
}

export function optionAsInput(option: PollOptionDoc): PollOption {
  return {
    startTime: option.startTime,
    location: option.location,
    place:
      option.placeId === null || option.latitude === null || option.longitude === null
        ? null
        : {
            placeId: option.placeId,
            placeName: option.placeName ?? "",
            address: option.location,
            latitude: option.latitude,
            longitude: option.longitude,
          },
  };
}

export function tallyOf(option: PollOptionDoc): Tally {
  return { yes: option.yesCount, if_need_be: option.ifNeedBeCount, no: option.noCount };
}

// ---------------------------------------------------------------- a deleted crew

/** A deleted crew's poll rows, at most `limit` (its clean-up batches call this until none are left). */
export async function deletePollRowsOfCrew(
  ctx: MutationCtx,
  crewId: Id<"crews">,
  limit: number,
): Promise<number> {
  let deleted = 0;
  const responses = await ctx.db
    .query("crew_poll_responses")
    .withIndex("by_crew_and_user", (q) => q.eq("crewId", crewId))
    .take(limit);
  for (const row of responses) await ctx.db.delete("crew_poll_responses", row._id);
  deleted += responses.length;
  if (deleted >= limit) return deleted;
  const options = await ctx.db
    .query("crew_poll_options")
    .withIndex("by_crew", (q) => q.eq("crewId", crewId))
    .take(limit - deleted);
  for (const row of options) await ctx.db.delete("crew_poll_options", row._id);
  deleted += options.length;
  if (deleted >= limit) return deleted;
  const polls = await ctx.db
    .query("crew_polls")
    .withIndex("by_crew_and_status", (q) => q.eq("crewId", crewId))
    .take(limit - deleted);
  for (const row of polls) await ctx.db.delete("crew_polls", row._id);
  return deleted + polls.length;
}
