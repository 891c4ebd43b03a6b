import { formatDistanceToNow } from "date-fns";
import type { FunctionReturnType } from "convex/server";
import type { api } from "@convex/_generated/api";
import { DEBUG_MESSAGES } from "@shared/debugPages";
import { StatusPill } from "../kit/DebugSection";

type Diagnostics = NonNullable<FunctionReturnType<typeof api.debug.myNotifications>>;

/** In-app notifications as the debug pages list them: type, read state, time, title, message, data. */
export function NotificationTable({
  notifications,
  showData = false,
}: {
  notifications: Diagnostics["notifications"];
  showData?: boolean;
}) {
  if (notifications.length === 0)
    return <p className="text-cream-400">{DEBUG_MESSAGES.noNotifications}</p>;
  return (
    <ul aria-label="Notifications" className="flex flex-col gap-2">
      {notifications.map((notification) => (
        <li key={notification._id} className="rounded-2xl bg-night-800 px-4 py-3">
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <StatusPill tone="neutral">{notification.type}</StatusPill>
            <StatusPill tone={notification.read ? "neutral" : "warn"}>
              {notification.read ? "read" : "unread"}
            </StatusPill>
            <span className="text-cream-400">
              {formatDistanceToNow(notification.createdAt, { addSuffix: true })}
            </span>
          </div>
          <p className="mt-2 font-semibold">{notification.title}</p>
          <p className="text-sm text-cream-200">{notification.message}</p>
          {showData && (
            <details className="mt-2 text-xs">
              <summary className="cursor-pointer text-cream-400">Data</summary>
              <pre className="mt-1 break-words whitespace-pre-wrap text-cream-200">
                {JSON.stringify(notification.data, null, 2)}
              </pre>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Counts by type, as a definition list. */
export function CountsByType({ byType }: { byType: Diagnostics["byType"] }) {
  const entries = Object.entries(byType);
  if (entries.length === 0)
    return <p className="text-cream-400">{DEBUG_MESSAGES.noNotifications}</p>;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      {entries.map(([type, count]) => (
        <div key={type} className="contents">
          <dt className="font-mono text-cream-200">{type}</dt>
          <dd className="text-right font-bold">{count}</dd>
        </div>
      ))}
    </dl>
  );
}
