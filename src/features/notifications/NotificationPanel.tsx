import { useClose } from "@headlessui/react";
import { useMutation, usePaginatedQuery } from "convex/react";
import { useState, type UIEvent } from "react";
import { useNavigate } from "react-router-dom";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATION_MESSAGES,
  notificationLink,
} from "../../../shared/notificationRules";
import { errorMessage } from "../../../shared/errors";
import { Button } from "@/components/ui/Button";
import { Spinner } from "@/components/ui/Spinner";
import { RefreshIcon } from "./icons";
import { NotificationItem, type NotificationView } from "./NotificationItem";

// Load the next page when the reader is this close to the bottom of the list.
const LOAD_MORE_THRESHOLD_PX = 120;

/** The popover's content: header actions and the list (its own chunk, loaded on first open). */
export function NotificationPanel() {
  // Remounting the list re-subscribes from the first page: what Refresh does.
  const [generation, setGeneration] = useState(0);
  const markAllRead = useMutation(api.notifications.markAllRead);

  async function markAll() {
    try {
      await markAllRead();
    } catch (error) {
      toast.error(errorMessage(error, "Failed to mark notifications as read"));
    }
  }

  return (
    <>
      <div className="flex items-center gap-1 border-b border-night-700 py-2 pr-2 pl-4">
        <h2 className="mr-auto font-display text-lg font-bold text-cream-50">
          {NOTIFICATION_MESSAGES.title}
        </h2>
        <Button size="sm" variant="ghost" className="px-3" onClick={() => void markAll()}>
          {NOTIFICATION_MESSAGES.markAllRead}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label="Refresh notifications"
          className="size-9 px-0"
          onClick={() => {
            setGeneration((n) => n + 1);
            toast.success(NOTIFICATION_MESSAGES.refreshed);
          }}
        >
          <RefreshIcon className="size-4" />
        </Button>
      </div>
      <NotificationList key={generation} />
    </>
  );
}

function NotificationList() {
  const { results, status, loadMore } = usePaginatedQuery(
    api.notifications.list,
    {},
    { initialNumItems: NOTIFICATIONS_PAGE_SIZE },
  );
  const markRead = useMutation(api.notifications.markRead);
  const navigate = useNavigate();
  const close = useClose();
  // Read once per opening: an invitation's expiry is judged against it.
  const [now] = useState(Date.now);

  async function open(notification: NotificationView) {
    if (!notification.read) {
      try {
        await markRead({ notificationId: notification._id });
      } catch {
        // Still go where it points; it stays unread.
      }
    }
    const link = notificationLink(notification.data);
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
            notification={notification}
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
