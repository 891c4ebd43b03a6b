import { DeleteAccountSection } from "@/features/account/DeleteAccountSection";
import { ProtectedRoute } from "@/features/auth/ProtectedRoute";
import { EditProfileSkeleton, ProfileEditPage } from "@/features/profile/ProfileEditPage";

/** /profile/edit and /edit-profile: the edit form with the danger zone, signed-in only. */
export function EditProfileScreen() {
  return (
    <ProtectedRoute fallback={<EditProfileSkeleton />}>
      <ProfileEditPage dangerZone={<DeleteAccountSection />} />
    </ProtectedRoute>
  );
}
