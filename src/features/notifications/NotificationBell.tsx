import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { NOTIFICATION_MESSAGES, unreadBadgeLabel } from "../../../shared/notificationRules";
import { BellIcon } from "./icons";
import { NotificationList, NotificationPanel } from "./NotificationPanel";
import { useArrivalToasts } from "./useArrivalToasts";

/** The nav bar's bell (signed-in users only): live unread badge, arrival toasts, the popover. */
export function NotificationBell() {
  const unread = useQuery(api.notifications.unreadCount) ?? 0;
  const badge = unreadBadgeLabel(unread);
  useArrivalToasts();
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={badge ? `Notifications, ${badge} unread` : "Notifications"}
        onPointerEnter={() => void NotificationList.preload()}
        onFocus={() => void NotificationList.preload()}
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
        <NotificationPanel />
      </PopoverPanel>
    </Popover>
  );
}
