import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { useQueuedCalls, useQueuedMutation, useWaitingMark } from "@/lib/offline/outbox/useOutbox";
import type { QueuedMove } from "./crawlView";

/**
 * The host's "We're here" and "Moving on" taps: queued in the outbox (a bar's signal comes and
 * goes), sent with an idempotency key, shown at once. `moves`: those not answered yet, for the
 * card to show where the crew is going; `waiting`: their "waiting to send" mark.
 */
export function useCrawlMoves(eventId: Id<"events">) {
  const arrive = useQueuedMutation(api.stops.arrive);
  const moveOn = useQueuedMutation(api.stops.moveOn);
  const forEvent = (args: { eventId: Id<"events"> }) => args.eventId === eventId;
  const moves: QueuedMove[] = [
    ...useQueuedCalls(api.stops.arrive, forEvent).map((call) => ({
      kind: "arrive" as const,
      stopId: call.args.stopId,
      queuedAt: call.queuedAt,
    })),
    ...useQueuedCalls(api.stops.moveOn, forEvent).map((call) => ({
      kind: "moveOn" as const,
      fromStopId: call.args.fromStopId,
      queuedAt: call.queuedAt,
    })),
  ];
  const waiting = useWaitingMark(moves);
  return {
    moves,
    waiting,
    arrive: (stopId: Id<"event_stops">) => arrive({ eventId, stopId }),
    moveOn: (fromStopId: Id<"event_stops">) => moveOn({ eventId, fromStopId }),
  };
}
