/**
 * The shapes of what recap queries return as `returns:` validators: a comment
 * as the recap shows it (./comments.ts `commentView`), the viewer's rating and
 * the rating summary. Stored fields reuse the schema's validators, so a field
 * retyped there is retyped here.
 */
import { v } from "convex/values";
import { doc, nullable } from "convex-helpers/validators";
import schema, { reactionValidator } from "../schema";
import { personView } from "./eventValidators";

const comment = doc(schema, "event_comments").fields;

/** A comment with its author and the 7 reactions in order (count, and whether the viewer gave each). */
export const commentViewValidator = v.object({
  _id: comment._id,
  eventId: comment.eventId,
  content: comment.content,
  createdAt: v.number(),
  author: personView,
  reactions: v.array(v.object({ reaction: reactionValidator, count: v.number(), mine: v.boolean() })),
  reactionTotal: comment.reactionTotal,
});

const rating = doc(schema, "event_ratings").fields;

/** The viewer's own rating (./ratings.ts `ratingView`). */
export const ratingViewValidator = v.object({
  rating: rating.rating,
  feedback: rating.feedback,
  updatedAt: rating.updatedAt,
});

/** An event's rating summary: the average to 1 decimal (null without ratings) and how many (`ratingSummaryOf`). */
export const ratingSummaryValidator = v.object({ average: nullable(v.number()), total: v.number() });
