import { useMutation, usePaginatedQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router-dom";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { eventPageTitle } from "@shared/brand";
import { RSVP_STATUSES, RSVP_STATUS_LABELS, type RsvpStatus } from "@shared/eventOptions";
import { EVENT_ERRORS, EVENT_TOASTS, EVENT_VALIDATION_MESSAGES } from "@shared/eventRules";
import { formatEventDate, formatEventTimeRange, timingStatus } from "@shared/eventTiming";
import { CAPACITY_MESSAGES } from "@shared/capacityRules";
import { appErrorData, errorMessage } from "@shared/errors";
import { Avatar } from "@/components/ui/Avatar";
import { Button } from "@/components/ui/Button";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { ArrowLeftIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/Spinner";
import { storeRedirectAfterLogin } from "@/lib/authStorage";
import { playFeedback } from "@/lib/feedback";
import { cn } from "@/lib/cn";
import { preloadOnIntent } from "@/lib/lazyDialog";
import { useGoBack } from "@/lib/useGoBack";
import { usePageTitle } from "@/lib/usePageTitle";
import { useQueryState } from "@/lib/useQueryState";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { EditIcon, ShareIcon, TrashIcon } from "@/components/ui/screenIcons";
import { PinIcon } from "../components/icons";
import { placeLine } from "../components/EventCard";
import { viewerTimeZone } from "@/lib/viewerTimeZone";
import { useNow } from "@/lib/useNow";
import { EventPageSkeleton } from "../page/EventPageSkeleton";
import { StatePanel } from "@/components/ui/StatePanel";
import { SectionCard } from "@/components/ui/SectionCard";
import { ShareEventDialog } from "../lazyDialogs";

type LegacyData = FunctionReturnType<typeof api.events.getById>;

/** /events/{eventId}: the older compact page with the Going / Maybe / Not Going selector. */
export function LegacyEventPage() {
  const { eventId = "" } = useParams();
  const state = useQueryState(api.events.getById, { eventId });
  const goBack = useGoBack("/discover");
  const location = useLocation();
  const navigate = useNavigate();

  if (state.status === "loading") return <EventPageSkeleton />;
  if (state.status === "success") return <LegacyEvent data={state.data} />;

  const error = appErrorData(state.error);
  if (error?.message === EVENT_VALIDATION_MESSAGES.invalidEventUrl) {
    return (
      <StatePanel
        emoji="🔗"
        title={EVENT_VALIDATION_MESSAGES.invalidEventUrl}
        body="This link doesn't point to a session."
      >
        <ButtonLink to="/discover">Discover Events</ButtonLink>
      </StatePanel>
    );
  }
  if (error?.code === "NOT_FOUND") {
    return (
      <StatePanel emoji="🔍" title={EVENT_ERRORS.notFound}>
        <ButtonLink to="/discover">Discover Events</ButtonLink>
      </StatePanel>
    );
  }
  if (error?.code === "NOT_AUTHENTICATED") {
    return (
      <StatePanel emoji="🔒" title={error.message}>
        <Button
          onClick={() => {
            storeRedirectAfterLogin(location.pathname);
            void navigate("/login");
          }}
        >
          Sign In
        </Button>
      </StatePanel>
    );
  }
  return (
    <StatePanel
      emoji="🫗"
      title="Error Loading Event"
      body={error?.message ?? EVENT_ERRORS.loadDetailsFailed}
      alert
    >
      <Button variant="secondary" onClick={goBack}>
        Go Back
      </Button>
    </StatePanel>
  );
}

function LegacyEvent({ data }: { data: LegacyData }) {
  const { event, counts, viewer } = data;
  usePageTitle(eventPageTitle(event.title));
  const timeZone = viewerTimeZone();
  const now = useNow(30_000);
  const isPast = timingStatus(event, now, timeZone) === "past";
  const goBack = useGoBack("/discover");
  const navigate = useNavigate();
  const location = useLocation();
  const setRsvp = useMutation(api.rsvps.set);
  const remove = useMutation(api.events.remove);
  const [pending, setPending] = useState<RsvpStatus | null>(null);
  const [shareOpen, setShareOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const deleteNetwork = useNetworkNeeded("deleting a session", deleting);
  const place = placeLine(event);
  const countOf: Record<RsvpStatus, number> = {
    going: counts.going,
    maybe: counts.maybe,
    not_going: counts.notGoing,
  };

  async function choose(status: RsvpStatus, button: HTMLButtonElement) {
    if (!viewer.signedIn) {
      toast(EVENT_ERRORS.signInToJoin, { id: "sign-in-to-join" });
      storeRedirectAfterLogin(location.pathname);
      void navigate("/login");
      return;
    }
    setPending(status);
    try {
      const result = await setRsvp({ eventId: event._id, status });
      // "Going" on a full session joins its waitlist, as the session page's join does.
      toast.success(
        result.waitlistPlace === null
          ? EVENT_TOASTS.rsvpUpdated
          : CAPACITY_MESSAGES.addedToWaitlist,
      );
      playFeedback("rsvp", button);
    } catch (error) {
      toast.error(errorMessage(error, EVENT_ERRORS.rsvpFailed));
    } finally {
      setPending(null);
    }
  }

  async function deleteEvent() {
    setDeleting(true);
    try {
      await remove({ eventId: event._id });
      toast.success("Session deleted");
      void navigate("/discover", { replace: true });
    } catch {
      toast.error(EVENT_ERRORS.deleteFailed);
      setDeleting(false);
      setDeleteOpen(false);
    }
  }

  if (deleting) return <StatePanel emoji="🧹" title="Deleting session…" />;

  const isHost = viewer.role === "host";
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <Button variant="ghost" size="sm" onClick={goBack} className="-ml-2">
        <ArrowLeftIcon className="size-4" /> Back
      </Button>
      <h1 className="mt-4 font-display text-3xl font-black tracking-tight text-balance sm:text-4xl">
        {event.title}
      </h1>
      <p className="mt-2 text-cream-200">
        {formatEventDate(event.startTime, timeZone)} · {formatEventTimeRange(event, timeZone)}
      </p>
      {place && (
        <p className="mt-1 flex items-center gap-2 text-cream-200">
          <PinIcon className="size-4 text-brand-pink" /> {place}
        </p>
      )}
      {event.notes && <p className="mt-4 whitespace-pre-line text-cream-200">{event.notes}</p>}
      <p className="mt-3 text-sm">
        <Link
          to={event.path}
          className="inline-flex min-h-6 items-center font-semibold text-brand-amber hover:underline"
        >
          Open the full session page
        </Link>
      </p>

      <SectionCard title="Your RSVP" className="mt-6">
        {isHost ? (
          <>
            <p className="text-cream-200">You are the host of this session.</p>
            <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
              {RSVP_STATUSES.map((status) => (
                <div
                  key={status}
                  className="rounded-2xl bg-night-800 px-2 py-3 ring-1 ring-night-600 ring-inset"
                >
                  <dt className="text-sm font-bold text-cream-50">{RSVP_STATUS_LABELS[status]}</dt>
                  <dd className="text-sm font-semibold text-cream-400 tabular-nums">
                    {countOf[status]}
                  </dd>
                </div>
              ))}
            </dl>
          </>
        ) : (
          <div role="group" aria-label="RSVP" className="grid grid-cols-3 gap-2">
            {RSVP_STATUSES.map((status) => {
              const selected = viewer.rsvpStatus === status;
              return (
                <button
                  key={status}
                  type="button"
                  aria-pressed={selected}
                  disabled={pending !== null || isPast}
                  onClick={(click) => void choose(status, click.currentTarget)}
                  className={cn(
                    "flex flex-col items-center gap-0.5 rounded-2xl px-2 py-3 font-bold ring-1 transition ring-inset active:scale-[0.97] disabled:opacity-60",
                    selected
                      ? "bg-brand-gradient text-brand-ink ring-transparent"
                      : "bg-night-800 text-cream-50 ring-night-600 hover:bg-night-700",
                  )}
                >
                  <span className="flex items-center gap-1.5">
                    {pending === status && <Spinner className="size-4" />}
                    {RSVP_STATUS_LABELS[status]}
                  </span>
                  <span
                    className={cn(
                      "text-sm font-semibold tabular-nums",
                      selected ? "text-brand-ink" : "text-cream-400",
                    )}
                  >
                    {countOf[status]}
                  </span>
                </button>
              );
            })}
          </div>
        )}
        {isPast && !isHost && (
          <p className="mt-3 text-sm text-cream-400">This session has passed.</p>
        )}
      </SectionCard>

      <SectionCard title="RSVPs" className="mt-6">
        <RsvpList eventId={event._id} />
      </SectionCard>

      <div className="mt-6 flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() => setShareOpen(true)}
          {...preloadOnIntent(ShareEventDialog)}
        >
          <ShareIcon className="size-4" /> Share
        </Button>
        {viewer.canEdit && (
          <ButtonLink to={`${event.path}?edit=true`} variant="secondary">
            <EditIcon className="size-4" /> Edit
          </ButtonLink>
        )}
        {viewer.canDelete && (
          <Button
            variant="ghost"
            className="text-red-300 hover:bg-red-500/10"
            onClick={() => setDeleteOpen(true)}
          >
            <TrashIcon className="size-4" /> Delete
          </Button>
        )}
      </div>

      <ShareEventDialog event={event} open={shareOpen} onClose={() => setShareOpen(false)} />
      <ConfirmDialog
        open={deleteOpen}
        title="Delete this session?"
        body="The session, its RSVPs and everything in it will be gone for everyone. This can't be undone."
        confirmLabel="Delete Session"
        busyLabel="Deleting..."
        busy={deleting}
        onClose={() => setDeleteOpen(false)}
        onConfirm={() => void deleteEvent()}
        network={deleteNetwork}
      />
    </div>
  );
}

function RsvpList({ eventId }: { eventId: Id<"events"> }) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.rsvps.list,
    { eventId },
    { initialNumItems: 30 },
  );
  if (status === "LoadingFirstPage") {
    return (
      <p role="status" className="flex items-center gap-2 text-cream-200">
        <Spinner className="size-4" /> Loading RSVPs…
      </p>
    );
  }
  if (results.length === 0) return <p className="text-cream-200">No RSVPs yet.</p>;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col divide-y divide-night-700">
        {results.map((rsvp) => (
          <li key={rsvp.userId} className="flex items-center gap-3 py-2.5">
            <Avatar name={rsvp.person.displayName} url={rsvp.person.avatarUrl} size="sm" />
            <span className="min-w-0 flex-1 truncate font-semibold">{rsvp.person.displayName}</span>
            <span
              className={cn(
                "rounded-full px-2.5 py-1 text-xs font-bold",
                rsvp.status === "going" && "bg-emerald-300 text-brand-ink",
                rsvp.status === "maybe" && "bg-amber-300 text-brand-ink",
                rsvp.status === "not_going" && "bg-night-700 text-cream-200",
              )}
            >
              {RSVP_STATUS_LABELS[rsvp.status]}
            </span>
          </li>
        ))}
      </ul>
      {status === "CanLoadMore" && (
        <Button variant="ghost" onClick={() => loadMore(30)}>
          Show more
        </Button>
      )}
    </div>
  );
}
