import { useParams } from "react-router-dom";
import { useCurrentUser } from "@/features/auth/useCurrentUser";
import { BadgePreviewContent, HeaderBadges } from "@/features/badges";
import { BuildCrewButton, ProfileCrewList, useProfileCrews } from "@/features/crews";
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
 * sessions); Build Crew and the Crews tab (each card with its crew menu).
 */
export function ProfileScreen() {
  const { username = "" } = useParams();
  const me = useCurrentUser();
  const viewerId = me.status === "signedIn" ? me.user.userId : null;
  const counts = useProfileSessionCounts(username);
  const crews = useProfileCrews(username);

  return (
    <ProfilePage
      slots={{
        ownerActions: (
          <>
            <CreateEventButton>Create Session</CreateEventButton>
            <BuildCrewButton />
          </>
        ),
        nextSession: <NextSessionCard />,
        headerBadges: <HeaderBadges username={username} />,
        badgePreview: <BadgePreviewContent username={username} />,
        activity: {
          upcomingSessions: (
            <ProfileSessionList username={username} when="upcoming" viewerId={viewerId} />
          ),
          pastSessions: <ProfileSessionList username={username} when="past" viewerId={viewerId} />,
          sessionCounts: counts ?? undefined,
          // Hidden from this viewer: no crews (the tab says so from the profile's own setting).
          crews: <ProfileCrewList crews={crews.crews} showMore={crews.showMore} />,
          crewCount: crews.count,
        },
      }}
    />
  );
}
