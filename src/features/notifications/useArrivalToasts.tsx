import { useQuery } from "convex/react";
import { useEffect, useRef } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import { NOTIFICATION_TOAST_MS, type NotificationPayload } from "@shared/notificationRules";
import { newArrival } from "./newArrival";

// The newest notification only: one document, live.
const NEWEST_ONLY = { paginationOpts: { numItems: 1, cursor: null } };

/** A badge award as it arrives. */
export type BadgeAward = {
  title: string;
  message: string;
  data: NotificationPayload<"badge_achievement"> | null;
};

/** Shows a badge award its own way (the app passes the badges' celebration toast). */
export type CelebrateBadge = (award: BadgeAward) => Promise<void>;

/** An arrival's toast; a screen reader hears "New: " before its title, as the bell is not open. */
function plainToast(award: { title: string; message: string }) {
  toast(
    <>
      <span className="sr-only">New: </span>
      {award.title}
    </>,
    { description: award.message, duration: NOTIFICATION_TOAST_MS },
  );
}

/**
 * Toasts each notification that arrives while the app is open (never those there on load), which
 * sonner's live region says; a badge award through `celebrateBadge` when given (the plain toast
 * if that fails).
 */
export function useArrivalToasts(celebrateBadge?: CelebrateBadge) {
  const newest = useQuery(api.notifications.list, NEWEST_ONLY);
  const seenUpTo = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (newest === undefined) return;
    const result = newArrival(seenUpTo.current, newest.page[0] ?? null);
    seenUpTo.current = result.seenUpTo;
    const arrived = result.toast;
    if (arrived?.type === "badge_achievement" && celebrateBadge)
      celebrateBadge(arrived).catch(() => plainToast(arrived));
    else if (arrived) plainToast(arrived);
  }, [newest, celebrateBadge]);
}
