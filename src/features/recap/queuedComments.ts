import { unsentCalls } from "@/lib/offline/outbox/unsentCalls";

/**
 * Comments queued in the outbox, shown at once at the end of the thread as the viewer's own,
 * until the server's copy is in the thread.
 */

type Queued = { args: { content: string }; queuedAt: number };
type Live = { content: string; createdAt: number; author: { userId: string } };

/**
 * The queued comments the thread does not show yet: one is left out once the thread has a
 * comment of the viewer's with the same text, made since it was queued (unsentCalls).
 */
export function unsentComments<Call extends Queued>(
  queued: readonly Call[],
  live: readonly Live[],
  viewerId: string | null,
): Call[] {
  return unsentCalls(
    queued,
    live.filter((comment) => comment.author.userId === viewerId),
    (comment, call) => comment.content === call.args.content,
  );
}
