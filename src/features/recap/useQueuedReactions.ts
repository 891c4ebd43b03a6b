import { useState } from "react";
import { mineOf, withQueuedToggles } from "./queuedReactions";

type Reaction = { reaction: string; count: number; mine: boolean };

/**
 * A comment's reactions with the viewer's queued toggles of it (`calls`, oldest first) applied.
 * The viewer's reactions are read from the live comment again whenever the queue changes: a
 * call leaves it only once the live comment shows its result (or it was refused).
 */
export function useQueuedReactions<R extends Reaction>(
  reactions: readonly R[],
  calls: readonly { key: string; args: { reaction: string } }[],
): readonly R[] {
  const keys = calls.map((call) => call.key).join();
  const [base, setBase] = useState(() => ({ keys, mine: mineOf(reactions) }));
  let mine = base.mine;
  if (base.keys !== keys) {
    mine = mineOf(reactions);
    setBase({ keys, mine });
  }
  return withQueuedToggles(
    reactions,
    calls.map((call) => call.args.reaction),
    mine,
  );
}
