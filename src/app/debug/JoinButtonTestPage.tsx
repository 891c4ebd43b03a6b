import { useConvexAuth } from "convex/react";
import { useState } from "react";
import { api } from "@convex/_generated/api";
import { timingStatus } from "@shared/eventTiming";
import { errorMessage } from "@shared/errors";
import { DEBUG_MESSAGES } from "@shared/debugPages";
import { Skeleton } from "@/components/ui/Skeleton";
import { DebugPage } from "@/features/debug/kit/DebugPage";
import { DebugSection } from "@/features/debug/kit/DebugSection";
import { EventPicker } from "@/features/debug/kit/EventPicker";
import { viewerTimeZone } from "@/lib/viewerTimeZone";
import { useNow } from "@/lib/useNow";
import { JoinControls } from "@/features/events/page/JoinControls";
import { useQueryState } from "@/lib/useQueryState";

/**
 * /test-join-button: the real join button
 * on a session you pick — signed out 'Sign in to Join', signed in 'Join the
 * Party', then 'Joined' ('Leave Event' on hover or touch); hidden for the
 * host and past sessions, with their messages instead.
 */
export function JoinButtonTestPage() {
  const { isAuthenticated } = useConvexAuth();
  const [eventRef, setEventRef] = useState<string | null>(null);
  return (
    <DebugPage
      title="Join Button Test"
      description="The real join button of the event page, on the session you pick. Joining and leaving here really changes your RSVP."
    >
      <div className="grid gap-6 md:grid-cols-2">
        <DebugSection title="Pick a session">
          <EventPicker
            sources={isAuthenticated ? ["discover", "upcoming", "past"] : ["discover"]}
            selected={eventRef}
            onPick={setEventRef}
          />
        </DebugSection>
        <DebugSection title="Join button">
          {eventRef === null ? (
            <p className="text-cream-400">Pick a session to see its join button.</p>
          ) : (
            <JoinButtonFor eventRef={eventRef} />
          )}
        </DebugSection>
      </div>
    </DebugPage>
  );
}

function JoinButtonFor({ eventRef }: { eventRef: string }) {
  const page = useQueryState(api.events.get, { slugOrCodeOrId: eventRef });
  const now = useNow();
  if (page.status === "loading") return <Skeleton className="h-14 rounded-full" />;
  if (page.status === "error") {
    return <p className="text-red-300">{errorMessage(page.error, DEBUG_MESSAGES.noEventsFound)}</p>;
  }
  const { event, viewer } = page.data;
  const isPast = timingStatus(event, now, viewerTimeZone()) === "past";
  return (
    <div className="flex flex-col gap-4">
      <p className="font-semibold">{event.title}</p>
      <JoinControls eventId={event._id} viewer={viewer} seats={event} isPast={isPast} />
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="text-cream-400">Your role</dt>
        <dd>{viewer.role}</dd>
        <dt className="text-cream-400">RSVP</dt>
        <dd>{viewer.rsvpStatus ?? "none"}</dd>
        <dt className="text-cream-400">Past</dt>
        <dd>{isPast ? "yes" : "no"}</dd>
      </dl>
    </div>
  );
}
