import { api } from "../../../../convex/_generated/api";
import type { Id } from "../../../../convex/_generated/dataModel";
import { useQueuedCalls, useWaitingMark } from "@/lib/offline/outbox/useOutbox";
import type { QueuedRsvp } from "./queuedRsvp";

/** The last queued join, leave or RSVP of the viewer for `eventId`, if any. */
export function useQueuedRsvp(eventId: Id<"events"> | null): {
  queued: QueuedRsvp | null;
  waiting: boolean;
} {
  const forEvent = (args: { eventId: Id<"events"> }) => args.eventId === eventId;
  const changes: QueuedRsvp[] = [
    ...useQueuedCalls(api.events.join, forEvent).map((call) => ({
      status: "going" as const,
      queuedAt: call.queuedAt,
    })),
    ...useQueuedCalls(api.events.leave, forEvent).map((call) => ({
      status: null,
      queuedAt: call.queuedAt,
    })),
    ...useQueuedCalls(api.rsvps.set, forEvent).map((call) => ({
      status: call.args.status,
      queuedAt: call.queuedAt,
    })),
  ];
  const waiting = useWaitingMark(changes);
  const queued = changes.reduce<QueuedRsvp | null>(
    (last, change) => (last === null || change.queuedAt >= last.queuedAt ? change : last),
    null,
  );
  return { queued, waiting };
}
