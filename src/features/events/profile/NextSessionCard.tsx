import { useCachedQuery } from "@/lib/offline/useCachedQuery";
import { Link } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { timingLabel, timingStatus } from "@shared/eventTiming";
import { EventCover } from "../components/EventCover";
import { TimingBadge } from "../components/EventBadges";
import { ClockIcon, PinIcon } from "../components/icons";
import { placeLine } from "../components/EventCard";
import { viewerTimeZone } from "@/lib/viewerTimeZone";
import { useNow } from "@/lib/useNow";

/**
 * The own profile's "next session" card: the signed-in user's
 * next (or live) session, live; nothing when there is none.
 */
export function NextSessionCard() {
  const next = useCachedQuery(api.events.nextForMe, {});
  const now = useNow(30_000);
  const timeZone = viewerTimeZone();
  if (!next) return null;
  const place = placeLine(next);
  return (
    <section
      aria-labelledby="next-session-heading"
      className="relative flex items-center gap-4 overflow-hidden rounded-3xl bg-night-850 p-4 ring-1 ring-night-700 ring-inset focus-within:ring-brand-amber sm:p-5"
    >
      <div className="relative aspect-square w-20 shrink-0 overflow-hidden rounded-2xl sm:w-28">
        <EventCover coverUrl={next.coverUrl} vibe={next.vibe} />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <h2
            id="next-session-heading"
            className="text-xs font-bold tracking-widest text-brand-amber uppercase"
          >
            Your next session
          </h2>
          <TimingBadge status={timingStatus(next, now, timeZone)} />
        </div>
        <p className="mt-1 truncate font-display text-xl font-extrabold">
          <Link to={next.path} className="after:absolute after:inset-0 after:content-['']">
            {next.title}
          </Link>
        </p>
        <p className="mt-1 flex items-center gap-2 text-sm text-cream-200">
          <ClockIcon className="size-4 shrink-0 text-brand-amber" />
          <span className="truncate">{timingLabel(next, now, timeZone)}</span>
        </p>
        {place && (
          <p className="flex items-center gap-2 text-sm text-cream-200">
            <PinIcon className="size-4 shrink-0 text-brand-pink" />
            <span className="truncate">{place}</span>
          </p>
        )}
      </div>
    </section>
  );
}
