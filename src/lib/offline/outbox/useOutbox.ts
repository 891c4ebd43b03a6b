/**
 * Screens queue taps through the outbox and show what is queued: `useQueuedMutation` in place of
 * `useMutation` for the mutations of queuedActions.ts, and `useQueuedCalls` to show a queued
 * change at once (optimistically) with its "waiting to send" mark.
 */
import { getFunctionName, type FunctionArgs, type FunctionReference } from "convex/server";
import { jsonToConvex, type Value } from "convex/values";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { enqueue, queuedActions, subscribeOutbox } from "./outbox";

/** A queued mutation's arguments, without the idempotency key the outbox adds. */
export type QueuedArgs<Mutation extends FunctionReference<"mutation">> = Omit<
  FunctionArgs<Mutation>,
  "idempotencyKey"
>;

/** A queued call not yet answered by the server, oldest first. */
export type QueuedCall<Mutation extends FunctionReference<"mutation">> = {
  key: string;
  args: QueuedArgs<Mutation>;
  queuedAt: number;
};

/**
 * Queues `mutation`: the returned function resolves once the call is kept on the device (it is
 * sent at once when online, else when the network is back). The server's refusal, if any, is
 * shown to the person by the outbox and undoes the optimistic change.
 */
export function useQueuedMutation<Mutation extends FunctionReference<"mutation">>(
  mutation: Mutation,
): (args: QueuedArgs<Mutation>) => Promise<void> {
  const name = getFunctionName(mutation);
  return useCallback(
    (args: QueuedArgs<Mutation>) => enqueue(name, args as Record<string, Value>),
    [name],
  );
}

/** The signed-in user's queued calls of `mutation` whose arguments `matches` accepts. */
export function useQueuedCalls<Mutation extends FunctionReference<"mutation">>(
  mutation: Mutation,
  matches: (args: QueuedArgs<Mutation>) => boolean = () => true,
): QueuedCall<Mutation>[] {
  const name = getFunctionName(mutation);
  const all = useSyncExternalStore(subscribeOutbox, queuedActions, () => []);
  const mine = useMemo(
    () =>
      all
        .filter((action) => action.name === name)
        .map((action) => ({
          key: action.key,
          args: jsonToConvex(action.args) as QueuedArgs<Mutation>,
          queuedAt: action.queuedAt,
        })),
    [all, name],
  );
  // `matches` is usually an inline closure: filter on every render, it is cheap.
  return mine.filter((call) => matches(call.args));
}

/** Sends after a moment are not worth a mark: the mark shows once a call has waited this long. */
const MARK_AFTER_MS = 600;

/** Whether a "waiting to send" mark shows for these queued calls. */
export function useWaitingMark(calls: readonly { queuedAt: number }[]): boolean {
  const oldest = calls.length === 0 ? null : Math.min(...calls.map((call) => call.queuedAt));
  const [shownFor, setShownFor] = useState<number | null>(null);
  useEffect(() => {
    if (oldest === null) return;
    const timer = setTimeout(
      () => setShownFor(oldest),
      Math.max(0, oldest + MARK_AFTER_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [oldest]);
  return oldest !== null && shownFor === oldest;
}
