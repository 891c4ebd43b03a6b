import { useConvexAuth } from "convex/react";
import { useState } from "react";
import { api } from "@convex/_generated/api";
import { DEBUG_MESSAGES } from "@shared/debugPages";
import { errorMessage } from "@shared/errors";
import { Skeleton } from "@/components/ui/Skeleton";
import { DebugPage } from "@/features/debug/kit/DebugPage";
import { DebugSection } from "@/features/debug/kit/DebugSection";
import { EventPicker } from "@/features/debug/kit/EventPicker";
import { EventRecap } from "@/features/recap";
import { useQueryState } from "@/lib/useQueryState";

/**
 * /test-ratings: the real review panel (star rating, feedback, photos,
 * comments) of a session you pick. It opens once the session is past, or 2
 * hours after its start, for the people who went.
 */
export function RatingsTestPage() {
  const { isAuthenticated } = useConvexAuth();
  const [eventRef, setEventRef] = useState<string | null>(null);
  return (
    <DebugPage
      title="Review Panel & Star Rating Test"
      description="The real review panel of the session you pick. Ratings given here are real."
      wide
    >
      <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
        <DebugSection title="Pick a session">
          <EventPicker
            sources={isAuthenticated ? ["past", "upcoming"] : ["discover"]}
            selected={eventRef}
            onPick={setEventRef}
          />
        </DebugSection>
        <div>
          {eventRef === null ? (
            <DebugSection title="Review panel">
              <p className="text-cream-400">Pick a session to see its review panel.</p>
            </DebugSection>
          ) : (
            <RecapFor eventRef={eventRef} />
          )}
        </div>
      </div>
    </DebugPage>
  );
}

function RecapFor({ eventRef }: { eventRef: string }) {
  const page = useQueryState(api.events.get, { slugOrCodeOrId: eventRef });
  if (page.status === "loading") return <Skeleton className="h-64 rounded-3xl" />;
  if (page.status === "error") {
    return <p className="text-red-300">{errorMessage(page.error, DEBUG_MESSAGES.noEventsFound)}</p>;
  }
  return <EventRecap eventId={page.data.event._id} />;
}
