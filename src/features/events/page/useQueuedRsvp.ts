import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import type { InvitationResponse } from "@shared/notificationRules";
import { useQueuedCalls, useWaitingMark } from "@/lib/offline/outbox/useOutbox";
import type { QueuedChange } from "./queuedRsvp";

/**
 * The viewer's queued changes of their standing at `eventId`, oldest first: joins, leaves,
 * RSVPs and answers to their invitation. `rsvpWaiting`: the join button's mark; `answer`: the
 * last queued answer, which the invitation banner shows with its own mark.
 */
export function useQueuedRsvp(eventId: Id<"events"> | null): {
  changes: QueuedChange[];
  rsvpWaiting: boolean;
  answer: { response: InvitationResponse; waiting: boolean } | null;
} {
  const forEvent = (args: { eventId: Id<"events"> }) => args.eventId === eventId;
  const rsvps: QueuedChange[] = [
    ...useQueuedCalls(api.events.join, forEvent).map((call) => ({
      kind: "rsvp" as const,
      status: "going" as const,
      queuedAt: call.queuedAt,
    })),
    ...useQueuedCalls(api.events.leave, forEvent).map((call) => ({
      kind: "rsvp" as const,
      status: null,
      queuedAt: call.queuedAt,
    })),
    ...useQueuedCalls(api.rsvps.set, forEvent).map((call) => ({
      kind: "rsvp" as const,
      status: call.args.status,
      queuedAt: call.queuedAt,
    })),
  ];
  const answers = useQueuedCalls(api.invitations.respond, forEvent).map((call) => ({
    kind: "answer" as const,
    response: call.args.response,
    queuedAt: call.queuedAt,
  }));
  const rsvpWaiting = useWaitingMark(rsvps);
  const answerWaiting = useWaitingMark(answers);
  const lastAnswer = answers.at(-1);
  return {
    // Queued calls come oldest first within each mutation; the page applies them in tap order.
    changes: [...rsvps, ...answers].sort((a, b) => a.queuedAt - b.queuedAt),
    rsvpWaiting,
    answer: lastAnswer ? { response: lastAnswer.response, waiting: answerWaiting } : null,
  };
}
