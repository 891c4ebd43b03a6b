import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { CHECK_IN_MESSAGES } from "@shared/checkInRules";
import { Button } from "@/components/ui/Button";
import { WaitingMark } from "@/components/ui/WaitingMark";
import { cn } from "@/lib/cn";
import { useQueuedCalls, useQueuedMutation, useWaitingMark } from "@/lib/offline/outbox/useOutbox";
import { toast } from "@/lib/toast";

/**
 * "Home safe" for the viewer's check-in at `eventId`: tapped on the way home, often with no
 * signal, so it is queued in the outbox and sent once (idempotency key) when the network is
 * back; meanwhile the button says it is waiting. The session page, the home screen's banner
 * and the bell's reminder all show this one button.
 */
export function HomeSafeButton({
  eventId,
  size = "lg",
  className,
}: {
  eventId: Id<"events">;
  /** "lg": the big button of the page and the banner; "sm": the bell's reminder. */
  size?: "lg" | "sm";
  className?: string;
}) {
  const send = useQueuedMutation(api.checkIns.homeSafe);
  const queued = useQueuedCalls(api.checkIns.homeSafe, (args) => args.eventId === eventId);
  const waiting = useWaitingMark(queued);

  async function tap() {
    if (queued.length > 0) return;
    try {
      await send({ eventId });
      if (navigator.onLine) toast.success(CHECK_IN_MESSAGES.homeSafeDone);
      else toast(CHECK_IN_MESSAGES.homeSafeQueued);
    } catch {
      toast.error(CHECK_IN_MESSAGES.failed);
    }
  }

  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Button
        size={size === "lg" ? "lg" : "sm"}
        disabled={queued.length > 0}
        onClick={() => void tap()}
        className={size === "lg" ? "h-16 w-full text-lg" : undefined}
      >
        <span aria-hidden="true">🏠</span>
        {queued.length > 0 ? CHECK_IN_MESSAGES.homeSafeWaiting : CHECK_IN_MESSAGES.homeSafe}
      </Button>
      {waiting && <WaitingMark detailed={size === "lg"} />}
    </div>
  );
}
