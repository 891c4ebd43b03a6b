import { useConvexAuth, useMutation } from "convex/react";
import { useEffect, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router-dom";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { EVENT_PAGE_PANELS } from "@shared/eventCopy";
import { EVENT_ERRORS } from "@shared/eventMessages";
import { appErrorData } from "@shared/errors";
import { loginPathReturningTo } from "@shared/redirects";
import { Button } from "@/components/ui/Button";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { storeRedirectAfterLogin } from "@/lib/authStorage";
import { useGoBack } from "@/lib/useGoBack";
import { useCachedQueryState } from "@/lib/offline/useCachedQuery";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { EventDetails, type EventPageSlots } from "./EventDetails";
import { eventPageQuery, eventRefOf, type EventPageData } from "./eventPageQuery";
import { EventPageSkeleton } from "./EventPageSkeleton";
import { StatePanel } from "@/components/ui/StatePanel";

/**
 * /event/{slug, code or id} and /private-event/{slug}: the event page, live.
 * Signed out on a private event: the path is stored and the visitor goes to
 * /login with 'Please sign in to view this private event'.
 */
export function EventPage({ slots }: { slots?: EventPageSlots } = {}) {
  const ref = eventRefOf(useParams());
  // Remounting the loader re-subscribes, which is how "Try Again" re-runs the query.
  const [attempt, setAttempt] = useState(0);
  return (
    <EventLoader
      key={`${ref}:${attempt}`}
      eventRef={ref}
      retry={() => setAttempt((n) => n + 1)}
      slots={slots}
    />
  );
}

function EventLoader({
  eventRef,
  retry,
  slots,
}: {
  eventRef: string;
  retry: () => void;
  slots?: EventPageSlots;
}) {
  const auth = useConvexAuth();
  const { query, args } = eventPageQuery(eventRef);
  const live = useCachedQueryState(query, args);
  // Once shown, the page stays up if the subscription briefly reloads (e.g. while
  // the session token is refreshed), so open dialogs keep what was typed.
  const [lastData, setLastData] = useState<EventPageData | null>(null);
  if (live.status === "success" && live.data !== lastData) setLastData(live.data);
  const state: typeof live =
    live.status === "loading" && lastData !== null ? { status: "success", data: lastData } : live;
  const navigate = useNavigate();
  const location = useLocation();
  const goBack = useGoBack("/discover");
  const remove = useMutation(api.events.remove);
  const [deleting, setDeleting] = useState(false);
  const deleteNetwork = useNetworkNeeded("deleting a session", deleting);

  async function deleteEvent(eventId: Id<"events">) {
    // The page steps aside first, so the live query's "not found" never flashes.
    setDeleting(true);
    try {
      await remove({ eventId });
      toast.success("Session deleted");
      void navigate("/discover", { replace: true });
    } catch {
      toast.error(EVENT_ERRORS.deleteFailed);
      setDeleting(false);
    }
  }

  const error = state.status === "error" ? appErrorData(state.error) : null;
  const mustSignIn =
    error?.code === "NOT_AUTHENTICATED" && !auth.isLoading && !auth.isAuthenticated;

  useEffect(() => {
    if (!mustSignIn) return;
    storeRedirectAfterLogin(`${location.pathname}${location.search}`);
    toast(EVENT_ERRORS.signInToViewPrivate, { id: "sign-in-to-view-private" });
    void navigate(loginPathReturningTo(`${location.pathname}${location.search}`), {
      replace: true,
    });
  }, [mustSignIn, location.pathname, location.search, navigate]);

  if (deleting) {
    // A delete sent before the connection dropped goes through once it is back.
    return (
      <StatePanel
        emoji="🧹"
        title={deleteNetwork.busyLabel("Deleting session…")}
        body={deleteNetwork.note ?? "Clearing the tables."}
      />
    );
  }
  if (
    state.status === "loading" ||
    mustSignIn ||
    (error?.code === "NOT_AUTHENTICATED" && auth.isLoading)
  ) {
    return <EventPageSkeleton />;
  }
  if (state.status === "success") {
    return (
      <EventDetails
        data={state.data}
        onDelete={(eventId) => void deleteEvent(eventId)}
        slots={slots}
      />
    );
  }

  if (error?.code === "NOT_FOUND" || error?.code === "VALIDATION") {
    return (
      <StatePanel
        emoji="🔍"
        title={EVENT_PAGE_PANELS.notFound.title}
        body="This session may have been deleted, or the link is wrong."
      >
        <ButtonLink to="/discover">Discover Events</ButtonLink>
        <Button variant="secondary" onClick={goBack}>
          Go Back
        </Button>
      </StatePanel>
    );
  }
  if (error?.code === "FORBIDDEN") {
    return (
      <StatePanel emoji="🔒" title="Private session" body={error.message} alert>
        <ButtonLink to="/discover">Discover Events</ButtonLink>
        <Button variant="secondary" onClick={goBack}>
          Go Back
        </Button>
      </StatePanel>
    );
  }
  if (error?.code === "NOT_AUTHENTICATED") {
    // Signed in as far as this browser knows, yet the server disagrees.
    return (
      <StatePanel
        emoji="🔐"
        title={EVENT_PAGE_PANELS.authError.title}
        body="We couldn't confirm who's signed in. Try again in a moment."
        alert
      >
        <Button onClick={retry}>{EVENT_PAGE_PANELS.authError.action}</Button>
      </StatePanel>
    );
  }
  return (
    <StatePanel
      emoji="🫗"
      title={EVENT_PAGE_PANELS.loadError.title}
      body={EVENT_ERRORS.loadDetailsFailed}
      alert
    >
      <Button onClick={retry}>{EVENT_PAGE_PANELS.loadError.actions[0]}</Button>
      <Button variant="secondary" onClick={goBack}>
        {EVENT_PAGE_PANELS.loadError.actions[1]}
      </Button>
    </StatePanel>
  );
}
