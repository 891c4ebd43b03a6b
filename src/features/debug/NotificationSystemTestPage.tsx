import { api } from "@convex/_generated/api";
import { DEBUG_LIMITS, DEBUG_MESSAGES, foundNotificationsText } from "@shared/debugPages";
import { Skeleton } from "@/components/ui/Skeleton";
import { useQueryState } from "@/lib/useQueryState";
import { DebugPage } from "./kit/DebugPage";
import { DebugSection, StatusPill } from "./kit/DebugSection";
import { CountsByType, NotificationTable } from "./notifications/NotificationTable";

/**
 * /test-notification-system: the diagnostic — your latest 50 notifications,
 * counts by type, and whether the bell's maintained counter agrees with them.
 */
export function NotificationSystemTestPage() {
  return (
    <DebugPage
      title="Notification System Diagnostic"
      description={`Your latest ${DEBUG_LIMITS.notificationDiagnostics} notifications, counted by type, and the bell's unread counter.`}
      signInMessage={DEBUG_MESSAGES.pleaseLogInFirst}
    >
      <Diagnostics />
    </DebugPage>
  );
}

function Diagnostics() {
  const mine = useQueryState(api.debug.myNotifications, {});
  if (mine.status !== "success" || mine.data === null)
    return <Skeleton className="h-48 rounded-3xl" />;
  const { notifications, byType, unread } = mine.data;
  const unreadListed = notifications.filter((notification) => !notification.read).length;
  // The counter can exceed the unread rows listed only when more than 50 exist.
  const consistent =
    unread === unreadListed || notifications.length === DEBUG_LIMITS.notificationDiagnostics;
  return (
    <div className="flex flex-col gap-6">
      <DebugSection title="Summary">
        <p className="font-semibold">{foundNotificationsText(notifications.length)}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-cream-200">
          Bell counter: {unread} unread; unread in this list: {unreadListed}
          <StatusPill tone={consistent ? "good" : "bad"}>
            {consistent ? "consistent" : "mismatch"}
          </StatusPill>
        </p>
      </DebugSection>
      <DebugSection title="By type">
        <CountsByType byType={byType} />
      </DebugSection>
      <DebugSection title="Notifications">
        <NotificationTable notifications={notifications} showData />
      </DebugSection>
    </div>
  );
}
