import type { Id } from "@convex/_generated/dataModel";
import { formatEventTime } from "@shared/eventTiming";
import { STOP_MESSAGES } from "@shared/stopRules";
import { Button } from "@/components/ui/Button";
import { buttonStyles } from "@/components/ui/buttonStyles";
import { PinIcon } from "@/components/ui/screenIcons";
import { WaitingMark } from "@/components/ui/WaitingMark";
import { viewerTimeZone } from "@/lib/viewerTimeZone";
import type { StopItem } from "./types";

/** A stop's planned time in the viewer's zone ('9:30 PM'), or nothing. */
export function plannedLabel(stop: StopItem): string | null {
  return stop.plannedTime === null ? null : formatEventTime(stop.plannedTime, viewerTimeZone());
}

/**
 * Where the crew is, first thing on a phone: the current stop (before the crawl starts, the
 * first one) with a link into a maps app, and the next stop below. The host and co-hosts get
 * the big "We're here" / "Moving on" button. The stop's name is read out when it changes.
 */
export function CurrentStopCard({
  current,
  next,
  canMove,
  waiting,
  onArrive,
  onMoveOn,
}: {
  current: StopItem | null;
  next: StopItem | null;
  canMove: boolean;
  waiting: boolean;
  onArrive: (stopId: Id<"event_stops">) => void;
  onMoveOn: (fromStopId: Id<"event_stops">) => void;
}) {
  const shown = current ?? next;
  if (shown === null) return null;
  const time = plannedLabel(shown);
  return (
    <section
      aria-label="Where the crew is"
      className="flex flex-col gap-4 rounded-3xl bg-gradient-to-br from-night-800 to-night-900 p-5 ring-2 ring-brand-amber/60"
    >
      <div aria-live="polite" aria-atomic="true" className="flex flex-col gap-1">
        <p className="text-xs font-bold tracking-widest text-brand-amber uppercase">
          {current === null ? "First stop" : "The crew is at"}
        </p>
        <p className="font-display text-2xl font-extrabold wrap-anywhere text-cream-50">
          {shown.name}
        </p>
        {shown.address !== null && shown.address !== shown.name && (
          <p className="text-sm wrap-anywhere text-cream-300">{shown.address}</p>
        )}
        {time !== null && <p className="text-sm text-cream-300">Planned for {time}</p>}
      </div>
      <a
        href={shown.mapsUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonStyles({ variant: "secondary", size: "md" }, "self-start")}
      >
        <PinIcon />
        {STOP_MESSAGES.openInMaps}
        <span className="sr-only"> ({shown.name}, opens a new tab)</span>
      </a>
      {canMove &&
        (current === null ? (
          <Button size="lg" className="w-full" onClick={() => onArrive(shown._id)}>
            {STOP_MESSAGES.weAreHere}
          </Button>
        ) : (
          next !== null && (
            <Button size="lg" className="w-full" onClick={() => onMoveOn(current._id)}>
              {STOP_MESSAGES.movingOn}
              <span className="sr-only">: to {next.name}</span>
            </Button>
          )
        ))}
      {waiting && <WaitingMark detailed />}
      {current !== null && (
        <p className="border-t border-night-700 pt-3 text-sm text-cream-300">
          {next === null ? (
            "Last stop of the night"
          ) : (
            <>
              Next up: <span className="font-semibold text-cream-50">{next.name}</span>
              {plannedLabel(next) !== null && <> · {plannedLabel(next)}</>}
            </>
          )}
        </p>
      )}
    </section>
  );
}
