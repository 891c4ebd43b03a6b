import { Navigate } from "react-router-dom";
import { ProtectedRoute } from "@/features/auth/ProtectedRoute";
import { useCurrentUser } from "@/features/auth/useCurrentUser";
import { ProfileSkeleton } from "@/features/profile/ProfileSkeleton";

/**
 * /profile: signed out → /login; with a username → /profile/{username};
 * otherwise → /profile/edit.
 */
export function ProfileEntry() {
  return (
    <ProtectedRoute fallback={<ProfileSkeleton />}>
      <ToOwnProfile />
    </ProtectedRoute>
  );
}

function ToOwnProfile() {
  const state = useCurrentUser();
  if (state.status !== "signedIn") return null;
  const username = state.user.profile?.username;
  return <Navigate to={username ? `/profile/${encodeURIComponent(username)}` : "/profile/edit"} replace />;
}
