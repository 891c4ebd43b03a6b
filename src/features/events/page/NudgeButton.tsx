import { useMutation, useQuery } from "convex/react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { errorMessage } from "@shared/errors";
import { formatWait, NUDGE_MESSAGES } from "@shared/reminderRules";
import { Button } from "@/components/ui/Button";
import { StrokeIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/Spinner";
import { useNow } from "@/lib/useNow";

function NudgeIcon() {
  return (
    <StrokeIcon className="size-4">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      <path d="M2 3.5 4 5M22 3.5 20 5" />
    </StrokeIcon>
  );
}

/**
 * The host's Nudge: reminds invitees who have not answered. Shown
 * to the host and co-hosts while someone is still deciding; after a nudge it
 * says when the next one may go (the server decides, this only mirrors it).
 */
export function NudgeButton({ eventId }: { eventId: Id<"events"> }) {
  const status = useQuery(api.nudges.status, { eventId });
  const nudge = useMutation(api.nudges.nudge);
  const [sending, setSending] = useState(false);
  const now = useNow(60_000);
  if (!status?.hasPendingInvitees) return null;
  const waitMs = status.nextNudgeAt === null ? 0 : status.nextNudgeAt - now;
  const hintId = `nudge-hint-${eventId}`;

  async function send() {
    setSending(true);
    try {
      const { message } = await nudge({ eventId });
      toast.success(message);
    } catch (err) {
      toast.error(errorMessage(err, NUDGE_MESSAGES.failed));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="flex flex-col gap-1.5">
      <Button
        variant="secondary"
        onClick={() => void send()}
        disabled={sending || waitMs > 0}
        aria-describedby={hintId}
      >
        {sending ? <Spinner className="size-4" /> : <NudgeIcon />} {NUDGE_MESSAGES.button}
      </Button>
      <p id={hintId} className="text-center text-sm text-cream-400">
        {waitMs > 0
          ? `Nudged. You can nudge again in ${formatWait(waitMs)}`
          : NUDGE_MESSAGES.buttonHint}
      </p>
    </div>
  );
}
