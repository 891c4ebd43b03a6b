import { goingLabel } from "@shared/capacityRules";
import { Link } from "react-router-dom";
import type { DurationType } from "@shared/eventOptions";
import { timingLabel, timingStatus } from "@shared/eventTiming";
import { Avatar } from "@/components/ui/Avatar";
import { cn } from "@/lib/cn";
import { DrinkChip, TimingBadge, VibeChip } from "./EventBadges";
import { EventCover } from "./EventCover";
import { UsersIcon } from "@/components/ui/screenIcons";
import { ClockIcon, LockSmallIcon, PinIcon } from "./icons";

/** What a card shows: a subset of the server's event card (convex/model/eventViews.ts). */
type EventCardData = {
  _id: string;
  title: string;
  path: string;
  startTime: number;
  endTime: number;
  durationType: DurationType;
  drinkType: string;
  vibe: string;
  isPublic: boolean;
  placeNickname: string | null;
  placeName: string | null;
  location: string | null;
  coverUrl: string | null;
  attendeeCount: number;
  maybeCount: number;
  /** Seats (absent on older payloads: no limit). */
  capacity?: number | null;
  plusOneCount?: number;
  waitlistCount?: number;
  host: { displayName: string; avatarUrl: string | null };
  /** Average to 1 decimal, null without ratings (absent on older payloads). */
  averageRating?: number | null;
  totalRatings?: number;
};

/** Where it happens, shortest useful form: nickname, else place name, else the address. */
export function placeLine(event: Pick<EventCardData, "placeNickname" | "placeName" | "location">) {
  return event.placeNickname || event.placeName || event.location || null;
}

function countsText(
  event: Pick<
    EventCardData,
    "attendeeCount" | "maybeCount" | "capacity" | "plusOneCount" | "waitlistCount"
  >,
  past: boolean,
) {
  // A session with a capacity reads '12 / 20 going · 3 waiting' (seats, plus-ones included).
  if (event.capacity != null && !past) return goingLabel(event);
  const going = `${event.attendeeCount} ${past ? "joined" : "going"}`;
  return event.maybeCount > 0 && !past ? `${going} · ${event.maybeCount} maybe` : going;
}

/**
 * A session card: cover (or its vibe's), timing badge, title, when and where,
 * vibe and drink, counts and host. The title link covers the whole card.
 * `grid` stacks the cover on top; `list` puts a thumbnail beside the text.
 * `eager` for the first card of a page: its cover is likely the largest paint.
 */
export function EventCard({
  event,
  now,
  timeZone,
  variant = "grid",
  headingLevel = 2,
  eager = false,
}: {
  event: EventCardData;
  now: number;
  timeZone: string;
  variant?: "grid" | "list";
  headingLevel?: 2 | 3;
  eager?: boolean;
}) {
  const status = timingStatus(event, now, timeZone);
  const past = status === "past";
  const place = placeLine(event);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const list = variant === "list";

  return (
    <article
      className={cn(
        "group relative flex overflow-hidden rounded-3xl bg-night-850 ring-1 ring-night-700 transition duration-200 ring-inset focus-within:ring-brand-amber hover:-translate-y-0.5 hover:ring-night-600 hover:shadow-xl hover:shadow-black/40",
        list ? "flex-row items-stretch" : "flex-col",
      )}
    >
      <div
        className={cn(
          "relative shrink-0 overflow-hidden bg-night-800",
          list ? "w-28 sm:w-48" : "aspect-[1200/630] w-full",
        )}
      >
        <EventCover
          coverUrl={event.coverUrl}
          vibe={event.vibe}
          eager={eager}
          className={cn(
            "transition duration-300 group-hover:scale-[1.03]",
            past && "grayscale-[40%]",
          )}
        />
        <div className={cn("absolute top-3 left-3", list && "hidden sm:block")}>
          <TimingBadge status={status} />
        </div>
        {!event.isPublic && (
          <span className="absolute top-3 right-3 inline-flex items-center gap-1 rounded-full bg-night-900/90 px-2 py-1 text-xs font-bold text-cream-50">
            <LockSmallIcon className="size-3.5" />
            <span className={cn(list && "sr-only sm:not-sr-only")}>Private</span>
          </span>
        )}
      </div>

      <div className={cn("flex min-w-0 flex-1 flex-col", list ? "gap-1.5 p-4" : "gap-2 p-5")}>
        {list && (
          <div className="sm:hidden">
            <TimingBadge status={status} />
          </div>
        )}
        <Heading className="font-display text-lg leading-snug font-extrabold tracking-tight text-balance sm:text-xl">
          <Link
            to={event.path}
            className="rounded-sm outline-none after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {event.title}
          </Link>
        </Heading>
        <p className="flex items-center gap-2 text-sm text-cream-200">
          <ClockIcon className="size-4 shrink-0 text-brand-amber" />
          <span className="truncate">{timingLabel(event, now, timeZone)}</span>
        </p>
        {place && (
          <p className="flex items-center gap-2 text-sm text-cream-200">
            <PinIcon className="size-4 shrink-0 text-brand-pink" />
            <span className="truncate">{place}</span>
          </p>
        )}
        <div className={cn("flex flex-wrap gap-2", list ? "mt-1 hidden sm:flex" : "mt-1")}>
          <VibeChip vibe={event.vibe} className="px-2.5 py-0.5 text-xs" />
          <DrinkChip drinkType={event.drinkType} className="px-2.5 py-0.5 text-xs" />
        </div>
        <div
          className={cn(
            "flex items-center justify-between gap-3 text-sm",
            list ? "mt-auto pt-1" : "mt-auto border-t border-night-700 pt-3",
          )}
        >
          <span className="flex min-w-0 items-center gap-2 text-cream-200">
            <span className={cn("shrink-0", list && "hidden sm:inline-flex")}>
              <Avatar name={event.host.displayName} url={event.host.avatarUrl} size="sm" />
            </span>
            <span className="truncate">
              <span className="sr-only">Hosted by </span>
              {event.host.displayName}
            </span>
          </span>
          <span className="flex shrink-0 items-center gap-3 font-semibold text-cream-50">
            {event.averageRating != null && (
              <span className="flex items-center gap-1">
                <span aria-hidden="true" className="text-brand-amber">
                  ★
                </span>
                <span className="sr-only">Rated </span>
                {event.averageRating.toFixed(1)}
                <span className="sr-only"> out of 5 ({event.totalRatings ?? 0} ratings)</span>
              </span>
            )}
            <span className="flex items-center gap-1.5">
              <UsersIcon className="size-4 text-brand-orange" />
              {countsText(event, past)}
            </span>
          </span>
        </div>
      </div>
    </article>
  );
}

/** The card's shape while loading. */
export function EventCardSkeleton({ variant = "grid" }: { variant?: "grid" | "list" }) {
  const list = variant === "list";
  return (
    <div
      aria-hidden="true"
      className={cn(
        "flex overflow-hidden rounded-3xl bg-night-850 ring-1 ring-night-700 ring-inset",
        list ? "flex-row" : "flex-col",
      )}
    >
      <div
        className={cn(
          "animate-pulse bg-night-800",
          list ? "h-32 w-28 sm:w-48" : "aspect-[1200/630] w-full",
        )}
      />
      <div className={cn("flex flex-1 flex-col gap-3", list ? "p-4" : "p-5")}>
        <div className="h-6 w-3/4 animate-pulse rounded-lg bg-night-800" />
        <div className="h-4 w-1/2 animate-pulse rounded-lg bg-night-800" />
        <div className="h-4 w-2/5 animate-pulse rounded-lg bg-night-800" />
        {!list && (
          <div className="mt-2 flex gap-2">
            <div className="h-6 w-20 animate-pulse rounded-full bg-night-800" />
            <div className="h-6 w-16 animate-pulse rounded-full bg-night-800" />
          </div>
        )}
      </div>
    </div>
  );
}
