/**
 * What other screens may use of the events feature (composed in src/app):
 * the create flow's entry points and the profile's session pieces.
 */
export { CreateEventButton } from "./create/CreateEventButton";
export { NextSessionCard } from "./profile/NextSessionCard";
export { ProfileSessionList, useProfileSessionCounts } from "./profile/ProfileSessions";
