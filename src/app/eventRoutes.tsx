import type { RouteObject } from "react-router-dom";
import type { Id } from "@convex/_generated/dataModel";
import { Skeleton } from "@/components/ui/Skeleton";
import { ProtectedRoute } from "@/features/auth/ProtectedRoute";
import type { EventPageSlots } from "@/features/events/page/EventDetails";
import { eventPageQuery, eventRefOf } from "@/features/events/page/eventPageQuery";
import { lazyComponent } from "@/lib/lazyComponent";
import { lazyPage } from "./lazy/lazyPage";

const DiscoverPage = lazyPage(
  () => import("@/features/events/discover/DiscoverPage"),
  "DiscoverPage",
);
const LegacyEventPage = lazyPage(
  () => import("@/features/events/legacy/LegacyEventPage"),
  "LegacyEventPage",
);
const EventPage = lazyPage(() => import("@/features/events/page/EventPage"), "EventPage", {
  query: (params) => eventPageQuery(eventRefOf(params)),
});
const YourSessionsPage = lazyPage(
  () => import("@/features/events/sessions/YourSessionsPage"),
  "YourSessionsPage",
);
const EventRecap = lazyComponent(
  () => import("@/features/recap"),
  "EventRecap",
  <Skeleton className="h-64" />,
);

const NightSections = lazyComponent(() => import("@/features/night"), "NightSections", null);

const slots: EventPageSlots = {
  recap: (eventId: Id<"events">) => <EventRecap eventId={eventId} />,
  night: (eventId: Id<"events">) => <NightSections eventId={eventId} />,
};

/**
 * The events screens, as children of the app shell:
 * discover and event pages are open to everyone (a private event asks the
 * visitor to sign in); Your Sessions needs a signed-in user.
 */
export const eventRoutes: RouteObject[] = [
  { path: "discover", element: <DiscoverPage /> },
  { path: "event/:ref", element: <EventPage slots={slots} /> },
  { path: "private-event/:slug", element: <EventPage slots={slots} /> },
  { path: "events/:eventId", element: <LegacyEventPage /> },
  {
    path: "events",
    element: (
      <ProtectedRoute>
        <YourSessionsPage />
      </ProtectedRoute>
    ),
  },
];
