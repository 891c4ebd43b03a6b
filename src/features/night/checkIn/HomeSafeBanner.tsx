import { Link, useLocation } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { clockOf } from "@shared/checkInRules";
import { HomeSafeButton } from "@/components/checkIn/HomeSafeButton";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";
import { MarkFineButton } from "./WatchedCheckIn";

/**
 * On every screen while it matters (the app shell mounts it for signed-in people only, in its
 * own chunk): the big Home safe button for each of the viewer's open check-ins (one per session),
 * and the alert about a buddy who has not checked in with its "they're fine". The session's own page shows them in
 * its section instead.
 */
export function HomeSafeBanner() {
  const view = useCachedQuery(api.checkIns.openForMe);
  const { pathname } = useLocation();
  if (view === undefined || view === null) return null;
  const mine = view.mine.filter((own) => own.eventPath !== pathname);
  const alerts = view.alerts.filter((alert) => alert.eventPath !== pathname);
  if (mine.length === 0 && alerts.length === 0) return null;

  return (
    <aside
      aria-label="Got home safe"
      className="border-b border-night-700 bg-night-900/95 px-4 py-3 sm:px-6"
    >
      <div className="mx-auto flex max-w-3xl flex-col gap-3">
        {mine.map((own) => (
          <div key={own.eventId} className="flex flex-col gap-2">
            <p className="text-sm text-cream-200">
              Check-in for{" "}
              <Link to={own.eventPath} className="font-semibold text-cream-50 underline">
                {own.eventTitle}
              </Link>
              {own.status === "waiting"
                ? `: tap when you're home (by ${clockOf(own.dueAt)}).`
                : `: your time (${clockOf(own.dueAt)}) has passed. Home safe?`}
            </p>
            <HomeSafeButton eventId={own.eventId} />
          </div>
        ))}
        {alerts.map((alert) => (
          <div
            key={alert.checkInId}
            className="flex flex-col gap-2 rounded-2xl bg-amber-950/60 p-3 ring-1 ring-amber-700/60"
          >
            <p className="text-amber-50">
              <span className="font-semibold">⚠️ {alert.ownerName} hasn&apos;t checked in</span>{" "}
              after{" "}
              <Link to={alert.eventPath} className="underline">
                {alert.eventTitle}
              </Link>
              .
            </p>
            <MarkFineButton checkInId={alert.checkInId} />
          </div>
        ))}
      </div>
    </aside>
  );
}
