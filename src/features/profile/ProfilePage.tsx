import type { ReactNode } from "react";
import { useParams } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { failedToLoadProfileMessage } from "@shared/authMessages";
import { pageTitle } from "@shared/brand";
import { errorMessage } from "@shared/errors";
import { profileDisplayName } from "@shared/profileNames";
import { Button } from "@/components/ui/Button";
import { usePageTitle } from "@/lib/usePageTitle";
import { useCachedQueryState } from "@/lib/offline/useCachedQuery";
import { BackButton } from "./BackButton";
import { BadgePreview } from "./BadgePreview";
import { NameOnlyProfile } from "./NameOnlyProfile";
import { ProfileActivity, type ProfileActivityContent } from "./ProfileActivity";
import { ProfileHeader } from "./ProfileHeader";
import { ProfileNotFound } from "./ProfileNotFound";
import { ProfileSkeleton } from "./ProfileSkeleton";
import { ProfileStats } from "./ProfileStats";
import type { FullProfileView } from "./types";

/**
 * What later issues plug into the profile page. Each gets the profile's
 * user id and whether the viewer owns it.
 */
interface ProfileSlots {
  /** Own profile: Create Session and Build Crew (events and crews issues). */
  ownerActions?: ReactNode;
  /** Own profile: the next upcoming session card (events issue). */
  nextSession?: ReactNode;
  /** Up to 4 badges beside the name, and the badge preview with View All (badges issue). */
  headerBadges?: ReactNode;
  badgePreview?: ReactNode;
  /** Sessions and crews lists (events and crews issues). */
  activity?: ProfileActivityContent;
}

/** /profile/{username}: a profile, as much of it as its visibility shows the viewer. */
export function ProfilePage({ slots = {} }: { slots?: ProfileSlots }) {
  const { username = "" } = useParams();
  const view = useCachedQueryState(api.profiles.byUsername, { username });

  if (view.status === "loading") return <ProfileSkeleton />;
  if (view.status === "error") return <ProfileLoadFailed error={view.error} />;
  if (view.data === null) return <ProfileNotFound />;
  if (view.data.visibility === "name_only") return <NameOnlyProfile view={view.data} />;
  return <FullProfile view={view.data} slots={slots} />;
}

function FullProfile({ view, slots }: { view: FullProfileView; slots: ProfileSlots }) {
  const name = profileDisplayName(view.profile);
  usePageTitle(pageTitle(name));

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      {!view.isOwner && <BackButton />}
      <ProfileHeader view={view} headerBadges={slots.headerBadges} ownerActions={slots.ownerActions} />
      {view.isOwner && slots.nextSession}
      <ProfileStats username={view.profile.username} />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <ProfileActivity
          name={name}
          isOwner={view.isOwner}
          showCrews={view.profile.showCrewsPublicly}
          content={slots.activity}
        />
        <BadgePreview isOwner={view.isOwner} name={name}>
          {slots.badgePreview}
        </BadgePreview>
      </div>
    </div>
  );
}

function ProfileLoadFailed({ error }: { error: Error }) {
  usePageTitle(pageTitle("Profile"));
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <p className="text-5xl" aria-hidden="true">
        🫗
      </p>
      <h1 className="mt-4 font-display text-2xl font-extrabold tracking-tight">
        {failedToLoadProfileMessage(errorMessage(error, "Something went wrong"))}
      </h1>
      <div className="mt-6 flex gap-3">
        <BackButton />
        <Button onClick={() => window.location.reload()}>Try Again</Button>
      </div>
    </div>
  );
}
