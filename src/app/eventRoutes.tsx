import type { RouteObject } from "react-router-dom";
import type { Id } from "../../convex/_generated/dataModel";
import { ProtectedRoute } from "@/features/auth/ProtectedRoute";
import { DiscoverPage } from "@/features/events/discover/DiscoverPage";
import { LegacyEventPage } from "@/features/events/legacy/LegacyEventPage";
import { EventPage } from "@/features/events/page/EventPage";
import { YourSessionsPage } from "@/features/events/sessions/YourSessionsPage";
import { EventRecap } from "@/features/recap";

const renderRecap = (eventId: Id<"events">) => <EventRecap eventId={eventId} />;

/**
 * The events screens (spec 2 §2 "Routes"), as children of the app shell:
 * discover and event pages are open to everyone (a private event asks the
 * visitor to sign in); Your Sessions needs a signed-in user.
 */
export const eventRoutes: RouteObject[] = [
  { path: "discover", element: <DiscoverPage /> },
  { path: "event/:ref", element: <EventPage renderRecap={renderRecap} /> },
  { path: "private-event/:slug", element: <EventPage renderRecap={renderRecap} /> },
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
