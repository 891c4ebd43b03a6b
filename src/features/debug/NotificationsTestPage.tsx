import { api } from "@convex/_generated/api";
import { DEBUG_MESSAGES } from "@shared/debugPages";
import { Skeleton } from "@/components/ui/Skeleton";
import { useQueryState } from "@/lib/useQueryState";
import { DebugPage } from "./kit/DebugPage";
import { DebugSection } from "./kit/DebugSection";
import { NotificationTable } from "./notifications/NotificationTable";
import { SendTestNotification } from "./notifications/SendTestNotification";

/** /test-notifications: send yourself a notification and watch it arrive (bell, toast, list). */
export function NotificationsTestPage() {
  return (
    <DebugPage
      title="Notification System Test"
      description="Send yourself a notification of any type: the bell's count goes up and a toast appears, live."
      signInMessage={DEBUG_MESSAGES.pleaseLogInFirst}
    >
      <div className="flex flex-col gap-6">
        <DebugSection title="Send a test notification">
          <SendTestNotification />
        </DebugSection>
        <LatestNotifications />
      </div>
    </DebugPage>
  );
}

function LatestNotifications() {
  const mine = useQueryState(api.debug.myNotifications, {});
  return (
    <DebugSection
      title="Your latest notifications"
      description={
        mine.status === "success" && mine.data ? `${mine.data.unread} unread` : undefined
      }
    >
      {mine.status === "success" && mine.data ? (
        <NotificationTable notifications={mine.data.notifications.slice(0, 20)} />
      ) : (
        <Skeleton className="h-24 rounded-2xl" />
      )}
    </DebugSection>
  );
}
