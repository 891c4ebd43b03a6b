import { HOUR_MS, isLive, timingStatus, type EventTimes } from "@shared/eventTiming";
import { DebugPage } from "@/features/debug/kit/DebugPage";
import { DebugSection } from "@/features/debug/kit/DebugSection";
import { LiveBadge, TimingBadge } from "@/features/events/components/EventBadges";
import { viewerTimeZone } from "@/lib/viewerTimeZone";
import { useNow } from "@/lib/useNow";

type Scenario = { name: string; times: (now: number) => EventTimes };

const SCENARIOS: Scenario[] = [
  {
    name: "Starts in 2 hours",
    times: (now) => ({ startTime: now + 2 * HOUR_MS, durationType: "specific_time" }),
  },
  {
    name: "Started 1 hour ago (4 h session)",
    times: (now) => ({ startTime: now - HOUR_MS, durationType: "specific_time" }),
  },
  {
    name: "Started 1 hour ago, ended 10 minutes ago",
    times: (now) => ({
      startTime: now - HOUR_MS,
      endTime: now - HOUR_MS / 6,
      durationType: "specific_time",
    }),
  },
  {
    name: "All night, started 5 minutes ago",
    times: (now) => ({ startTime: now - HOUR_MS / 12, durationType: "all_night" }),
  },
  {
    name: "Ended yesterday",
    times: (now) => ({ startTime: now - 30 * HOUR_MS, durationType: "specific_time" }),
  },
];

/**
 * /test-live-badge: the real LIVE badge on sample sessions around now:
 * shown from the start until the end; an all-night session is
 * live once started.
 */
export function LiveBadgeDemoPage() {
  const now = useNow(10_000);
  const timeZone = viewerTimeZone();
  return (
    <DebugPage
      title="LiveBadge Demo"
      description="The LIVE badge appears when a session has started and not ended; an all-night session counts as live once started."
    >
      <div className="flex flex-col gap-6">
        <DebugSection title="The badge">
          <div className="flex items-center gap-3">
            <LiveBadge />
          </div>
        </DebugSection>
        <DebugSection title="Sample sessions">
          <ul className="flex flex-col gap-3">
            {SCENARIOS.map((scenario) => {
              const times = scenario.times(now);
              const live = isLive(times, now, timeZone);
              return (
                <li
                  key={scenario.name}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-night-800 px-4 py-3"
                >
                  <span className="font-semibold">{scenario.name}</span>
                  <span className="flex items-center gap-3 text-sm text-cream-200">
                    {live ? "Live" : "Not live"}
                    <TimingBadge status={timingStatus(times, now, timeZone)} />
                  </span>
                </li>
              );
            })}
          </ul>
        </DebugSection>
      </div>
    </DebugPage>
  );
}
