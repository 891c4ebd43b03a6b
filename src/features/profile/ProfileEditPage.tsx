import { useMutation } from "convex/react";
import { useEffect, type ReactNode } from "react";
import { api } from "@convex/_generated/api";
import { pageTitle } from "@shared/brand";
import { profileDisplayName } from "@shared/profileRules";
import { Link } from "react-router-dom";
import { Skeleton } from "@/components/ui/Skeleton";
import { usePageTitle } from "@/lib/usePageTitle";
import { useQueryState } from "@/lib/useQueryState";
import { AvatarUploader } from "./AvatarUploader";
import { ProfileForm } from "./ProfileForm";

/**
 * /profile/edit and /edit-profile: the photo, the form and (from the app)
 * the danger zone. For signed-in users only (the route is protected).
 */
export function ProfileEditPage({ dangerZone }: { dangerZone?: ReactNode }) {
  usePageTitle(pageTitle("Edit Profile"));
  const me = useQueryState(api.profiles.me, {});
  const ensureMine = useMutation(api.profiles.ensureMine);
  const profile = me.status === "success" ? (me.data?.profile ?? null) : undefined;

  // Normally made at sign-in; a missing profile is created here.
  useEffect(() => {
    if (me.status === "success" && me.data !== null && me.data.profile === null) {
      void ensureMine().catch(() => undefined);
    }
  }, [me, ensureMine]);

  if (me.status === "error") throw me.error;
  if (!profile) return <EditProfileSkeleton />;

  const name = profileDisplayName(profile);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-extrabold tracking-tight sm:text-4xl">Edit Profile</h1>
          <p className="mt-1 text-cream-200">Make it yours. Your crew will thank you.</p>
        </div>
        <Link
          to={`/profile/${profile.username}`}
          className="inline-flex min-h-6 items-center text-sm font-semibold text-brand-amber underline decoration-2 underline-offset-4 hover:text-cream-50"
        >
          View profile
        </Link>
      </div>
      <section
        aria-labelledby="photo-heading"
        className="rounded-3xl bg-night-850 p-5 ring-1 ring-night-700 ring-inset sm:p-7"
      >
        <h2 id="photo-heading" className="mb-5 font-display text-xl font-bold">
          Profile photo
        </h2>
        <AvatarUploader name={name} avatarUrl={profile.avatarUrl} />
      </section>
      <ProfileForm key={profile.userId} profile={profile} />
      {dangerZone}
    </div>
  );
}

export function EditProfileSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading profile"
      className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10"
    >
      <Skeleton className="h-10 w-56" />
      <Skeleton className="h-44 rounded-3xl" />
      <Skeleton className="h-96 rounded-3xl" />
    </div>
  );
}
