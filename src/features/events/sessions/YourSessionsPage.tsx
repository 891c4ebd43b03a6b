import { useCachedPaginatedQuery } from "@/lib/offline/useCachedQuery";
import type { FunctionReturnType } from "convex/server";
import { useState } from "react";
import { api } from "@convex/_generated/api";
import { pageTitle } from "@shared/brand";
import {
  paginationItems,
  TIMELINE_PAGE_SIZE,
  YOUR_SESSIONS_COPY,
} from "@shared/eventCopy";
import { EVENT_LIST_PAGE_MAX } from "@shared/eventAccess";
import { EVENT_ERRORS } from "@shared/eventMessages";
import { Button } from "@/components/ui/Button";
import { LoadErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { SegmentedControl, type SegmentedOption } from "@/components/ui/SegmentedControl";
import { Spinner } from "@/components/ui/Spinner";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";
import { usePersistentChoice } from "@/lib/usePersistentChoice";
import { EventCard, EventCardSkeleton } from "../components/EventCard";
import { EventCardActions } from "../components/EventCardActions";
import { GridIcon, ListIcon } from "../components/icons";
import { CreateEventButton } from "../create/CreateEventButton";
import { groupByStartDay } from "../lib/timelineDays";
import { viewerTimeZone } from "@/lib/viewerTimeZone";
import { useNow } from "@/lib/useNow";

type MyCard = FunctionReturnType<typeof api.events.mine>["page"][number];
const WHEN = ["upcoming", "past"] as const;
const VIEWS = ["grid", "timeline"] as const;
const WHEN_OPTIONS: readonly SegmentedOption<(typeof WHEN)[number]>[] = [
  { value: "upcoming", content: "Upcoming" },
  { value: "past", content: "Past" },
];
const VIEW_OPTIONS: readonly SegmentedOption<(typeof VIEWS)[number]>[] = [
  {
    value: "grid",
    content: (
      <>
        <GridIcon className="size-4" />
        Cards
      </>
    ),
  },
  {
    value: "timeline",
    content: (
      <>
        <ListIcon className="size-4" />
        Timeline
      </>
    ),
  },
];

/** /events, "Your Sessions": what the user hosts or goes to, as cards or a day-by-day timeline. */
export function YourSessionsPage() {
  usePageTitle(pageTitle("Your Sessions"));
  const [when, setWhen] = usePersistentChoice("yourSessionsTab", WHEN);
  const [view, setView] = usePersistentChoice("yourSessionsView", VIEWS);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-bold tracking-widest text-brand-amber uppercase">
            <span aria-hidden="true">🍻 </span>Your nights
          </p>
          <h1 className="mt-1 font-display text-4xl font-black tracking-tight sm:text-5xl">
            Your Sessions
          </h1>
        </div>
        <CreateEventButton className="self-start sm:self-auto">
          <span aria-hidden="true" className="text-lg leading-none">
            +
          </span>{" "}
          Create Session
        </CreateEventButton>
      </div>

      <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
        <SegmentedControl
          label="Which sessions"
          options={WHEN_OPTIONS}
          value={when}
          onChange={setWhen}
          tone="brand"
          optionClassName="px-5 py-2 text-sm font-bold"
        />
        <SegmentedControl
          label="Layout"
          options={VIEW_OPTIONS}
          value={view}
          onChange={setView}
          optionClassName="inline-flex items-center gap-2 px-4 py-2 text-sm font-semibold"
        />
      </div>

      <LoadErrorBoundary key={when} message={EVENT_ERRORS.loadEventsFailed} className="mt-6">
        <SessionsList when={when} view={view} />
      </LoadErrorBoundary>
    </div>
  );
}

function SessionsList({
  when,
  view,
}: {
  when: (typeof WHEN)[number];
  view: (typeof VIEWS)[number];
}) {
  const timeZone = viewerTimeZone();
  const now = useNow(30_000);
  const { results, status, loadMore } = useCachedPaginatedQuery(
    api.events.mine,
    { when },
    { initialNumItems: EVENT_LIST_PAGE_MAX },
  );
  if (status === "LoadingFirstPage") {
    return (
      <div
        className="mt-6 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3"
        aria-busy="true"
        role="status"
        aria-label="Loading sessions"
      >
        {Array.from({ length: 3 }, (_, index) => (
          <EventCardSkeleton key={index} />
        ))}
      </div>
    );
  }

  if (results.length === 0) {
    return (
      <div className="mt-6 flex flex-col items-center rounded-3xl bg-night-850 px-6 py-14 text-center ring-1 ring-night-700">
        <p aria-hidden="true" className="text-5xl">
          🫙
        </p>
        <h2 className="mt-4 font-display text-2xl font-extrabold">
          {YOUR_SESSIONS_COPY.emptyTitle}
        </h2>
        <p className="mt-2 max-w-md text-cream-200">
          {when === "upcoming"
            ? "Nothing on the calendar yet. Start a night, or find one on Discover."
            : "No past sessions yet. Your nights out will be remembered here."}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <CreateEventButton>{YOUR_SESSIONS_COPY.createSession}</CreateEventButton>
          <ButtonLink to="/discover" variant="secondary">
            Discover Events
          </ButtonLink>
        </div>
      </div>
    );
  }

  const cardActions = (event: MyCard) => (
    <EventCardActions event={event} canEdit={event.canEdit} canDelete={event.canDelete} />
  );

  return (
    <>
      {view === "grid" ? (
        <ul className="mt-6 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {results.map((event) => (
            <li key={event._id} className="flex min-w-0 flex-col">
              <EventCard event={event} now={now} timeZone={timeZone} />
              {cardActions(event)}
            </li>
          ))}
        </ul>
      ) : (
        <Timeline
          events={results}
          when={when}
          now={now}
          timeZone={timeZone}
          actions={cardActions}
          canLoadMore={status === "CanLoadMore"}
          loadMore={() => loadMore(EVENT_LIST_PAGE_MAX)}
        />
      )}
      {view === "grid" && (status === "CanLoadMore" || status === "LoadingMore") && (
        <div className="mt-8 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => loadMore(EVENT_LIST_PAGE_MAX)}
            disabled={status === "LoadingMore"}
          >
            {status === "LoadingMore" && <Spinner className="size-4" />}
            Load More
          </Button>
        </div>
      )}
    </>
  );
}

/** Sessions grouped by day, 6 per page, with first / last / neighbour page buttons. */
function Timeline({
  events,
  when,
  now,
  timeZone,
  actions,
  canLoadMore,
  loadMore,
}: {
  events: MyCard[];
  when: (typeof WHEN)[number];
  now: number;
  timeZone: string;
  actions: (event: MyCard) => React.ReactNode;
  canLoadMore: boolean;
  loadMore: () => void;
}) {
  const [page, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(events.length / TIMELINE_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const shown = events.slice((current - 1) * TIMELINE_PAGE_SIZE, current * TIMELINE_PAGE_SIZE);
  const days = groupByStartDay(shown, timeZone, when);

  return (
    <div className="mt-6">
      <ol className="flex flex-col gap-8">
        {days.map((group) => (
          <li key={group.key}>
            <h2 className="sticky top-16 z-10 -mx-1 mb-3 flex items-center gap-3 bg-night-900/90 px-1 py-2 font-display text-lg font-extrabold backdrop-blur">
              <span aria-hidden="true" className="size-2.5 rounded-full bg-brand-gradient" />
              {group.label}
            </h2>
            <ul className="flex flex-col gap-4 border-l-2 border-night-700 pl-4 sm:pl-6">
              {group.events.map((event) => (
                <li key={event._id}>
                  <EventCard
                    event={event}
                    now={now}
                    timeZone={timeZone}
                    variant="list"
                    headingLevel={3}
                  />
                  {actions(event)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {(pageCount > 1 || canLoadMore) && (
        <nav
          aria-label="Timeline pages"
          className="mt-8 flex flex-wrap items-center justify-center gap-2"
        >
          <Button
            variant="ghost"
            size="sm"
            disabled={current === 1}
            onClick={() => setPage(current - 1)}
          >
            Previous
          </Button>
          {paginationItems(current, pageCount).map((item, index) =>
            item === "gap" ? (
              <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-cream-400">
                …
              </span>
            ) : (
              <button
                key={item}
                type="button"
                aria-current={item === current ? "page" : undefined}
                aria-label={`Page ${item}`}
                onClick={() => setPage(item)}
                className={cn(
                  "inline-flex size-10 items-center justify-center rounded-full text-sm font-bold transition",
                  item === current
                    ? "bg-brand-gradient text-brand-ink"
                    : "text-cream-200 hover:bg-night-800",
                )}
              >
                {item}
              </button>
            ),
          )}
          <Button
            variant="ghost"
            size="sm"
            disabled={current === pageCount && !canLoadMore}
            onClick={() => {
              if (current === pageCount && canLoadMore) loadMore();
              setPage(current + 1);
            }}
          >
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
