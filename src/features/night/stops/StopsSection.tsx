import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { STOP_MESSAGES, STOPS_MAX, STOPS_MIN_FOR_CRAWL } from "@shared/stopRules";
import { SectionCard } from "@/components/ui/SectionCard";
import { Skeleton } from "@/components/ui/Skeleton";
import { lazyComponent } from "@/lib/lazyComponent";
import { useCachedQuery } from "@/lib/offline/useCachedQuery";
import { currentAndNext, shownCurrentStop } from "./crawlView";
import { CurrentStopCard } from "./CurrentStopCard";
import { StopList } from "./StopList";
import { useCrawlMoves } from "./useCrawlMoves";

// Only hosts build the crawl: the form and its places search load for them alone.
const AddStopForm = lazyComponent(
  () => import("./AddStopForm"),
  "AddStopForm",
  <Skeleton className="h-40" />,
);

/**
 * The session's bar crawl: where the crew is now and where it goes next, live on every open
 * page, and the stops in order. The host and co-hosts move the crew on ("We're here", "Moving
 * on") and build the list; guests see it from 2 stops. Nothing shows when the server says there
 * is nothing for this viewer.
 */
export function StopsSection({ eventId }: { eventId: Id<"events"> }) {
  const view = useCachedQuery(api.stops.list, { eventId });
  const crawl = useCrawlMoves(eventId);
  if (view === undefined || view === null) return null;
  if (!view.canEdit && view.stops.length < STOPS_MIN_FOR_CRAWL) return null;

  const stopIds = view.stops.map((stop) => stop._id);
  const currentId = shownCurrentStop(stopIds, view.currentStopId, crawl.moves);
  const { current, next } = currentAndNext(view.stops, currentId);
  const live = view.stops.length >= STOPS_MIN_FOR_CRAWL && !view.ended;

  return (
    <SectionCard title={STOP_MESSAGES.title} id="crawl">
      <div className="flex flex-col gap-5">
        {view.stops.length === 0 && <p className="text-cream-300">{STOP_MESSAGES.noStopsYet}</p>}
        {live && (
          <CurrentStopCard
            current={current}
            next={next}
            canMove={view.canEdit}
            waiting={crawl.waiting}
            onArrive={(stopId) => void crawl.arrive(stopId)}
            onMoveOn={(fromStopId) => void crawl.moveOn(fromStopId)}
          />
        )}
        {view.canEdit && view.stops.length === 1 && (
          <p className="text-sm text-cream-300">{STOP_MESSAGES.addAnotherToStart}</p>
        )}
        {view.stops.length > 0 && (
          <StopList
            eventId={eventId}
            stops={view.stops}
            currentId={currentId}
            canEdit={view.canEdit}
            canMove={view.canEdit && live}
            onArrive={(stopId) => void crawl.arrive(stopId)}
          />
        )}
        {view.canEdit && view.stops.length < STOPS_MAX && (
          <AddStopForm eventId={eventId} startTime={view.startTime} endTime={view.endTime} />
        )}
      </div>
    </SectionCard>
  );
}
