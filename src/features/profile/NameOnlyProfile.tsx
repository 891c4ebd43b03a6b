import { pageTitle } from "@shared/brand";
import { profileDisplayName } from "@shared/profileNames";
import { Avatar } from "@/components/ui/Avatar";
import { LockIcon } from "@/components/ui/icons";
import { usePageTitle } from "@/lib/usePageTitle";
import { BackButton } from "./BackButton";
import type { NameOnlyProfileView } from "./types";

/** A private or crew-only profile seen by someone without access: just the name. */
export function NameOnlyProfile({ view }: { view: NameOnlyProfileView }) {
  const name = profileDisplayName(view.profile);
  usePageTitle(pageTitle(name));
  const crewOnly = view.profile.profileVisibility === "crew_only";

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-6 sm:px-6 sm:py-10">
      <BackButton />
      <section
        aria-labelledby="profile-name"
        className="flex flex-col items-center rounded-3xl bg-night-850 px-5 py-10 text-center ring-1 ring-night-700 ring-inset"
      >
        <Avatar name={name} size="lg" />
        <h1 id="profile-name" className="mt-4 font-display text-3xl font-extrabold tracking-tight break-words">
          {name}
        </h1>
        <p className="mt-1 text-cream-400">@{view.profile.username}</p>
        <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-night-800 px-4 py-2 text-sm font-semibold text-cream-200 ring-1 ring-night-600 ring-inset">
          <LockIcon className="size-4" />
          {crewOnly ? "This profile is for their crew only" : "This profile is private"}
        </p>
        <p className="mt-3 max-w-sm text-sm text-cream-400">
          {crewOnly
            ? `Share a crew with ${name} to see their profile.`
            : `${name} keeps their profile to themselves.`}
        </p>
      </section>
    </div>
  );
}
