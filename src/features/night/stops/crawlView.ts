/**
 * Where the crawl is as this device shows it: the server's current stop, moved on by the host's
 * taps still queued offline (applied in tap order, as the server will apply them).
 */
export type QueuedMove =
  | { kind: "arrive"; stopId: string; queuedAt: number }
  | { kind: "moveOn"; fromStopId: string; queuedAt: number };

export function shownCurrentStop(
  stopIds: readonly string[],
  serverCurrent: string | null,
  moves: readonly QueuedMove[],
): string | null {
  let current = serverCurrent;
  for (const move of [...moves].sort((a, b) => a.queuedAt - b.queuedAt)) {
    if (move.kind === "arrive") {
      if (stopIds.includes(move.stopId)) current = move.stopId;
    } else if (move.fromStopId === current) {
      current = stopIds[stopIds.indexOf(move.fromStopId) + 1] ?? current;
    }
  }
  return current;
}

/** The current stop and the one after it (the first stop is "next" before the crawl starts). */
export function currentAndNext<S extends { _id: string }>(
  stops: readonly S[],
  currentId: string | null,
): { current: S | null; next: S | null } {
  const index = currentId === null ? -1 : stops.findIndex((stop) => stop._id === currentId);
  return { current: index === -1 ? null : stops[index], next: stops[index + 1] ?? null };
}

/** The order after moving the stop at `index` one place up (-1) or down (+1). */
export function movedOrder<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= items.length) return [...items];
  const order = [...items];
  [order[index], order[target]] = [order[target], order[index]];
  return order;
}
