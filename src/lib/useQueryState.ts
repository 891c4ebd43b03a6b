import { useQueries } from "convex/react";
import {
  getFunctionName,
  type FunctionArgs,
  type FunctionReference,
  type FunctionReturnType,
} from "convex/server";
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { useMemo } from "react";

type Requests = Parameters<typeof useQueries>[0];

export type QueryState<T> =
  | { status: "loading" }
  | { status: "success"; data: T }
  | { status: "error"; error: Error };

/**
 * Like `useQuery`, but a failed query comes back as `{ status: "error" }`
 * instead of being thrown into the nearest error boundary — for screens that
 * show their own failure state (a stat tile's 'Failed to load').
 * Pass "skip" to not subscribe (reported as loading).
 */
export function useQueryState<Query extends FunctionReference<"query">>(
  query: Query,
  args: FunctionArgs<Query> | "skip",
): QueryState<FunctionReturnType<Query>> {
  const name = getFunctionName(query);
  const argsKey = args === "skip" ? null : JSON.stringify(convexToJson(args));
  const requests = useMemo<Requests>(() => {
    const none: Requests = {};
    if (argsKey === null) return none;
    const parsedArgs = jsonToConvex(JSON.parse(argsKey) as JSONValue) as Record<string, Value>;
    return { result: { query, args: parsedArgs } };
    // `query` is identified by its name: api references are new objects on every access.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name, argsKey]);
  const results: Record<string, unknown> = useQueries(requests);
  if (argsKey === null) return { status: "loading" };
  const value = results.result;
  if (value === undefined) return { status: "loading" };
  if (value instanceof Error) return { status: "error", error: value };
  return { status: "success", data: value as FunctionReturnType<Query> };
}
