import { Skeleton } from "@/components/ui/Skeleton";
import { useCurrentUser } from "@/features/auth/useCurrentUser";
import { lazyComponent } from "@/lib/lazyComponent";

// Signed-in only, like the user menu: its code (Headless UI's popover) stays off the first page.
const NotificationBell = lazyComponent(
  () => import("@/features/notifications/NotificationBell"),
  "NotificationBell",
  <Skeleton className="size-11 rounded-full" />,
);

/** The nav bar's notification bell, for signed-in users. */
export function NotificationArea() {
  const state = useCurrentUser();
  return state.status === "signedIn" ? <NotificationBell /> : null;
}
