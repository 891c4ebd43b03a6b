import { format } from "date-fns";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { drinkEmoji, drinkLabel } from "@shared/drinks";
import { PROFILE_VISIBILITY_OPTIONS, profileDisplayName } from "@shared/profileNames";
import { Avatar } from "@/components/ui/Avatar";
import { ButtonLink } from "@/components/ui/ButtonLink";
import type { FullProfileView } from "./types";

/**
 * The top card of a profile: avatar (or initials), display name with the
 * favourite-drink emoji, username, 'aka' nickname, tagline, bio, join date.
 */
export function ProfileHeader({
  view,
  headerBadges,
  ownerActions,
}: {
  view: FullProfileView;
  /** Up to 4 badges beside the name (badges issue). */
  headerBadges?: ReactNode;
  /** Create Session / Build Crew (events and crews issues). */
  ownerActions?: ReactNode;
}) {
  const { profile, isOwner } = view;
  const name = profileDisplayName(profile);
  const emoji = drinkEmoji(profile.favoriteDrink);
  const visibility = PROFILE_VISIBILITY_OPTIONS.find((option) => option.value === profile.profileVisibility);

  return (
    <section
      aria-labelledby="profile-name"
      className="overflow-hidden rounded-3xl bg-night-850 ring-1 ring-night-700 ring-inset"
    >
      <div aria-hidden="true" className="relative h-28 overflow-hidden bg-brand-gradient sm:h-36">
        {/* A soft highlight and a few bubbles: a glass catching the light. */}
        <div className="absolute inset-0 bg-[radial-gradient(circle_at_18%_-20%,rgb(255_248_238/0.45),transparent_55%)]" />
        <span className="absolute top-6 left-[38%] size-3 rounded-full bg-cream-50/40" />
        <span className="absolute top-14 left-[46%] size-2 rounded-full bg-cream-50/30" />
        <span className="absolute top-4 left-[55%] size-4 rounded-full bg-cream-50/25" />
        <span className="absolute top-4 right-6 rotate-12 text-5xl opacity-60 sm:text-6xl">
          {emoji || "🥂"}
        </span>
      </div>
      <div className="px-5 pb-6 sm:px-8">
        <div className="flex flex-col items-center text-center sm:flex-row sm:items-end sm:gap-6 sm:text-left">
          <Avatar
            name={name}
            url={profile.avatarUrl}
            size="xl"
            alt={`${name}'s profile photo`}
            className="-mt-14 ring-4 ring-night-850 sm:-mt-16"
          />
          <div className="mt-3 min-w-0 flex-1 sm:pb-1">
            <h1
              id="profile-name"
              className="font-display text-3xl font-extrabold tracking-tight break-words sm:text-4xl"
            >
              {name}
              {emoji && (
                <span
                  role="img"
                  aria-label={`Favourite drink: ${drinkLabel(profile.favoriteDrink)}`}
                  className="ml-2 align-middle text-2xl sm:text-3xl"
                >
                  {emoji}
                </span>
              )}
            </h1>
            <p className="mt-1 text-cream-400">@{profile.username}</p>
          </div>
          {isOwner && (
            <ButtonLink to="/profile/edit" variant="secondary" size="sm" className="mt-4 sm:mt-0 sm:mb-2">
              Edit Profile
            </ButtonLink>
          )}
        </div>

        {headerBadges}

        <div className="mt-5 flex flex-col items-center gap-2 text-center sm:items-start sm:text-left">
          {profile.nickname && (
            <p className="text-cream-200">
              aka <span className="font-semibold text-cream-50">“{profile.nickname}”</span>
            </p>
          )}
          {profile.tagline && (
            <p className="font-display text-lg font-bold text-brand-amber">{profile.tagline}</p>
          )}
          {profile.bio && (
            <p className="max-w-prose whitespace-pre-line text-cream-200">{profile.bio}</p>
          )}
          {isOwner && !profile.nickname && !profile.tagline && !profile.bio && (
            <p className="rounded-2xl border border-dashed border-night-600 px-4 py-3 text-sm text-cream-200">
              Your profile&apos;s looking a little thirsty.{" "}
              <Link
                to="/profile/edit"
                className="font-semibold text-brand-amber underline decoration-2 underline-offset-4 hover:text-cream-50"
              >
                Add a tagline and bio
              </Link>
            </p>
          )}
          <p className="text-sm text-cream-400">
            Joined {format(new Date(profile.joinDate), "MMMM yyyy")}
            {isOwner && visibility && <> · {visibility.label} profile</>}
          </p>
        </div>

        {isOwner && ownerActions && <div className="mt-6 flex flex-wrap justify-center gap-3 sm:justify-start">{ownerActions}</div>}
      </div>
    </section>
  );
}
