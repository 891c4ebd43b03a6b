import { useMutation, usePaginatedQuery } from "convex/react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { plusOnesLabel } from "@shared/capacityRules";
import { errorMessage } from "@shared/errors";
import { Avatar } from "@/components/ui/Avatar";
import { Button } from "@/components/ui/Button";
import { LoadErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { SectionCard } from "@/components/ui/SectionCard";
import { Spinner } from "@/components/ui/Spinner";

const PAGE = 20;

/**
 * The waitlist in order, for the host and co-hosts (20 a page): each person with their
 * plus-ones and Promote, which moves them to going at once, adding the spots they need
 * when the session is full.
 */
export function WaitlistCard({ eventId, count }: { eventId: Id<"events">; count: number }) {
  return (
    <SectionCard title={`Waitlist (${count})`}>
      <LoadErrorBoundary message="Failed to load the waitlist">
        <WaitlistRows eventId={eventId} />
      </LoadErrorBoundary>
    </SectionCard>
  );
}

function WaitlistRows({ eventId }: { eventId: Id<"events"> }) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.waitlist.list,
    { eventId },
    { initialNumItems: PAGE },
  );
  const promote = useMutation(api.waitlist.promote);
  const [busyUser, setBusyUser] = useState<Id<"users"> | null>(null);

  async function promoteOne(userId: Id<"users">, name: string) {
    setBusyUser(userId);
    try {
      await promote({ eventId, userId });
      toast.success(`${name} is going now`);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to promote from the waitlist"));
    } finally {
      setBusyUser(null);
    }
  }

  if (status === "LoadingFirstPage") {
    return (
      <p className="flex items-center gap-2 text-cream-200" role="status">
        <Spinner className="size-4" /> Loading the waitlist…
      </p>
    );
  }
  if (results.length === 0) return <p className="text-cream-200">Nobody is waiting.</p>;
  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col divide-y divide-night-700">
        {results.map((person, index) => (
          <li key={person.userId} className="flex items-center gap-3 py-2.5">
            <span className="w-6 text-right text-sm font-bold text-cream-400 tabular-nums">
              {index + 1}
            </span>
            <Avatar name={person.displayName} url={person.avatarUrl} size="sm" />
            <span className="min-w-0 flex-1 truncate font-semibold">
              {person.displayName}
              {person.plusOnes > 0 && (
                <span className="ml-1.5 text-sm font-normal text-cream-300">
                  {plusOnesLabel(person.plusOnes)}
                </span>
              )}
            </span>
            <Button
              size="sm"
              variant="secondary"
              disabled={busyUser !== null}
              onClick={() => void promoteOne(person.userId, person.displayName)}
              aria-label={`Promote ${person.displayName} from the waitlist`}
            >
              {busyUser === person.userId && <Spinner className="size-4" />}
              Promote
            </Button>
          </li>
        ))}
      </ol>
      {status === "CanLoadMore" && (
        <Button variant="ghost" onClick={() => loadMore(PAGE)}>
          Show more
        </Button>
      )}
    </div>
  );
}
