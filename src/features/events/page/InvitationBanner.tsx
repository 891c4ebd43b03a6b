import { useState } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import {
  NOTIFICATION_MESSAGES,
  type InvitationResponse,
} from "@shared/notificationRules";
import { errorMessage } from "@shared/errors";
import { AcceptDeclineButtons } from "@/components/ui/AcceptDeclineButtons";
import { WaitingMark } from "@/components/ui/WaitingMark";
import { useQueuedMutation } from "@/lib/offline/outbox/useOutbox";
import type { EventPageData } from "./eventPageQuery";

const RESPONSE_TOASTS = {
  accepted: NOTIFICATION_MESSAGES.invitationAccepted,
  declined: NOTIFICATION_MESSAGES.invitationDeclined,
} as const;

const ANSWERED = {
  accepted: "You accepted the invitation.",
  declined: "You declined the invitation.",
} as const;

/**
 * The viewer's pending invitation to this session (from the page's own data, so it shows from
 * the device's copy too), answered here. The answer is queued: it shows at once, with the mark
 * while it waits; the banner goes once the server has it, here, from the bell or in another
 * tab. A refusal (the invitation was withdrawn) brings the buttons back, or the banner goes.
 */
export function InvitationBanner({
  eventId,
  invitation,
  answer,
}: {
  eventId: Id<"events">;
  invitation: EventPageData["viewer"]["member"];
  /** The viewer's answer still in the outbox, if any. */
  answer: { response: InvitationResponse; waiting: boolean } | null;
}) {
  const respond = useQueuedMutation(api.invitations.respond);
  const [pending, setPending] = useState(false);
  if (invitation?.status !== "pending" || invitation.role === "host") return null;

  async function answerWith(response: InvitationResponse) {
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
        <span aria-hidden="true">💌 </span>
        {answer === null ? "You're invited to this session." : ANSWERED[answer.response]}
      </p>
      {answer === null ? (
        <AcceptDeclineButtons
          size="sm"
          disabled={pending}
          onAnswer={(response) => void answerWith(response)}
        />
      ) : (
        answer.waiting && <WaitingMark detailed />
      )}
    </div>
  );
}
