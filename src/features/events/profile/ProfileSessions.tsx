import { useCachedPaginatedQuery, useCachedQuery } from "@/lib/offline/useCachedQuery";
import { api } from "@convex/_generated/api";
import { EVENT_ERRORS } from "@shared/eventMessages";
import { Button } from "@/components/ui/Button";
import { LoadErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { Spinner } from "@/components/ui/Spinner";
import { EventCard, EventCardSkeleton } from "../components/EventCard";
import { EventCardActions } from "../components/EventCardActions";
import { viewerTimeZone } from "@/lib/viewerTimeZone";
import { useNow } from "@/lib/useNow";

const PAGE_SIZE = 6;

/**
 * A profile's Upcoming / Past tab counts, as the viewer may see them; undefined
 * while loading, null when the profile is hidden from the viewer.
 */
export function useProfileSessionCounts(username: string) {
  return useCachedQuery(api.events.profileCounts, { username });
}

/**
 * The session cards of one profile tab, live, with "Load More". Someone
 * else's private sessions appear only under the spec's rule (the server
 * decides). `empty` shows when there are none; a failed query says 'Failed
 * to load events. Please try again.' with Try Again.
 */
type ProfileSessionListProps = {
  username: string;
  when: "upcoming" | "past";
  empty?: React.ReactNode;
  /** The signed-in user's id: sessions they host get Edit and Delete (hosts manage them from their own profile). */
  viewerId?: string | null;
};

export function ProfileSessionList(props: ProfileSessionListProps) {
  return (
    <LoadErrorBoundary message={EVENT_ERRORS.loadEventsFailed}>
      <ProfileSessionCards {...props} />
    </LoadErrorBoundary>
  );
}

function ProfileSessionCards({ username, when, empty, viewerId }: ProfileSessionListProps) {
  const now = useNow(30_000);
  const timeZone = viewerTimeZone();
  const { results, status, loadMore } = useCachedPaginatedQuery(
    api.events.forProfile,
    { username, when },
    { initialNumItems: PAGE_SIZE },
  );
  if (status === "LoadingFirstPage") {
    return (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-busy="true">
        <EventCardSkeleton />
        <EventCardSkeleton />
      </div>
    );
  }
  if (results.length === 0) return <>{empty ?? null}</>;
  return (
    <div className="flex flex-col gap-4">
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {results.map((event) => (
          <li key={event._id} className="flex min-w-0">
            <div className="flex w-full min-w-0 flex-col [&>article]:flex-1">
              <EventCard event={event} now={now} timeZone={timeZone} headingLevel={3} />
              {viewerId && event.host.userId === viewerId && (
                <EventCardActions event={event} canEdit canDelete />
              )}
            </div>
          </li>
        ))}
      </ul>
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <Button
          variant="ghost"
          className="self-center"
          disabled={status === "LoadingMore"}
          onClick={() => loadMore(PAGE_SIZE)}
        >
          {status === "LoadingMore" && <Spinner className="size-4" />}
          Load More
        </Button>
      )}
    </div>
  );
}
