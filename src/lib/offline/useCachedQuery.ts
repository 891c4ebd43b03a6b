/**
 * Screens read their queries through these hooks to paint from the device copy while the live
 * subscription catches up (stale-while-revalidate): the same arguments and results as
 * `useQuery`, `useQueryState` and `usePaginatedQuery`, except that until the live result
 * arrives they answer with the last one this user saw, if the device kept it. Once live, the
 * result is the live one, and it is kept for next time.
 *
 * Kept per signed-in user (deviceUser.ts): with no confirmed user nothing is read or kept. Only
 * the queries in keptQueries.ts are kept; a paginated list keeps its first page, and shows it as
 * the whole list (no "load more" until live). The rest (deviceCopy.ts: reading, writing,
 * IndexedDB) loads on first use.
 *
 * The results this tab has seen stay in memory too (mirror.ts), so going back to a screen
 * paints at once without asking IndexedDB.
 */
import {
  usePaginatedQuery,
  type OptionalRestArgsOrSkip,
  type PaginatedQueryArgs,
  type PaginatedQueryReference,
  type UsePaginatedQueryReturnType,
} from "convex/react";
import {
  getFunctionName,
  type FunctionArgs,
  type FunctionReference,
  type FunctionReturnType,
} from "convex/server";
import { convexToJson, type Value } from "convex/values";
import { useEffect, useSyncExternalStore } from "react";
import { useQueryState, type QueryState } from "../useQueryState";
import { deviceUserId } from "./deviceUser";
import { loadDeviceCopy } from "./deviceCopyLoader";
import { FAILED, LOADING, memory } from "./mirror";
import type { CopyRef, Kept } from "./store";

type Live = { value: unknown } | typeof LOADING | typeof FAILED;

/** The same text as store.ts's copyKey (not imported: that module loads lazily). */
function keyOf(ref: CopyRef): string {
  return JSON.stringify([ref.userId, ref.name, ref.args, ref.paged]);
}

function refOf(
  query: FunctionReference<"query">,
  args: unknown,
  firstPage?: number,
): CopyRef | null {
  const userId = deviceUserId();
  if (userId === null || args === "skip") return null;
  const json = convexToJson((args ?? {}) as Value);
  return {
    userId,
    name: getFunctionName(query),
    args: JSON.stringify(firstPage === undefined ? json : [json, firstPage]),
    paged: firstPage !== undefined,
  };
}

// ---------------------------------------------------------------- what the screen shows

/** When each device-served result on screen was seen live: the banner shows the oldest. */
const shownSince = new Map<symbol, number>();
const shownListeners = new Set<() => void>();

/** The oldest "seen live at" of what screens now show from the device, or null. */
export function oldestShownFromDevice(): number | null {
  return shownSince.size === 0 ? null : Math.min(...shownSince.values());
}

export function subscribeShownFromDevice(listener: () => void): () => void {
  shownListeners.add(listener);
  return () => shownListeners.delete(listener);
}

function useShownFromDevice(savedAt: number | null): void {
  useEffect(() => {
    if (savedAt === null) return;
    const id = Symbol();
    shownSince.set(id, savedAt);
    for (const listener of shownListeners) listener();
    return () => {
      shownSince.delete(id);
      for (const listener of shownListeners) listener();
    };
  }, [savedAt]);
}

/**
 * The kept result for `ref` while its live result is awaited (asked of the device unless this
 * tab knows it); the live result kept once it arrives, or the kept one dropped if it failed.
 */
function useDeviceCopy(ref: CopyRef | null, live: Live, firstPage?: number): Kept | null {
  const key = ref === null ? null : keyOf(ref);
  const wanted = live === LOADING;
  // Read only while wanted: once live, the screen never re-renders for the copy.
  const shown = useSyncExternalStore(
    memory.subscribe,
    () => (key === null || !wanted ? null : (memory.get(key) ?? null)),
    () => null,
  );
  const liveValue = typeof live === "object" ? live.value : live;
  useEffect(() => {
    if (ref === null || key === null || (liveValue === LOADING && memory.has(key))) return;
    loadDeviceCopy()
      .then((copy) => copy.update(ref, key, liveValue, firstPage))
      .catch(() => undefined);
    // `ref` is identified by `key`, and `live` by its value (a new wrapper every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, liveValue]);
  useShownFromDevice(shown?.savedAt ?? null);
  return shown;
}

/** `useQueryState`, answered from the device until the live result arrives. */
export function useCachedQueryState<Query extends FunctionReference<"query">>(
  query: Query,
  args: FunctionArgs<Query> | "skip",
): QueryState<FunctionReturnType<Query>> {
  const live = useQueryState(query, args);
  const kept = useDeviceCopy(
    refOf(query, args),
    live.status === "success" ? { value: live.data } : live.status === "error" ? FAILED : LOADING,
  );
  if (kept !== null) return { status: "success", data: kept.value as FunctionReturnType<Query> };
  return live;
}

/** `useQuery`, answered from the device until the live result arrives. */
export function useCachedQuery<Query extends FunctionReference<"query">>(
  query: Query,
  ...args: OptionalRestArgsOrSkip<Query>
): FunctionReturnType<Query> | undefined {
  const state = useCachedQueryState<Query>(query, args[0] ?? {});
  if (state.status === "error") throw state.error;
  return state.status === "success" ? state.data : undefined;
}

const loadNothingMore = () => {};

/**
 * `usePaginatedQuery`, answered from the device's first page until the live first page
 * arrives. That page shows as the whole list ("Exhausted"): nothing more can load before the
 * live subscription is back, and a button that does nothing, or a spinner that never ends,
 * would say otherwise.
 */
export function useCachedPaginatedQuery<Query extends PaginatedQueryReference>(
  query: Query,
  args: PaginatedQueryArgs<Query> | "skip",
  options: { initialNumItems: number },
): UsePaginatedQueryReturnType<Query> {
  const live = usePaginatedQuery(query, args, options);
  const firstPage = options.initialNumItems;
  const kept = useDeviceCopy(
    refOf(query, args, firstPage),
    live.status === "LoadingFirstPage" ? LOADING : { value: live.results },
    firstPage,
  );
  if (kept === null) return live;
  return {
    results: kept.value as UsePaginatedQueryReturnType<Query>["results"],
    status: "Exhausted",
    isLoading: false,
    loadMore: loadNothingMore,
  };
}
