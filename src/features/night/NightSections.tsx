import type { Id } from "@convex/_generated/dataModel";
import { lazyComponent } from "@/lib/lazyComponent";

// Each part of the night loads after the page's first paint, in its own chunk; each asks the
// server what this viewer may see and renders nothing when the answer is nothing.
const StopsSection = lazyComponent(() => import("./stops/StopsSection"), "StopsSection", null);
const CheckInSection = lazyComponent(
  () => import("./checkIn/CheckInSection"),
  "CheckInSection",
  null,
);
const TabSection = lazyComponent(() => import("./tab/TabSection"), "TabSection", null);

/** The session page's night: the crawl's stops, "got home safe" check-ins and the tab. */
export function NightSections({ eventId }: { eventId: Id<"events"> }) {
  return (
    <>
      <StopsSection eventId={eventId} />
      <CheckInSection eventId={eventId} />
      <TabSection eventId={eventId} />
    </>
  );
}
