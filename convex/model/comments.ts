/**
 * Comments and their reactions (spec 2 §5 Comments). Attendees post once the
 * recap is open; anyone signed in who may see the event reacts. Each
 * comment keeps its reaction counts (by the reaction's ASCII key) and their
 * total, changed on every toggle; the event keeps `commentCount`.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { PaginationOptions, PaginationResult } from "convex/server";
import { clampPageSize } from "../../shared/eventAccess";
import { RECAP_MESSAGES, parseComment, reactionKey, reactionList, type Reaction } from "../../shared/recapRules";
import { appError } from "./errors";
import { People, type PersonView } from "./eventViews";
import { adjustRecapCounters, ensureRecapUnlocked, getEventEnsuringRecapAttendee, getEventEnsuringRecapViewer, recapUnlocked } from "./recap";

export type CommentDoc = Doc<"event_comments">;
export type ReactionDoc = Doc<"event_comment_reactions">;

/** Comment pages hold at most this many comments. */
export const COMMENT_PAGE_MAX = 20;

export async function addCommentAsAttendee(
  ctx: MutationCtx,
  userId: Id<"users">,
  input: { eventId: Id<"events">; content: string },
): Promise<Id<"event_comments">> {
  const parsed = parseComment(input.content);
  if (!parsed.ok) throw appError("VALIDATION", parsed.message, { field: "content" });
  await getEventEnsuringRecapAttendee(ctx, input.eventId, userId, RECAP_MESSAGES.onlyAttendeesComment);
  const commentId = await ctx.db.insert("event_comments", {
    eventId: input.eventId,
    userId,
    content: parsed.content,
    reactionCounts: {},
    reactionTotal: 0,
  });
  await adjustRecapCounters(ctx, input.eventId, { commentCount: 1 });
  return commentId;
}

// ---------------------------------------------------------------- reactions

async function getReaction(
  ctx: QueryCtx,
  commentId: Id<"event_comments">,
  userId: Id<"users">,
  reaction: Reaction,
): Promise<ReactionDoc | null> {
  return await ctx.db
    .query("event_comment_reactions")
    .withIndex("by_comment_and_user_and_reaction", (q) =>
      q.eq("commentId", commentId).eq("userId", userId).eq("reaction", reaction),
    )
    .unique();
}

/** Changes one reaction's count on a comment by `delta` (never below 0). */
async function adjustReactionCount(ctx: MutationCtx, comment: CommentDoc, reaction: Reaction, delta: number): Promise<number> {
  const key = reactionKey(reaction);
  const count = Math.max(0, (comment.reactionCounts[key] ?? 0) + delta);
  const reactionCounts = { ...comment.reactionCounts };
  if (count === 0) delete reactionCounts[key];
  else reactionCounts[key] = count;
  const reactionTotal = Object.values(reactionCounts).reduce((sum, n) => sum + n, 0);
  await ctx.db.patch("event_comments", comment._id, { reactionCounts, reactionTotal });
  return count;
}

/**
 * Adds the user's reaction, or removes it when they had it. Any signed-in
 * user who may see the event, once its recap is open.
 */
export async function toggleReactionEnsuringViewer(
  ctx: MutationCtx,
  userId: Id<"users">,
  commentId: Id<"event_comments">,
  reaction: Reaction,
): Promise<{ reacted: boolean; count: number }> {
  const comment = await ctx.db.get("event_comments", commentId);
  if (comment === null) throw appError("NOT_FOUND", RECAP_MESSAGES.commentNotFound);
  const { event } = await getEventEnsuringRecapViewer(ctx, comment.eventId, userId);
  ensureRecapUnlocked(event);
  const existing = await getReaction(ctx, commentId, userId, reaction);
  if (existing !== null) {
    await ctx.db.delete("event_comment_reactions", existing._id);
    return { reacted: false, count: await adjustReactionCount(ctx, comment, reaction, -1) };
  }
  await ctx.db.insert("event_comment_reactions", { commentId, eventId: comment.eventId, userId, reaction });
  return { reacted: true, count: await adjustReactionCount(ctx, comment, reaction, 1) };
}

/** Deletes a reaction row and takes it off its comment's counts (when the comment is still there). */
export async function deleteReaction(ctx: MutationCtx, row: ReactionDoc): Promise<void> {
  await ctx.db.delete("event_comment_reactions", row._id);
  const comment = await ctx.db.get("event_comments", row.commentId);
  if (comment !== null) await adjustReactionCount(ctx, comment, row.reaction, -1);
}

// ---------------------------------------------------------------- listing

export type CommentView = {
  _id: Id<"event_comments">;
  eventId: Id<"events">;
  content: string;
  createdAt: number;
  author: PersonView;
  /** The 7 reactions in order, with counts and whether the viewer gave each. */
  reactions: Array<{ reaction: Reaction; count: number; mine: boolean }>;
  reactionTotal: number;
};

export async function commentView(
  ctx: QueryCtx,
  comment: CommentDoc,
  people: People,
  viewerId: Id<"users"> | null,
): Promise<CommentView> {
  const mine = new Set<string>();
  if (viewerId !== null && comment.reactionTotal > 0) {
    const rows = await ctx.db
      .query("event_comment_reactions")
      .withIndex("by_comment_and_user_and_reaction", (q) => q.eq("commentId", comment._id).eq("userId", viewerId))
      .take(7);
    for (const row of rows) mine.add(row.reaction);
  }
  return {
    _id: comment._id,
    eventId: comment.eventId,
    content: comment.content,
    createdAt: comment._creationTime,
    author: await people.get(comment.userId),
    reactions: reactionList(comment.reactionCounts, mine),
    reactionTotal: comment.reactionTotal,
  };
}

const EMPTY_PAGE = { page: [], isDone: true, continueCursor: "" };

/** Oldest first, for anyone who may see the event, once its recap is open (an empty page before). */
export async function listCommentsForViewer(
  ctx: QueryCtx,
  viewerId: Id<"users"> | null,
  eventId: Id<"events">,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<CommentView>> {
  const { event } = await getEventEnsuringRecapViewer(ctx, eventId, viewerId);
  if (!recapUnlocked(event)) return EMPTY_PAGE;
  const result = await ctx.db
    .query("event_comments")
    .withIndex("by_event", (q) => q.eq("eventId", eventId))
    .order("asc")
    .paginate({ ...paginationOpts, numItems: clampPageSize(paginationOpts.numItems, COMMENT_PAGE_MAX) });
  const people = new People(ctx, viewerId);
  return { ...result, page: await Promise.all(result.page.map((comment) => commentView(ctx, comment, people, viewerId))) };
}

/** The comment with the most reactions (at least one), the newest among ties; or null. */
export async function topComment(ctx: QueryCtx, eventId: Id<"events">): Promise<CommentDoc | null> {
  const top = await ctx.db
    .query("event_comments")
    .withIndex("by_event_and_reaction_total", (q) => q.eq("eventId", eventId).gt("reactionTotal", 0))
    .order("desc")
    .first();
  return top;
}
