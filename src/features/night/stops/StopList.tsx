import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { errorMessage } from "@shared/errors";
import { STOP_MESSAGES } from "@shared/stopRules";
import { Button } from "@/components/ui/Button";
import { ChevronDownIcon } from "@/components/ui/icons";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { PinIcon, TrashIcon } from "@/components/ui/screenIcons";
import { cn } from "@/lib/cn";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { toast } from "@/lib/toast";
import { plannedLabel } from "./CurrentStopCard";
import { movedOrder } from "./crawlView";
import type { StopItem } from "./types";

const iconButton =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-full text-cream-200 ring-1 ring-night-600 ring-inset transition hover:bg-night-700 hover:text-cream-50 disabled:opacity-40 aria-disabled:opacity-70";

/**
 * The crawl's stops in order, each with its maps link; the current one is marked. The host and
 * co-hosts move a stop up or down, remove it, or say the crew is there ("We're here", to jump
 * ahead or back). Reordering and removing need the connection. The controls sit under the name,
 * which keeps the row's width on a phone.
 */
export function StopList({
  eventId,
  stops,
  currentId,
  canEdit,
  canMove,
  onArrive,
}: {
  eventId: Id<"events">;
  stops: StopItem[];
  currentId: string | null;
  canEdit: boolean;
  canMove: boolean;
  onArrive: (stopId: Id<"event_stops">) => void;
}) {
  const reorder = useMutation(api.stops.reorder);
  const remove = useMutation(api.stops.remove);
  const need = useNetworkNeeded("changing the stops");

  async function run(change: Promise<unknown>, failure: string) {
    try {
      await change;
    } catch (error) {
      toast.error(errorMessage(error, failure));
    }
  }

  function move(index: number, step: -1 | 1) {
    if (need.blocked) return;
    const stopIds = movedOrder(
      stops.map((stop) => stop._id),
      index,
      step,
    );
    void run(reorder({ eventId, stopIds }), "Failed to move the stop");
  }

  return (
    <div className="flex flex-col gap-2">
      <ol aria-label="Stops, in order" className="flex flex-col gap-2">
        {stops.map((stop, index) => {
          const isCurrent = stop._id === currentId;
          const time = plannedLabel(stop);
          return (
            <li
              key={stop._id}
              aria-current={isCurrent ? "location" : undefined}
              className={cn(
                "flex flex-col gap-2 rounded-2xl bg-night-950/60 px-3 py-3 ring-1 ring-night-700",
                isCurrent && "ring-2 ring-brand-amber/70",
              )}
            >
              <div className="flex items-start gap-3">
                <span
                  aria-hidden="true"
                  className={cn(
                    "mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold",
                    isCurrent ? "bg-brand-amber text-brand-ink" : "bg-night-700 text-cream-100",
                  )}
                >
                  {index + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold wrap-anywhere text-cream-50">
                    <span className="sr-only">Stop {index + 1}: </span>
                    {stop.name}
                    {isCurrent && (
                      <span className="ml-2 rounded-full bg-brand-amber/20 px-2 py-0.5 text-xs font-bold text-brand-amber">
                        Now
                      </span>
                    )}
                  </p>
                  {(stop.address !== null || time !== null) && (
                    <p className="text-sm wrap-anywhere text-cream-300">
                      {[time, stop.address].filter(Boolean).join(" · ")}
                    </p>
                  )}
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-2 pl-11">
                <a
                  href={stop.mapsUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-amber underline-offset-4 hover:underline"
                >
                  <PinIcon className="size-4" />
                  Map<span className="sr-only"> of {stop.name} (opens a new tab)</span>
                </a>
                {canMove && !isCurrent && (
                  <Button
                    size="sm"
                    variant="secondary"
                    className="h-11"
                    onClick={() => onArrive(stop._id)}
                  >
                    {STOP_MESSAGES.weAreHere}
                    <span className="sr-only">: {stop.name}</span>
                  </Button>
                )}
                {canEdit && (
                  <div className="ml-auto flex shrink-0 gap-1">
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={`Move ${stop.name} up`}
                      disabled={index === 0}
                      {...need.control}
                      onClick={() => move(index, -1)}
                    >
                      <ChevronDownIcon className="size-5 rotate-180" />
                    </button>
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={`Move ${stop.name} down`}
                      disabled={index === stops.length - 1}
                      {...need.control}
                      onClick={() => move(index, 1)}
                    >
                      <ChevronDownIcon className="size-5" />
                    </button>
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={`Remove ${stop.name}`}
                      {...need.control}
                      onClick={() => {
                        if (!need.blocked)
                          void run(
                            remove({ eventId, stopId: stop._id }),
                            "Failed to remove the stop",
                          );
                      }}
                    >
                      <TrashIcon className="size-5" />
                    </button>
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {canEdit && <NeedsNetworkNote need={need} />}
    </div>
  );
}
