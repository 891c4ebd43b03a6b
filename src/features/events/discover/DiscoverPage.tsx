import { useCachedPaginatedQuery, useCachedQuery } from "@/lib/offline/useCachedQuery";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { DISCOVER_COPY } from "@shared/eventCopy";
import { DISCOVER_PAGE_MAX } from "@shared/eventAccess";
import { pageTitle } from "@shared/brand";
import { Button } from "@/components/ui/Button";
import { QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { SegmentedControl, type SegmentedOption } from "@/components/ui/SegmentedControl";
import { Spinner } from "@/components/ui/Spinner";
import { cn } from "@/lib/cn";
import { lazyDialog, preloadOnIntent } from "@/lib/lazyDialog";
import { usePageTitle } from "@/lib/usePageTitle";
import { usePersistentChoice } from "@/lib/usePersistentChoice";
import { EventCard, EventCardSkeleton } from "../components/EventCard";
import { SearchIcon } from "@/components/ui/screenIcons";
import { FilterIcon, GridIcon, ListIcon } from "../components/icons";
import { CreateEventButton } from "../create/CreateEventButton";
import { viewerTimeZone } from "@/lib/viewerTimeZone";
import { foundSessionsLine, uniqueById } from "./discoverResults";
import { useNow } from "@/lib/useNow";
import {
  activeFilterCount,
  filtersFromParams,
  paramsFor,
  type DiscoverFilters,
} from "./discoverParams";

const FilterDialog = lazyDialog(() => import("./FilterDialog"), "FilterDialog");

/** The spec's 50 per load (the server's page maximum). */
const PAGE_SIZE = DISCOVER_PAGE_MAX;
const SEARCH_DEBOUNCE_MS = 300;
const VIEWS = ["grid", "list"] as const;
type View = (typeof VIEWS)[number];
const VIEW_OPTIONS: readonly SegmentedOption<View>[] = [
  { value: "grid", content: <GridIcon />, label: "Grid view" },
  { value: "list", content: <ListIcon />, label: "List view" },
];

/** /discover: public sessions with search, filters and two layouts. No sign-in needed. */
export function DiscoverPage() {
  usePageTitle(pageTitle("Discover Events"));
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const search = params.get("q") ?? "";
  const [typed, setTyped] = useState(search);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [view, setView] = usePersistentChoice<View>("discoverView", VIEWS);

  // Debounce typing into the address (and so into the query).
  useEffect(() => {
    if (typed === search) return;
    const timer = window.setTimeout(() => {
      setParams(paramsFor(filters, typed), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // Only typing schedules a new search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  function applyFilters(next: DiscoverFilters) {
    setParams(paramsFor(next, typed), { replace: true });
    setFiltersOpen(false);
  }

  function clearAll() {
    setTyped("");
    setParams(new URLSearchParams(), { replace: true });
  }

  const activeFilters = activeFilterCount(filters);
  const resetKey = params.toString();

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-col gap-2">
        <p className="text-sm font-bold tracking-widest text-brand-amber uppercase">
          <span aria-hidden="true">📍 </span>What&apos;s pouring
        </p>
        <h1 className="font-display text-4xl font-black tracking-tight sm:text-5xl">
          Discover Events
        </h1>
        <p className="max-w-2xl text-cream-200">
          Public sessions near you and beyond. Find your people, pick a vibe, and join the party.
        </p>
      </div>

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1" role="search">
          <label htmlFor="discover-search" className="sr-only">
            Search sessions
          </label>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-cream-400" />
          <input
            id="discover-search"
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="Search by name, place, drink, host…"
            className="block h-12 w-full rounded-full bg-night-850 pr-4 pl-12 text-base text-cream-50 ring-1 ring-night-600 transition ring-inset placeholder:text-cream-400/80 focus:ring-2 focus:ring-brand-amber focus:outline-none"
          />
        </div>
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            onClick={() => setFiltersOpen(true)}
            className="h-12 flex-1 sm:flex-none"
            {...preloadOnIntent(FilterDialog)}
          >
            <FilterIcon className="size-4" /> Filters
            {activeFilters > 0 && (
              <span className="inline-flex size-6 items-center justify-center rounded-full bg-brand-amber text-xs font-black text-brand-ink">
                {activeFilters}
                <span className="sr-only"> active</span>
              </span>
            )}
          </Button>
          <SegmentedControl
            label="Layout"
            options={VIEW_OPTIONS}
            value={view}
            onChange={setView}
            optionClassName="inline-flex size-10 items-center justify-center"
          />
        </div>
      </div>

      <QueryErrorBoundary
        resetKey={resetKey}
        fallback={(retry) => (
          <div
            role="alert"
            className="mt-10 flex flex-col items-center rounded-3xl bg-night-850 px-6 py-12 text-center ring-1 ring-night-700"
          >
            <p aria-hidden="true" className="text-5xl">
              🫗
            </p>
            <h2 className="mt-4 font-display text-2xl font-extrabold">
              {DISCOVER_COPY.loadFailedTitle}
            </h2>
            <p className="mt-2 text-cream-200">{DISCOVER_COPY.loadFailedBody}</p>
            <Button className="mt-6" onClick={retry}>
              Try Again
            </Button>
          </div>
        )}
      >
        <DiscoverResults
          filters={filters}
          search={search}
          view={view}
          filtered={search.trim() !== "" || activeFilters > 0}
          onClear={clearAll}
        />
      </QueryErrorBoundary>

      <FilterDialog
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        filters={filters}
        onApply={applyFilters}
      />
    </div>
  );
}

function DiscoverResults({
  filters,
  search,
  view,
  filtered,
  onClear,
}: {
  filters: DiscoverFilters;
  search: string;
  view: View;
  filtered: boolean;
  onClear: () => void;
}) {
  const timeZone = viewerTimeZone();
  const now = useNow(30_000);
  const args = { ...filters, search: search.trim() || undefined, timeZone };
  const paginated = useCachedPaginatedQuery(api.events.discover, args, {
    initialNumItems: PAGE_SIZE,
  });
  const { status, loadMore } = paginated;
  const results = uniqueById(paginated.results);
  const counted = useCachedQuery(api.events.discoverCount, args);

  // Filters applied after reading can leave a page short while more remain: keep filling.
  const autoLoads = useRef(0);
  useEffect(() => {
    autoLoads.current = 0;
  }, [filters.sort, filters.time, filters.drink, search]);
  useEffect(() => {
    if (status === "CanLoadMore" && results.length < PAGE_SIZE && autoLoads.current < 8) {
      autoLoads.current += 1;
      loadMore(PAGE_SIZE);
    }
  }, [status, results.length, loadMore]);

  const gridClasses =
    view === "grid"
      ? "grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3"
      : "flex flex-col gap-4";

  if (status === "LoadingFirstPage") {
    return (
      <div className="mt-6" aria-busy="true">
        <p role="status" className="h-6 text-cream-400">
          Looking for sessions…
        </p>
        <div className={cn("mt-4", gridClasses)}>
          {Array.from({ length: 6 }, (_, index) => (
            <EventCardSkeleton key={index} variant={view} />
          ))}
        </div>
      </div>
    );
  }

  const stillLooking =
    results.length === 0 && (status === "CanLoadMore" || status === "LoadingMore");

  return (
    <div className="mt-6">
      <p role="status" className="text-sm font-semibold text-cream-200">
        {foundSessionsLine(results.length, status === "Exhausted", counted)}
      </p>
      {results.length === 0 && !stillLooking ? (
        filtered ? (
          <EmptyState
            emoji="🔍"
            title={DISCOVER_COPY.noResultsTitle}
            body="Nothing matches that. Try another search or fewer filters."
          >
            <Button onClick={onClear}>{DISCOVER_COPY.clearFilters}</Button>
          </EmptyState>
        ) : (
          <EmptyState
            emoji="🍻"
            title={DISCOVER_COPY.noEventsTitle}
            body="No public sessions are on right now. Be the one who starts the night."
          >
            <CreateEventButton>{DISCOVER_COPY.createFirstEvent}</CreateEventButton>
          </EmptyState>
        )
      ) : (
        <ul className={cn("mt-4", gridClasses)}>
          {results.map((event, index) => (
            <li
              key={event._id}
              // Up to 50 cards: the browser lays out and paints only those near the screen
              // (their size estimated until first drawn), not the whole page on arrival.
              className={cn(
                "flex min-w-0 [content-visibility:auto]",
                view === "grid"
                  ? "[contain-intrinsic-height:auto_390px]"
                  : "[contain-intrinsic-height:auto_150px]",
              )}
            >
              <div className="flex w-full min-w-0 flex-col [&>article]:flex-1">
                <EventCard
                  event={event}
                  now={now}
                  timeZone={timeZone}
                  variant={view}
                  eager={index === 0}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <div className="mt-8 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => loadMore(PAGE_SIZE)}
            disabled={status === "LoadingMore"}
          >
            {status === "LoadingMore" && <Spinner className="size-4" />}
            {status === "LoadingMore" ? "Loading..." : "Load More"}
          </Button>
        </div>
      )}
    </div>
  );
}

function EmptyState({
  emoji,
  title,
  body,
  children,
}: {
  emoji: string;
  title: string;
  body: string;
  children: React.ReactNode;
}) {
  return (
    <div className="mt-6 flex flex-col items-center rounded-3xl bg-night-850 px-6 py-14 text-center ring-1 ring-night-700">
      <p aria-hidden="true" className="text-5xl">
        {emoji}
      </p>
      <h2 className="mt-4 font-display text-2xl font-extrabold">{title}</h2>
      <p className="mt-2 max-w-md text-cream-200">{body}</p>
      <div className="mt-6">{children}</div>
    </div>
  );
}
