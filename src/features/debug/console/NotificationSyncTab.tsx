import { api } from "@convex/_generated/api";
import { NOTIFICATION_MESSAGES } from "@shared/notificationRules";
import { Button } from "@/components/ui/Button";
import { Skeleton } from "@/components/ui/Skeleton";
import { useQueryState } from "@/lib/useQueryState";
import { DebugSection } from "../kit/DebugSection";
import { debugToast } from "../kit/debugToast";
import { NotificationTable } from "../notifications/NotificationTable";
import { useConsole } from "./ConsoleContext";

/** 3. Notification Sync: your in-app notifications, live (Refresh re-reads them and says so). */
export function NotificationSyncTab() {
  const { log } = useConsole();
  const mine = useQueryState(api.debug.myNotifications, {});
  return (
    <DebugSection
      title="In-app notifications"
      actions={
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            // The list is a live subscription: it is always the server's current state.
            log("info", NOTIFICATION_MESSAGES.refreshed, {
              count: mine.status === "success" ? mine.data?.notifications.length : null,
            });
            debugToast.success(NOTIFICATION_MESSAGES.refreshed);
          }}
        >
          Refresh
        </Button>
      }
    >
      {mine.status === "success" && mine.data ? (
        <NotificationTable notifications={mine.data.notifications} showData />
      ) : (
        <Skeleton className="h-24 rounded-2xl" />
      )}
    </DebugSection>
  );
}
