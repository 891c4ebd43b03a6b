/**
 * Comments queued in the outbox, shown at once at the end of the thread as the viewer's own,
 * until the server's copy is in the thread.
 */

/** How far the device's clock may be off the server's when matching a sent comment. */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

type Queued = { args: { content: string }; queuedAt: number };
type Live = { content: string; createdAt: number; author: { userId: string } };

/**
 * The queued comments the thread does not show yet. Between the server keeping a comment and
 * its call leaving the outbox both exist: a queued comment is left out once the thread has a
 * comment of the viewer's with the same text, made no earlier than it was queued (give or take
 * the clocks' difference). Each live comment stands for one queued comment, oldest first, so
 * the same words sent twice show twice.
 */
export function unsentComments<Call extends Queued>(
  queued: readonly Call[],
  live: readonly Live[],
  viewerId: string | null,
): Call[] {
  if (queued.length === 0) return [];
  const mine = live
    .filter((comment) => comment.author.userId === viewerId)
    .sort((a, b) => a.createdAt - b.createdAt);
  const used = new Set<Live>();
  return queued.filter((call) => {
    const sent = mine.find(
      (comment) =>
        !used.has(comment) &&
        comment.content === call.args.content &&
        comment.createdAt >= call.queuedAt - CLOCK_SKEW_MS,
    );
    if (sent === undefined) return true;
    used.add(sent);
    return false;
  });
}
