import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { unreadBadgeLabel } from "../../../shared/notificationRules";
import { Spinner } from "@/components/ui/Spinner";
import { lazyComponent } from "@/lib/lazyComponent";
import { BellIcon } from "./icons";
import { useArrivalToasts } from "./useArrivalToasts";

// The list, its items and date formatting load when the popover first opens (or is pointed at).
const NotificationPanel = lazyComponent(
  () => import("./NotificationPanel"),
  "NotificationPanel",
  <div className="flex h-40 items-center justify-center">
    <Spinner className="size-6" />
  </div>,
);

/** The nav bar's bell (signed-in users only): live unread badge, arrival toasts, the popover. */
export function NotificationBell() {
  const unread = useQuery(api.notifications.unreadCount) ?? 0;
  const badge = unreadBadgeLabel(unread);
  useArrivalToasts();
  return (
    <Popover>
      <PopoverButton
        aria-label={badge ? `Notifications, ${badge} unread` : "Notifications"}
        onPointerEnter={() => void NotificationPanel.preload()}
        onFocus={() => void NotificationPanel.preload()}
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
      <PopoverPanel
        anchor={{ to: "bottom end", gap: 8, padding: 12 }}
        transition
        className="z-50 flex max-h-[min(32rem,calc(100dvh-6rem))] w-[min(24rem,calc(100vw-1.5rem))] origin-top-right flex-col rounded-2xl bg-night-850 shadow-2xl ring-1 shadow-black/60 ring-night-700 transition duration-150 ease-out focus:outline-none data-closed:scale-95 data-closed:opacity-0"
      >
        <NotificationPanel />
      </PopoverPanel>
    </Popover>
  );
}
