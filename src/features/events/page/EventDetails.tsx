import { useState, type ReactNode } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import type { Id } from "@convex/_generated/dataModel";
import { eventPageTitle } from "@shared/brand";
import { attendanceWording, MISSED_EVENT_TEXT } from "@shared/eventCopy";
import { eventPageMeta } from "@shared/eventMeta";
import {
  formatEventDate,
  formatEventTimeRange,
  isRecapUnlocked,
  timingLabel,
  timingStatus,
} from "@shared/eventTiming";
import { Button } from "@/components/ui/Button";
import { Skeleton } from "@/components/ui/Skeleton";
import { ArrowLeftIcon } from "@/components/ui/icons";
import { useGoBack } from "@/lib/useGoBack";
import { cn } from "@/lib/cn";
import { AvatarStack } from "../components/AvatarStack";
import { DrinkChip, TimingBadge, VibeChip, VisibilityChip } from "../components/EventBadges";
import { EventCover } from "../components/EventCover";
import { ClockIcon } from "../components/icons";
import {
  CalendarIcon,
  EditIcon,
  ShareIcon,
  TrashIcon,
  UsersIcon,
} from "@/components/ui/screenIcons";
import { lazyComponent } from "@/lib/lazyComponent";
import { lazyDialog, preloadOnIntent } from "@/lib/lazyDialog";
import { eventPageUrl } from "../lib/links";
import { viewerTimeZone } from "@/lib/viewerTimeZone";
import { useDocumentMeta } from "@/lib/useDocumentMeta";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { useNow } from "@/lib/useNow";
import { EditEventDialog, ShareEventDialog } from "../lazyDialogs";
import { AttendeeList } from "./AttendeeList";
import { Countdown } from "./Countdown";
import type { EventPageData } from "./eventPageQuery";
import { HostCard } from "./HostCard";
import { InvitationBanner } from "./InvitationBanner";
import { JoinControls } from "./JoinControls";
import { WaitlistCard } from "./WaitlistCard";
import { withQueuedChanges } from "./queuedRsvp";
import { useQueuedRsvp } from "./useQueuedRsvp";
import { useAttendanceAnnouncement } from "./useAttendanceAnnouncement";
import { LocationCard } from "./LocationCard";
import { SectionCard } from "@/components/ui/SectionCard";

// Only attendees see the calendar menu, and only hosts open the dialogs: their code (Headless
// UI) loads when needed, not with every visit.
const AddToCalendar = lazyComponent(
  () => import("../calendar/AddToCalendar"),
  "AddToCalendar",
  <Skeleton className="h-11 rounded-full" />,
);
// Only hosts see Nudge: its code loads for them.
const NudgeButton = lazyComponent(
  () => import("./NudgeButton"),
  "NudgeButton",
  <Skeleton className="h-11 w-32 rounded-full" />,
);
// The announcements list and composer: a part of its own, after the page's first paint.
const AnnouncementsSection = lazyComponent(
  () => import("./AnnouncementsSection"),
  "AnnouncementsSection",
  null,
);
const ConfirmDialog = lazyDialog(() => import("@/components/ui/ConfirmDialog"), "ConfirmDialog");
const Modal = lazyDialog(() => import("@/components/ui/Modal"), "Modal");

/** Parts of the session page that other features render (composed in src/app). */
export type EventPageSlots = {
  /** Ratings, Toast Recap, photos and comments once they open. */
  recap?: (eventId: Id<"events">) => ReactNode;
  /** The night itself: the crawl's stops, "got home safe" check-ins, the tab. */
  night?: (eventId: Id<"events">) => ReactNode;
};

/** The event page itself, from the live `events.get` result. */
export function EventDetails({
  data,
  onDelete,
  slots = {},
}: {
  data: EventPageData;
  onDelete: (eventId: Id<"events">) => void;
  slots?: EventPageSlots;
}) {
  // A join, leave, RSVP or invitation answer still in the outbox shows at once, as it will be
  // once applied.
  const { changes, rsvpWaiting, answer } = useQueuedRsvp(data.event._id);
  const shown = withQueuedChanges(data, changes);
  const { event, host, coHosts, attendees, viewer } = shown;
  const now = useNow(15_000);
  const timeZone = viewerTimeZone();
  const status = timingStatus(event, now, timeZone);
  const isPast = status === "past";
  const recapOpen = isPast || isRecapUnlocked(event, now, event.timeZone);
  const wording = attendanceWording(isPast);
  useAttendanceAnnouncement(
    event._id,
    event.attendeeCount,
    viewer.isAttending,
    `${event.attendeeCount} ${wording.attending}`,
  );
  const goBack = useGoBack("/discover");
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [shareOpen, setShareOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const deleteNetwork = useNetworkNeeded("deleting a session");
  const [manageOpen, setManageOpen] = useState(false);
  const editOpen = viewer.canEdit && searchParams.get("edit") === "true";

  const url = eventPageUrl(event);
  const meta = eventPageMeta(
    { ...event, hostName: host.displayName, coverImageUrl: event.coverUrl, url },
    { siteUrl: window.location.origin, timeZone: event.timeZone },
  );
  // A private event's tags stay generic, but someone allowed in sees its name in the tab.
  useDocumentMeta({ ...meta, title: eventPageTitle(event.title) });

  function setEditOpen(open: boolean) {
    const next = new URLSearchParams(searchParams);
    if (open) next.set("edit", "true");
    else next.delete("edit");
    setSearchParams(next, { replace: !open });
  }

  const calendarEvent = {
    id: event._id,
    title: event.title,
    notes: event.notes,
    placeName: event.placeName,
    location: event.location,
    latitude: event.latitude,
    longitude: event.longitude,
    url,
    startTime: event.startTime,
    endTime: event.endTime,
    durationType: event.durationType,
  };

  const actions = (
    <section
      aria-label="Your RSVP"
      className="flex flex-col gap-3 rounded-3xl bg-night-850 p-5 ring-1 ring-night-700 ring-inset sm:p-6"
    >
      {/* The server's invitation, not the shown one: a queued answer shows in the banner. */}
      {!isPast && (
        <InvitationBanner eventId={event._id} invitation={data.viewer.member} answer={answer} />
      )}
      <JoinControls
        eventId={event._id}
        viewer={viewer}
        seats={event}
        isPast={isPast}
        waiting={rsvpWaiting}
      />
      {viewer.isAttending && !isPast && (
        <AddToCalendar
          event={calendarEvent}
          crawlStart={data.crawlStart ?? null}
          timeZone={event.timeZone}
        />
      )}
      <Button
        variant="secondary"
        onClick={() => setShareOpen(true)}
        {...preloadOnIntent(ShareEventDialog)}
      >
        <ShareIcon className="size-4" /> Share
      </Button>
      {(viewer.canEdit || viewer.canDelete) && (
        <div className="flex gap-3">
          {viewer.canEdit && (
            <Button
              variant="secondary"
              className="flex-1"
              onClick={() => setEditOpen(true)}
              {...preloadOnIntent(EditEventDialog)}
            >
              <EditIcon className="size-4" /> Edit
            </Button>
          )}
          {viewer.canDelete && (
            <Button
              variant="ghost"
              className="flex-1 text-red-300 hover:bg-red-500/10 hover:text-red-200"
              onClick={() => setDeleteOpen(true)}
              {...preloadOnIntent(ConfirmDialog)}
            >
              <TrashIcon className="size-4" /> Delete
            </Button>
          )}
        </div>
      )}
      {viewer.canEdit && !isPast && <NudgeButton eventId={event._id} />}
    </section>
  );

  const hostCard = (
    <HostCard
      host={host}
      coHosts={coHosts}
      isPast={isPast}
      manageButton={
        viewer.canManageCoHosts ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setManageOpen(true)}
            {...preloadOnIntent(Modal)}
          >
            <UsersIcon className="size-4" /> Manage co-hosts
          </Button>
        ) : undefined
      }
    />
  );

  const infoCard = (
    <SectionCard title="Event info">
      <dl className="flex flex-col gap-3 text-sm">
        <div>
          <dt className="sr-only">Date</dt>
          <dd className="flex items-start gap-3">
            <CalendarIcon className="size-4 shrink-0 translate-y-0.5 text-brand-amber" />
            {formatEventDate(event.startTime, timeZone)}
          </dd>
        </div>
        <div>
          <dt className="sr-only">Time</dt>
          <dd className="flex items-start gap-3">
            <ClockIcon className="size-4 shrink-0 translate-y-0.5 text-brand-amber" />
            {formatEventTimeRange(event, timeZone)}
          </dd>
        </div>
        <div>
          <dt className="sr-only">Status</dt>
          <dd className="flex items-start gap-3">
            <span aria-hidden="true" className="w-4 text-center">
              {isPast ? "🏁" : "🎟️"}
            </span>
            This session is {status === "now" ? "happening now" : wording.state}
          </dd>
        </div>
        <div>
          <dt className="sr-only">Event code</dt>
          <dd className="flex items-start gap-3">
            <span aria-hidden="true" className="w-4 text-center font-bold text-brand-amber">
              #
            </span>
            <span>
              Code{" "}
              <span className="font-mono font-bold tracking-widest text-cream-50">
                {event.eventCode}
              </span>
            </span>
          </dd>
        </div>
      </dl>
    </SectionCard>
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-5 sm:px-6 sm:py-8">
      <Button variant="ghost" size="sm" onClick={goBack} className="-ml-2">
        <ArrowLeftIcon className="size-4" /> Back
      </Button>

      {/*
        Phones: one column (what; join, host and info; who, notes, where), in the
        same order as the DOM. Wide screens: details on the left, the rest in a sticky column.
      */}
      <div className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <header className="min-w-0 lg:col-start-1">
          <div className="relative aspect-[1200/630] overflow-hidden rounded-3xl bg-night-800 shadow-2xl shadow-black/40 ring-1 ring-night-700">
            <EventCover
              coverUrl={event.coverUrl}
              vibe={event.vibe}
              eager
              className={cn(isPast && "grayscale-[35%]")}
            />
            <TimingBadge status={status} className="absolute top-4 left-4" />
          </div>
          <div className="mt-5 flex flex-wrap gap-2">
            <VibeChip vibe={event.vibe} />
            <DrinkChip drinkType={event.drinkType} />
            <VisibilityChip isPublic={event.isPublic} />
          </div>
          <h1 className="mt-4 font-display text-3xl leading-tight font-black tracking-tight text-balance sm:text-5xl">
            {event.title}
          </h1>
          <p
            className={cn(
              "mt-3 flex items-center gap-2 text-lg font-bold",
              status === "now" ? "text-rose-300" : isPast ? "text-cream-400" : "text-brand-amber",
            )}
          >
            <ClockIcon className="size-5 shrink-0" />
            {timingLabel(event, now, timeZone)}
          </p>
          <p className="mt-1 text-cream-200">
            {formatEventDate(event.startTime, timeZone)} · {formatEventTimeRange(event, timeZone)}
          </p>
          {!isPast && (
            <div className="mt-3">
              <Countdown startTime={event.startTime} />
            </div>
          )}
        </header>
        <div className="flex min-w-0 flex-col gap-6 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {actions}
          {hostCard}
          {infoCard}
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1">
          {isPast && !viewer.isAttending && (
            <section className="rounded-3xl bg-gradient-to-br from-night-800 to-night-850 p-6 text-center ring-1 ring-night-700">
              <p aria-hidden="true" className="text-4xl">
                🥲
              </p>
              <h2 className="mt-2 font-display text-xl font-extrabold">{MISSED_EVENT_TEXT}</h2>
              <p className="mt-1 text-sm text-cream-200">
                Catch the next round: there&apos;s always another session on Discover.
              </p>
            </section>
          )}
          {/* The night: where the crawl is, check-ins home, the tab. */}
          {slots.night?.(event._id)}
          {/* Past events (or 2 h after the start): rating, Toast Recap, gallery and comments. */}
          {recapOpen && slots.recap?.(event._id)}

          <AnnouncementsSection eventId={event._id} />

          {viewer.canEdit && !isPast && event.waitlistCount > 0 && (
            <WaitlistCard eventId={event._id} count={event.waitlistCount} />
          )}
          <SectionCard title={wording.whoHeading}>
            {event.attendeeCount > 0 ? (
              <div className="flex flex-wrap items-center gap-4">
                <AvatarStack
                  people={attendees.map((person) => ({
                    userId: person.userId,
                    name: person.displayName,
                    avatarUrl: person.avatarUrl,
                  }))}
                  total={event.attendeeCount}
                />
                <p className="text-cream-200">
                  <span className="font-bold text-cream-50">
                    {event.attendeeCount} {wording.attending}
                  </span>
                  {event.maybeCount > 0 && <> · {event.maybeCount} maybe</>}
                </p>
              </div>
            ) : (
              <p className="text-cream-200">Nobody yet. Be the first!</p>
            )}
          </SectionCard>

          {event.notes && (
            <SectionCard title="Notes">
              <p className="whitespace-pre-line text-cream-200">{event.notes}</p>
            </SectionCard>
          )}

          <LocationCard
            placeNickname={event.placeNickname}
            placeName={event.placeName}
            location={event.location}
            latitude={event.latitude}
            longitude={event.longitude}
          />
        </div>
      </div>

      <ShareEventDialog event={event} open={shareOpen} onClose={() => setShareOpen(false)} />
      {viewer.canEdit && (
        <EditEventDialog
          event={event}
          open={editOpen}
          onClose={() => setEditOpen(false)}
          canManageCoHosts={viewer.canManageCoHosts}
          onSaved={(path) => {
            if (path !== location.pathname) {
              void navigate(path, { replace: true });
            }
          }}
        />
      )}
      <Modal
        open={manageOpen}
        onClose={() => setManageOpen(false)}
        title="Manage co-hosts"
        description="Co-hosts can edit the session with you."
      >
        <AttendeeList eventId={event._id} canManage={viewer.canManageCoHosts} />
      </Modal>
      <ConfirmDialog
        open={deleteOpen}
        title="Delete this session?"
        body="The session, its RSVPs and everything in it will be gone for everyone. This can't be undone."
        confirmLabel="Delete Session"
        busyLabel="Deleting..."
        busy={false}
        onClose={() => setDeleteOpen(false)}
        onConfirm={() => {
          setDeleteOpen(false);
          onDelete(event._id);
        }}
        network={deleteNetwork}
      />
    </div>
  );
}
