import { format } from "date-fns";
import { useId, useState, type FormEvent } from "react";
import { api } from "@convex/_generated/api";
import { DEBUG_MESSAGES, previewList } from "@shared/debugPages";
import { Button } from "@/components/ui/Button";
import { inputStyles } from "@/components/ui/Field";
import { Skeleton } from "@/components/ui/Skeleton";
import { cn } from "@/lib/cn";
import { useQueryState } from "@/lib/useQueryState";

type EventSource = "upcoming" | "past" | "discover";

const sourceLabels: Record<EventSource, string> = {
  upcoming: "Your upcoming sessions",
  past: "Your past sessions",
  discover: "Public sessions",
};

/** The last part of a pasted event link, or the code / slug / id itself. */
function eventRefFrom(input: string): string {
  const trimmed = input.trim();
  try {
    return new URL(trimmed).pathname.split("/").filter(Boolean).pop() ?? trimmed;
  } catch {
    return trimmed.split("/").filter(Boolean).pop() ?? trimmed;
  }
}

/**
 * Picks a session for a test page: from the caller's sessions or the public
 * ones (5 shown, '+N more'), or by a pasted link, code, slug or id.
 */
export function EventPicker({
  sources,
  selected,
  onPick,
}: {
  sources: EventSource[];
  selected: string | null;
  onPick: (ref: string) => void;
}) {
  const inputId = useId();
  const [text, setText] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) onPick(eventRefFrom(text));
  }

  return (
    <div className="flex flex-col gap-5">
      {sources.map((source) => (
        <EventList key={source} source={source} selected={selected} onPick={onPick} />
      ))}
      <form onSubmit={submit} className="flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-semibold text-cream-200">
          Event link, code or id
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={inputId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="https://…/event/friday-pints-ab12cd"
            className={inputStyles}
          />
          <Button type="submit" variant="secondary" disabled={!text.trim()}>
            Load Event
          </Button>
        </div>
      </form>
    </div>
  );
}

function EventList({
  source,
  selected,
  onPick,
}: {
  source: EventSource;
  selected: string | null;
  onPick: (ref: string) => void;
}) {
  const paginationOpts = { numItems: 20, cursor: null };
  const mine = useQueryState(
    api.events.mine,
    source === "discover" ? "skip" : { when: source, paginationOpts },
  );
  const discover = useQueryState(
    api.events.discover,
    source === "discover" ? { paginationOpts } : "skip",
  );
  const result = source === "discover" ? discover : mine;
  const headingId = useId();

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold text-cream-200">
        {sourceLabels[source]}
      </h3>
      {result.status === "loading" && <Skeleton className="mt-2 h-12 rounded-2xl" />}
      {result.status === "error" && (
        <p className="mt-2 text-sm text-red-300">{DEBUG_MESSAGES.noEventsFound}</p>
      )}
      {result.status === "success" &&
        (result.data.page.length === 0 ? (
          <p className="mt-2 text-sm text-cream-400">{DEBUG_MESSAGES.noEventsFound}</p>
        ) : (
          <EventButtons
            events={result.data.page}
            more={result.data.isDone ? "" : "+"}
            selected={selected}
            onPick={onPick}
          />
        ))}
    </section>
  );
}

function EventButtons({
  events,
  more,
  selected,
  onPick,
}: {
  events: { _id: string; title: string; startTime: number }[];
  more: string;
  selected: string | null;
  onPick: (ref: string) => void;
}) {
  const { shown, more: hidden } = previewList(events);
  return (
    <ul className="mt-2 flex flex-col gap-2">
      {shown.map((event) => (
        <li key={event._id}>
          <button
            type="button"
            aria-pressed={selected === event._id}
            onClick={() => onPick(event._id)}
            className={cn(
              "flex min-h-11 w-full items-center justify-between gap-3 rounded-2xl bg-night-800 px-4 py-2 text-left ring-1 ring-night-600 transition ring-inset hover:bg-night-700",
              "aria-pressed:ring-2 aria-pressed:ring-brand-amber",
            )}
          >
            <span className="min-w-0 truncate font-semibold">{event.title}</span>
            <span className="shrink-0 text-xs text-cream-400">
              {format(event.startTime, "PP p")}
            </span>
          </button>
        </li>
      ))}
      {hidden > 0 && (
        <li className="px-1 text-sm text-cream-400">
          +{hidden}
          {more} more
        </li>
      )}
    </ul>
  );
}
