import { useParams } from "react-router-dom";
import { useCurrentUser } from "@/features/auth/useCurrentUser";
import {
  CreateEventButton,
  NextSessionCard,
  ProfileSessionList,
  useProfileSessionCounts,
} from "@/features/events";
import { ProfilePage } from "@/features/profile/ProfilePage";

/**
 * /profile/{username}: the profile with its sessions plugged in — Create
 * Session and the next session on one's own profile, and the Upcoming / Past
 * lists with their counts (the host gets Edit and Delete on their own
 * sessions). Build Crew and the crews list wait for the crews issue.
 */
export function ProfileScreen() {
  const { username = "" } = useParams();
  const me = useCurrentUser();
  const viewerId = me.status === "signedIn" ? me.user.userId : null;
  const counts = useProfileSessionCounts(username);

  return (
    <ProfilePage
      slots={{
        ownerActions: <CreateEventButton>Create Session</CreateEventButton>,
        nextSession: <NextSessionCard />,
        activity: {
          upcomingSessions: (
            <ProfileSessionList username={username} when="upcoming" viewerId={viewerId} />
          ),
          pastSessions: <ProfileSessionList username={username} when="past" viewerId={viewerId} />,
          sessionCounts: counts ?? undefined,
        },
      }}
    />
  );
}
