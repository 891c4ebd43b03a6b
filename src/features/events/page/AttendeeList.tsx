import { useMutation } from "convex/react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { useCachedPaginatedQuery } from "@/lib/offline/useCachedQuery";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { EVENT_ERRORS } from "@shared/eventMessages";
import { errorMessage } from "@shared/errors";
import { Avatar } from "@/components/ui/Avatar";
import { Button } from "@/components/ui/Button";
import { LoadErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { Spinner } from "@/components/ui/Spinner";

const ROLE_LABELS = { host: "Host", co_host: "Co-host", attendee: "Attendee" } as const;

/**
 * Everyone attending, in joining order, with their role; the creator may
 * promote an attendee to co-host or demote a co-host (the host cannot be
 * acted upon). Live: a change shows in every open browser. A failed query says
 * 'Failed to load attendees' with Try Again.
 */
export function AttendeeList(props: { eventId: Id<"events">; canManage: boolean }) {
  return (
    <LoadErrorBoundary message={EVENT_ERRORS.loadAttendeesFailed}>
      <AttendeeRows {...props} />
    </LoadErrorBoundary>
  );
}

function AttendeeRows({ eventId, canManage }: { eventId: Id<"events">; canManage: boolean }) {
  const { results, status, loadMore } = useCachedPaginatedQuery(
    api.events.attendees,
    { eventId },
    { initialNumItems: 20 },
  );
  const promote = useMutation(api.events.promoteCoHost);
  const demote = useMutation(api.events.demoteCoHost);
  const [busyUser, setBusyUser] = useState<string | null>(null);

  async function change(userId: Id<"users">, name: string, action: "promote" | "demote") {
    setBusyUser(userId);
    try {
      if (action === "promote") {
        await promote({ eventId, userId });
        toast.success(`${name} is now a co-host`);
      } else {
        await demote({ eventId, userId });
        toast(`${name} is no longer a co-host`);
      }
    } catch (error) {
      toast.error(
        errorMessage(
          error,
          action === "promote" ? EVENT_ERRORS.promoteFailed : EVENT_ERRORS.demoteFailed,
        ),
      );
    } finally {
      setBusyUser(null);
    }
  }

  if (status === "LoadingFirstPage") {
    return (
      <p className="flex items-center gap-2 text-cream-200" role="status">
        <Spinner className="size-4" /> Loading attendees…
      </p>
    );
  }
  if (results.length === 0) return <p className="text-cream-200">Nobody has joined yet.</p>;

  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col divide-y divide-night-700">
        {results.map((person) => (
          <li key={person.userId} className="flex items-center gap-3 py-2.5">
            <Avatar name={person.displayName} url={person.avatarUrl} size="sm" />
            <span className="flex min-w-0 flex-1 flex-col">
              {person.username ? (
                <Link
                  to={`/profile/${person.username}`}
                  className="truncate font-semibold hover:underline"
                >
                  {person.displayName}
                </Link>
              ) : (
                <span className="truncate font-semibold">{person.displayName}</span>
              )}
              <span className="text-xs text-cream-400">{ROLE_LABELS[person.role]}</span>
            </span>
            {canManage && person.role !== "host" && (
              <Button
                size="sm"
                variant={person.role === "co_host" ? "ghost" : "secondary"}
                disabled={busyUser !== null}
                onClick={() =>
                  void change(
                    person.userId,
                    person.displayName,
                    person.role === "co_host" ? "demote" : "promote",
                  )
                }
                aria-label={
                  person.role === "co_host"
                    ? `Remove ${person.displayName} as co-host`
                    : `Make ${person.displayName} a co-host`
                }
              >
                {busyUser === person.userId && <Spinner className="size-4" />}
                {person.role === "co_host" ? "Remove co-host" : "Make co-host"}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {status === "CanLoadMore" && (
        <Button variant="ghost" onClick={() => loadMore(20)}>
          Show more
        </Button>
      )}
    </div>
  );
}
