import { formatDistanceToNow } from "date-fns";
import type { Id } from "@convex/_generated/dataModel";
import { NOTIFICATION_MESSAGES, homeSafeTarget, invitationState } from "@shared/notificationRules";
import { HomeSafeButton } from "@/components/checkIn/HomeSafeButton";
import { Avatar } from "@/components/ui/Avatar";
import { AcceptDeclineButtons } from "@/components/ui/AcceptDeclineButtons";
import { WaitingMark } from "@/components/ui/WaitingMark";
import { cn } from "@/lib/cn";
import { useWaitingMark } from "@/lib/offline/outbox/useOutbox";
import type { NotificationView } from "./notificationView";
import { invitationTarget } from "./queuedChanges";
import { useInvitationResponse } from "./useInvitationResponse";

const ANSWERED_TEXT = {
  accepted: NOTIFICATION_MESSAGES.accepted,
  declined: NOTIFICATION_MESSAGES.declined,
  expired: NOTIFICATION_MESSAGES.expired,
} as const;

/**
 * One notification (as it will be once the queued changes apply): opening it marks it read;
 * invitations answer inline.
 */
export function NotificationItem({
  notification,
  answerQueuedAt = null,
  now,
  onOpen,
}: {
  notification: NotificationView;
  /** When its shown answer was queued, while it waits in the outbox: the mark shows. */
  answerQueuedAt?: number | null;
  now: number;
  onOpen: (notification: NotificationView) => void;
}) {
  const waiting = useWaitingMark(answerQueuedAt === null ? [] : [{ queuedAt: answerQueuedAt }]);
  const state = invitationState(notification, now);
  const { respond, pending } = useInvitationResponse(
    state === "actionable" ? invitationTarget(notification) : null,
  );
  const sender = notification.senderName ?? "Clink";
  // A check-in reminder carries Home safe until its check-in closes (the server records it).
  const homeSafeEventId = homeSafeTarget(notification) as Id<"events"> | null;
  return (
    <li className={cn("rounded-xl", !notification.read && "bg-night-800/70")}>
      <button
        type="button"
        onClick={() => onOpen(notification)}
        className="flex w-full gap-3 rounded-xl p-3 text-left transition hover:bg-night-800"
      >
        <Avatar name={sender} url={notification.senderAvatar} size="sm" />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="text-sm font-semibold text-cream-50">{notification.title}</span>
          <span className="text-sm text-cream-200">{notification.message}</span>
          <time
            dateTime={new Date(notification.createdAt).toISOString()}
            className="text-xs text-cream-400"
          >
            {formatDistanceToNow(notification.createdAt, { addSuffix: true })}
          </time>
        </span>
        {!notification.read && (
          <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-brand-amber">
            <span className="sr-only">Unread</span>
          </span>
        )}
      </button>
      {state === "actionable" && (
        <AcceptDeclineButtons
          size="sm"
          disabled={pending}
          onAnswer={(response) => void respond(response)}
          className="flex gap-2 px-3 pb-3 pl-14"
        />
      )}
      {homeSafeEventId !== null && (
        <HomeSafeButton eventId={homeSafeEventId} size="sm" className="px-3 pb-3 pl-14" />
      )}
      {(state === "accepted" || state === "declined" || state === "expired") && (
        <p className="flex flex-wrap gap-x-3 px-3 pb-3 pl-14 text-sm text-cream-200">
          {ANSWERED_TEXT[state]}
          {waiting && <WaitingMark />}
        </p>
      )}
    </li>
  );
}
