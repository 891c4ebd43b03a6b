import { QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { Skeleton } from "@/components/ui/Skeleton";
import { useCurrentUser } from "@/features/auth/useCurrentUser";
import type { CelebrateBadge } from "@/features/notifications/useArrivalToasts";
import { lazyComponent } from "@/lib/lazyComponent";

// Signed-in only, like the user menu: its code (Headless UI's popover) stays off the first page.
const NotificationBell = lazyComponent(
  () => import("@/features/notifications/NotificationBell"),
  "NotificationBell",
  <Skeleton className="size-11 rounded-full" />,
);

/** A badge award's celebration toast, its code loaded with the first award. */
const celebrateBadge: CelebrateBadge = (award) =>
  import("@/features/badges/BadgeCelebrationToast").then(({ showBadgeCelebration }) =>
    showBadgeCelebration(award),
  );

/**
 * The nav bar's notification bell, for signed-in users. The bell catches its own failures; should
 * its code not load, the nav bar goes on without it rather than the app showing its crash page.
 */
export function NotificationArea() {
  const state = useCurrentUser();
  return state.status === "signedIn" ? (
    <QueryErrorBoundary fallback={() => null}>
      <NotificationBell celebrateBadge={celebrateBadge} />
    </QueryErrorBoundary>
  ) : null;
}
