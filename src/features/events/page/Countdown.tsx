import { countdownText } from "@shared/eventTiming";
import { useNow } from "@/lib/useNow";

/** 'Starting in Xh Ym' under 24 hours before the start, ticking live; nothing otherwise. */
export function Countdown({ startTime }: { startTime: number }) {
  const now = useNow(1000);
  const text = countdownText(startTime, now);
  if (text === null) return null;
  return (
    <p className="inline-flex items-center gap-2 rounded-full bg-amber-300/15 px-3 py-1.5 text-sm font-bold text-brand-amber ring-1 ring-amber-300/30">
      <span aria-hidden="true">⏳</span>
      <span className="tabular-nums">{text}</span>
    </p>
  );
}
