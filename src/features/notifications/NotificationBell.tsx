import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { Fragment, useState, type ReactNode } from "react";
import { api } from "@convex/_generated/api";
import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATION_MESSAGES,
  unreadBadgeLabel,
} from "@shared/notificationRules";
import { LoadErrorPanel, QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { useCachedPaginatedQuery, useCachedQuery } from "@/lib/offline/useCachedQuery";
import { BellIcon } from "./icons";
import { NotificationList, NotificationPanel } from "./NotificationPanel";
import { queuedUnreadCount } from "./queuedChanges";
import { useQueuedNotificationChanges } from "./useQueuedNotificationChanges";
import { useArrivalToasts, type CelebrateBadge } from "./useArrivalToasts";

/**
 * The nav bar's bell (signed-in users only): live unread badge, arrival toasts, the popover.
 * It sits in the app's frame, so a failure of its own stays inside it: the bell then opens on
 * 'Failed to load notifications' with Try Again, and the page around it goes on working.
 */
export function NotificationBell({
  celebrateBadge,
}: {
  /** How a badge award that arrives is celebrated (composed by the app). */
  celebrateBadge?: CelebrateBadge;
} = {}) {
  // Try Again remounts the bell and the toasts: both subscribe again.
  const [attempt, setAttempt] = useState(0);
  return (
    <Fragment key={attempt}>
      <QueryErrorBoundary
        fallback={() => <UnavailableBell onRetry={() => setAttempt((n) => n + 1)} />}
      >
        <LiveBell />
      </QueryErrorBoundary>
      {/* Toasts are extras: if their query fails, the bell's list says so when opened. */}
      <QueryErrorBoundary fallback={() => null}>
        <ArrivalToasts celebrateBadge={celebrateBadge} />
      </QueryErrorBoundary>
    </Fragment>
  );
}

function LiveBell() {
  const queued = useQueuedNotificationChanges();
  // While a read or an answer waits, the first page says which notifications the server still
  // has unread, so one it has already counted is not taken off again.
  const needsList = queued.readIds.size > 0 || queued.answers.length > 0;
  const known = useCachedPaginatedQuery(api.notifications.list, needsList ? {} : "skip", {
    initialNumItems: NOTIFICATIONS_PAGE_SIZE,
  }).results;
  const unread = queuedUnreadCount(
    useCachedQuery(api.notifications.unreadCount) ?? 0,
    queued,
    known,
  );
  const badge = unreadBadgeLabel(unread);
  const preload = () => void NotificationList.preload();
  return (
    <BellPopover
      label={badge ? `Notifications, ${badge} unread` : "Notifications"}
      badge={badge}
      onIntent={preload}
    >
      <NotificationPanel />
    </BellPopover>
  );
}

/** The bell after its unread count failed: it still opens, on the error and Try Again. */
function UnavailableBell({ onRetry }: { onRetry: () => void }) {
  return (
    <BellPopover label="Notifications, failed to load" badge="!">
      <div className="border-b border-night-700 py-3 pr-1.5 pl-4">
        <h2 className="font-display text-lg font-bold text-cream-50">
          {NOTIFICATION_MESSAGES.title}
        </h2>
      </div>
      <LoadErrorPanel
        message={NOTIFICATION_MESSAGES.failedToLoad}
        onRetry={onRetry}
        className="m-2"
      />
    </BellPopover>
  );
}

function ArrivalToasts({ celebrateBadge }: { celebrateBadge?: CelebrateBadge }) {
  useArrivalToasts(celebrateBadge);
  return null;
}

function BellPopover({
  label,
  badge,
  onIntent,
  children,
}: {
  label: string;
  badge: string | null;
  /** Pointed at or focused: about to be opened. */
  onIntent?: () => void;
  children: ReactNode;
}) {
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={label}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        className="relative inline-flex size-11 items-center justify-center rounded-full text-cream-50 transition hover:bg-night-800 data-open:bg-night-800"
      >
        <BellIcon />
        {badge && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-0.5 min-w-5 rounded-full bg-brand-pink px-1.5 text-center text-[11px] leading-5 font-bold text-brand-ink"
          >
            {badge}
          </span>
        )}
      </PopoverButton>
      {/* Under the bell; below the sm breakpoint it spans the screen under the header. */}
      <PopoverPanel
        as="section"
        aria-label={NOTIFICATION_MESSAGES.title}
        transition
        className="absolute top-full right-0 z-50 mt-2 flex max-h-[min(32rem,calc(100dvh-6rem))] w-96 origin-top-right max-sm:fixed max-sm:inset-x-3 max-sm:top-17 max-sm:mt-0 max-sm:w-auto flex-col rounded-2xl bg-night-850 shadow-2xl ring-1 shadow-black/60 ring-night-700 transition duration-150 ease-out focus:outline-none data-closed:scale-95 data-closed:opacity-0"
      >
        {children}
      </PopoverPanel>
    </Popover>
  );
}
