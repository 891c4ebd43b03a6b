import { CALENDAR_FEED_COPY } from "@shared/calendarFeedTexts";
import { Skeleton } from "@/components/ui/Skeleton";
import { lazyComponent } from "@/lib/lazyComponent";
import { SettingsSection } from "./SettingsSection";

// The link, its buttons and the regenerate dialog load as their own chunk, after the page.
const CalendarFeedPanel = lazyComponent(
  () => import("@/components/calendar/CalendarFeedPanel"),
  "CalendarFeedPanel",
  <div role="status" aria-busy="true" aria-label="Loading your calendar link">
    <Skeleton className="h-28 rounded-2xl" />
  </div>,
);

/** Settings › Calendar: the secret subscription address of the person's own sessions. */
export function CalendarSection() {
  return (
    <SettingsSection
      id="calendar"
      title={CALENDAR_FEED_COPY.settingsTitle}
      description={CALENDAR_FEED_COPY.settingsDescription}
    >
      <CalendarFeedPanel />
    </SettingsSection>
  );
}
