import { useState } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import { NOTIFICATION_MESSAGES, type InvitationResponse } from "@shared/notificationRules";
import { errorMessage } from "@shared/errors";
import { useQueuedMutation } from "@/lib/offline/outbox/useOutbox";
import type { InvitationTarget } from "./queuedChanges";

const TOASTS = {
  crew_invitation: {
    accepted: NOTIFICATION_MESSAGES.crewJoined,
    declined: NOTIFICATION_MESSAGES.crewDeclined,
  },
  event_invitation: {
    accepted: NOTIFICATION_MESSAGES.invitationAccepted,
    declined: NOTIFICATION_MESSAGES.invitationDeclined,
  },
} as const;

/**
 * Accept or decline a crew or session invitation from the bell. The answer is queued: the item
 * shows it at once (queuedChanges.ts), then as the live notification says (`userResponse`), so
 * every open view changes together; a refusal (the invitation was withdrawn) is shown by the
 * outbox and the item is as the server has it again.
 */
export function useInvitationResponse(target: InvitationTarget | null) {
  const respondToCrew = useQueuedMutation(api.crews.respondToInvitation);
  const respondToEvent = useQueuedMutation(api.invitations.respond);
  const [pending, setPending] = useState(false);

  async function respond(response: InvitationResponse) {
    if (target === null || pending) return;
    setPending(true);
    try {
      if (target.type === "crew_invitation")
        await respondToCrew({ crewId: target.crewId, response });
      else await respondToEvent({ eventId: target.eventId, response });
      toast.success(TOASTS[target.type][response]);
    } catch (error) {
      toast.error(errorMessage(error, NOTIFICATION_MESSAGES.failedToRespond));
    } finally {
      setPending(false);
    }
  }

  return { respond, pending };
}
