/**
 * The shapes of what crew poll queries return (./crewPollViews.ts builds them) as
 * `returns:` validators: the crew page's open polls, the poll page's head and
 * a page of its grid. The poll's own fields reuse the schema's validators, so
 * a field retyped there is retyped here.
 */
import { pick } from "convex-helpers";
import { v } from "convex/values";
import { doc, nullable } from "convex-helpers/validators";
import schema from "../schema";

const poll = doc(schema, "crew_polls").fields;
const option = doc(schema, "crew_poll_options").fields;
const response = doc(schema, "crew_poll_responses").fields;
const crew = doc(schema, "crews").fields;

/** A poll's own fields as the crew page lists it (the builder picks the same from the poll). */
export const OPEN_POLL_FIELDS = [
  "_id",
  "title",
  "optionCount",
  "answeredCount",
  "deadline",
] as const satisfies readonly (keyof typeof poll)[];

/** A poll's own fields at the head of its page. */
export const POLL_HEAD_FIELDS = [
  "_id",
  "title",
  "status",
  "deadline",
  "allowMemberOptions",
  "answeredCount",
  "createdAt",
  "winningOptionId",
  "eventId",
] as const satisfies readonly (keyof typeof poll)[];

/** The crew page's open polls and whether the viewer may start one (`openPollsOfCrew`). */
export const openPollsValidator = v.object({
  canStart: v.boolean(),
  polls: v.array(v.object({ ...pick(poll, [...OPEN_POLL_FIELDS]), path: v.string() })),
});

/** The poll page's head: the poll, its options with their tallies, the viewer's answers and rights (`pollView`). */
export const pollViewValidator = v.object({
  poll: v.object({ ...pick(poll, [...POLL_HEAD_FIELDS]), eventPath: nullable(v.string()) }),
  crew: v.object({ _id: crew._id, name: crew.name, memberCount: crew.memberCount }),
  options: v.array(
    v.object({
      _id: option._id,
      startTime: option.startTime,
      location: option.location,
      placeName: option.placeName,
      tally: v.object({ yes: v.number(), if_need_be: v.number(), no: v.number() }),
    }),
  ),
  viewer: v.object({
    userId: v.id("users"),
    answers: response.answers,
    canRun: v.boolean(),
    canAddOption: v.boolean(),
  }),
});

/** A member's row of the grid, with whether they may be nudged now (`pollGridPage`). */
export const pollGridRowValidator = v.object({
  userId: v.id("users"),
  displayName: v.string(),
  isViewer: v.boolean(),
  answers: response.answers,
  nextNudgeAt: nullable(v.number()),
  canNudge: v.boolean(),
});
