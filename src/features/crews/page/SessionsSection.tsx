import { Link } from "react-router-dom";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { Skeleton } from "@/components/ui/Skeleton";
import { cn } from "@/lib/cn";
import { useCachedQueryState } from "@/lib/offline/useCachedQuery";
import { SectionCard } from "@/components/ui/SectionCard";
import { formatSessionWhen, sessionDateTile } from "../lib/format";
import type { CrewSession } from "../lib/types";

/**
 * The crew's sessions, upcoming (soonest first) and past (latest first):
 * those the crew was invited to and those enough of it attends (at least 2
 * of a crew of 2, else at least half the crew, rounded up).
 */
export function SessionsSection({ crewId }: { crewId: Id<"crews"> }) {
  const sessions = useCachedQueryState(api.crews.sessions, { crewId });
  return (
    <SectionCard title="Sessions">
      {sessions.status === "loading" ? (
        <div aria-busy="true" aria-label="Loading sessions" className="flex flex-col gap-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : sessions.status === "error" ? (
        <p role="alert" className="text-sm text-red-300">
          Couldn&apos;t load the crew&apos;s sessions.
        </p>
      ) : (
        <div className="flex flex-col gap-6">
          <SessionGroup
            title="Upcoming"
            sessions={sessions.data.upcoming}
            empty="Nothing planned yet. Start a session and invite the crew."
          />
          <SessionGroup
            title="Past"
            sessions={sessions.data.past}
            empty="No past sessions yet."
            past
          />
        </div>
      )}
    </SectionCard>
  );
}

function SessionGroup({
  title,
  sessions,
  empty,
  past = false,
}: {
  title: string;
  sessions: CrewSession[];
  empty: string;
  past?: boolean;
}) {
  return (
    <div>
      <h3 className="flex items-center gap-2 text-sm font-bold tracking-widest text-cream-400 uppercase">
        {title}
        <span className="rounded-full bg-night-800 px-2 py-0.5 text-xs tracking-normal text-cream-200 tabular-nums">
          {sessions.length}
        </span>
      </h3>
      {sessions.length === 0 ? (
        <p className="mt-2 text-sm text-cream-400">{empty}</p>
      ) : (
        <ul aria-label={`${title} sessions`} className="mt-3 flex flex-col gap-2">
          {sessions.map((session) => {
            const tile = sessionDateTile(session.startTime);
            return (
              <li key={session._id}>
                <Link
                  to={session.path}
                  className="group flex items-center gap-4 rounded-2xl bg-night-800/60 p-3 ring-1 ring-night-700 transition ring-inset hover:bg-night-800 hover:ring-night-600"
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      "flex size-14 shrink-0 flex-col items-center justify-center rounded-xl font-display leading-none",
                      past ? "bg-night-700 text-cream-200" : "bg-brand-gradient text-brand-ink",
                    )}
                  >
                    <span className="text-xs font-bold">{tile.month}</span>
                    <span className="text-xl font-black">{tile.day}</span>
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate font-semibold text-cream-50 group-hover:underline">
                      {session.title}
                    </span>
                    <span className="truncate text-sm text-cream-400">
                      {formatSessionWhen(session.startTime)} · {session.attendeeCount}{" "}
                      {past ? "went" : "going"}
                      {session.crewAttending > 0 && <> · {session.crewAttending} from the crew</>}
                    </span>
                  </span>
                  <span className="hidden shrink-0 flex-col items-end gap-1 sm:flex">
                    {session.invited && (
                      <span className="rounded-full bg-night-900 px-2 py-0.5 text-xs font-semibold text-brand-amber ring-1 ring-night-600">
                        Crew invited
                      </span>
                    )}
                    {!session.isPublic && (
                      <span className="text-xs text-cream-400">
                        <span aria-hidden="true">🔒</span> Private
                      </span>
                    )}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
