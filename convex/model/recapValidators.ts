/**
 * The shapes of what recap queries return as `returns:` validators: a comment
 * as the recap shows it (./comments.ts `commentView`), the viewer's rating,
 * the rating summary, a photo of the gallery and the recap card. Stored fields reuse the schema's validators, so a field
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

const photo = doc(schema, "event_photos").fields;

/** A photo as the viewer sees it (./photos.ts `photoView`); a photo hidden from them is no row at all. */
export const photoViewValidator = v.object({
  _id: photo._id,
  eventId: photo.eventId,
  url: nullable(v.string()),
  caption: photo.caption,
  createdAt: photo.createdAt,
  uploader: personView,
  canDelete: v.boolean(),
  /** Why it is hidden ('Hidden: Ann asked not to show it'), or null when shown to everyone. */
  hiddenReason: nullable(v.string()),
  /** The viewer asked not to show it (they may lift that). */
  viewerObjected: v.boolean(),
  /** The viewer may say "I'm in this — don't show it". */
  canObject: v.boolean(),
});

/** The Toast Recap card (./recapView.ts `recapForViewer`); before it opens, no rating, comment or photo. */
export const recapViewValidator = v.object({
  eventId: v.id("events"),
  unlocked: v.boolean(),
  unlockTime: v.number(),
  viewerAttended: v.boolean(),
  canContribute: v.boolean(),
  rating: ratingSummaryValidator,
  photoCount: v.number(),
  hiddenPhotoCount: v.number(),
  commentCount: v.number(),
  attendeeCount: v.number(),
  crawl: nullable(v.string()),
  whoCame: v.array(personView),
  myRating: nullable(ratingViewValidator),
  topComment: nullable(commentViewValidator),
  latestPhoto: nullable(photoViewValidator),
});
