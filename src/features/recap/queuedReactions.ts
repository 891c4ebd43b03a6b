/**
 * Reactions toggled through the outbox, shown at once on their comment.
 *
 * A toggle is relative (it adds the viewer's reaction, or takes it back), so the queued toggles
 * flip the viewer's reactions as the server showed them when the queue last changed (`base`):
 * an even number of toggles of one reaction leaves it as it was. Counting from that moment, not
 * from the live comment, keeps a toggle the server has just applied, whose call has not left
 * the outbox yet, from being flipped a second time; the count follows the live one (others
 * react too), moved by the viewer's own change.
 */
type Reaction = { reaction: string; count: number; mine: boolean };

/** The viewer's reactions (emoji) on a comment, as the server shows them. */
export function mineOf(reactions: readonly Reaction[]): ReadonlySet<string> {
  return new Set(reactions.filter((reaction) => reaction.mine).map((r) => r.reaction));
}

/**
 * `reactions` with the viewer's queued toggles (their emoji, oldest first) applied to `base`;
 * the server's `reactions` themselves when nothing is queued.
 */
export function withQueuedToggles<R extends Reaction>(
  reactions: readonly R[],
  toggles: readonly string[],
  base: ReadonlySet<string>,
): readonly R[] {
  if (toggles.length === 0) return reactions;
  let changed = false;
  const shown = reactions.map((reaction) => {
    const flips = toggles.filter((toggled) => toggled === reaction.reaction).length;
    const mine = base.has(reaction.reaction) !== (flips % 2 === 1);
    if (mine === reaction.mine) return reaction;
    changed = true;
    return { ...reaction, mine, count: Math.max(0, reaction.count + (mine ? 1 : -1)) };
  });
  return changed ? shown : reactions;
}
