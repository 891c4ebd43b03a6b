import { api } from "@convex/_generated/api";
import { useQueuedCalls } from "@/lib/offline/outbox/useOutbox";
import type { QueuedAnswer, QueuedNotificationChanges } from "./queuedChanges";

/** The signed-in user's queued reads and invitation answers, for the bell and its list. */
export function useQueuedNotificationChanges(): QueuedNotificationChanges {
  const allRead = useQueuedCalls(api.notifications.markAllRead).length > 0;
  const reads = useQueuedCalls(api.notifications.markRead);
  const crewAnswers = useQueuedCalls(api.crews.respondToInvitation);
  const eventAnswers = useQueuedCalls(api.invitations.respond);
  const answers: QueuedAnswer[] = [
    ...crewAnswers.map((call) => ({
      target: { type: "crew_invitation" as const, crewId: call.args.crewId },
      response: call.args.response,
      queuedAt: call.queuedAt,
    })),
    ...eventAnswers.map((call) => ({
      target: { type: "event_invitation" as const, eventId: call.args.eventId },
      response: call.args.response,
      queuedAt: call.queuedAt,
    })),
  ].sort((a, b) => a.queuedAt - b.queuedAt);
  return {
    allRead,
    readIds: new Set(reads.map((call) => call.args.notificationId)),
    answers,
  };
}
