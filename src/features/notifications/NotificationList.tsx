import { useClose } from "@headlessui/react";
import { useState, type UIEvent } from "react";
import { useNavigate } from "react-router-dom";
import { api } from "@convex/_generated/api";
import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATION_MESSAGES,
  notificationLink,
} from "@shared/notificationRules";
import { Spinner } from "@/components/ui/Spinner";
import { useQueuedMutation } from "@/lib/offline/outbox/useOutbox";
import { useCachedPaginatedQuery } from "@/lib/offline/useCachedQuery";
import { NotificationItem } from "./NotificationItem";
import type { NotificationView } from "./notificationView";
import { queuedAnswerFor, withQueuedChanges } from "./queuedChanges";
import { useQueuedNotificationChanges } from "./useQueuedNotificationChanges";

// Load the next page when the reader is this close to the bottom of the list.
const LOAD_MORE_THRESHOLD_PX = 120;

/** The popover's list, newest first, more on scroll (its own chunk, loaded on first open). */
export function NotificationList() {
  const { results, status, loadMore } = useCachedPaginatedQuery(
    api.notifications.list,
    {},
    { initialNumItems: NOTIFICATIONS_PAGE_SIZE },
  );
  // Queued: read at once, sent now or once back online.
  const markRead = useQueuedMutation(api.notifications.markRead);
  const queued = useQueuedNotificationChanges();
  const navigate = useNavigate();
  const close = useClose();
  // Read once per opening: an invitation's expiry is judged against it.
  const [now] = useState(Date.now);

  async function open(notification: NotificationView) {
    if (!notification.read) {
      try {
        await markRead({ notificationId: notification._id });
      } catch {
        // The device could not keep it: still go where it points; it stays unread.
      }
    }
    const link = notificationLink(notification);
    if (link) {
      close();
      void navigate(link);
    }
  }

  function onScroll(event: UIEvent<HTMLDivElement>) {
    const list = event.currentTarget;
    const nearEnd =
      list.scrollTop + list.clientHeight >= list.scrollHeight - LOAD_MORE_THRESHOLD_PX;
    if (nearEnd && status === "CanLoadMore") loadMore(NOTIFICATIONS_PAGE_SIZE);
  }

  if (status === "LoadingFirstPage") {
    return (
      <div className="flex h-40 items-center justify-center">
        <Spinner className="size-6" />
      </div>
    );
  }
  if (results.length === 0) {
    return (
      <div className="px-6 py-10 text-center">
        <p aria-hidden="true" className="text-3xl">
          🔔
        </p>
        <p className="mt-2 font-semibold text-cream-50">{NOTIFICATION_MESSAGES.emptyTitle}</p>
        <p className="mt-1 text-sm text-cream-400">{NOTIFICATION_MESSAGES.emptyBody}</p>
      </div>
    );
  }
  return (
    <div onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-2">
      <ul aria-label="Latest notifications" className="flex flex-col gap-1">
        {results.map((notification) => (
          <NotificationItem
            key={notification._id}
            notification={withQueuedChanges(notification, queued)}
            answerQueuedAt={queuedAnswerFor(notification, queued.answers)?.queuedAt ?? null}
            now={now}
            onOpen={(n) => void open(n)}
          />
        ))}
      </ul>
      {status === "LoadingMore" && (
        <div className="flex justify-center py-3">
          <Spinner className="size-5" />
        </div>
      )}
    </div>
  );
}
