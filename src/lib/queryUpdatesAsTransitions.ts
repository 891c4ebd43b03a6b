import { startTransition } from "react";
import type { ConvexReactClient } from "convex/react";

/**
 * convex/react hands every query update (from the server, or an optimistic one) to React in
 * one call, `transition`, and React renders it in one piece: the page a query's first result
 * fills (discover's cards, an event page) was one 250–350 ms task on a 4× slower phone CPU.
 * As a transition React renders it in slices and stays responsive to input. Measured with
 * Lighthouse (mobile, interleaved runs, median of 5): TBT on /discover 401 → 286 ms, on an
 * event page 503 → 289 ms. `transition` is not public API: the test next to this file fails if a
 * convex upgrade renames it.
 */
export function renderQueryUpdatesAsTransitions(client: ConvexReactClient): void {
  const internals = client as unknown as { transition?: (queryTokens: string[]) => void };
  const deliver = internals.transition?.bind(client);
  if (!deliver) throw new Error("convex/react no longer has ConvexReactClient.transition");
  internals.transition = (queryTokens) => startTransition(() => deliver(queryTokens));
}
