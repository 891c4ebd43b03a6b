import { useSyncExternalStore } from "react";
import { useConnectionLost } from "@/lib/offline/useConnectionLost";
import { oldestShownFromDevice, subscribeShownFromDevice } from "@/lib/offline/useCachedQuery";

const pad = (n: number) => String(n).padStart(2, "0");

/** "at 21:04" today, "on 3 Mar at 21:04" before (the device's time zone). */
export function seenWhen(at: number, now = Date.now()): string {
  const date = new Date(at);
  const time = `at ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  if (date.toDateString() === new Date(now).toDateString()) return time;
  return `on ${date.toLocaleDateString(undefined, { day: "numeric", month: "short" })} ${time}`;
}

/**
 * While the app is cut off from the server: says so, and how old what the screen shows is —
 * the oldest result shown from the device, or else the moment the connection was lost (what
 * stayed on screen was live until then). A status, not an alert: nothing is wrong to act on.
 */
export function OfflineBanner() {
  const lostAt = useConnectionLost();
  return lostAt === null ? null : <Banner lostAt={lostAt} />;
}

function Banner({ lostAt }: { lostAt: number }) {
  const oldest = useSyncExternalStore(subscribeShownFromDevice, oldestShownFromDevice, () => null);
  const seenAt = oldest === null ? lostAt : Math.min(oldest, lostAt);
  return (
    <div
      role="status"
      className="border-b border-night-700/70 bg-night-850 px-4 py-2 text-center text-sm text-cream-200"
    >
      <span
        aria-hidden="true"
        className="mr-2 inline-block size-2 rounded-full bg-cream-400 align-middle"
      />
      Offline — showing what you saw {seenWhen(seenAt)}
    </div>
  );
}
