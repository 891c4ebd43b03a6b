/** How far the device's clock may be off the server's when matching a sent call to its result. */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * The queued calls a live list does not show yet. Between the server keeping what a call made
 * and the call leaving the outbox, both exist: a queued call is left out once `mine` (the live
 * items the viewer made) has one that `isResultOf` it, made no earlier than it was queued (give
 * or take the clocks' difference). Each live item stands for one queued call, oldest first, so
 * the same thing sent twice shows twice.
 */
export function unsentCalls<Call extends { queuedAt: number }, Live extends { createdAt: number }>(
  queued: readonly Call[],
  mine: readonly Live[],
  isResultOf: (item: Live, call: Call) => boolean,
): Call[] {
  if (queued.length === 0) return [];
  const oldestFirst = [...mine].sort((a, b) => a.createdAt - b.createdAt);
  const used = new Set<Live>();
  return queued.filter((call) => {
    const sent = oldestFirst.find(
      (item) =>
        !used.has(item) &&
        item.createdAt >= call.queuedAt - CLOCK_SKEW_MS &&
        isResultOf(item, call),
    );
    if (sent === undefined) return true;
    used.add(sent);
    return false;
  });
}
