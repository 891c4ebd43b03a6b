import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import type { InvitationResponse } from "@shared/notificationRules";
import { useQueuedCalls, useWaitingMark } from "@/lib/offline/outbox/useOutbox";

/** The viewer's last queued answer to their invitation to `crewId`, if any. */
export function useQueuedCrewAnswer(crewId: Id<"crews">): {
  response: InvitationResponse;
  waiting: boolean;
} | null {
  const calls = useQueuedCalls(api.crews.respondToInvitation, (args) => args.crewId === crewId);
  const waiting = useWaitingMark(calls);
  const last = calls.at(-1);
  return last ? { response: last.args.response, waiting } : null;
}
