import { useMutation, useQuery } from "convex/react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { api } from "../../../../convex/_generated/api";
import type { Id } from "../../../../convex/_generated/dataModel";
import {
  NOTIFICATION_MESSAGES,
  type InvitationResponse,
} from "../../../../shared/notificationRules";
import { errorMessage } from "../../../../shared/errors";
import { Button } from "@/components/ui/Button";

const RESPONSE_TOASTS = {
  accepted: NOTIFICATION_MESSAGES.invitationAccepted,
  declined: NOTIFICATION_MESSAGES.invitationDeclined,
} as const;

/**
 * The viewer's pending invitation to this session, answered here.
 * It goes away by itself once answered, here, from the bell or in another tab.
 */
export function InvitationBanner({ eventId }: { eventId: Id<"events"> }) {
  const invitation = useQuery(api.invitations.myInvitation, { eventId });
  const respond = useMutation(api.invitations.respond);
  const [pending, setPending] = useState(false);
  if (invitation?.status !== "pending") return null;

  async function answer(response: InvitationResponse) {
    setPending(true);
    try {
      await respond({ eventId, response });
      toast.success(RESPONSE_TOASTS[response]);
    } catch (error) {
      toast.error(errorMessage(error, NOTIFICATION_MESSAGES.failedToRespond));
    } finally {
      setPending(false);
    }
  }

  return (
    <div
      role="region"
      aria-label="Your invitation"
      className="flex flex-col gap-3 rounded-2xl bg-brand-amber/10 p-4 ring-1 ring-brand-amber/40 ring-inset"
    >
      <p className="font-semibold text-cream-50">
        <span aria-hidden="true">💌 </span>You're invited to this session.
      </p>
      <div className="flex gap-2">
        <Button size="sm" disabled={pending} onClick={() => void answer("accepted")}>
          Accept
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={pending}
          onClick={() => void answer("declined")}
        >
          Decline
        </Button>
      </div>
    </div>
  );
}
