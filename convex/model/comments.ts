/**
 * Comments and their reactions (limits and the seven reactions:
 * docs/product-rules.md#recap). Attendees post once the
 * recap is open; anyone signed in who may see the event reacts. Each
 * comment keeps its reaction counts (by the reaction's ASCII key) and their
 * total, changed on every toggle; the event keeps `commentCount`. Each
 * user's own reactions on an event are also kept in one
 * `event_user_reactions` document, so a page reads them once.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import type { PaginationOptions, PaginationResult } from "convex/server";
import type { Infer } from "convex/values";
import { clampPageSize } from "../../shared/eventAccess";
import {
  REACTIONS,
  RECAP_MESSAGES,
  parseComment,
  reactionKey,
  reactionList,
  type Reaction,
  type ReactionKey,
} from "../../shared/recapRules";
import { appError } from "./errors";
import { People } from "./eventViews";
import type { commentViewValidator } from "./recapValidators";
import { adjustRecapCounters, ensureRecapUnlocked, getEventEnsuringRecapAttendee, getEventEnsuringRecapViewer, recapUnlocked } from "./recap";
import { countBadgeActivity } from "./badgeCounters";

export type CommentDoc = Doc<"event_comments">;
export type ReactionDoc = Doc<"event_comment_reactions">;
export type UserReactionsDoc = Doc<"event_user_reactions">;

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
  await countBadgeActivity(ctx, userId, "comment");
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

// ---------------------------------------------------------------- a user's reactions on an event

/**
 * Comments one `event_user_reactions` document maps (an object holds at most
 * 1,024 fields); past it the document is marked `overflow` and the rest are
 * read from `event_comment_reactions`.
 */
export const USER_REACTIONS_MAX_COMMENTS = 1_000;

async function getUserReactions(ctx: QueryCtx, eventId: Id<"events">, userId: Id<"users">): Promise<UserReactionsDoc | null> {
  return await ctx.db
    .query("event_user_reactions")
    .withIndex("by_event_and_user", (q) => q.eq("eventId", eventId).eq("userId", userId))
    .unique();
}

/** Writes a user's per-event map back: deleted when it is empty (and never overflowed). */
async function saveUserReactions(ctx: MutationCtx, doc: UserReactionsDoc, byComment: UserReactionsDoc["byComment"]) {
  if (Object.keys(byComment).length === 0 && doc.overflow !== true) await ctx.db.delete("event_user_reactions", doc._id);
  else await ctx.db.patch("event_user_reactions", doc._id, { byComment });
}

/** Adds (`on`) or takes back one reaction in the user's per-event document. */
async function recordUserReaction(
  ctx: MutationCtx,
  row: { eventId: Id<"events">; userId: Id<"users">; commentId: Id<"event_comments">; reaction: Reaction },
  on: boolean,
): Promise<void> {
  const key = reactionKey(row.reaction);
  const doc = await getUserReactions(ctx, row.eventId, row.userId);
  if (doc === null) {
    if (on) await ctx.db.insert("event_user_reactions", { eventId: row.eventId, userId: row.userId, byComment: { [row.commentId]: [key] } });
    return;
  }
  const byComment = { ...doc.byComment };
  const keys = byComment[row.commentId];
  if (on) {
    if (keys?.includes(key) === true) return;
    if (keys === undefined && Object.keys(byComment).length >= USER_REACTIONS_MAX_COMMENTS) {
      if (doc.overflow !== true) await ctx.db.patch("event_user_reactions", doc._id, { overflow: true });
      return;
    }
    byComment[row.commentId] = [...(keys ?? []), key];
  } else {
    if (keys?.includes(key) !== true) return;
    const rest = keys.filter((k) => k !== key);
    if (rest.length === 0) delete byComment[row.commentId];
    else byComment[row.commentId] = rest;
  }
  await saveUserReactions(ctx, doc, byComment);
}

/** Drops a (deleted) comment from one user's per-event document. */
export async function forgetCommentInUserReactions(
  ctx: MutationCtx,
  eventId: Id<"events">,
  userId: Id<"users">,
  commentId: Id<"event_comments">,
): Promise<void> {
  const doc = await getUserReactions(ctx, eventId, userId);
  if (doc === null || doc.byComment[commentId] === undefined) return;
  const byComment = { ...doc.byComment };
  delete byComment[commentId];
  await saveUserReactions(ctx, doc, byComment);
}

const EMOJI_BY_KEY = new Map<string, Reaction>(REACTIONS.map((r) => [r.key, r.emoji]));

/**
 * The viewer's own reactions on one event's comments: one read for a whole
 * page (the per-event document, fetched once on first need). Only comments
 * past an overflowed document's cap read their reaction rows.
 */
export class ViewerReactions {
  private doc: Promise<UserReactionsDoc | null> | null = null;

  constructor(
    private readonly ctx: QueryCtx,
    private readonly eventId: Id<"events">,
    private readonly viewerId: Id<"users"> | null,
  ) {}

  async of(comment: CommentDoc): Promise<Set<Reaction>> {
    const viewerId = this.viewerId;
    if (viewerId === null || comment.reactionTotal === 0) return new Set();
    this.doc ??= getUserReactions(this.ctx, this.eventId, viewerId);
    const doc = await this.doc;
    const keys: ReactionKey[] | undefined = doc?.byComment[comment._id];
    if (keys !== undefined) return new Set(keys.flatMap((k) => EMOJI_BY_KEY.get(k) ?? []));
    if (doc?.overflow !== true) return new Set();
    const rows = await this.ctx.db
      .query("event_comment_reactions")
      .withIndex("by_comment_and_user_and_reaction", (q) => q.eq("commentId", comment._id).eq("userId", viewerId))
      .take(REACTIONS.length);
    return new Set(rows.map((row) => row.reaction));
  }
}

// ---------------------------------------------------------------- toggling

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
  const row = { commentId, eventId: comment.eventId, userId, reaction };
  if (existing !== null) {
    await ctx.db.delete("event_comment_reactions", existing._id);
    await recordUserReaction(ctx, row, false);
    return { reacted: false, count: await adjustReactionCount(ctx, comment, reaction, -1) };
  }
  await ctx.db.insert("event_comment_reactions", row);
  await recordUserReaction(ctx, row, true);
  return { reacted: true, count: await adjustReactionCount(ctx, comment, reaction, 1) };
}

/**
 * Deletes a reaction row, takes it off the user's per-event document and off
 * its comment's counts (when the comment is still there).
 */
export async function deleteReaction(ctx: MutationCtx, row: ReactionDoc): Promise<void> {
  await ctx.db.delete("event_comment_reactions", row._id);
  await recordUserReaction(ctx, row, false);
  const comment = await ctx.db.get("event_comments", row.commentId);
  if (comment !== null) await adjustReactionCount(ctx, comment, row.reaction, -1);
}

// ---------------------------------------------------------------- listing

/** A comment as the recap shows it (the 7 reactions in order, with counts and whether the viewer gave each). */
export type CommentView = Infer<typeof commentViewValidator>;

export async function commentView(
  comment: CommentDoc,
  people: People,
  viewerReactions: ViewerReactions,
): Promise<CommentView> {
  const mine = await viewerReactions.of(comment);
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
  const viewerReactions = new ViewerReactions(ctx, eventId, viewerId);
  return { ...result, page: await Promise.all(result.page.map((comment) => commentView(comment, people, viewerReactions))) };
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
