import { useConvex } from "convex/react";
import { getFunctionName, type FunctionArgs, type FunctionReference } from "convex/server";
import { convexToJson, type Value } from "convex/values";
import { useEffect } from "react";

/** A query with its arguments, as a screen subscribes to it. */
export type QueryRequest<Query extends FunctionReference<"query"> = FunctionReference<"query">> = {
  query: Query;
  args: FunctionArgs<Query>;
};

/**
 * Subscribes to `request` while the calling component is mounted, so its result travels while
 * a screen's code still loads: the screen, subscribing to the same query (one subscription for
 * both), starts from that result instead of a skeleton and another round trip.
 *
 * Dropped on an error, so that a screen's Try Again (which re-subscribes) really runs the query
 * again; the screen shows the error through its own subscription.
 */
export function useQueryPrefetch(request: QueryRequest): void {
  const convex = useConvex();
  const key = JSON.stringify([getFunctionName(request.query), convexToJson(request.args as Value)]);
  useEffect(() => {
    const watch = convex.watchQuery(request.query, request.args);
    let unsubscribe: (() => void) | null = watch.onUpdate(() => {
      try {
        watch.localQueryResult();
      } catch {
        release();
      }
    });
    const release = () => {
      unsubscribe?.();
      unsubscribe = null;
    };
    return release;
    // `request` is identified by `key`: callers build a new object on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [convex, key]);
}
