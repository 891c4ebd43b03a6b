import { useMutation } from "convex/react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { NOTIFICATION_MESSAGES, type InvitationResponse } from "../../../shared/notificationRules";
import { errorMessage } from "../../../shared/errors";

type InvitationTarget =
  | { type: "crew_invitation"; crewId: Id<"crews"> }
  | { type: "event_invitation"; eventId: Id<"events"> };

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
 * Accept or decline a crew or session invitation from the bell. What the
 * item shows afterwards comes from the live notification (`user_response`),
 * so every open view changes together.
 */
export function useInvitationResponse(target: InvitationTarget | null) {
  const respondToCrew = useMutation(api.crews.respondToInvitation);
  const respondToEvent = useMutation(api.invitations.respond);
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

/** What an invitation notification answers, from its data; null if the data lacks the id. */
export function invitationTarget(
  type: string,
  data: Record<string, unknown>,
): InvitationTarget | null {
  if (type === "crew_invitation" && typeof data.crew_id === "string")
    return { type, crewId: data.crew_id as Id<"crews"> };
  if (type === "event_invitation" && typeof data.event_id === "string")
    return { type, eventId: data.event_id as Id<"events"> };
  return null;
}
