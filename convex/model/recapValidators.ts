/**
 * The shapes of what recap queries return as `returns:` validators: a comment
 * as the recap shows it (./comments.ts `commentView`). The comment's own
 * fields reuse the schema's validators, so a field retyped there is retyped here.
 */
import { v } from "convex/values";
import { doc } from "convex-helpers/validators";
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
