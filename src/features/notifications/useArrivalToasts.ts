import { useQuery } from "convex/react";
import { useEffect, useRef } from "react";
import { toast } from "@/lib/toast";
import { api } from "../../../convex/_generated/api";
import { NOTIFICATION_TOAST_MS, type NotificationPayload } from "../../../shared/notificationRules";
import { newArrival } from "./newArrival";

// The newest notification only: one document, live.
const NEWEST_ONLY = { paginationOpts: { numItems: 1, cursor: null } };

/** A badge award's celebration toast, loaded on the first award (the plain toast if that fails). */
function celebrateBadge(award: {
  title: string;
  message: string;
  data: NotificationPayload<"badge_achievement"> | null;
}) {
  import("@/features/badges/BadgeCelebrationToast")
    .then(({ showBadgeCelebration }) => showBadgeCelebration(award))
    .catch(() =>
      toast(award.title, { description: award.message, duration: NOTIFICATION_TOAST_MS }),
    );
}

/** Toasts each notification that arrives while the app is open (never those there on load). */
export function useArrivalToasts() {
  const newest = useQuery(api.notifications.list, NEWEST_ONLY);
  const seenUpTo = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (newest === undefined) return;
    const result = newArrival(seenUpTo.current, newest.page[0] ?? null);
    seenUpTo.current = result.seenUpTo;
    if (result.toast?.type === "badge_achievement") celebrateBadge(result.toast);
    else if (result.toast)
      toast(result.toast.title, {
        description: result.toast.message,
        duration: NOTIFICATION_TOAST_MS,
      });
  }, [newest]);
}
