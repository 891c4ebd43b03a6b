import { useState } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import { NOTIFICATION_MESSAGES } from "@shared/notificationRules";
import { errorMessage } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { LoadErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { Spinner } from "@/components/ui/Spinner";
import { lazyComponent } from "@/lib/lazyComponent";
import { useQueuedMutation } from "@/lib/offline/outbox/useOutbox";
import { RefreshIcon } from "./icons";

// The list, its items and date formatting load when the popover first opens (or is pointed at).
export const NotificationList = lazyComponent(
  () => import("./NotificationList"),
  "NotificationList",
  <div className="flex h-40 items-center justify-center">
    <Spinner className="size-6" />
  </div>,
);

/**
 * The popover's content: the header's actions, then the list. The header is here, not in
 * the lazy chunk, so the panel has focusable content from its first frame: Headless UI
 * takes a panel without it for a portalled one and adds focus sentinels axe flags.
 */
export function NotificationPanel() {
  // Remounting the list re-subscribes from the first page: what Refresh does.
  const [generation, setGeneration] = useState(0);
  // Queued: everything shows read at once, sent now or once back online.
  const markAllRead = useQueuedMutation(api.notifications.markAllRead);

  async function markAll() {
    try {
      await markAllRead({});
    } catch (error) {
      toast.error(errorMessage(error, "Failed to mark notifications as read"));
    }
  }

  return (
    <>
      <div className="flex items-center gap-1 border-b border-night-700 py-1.5 pr-1.5 pl-4">
        <h2 className="mr-auto font-display text-lg font-bold text-cream-50">
          {NOTIFICATION_MESSAGES.title}
        </h2>
        <Button size="sm" variant="ghost" onClick={() => void markAll()}>
          {NOTIFICATION_MESSAGES.markAllRead}
        </Button>
        <button
          type="button"
          aria-label="Refresh notifications"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-cream-200 transition hover:bg-night-800 hover:text-cream-50"
          onClick={() => {
            setGeneration((n) => n + 1);
            toast.success(NOTIFICATION_MESSAGES.refreshed);
          }}
        >
          <RefreshIcon className="size-5" />
        </button>
      </div>
      {/* A list that fails to load says so in place of the list; Refresh also tries again. */}
      <LoadErrorBoundary
        key={generation}
        message={NOTIFICATION_MESSAGES.failedToLoad}
        className="m-2"
      >
        <NotificationList />
      </LoadErrorBoundary>
    </>
  );
}
