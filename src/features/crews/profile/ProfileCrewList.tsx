import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from "@headlessui/react";
import { Link } from "react-router-dom";
import { crewPath } from "@shared/crewTexts";
import { Button } from "@/components/ui/Button";
import { Skeleton } from "@/components/ui/Skeleton";
import { Spinner } from "@/components/ui/Spinner";
import { preloadOnIntent } from "@/lib/lazyDialog";
import { CrewEmblem, RoleBadge } from "../components/CrewChips";
import { DotsIcon } from "../components/icons";
import { crewRef, useCrewActions } from "../components/useCrewActions";
import { CrewWizard } from "../lazyDialogs";
import type { CrewCardData } from "../lib/types";

const menuItem =
  "flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-cream-200 data-focus:bg-night-800 data-focus:text-cream-50";

/**
 * The profile's Crews tab: crew cards, each with the crew card menu: View
 * Members, and what the server says the viewer may do to the crew (on one's
 * own profile, by role: Edit Crew and Create Invite Link, Delete Crew,
 * Leave Crew; nothing on anyone else's).
 */
export function ProfileCrewList({
  crews,
  showMore = null,
}: {
  /** undefined while loading. */
  crews: CrewCardData[] | undefined;
  /** The next page of crews, while there is one. */
  showMore?: { loading: boolean; load: () => void } | null;
}) {
  const actions = useCrewActions();
  if (crews === undefined) {
    return (
      <div
        aria-busy="true"
        aria-label="Loading crews"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1"
      >
        <Skeleton className="h-24 rounded-2xl" />
        <Skeleton className="h-24 rounded-2xl" />
      </div>
    );
  }
  return (
    <>
      <ul aria-label="Crews" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        {crews.map((crew) => (
          <li key={crew._id}>
            <CrewCard crew={crew} actions={actions} />
          </li>
        ))}
      </ul>
      {showMore && (
        <div className="mt-3 flex justify-center">
          <Button variant="ghost" disabled={showMore.loading} onClick={showMore.load}>
            {showMore.loading && <Spinner className="size-4" />}
            Load More
          </Button>
        </div>
      )}
      {actions.dialogs}
    </>
  );
}

function CrewCard({
  crew,
  actions,
}: {
  crew: CrewCardData;
  actions: ReturnType<typeof useCrewActions>;
}) {
  const ref = crewRef(crew);
  return (
    <article className="flex h-full items-center gap-2 rounded-2xl bg-night-800/60 p-2 ring-1 ring-night-700 transition ring-inset hover:bg-night-800">
      <Link
        to={crewPath(crew._id)}
        className="flex min-w-0 flex-1 items-center gap-4 rounded-xl p-2 focus-visible:outline-3 focus-visible:outline-brand-amber"
      >
        <CrewEmblem vibe={crew.vibe} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-display text-lg font-extrabold tracking-tight">
            {crew.name}
          </h3>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-cream-400">
            <span>
              {crew.memberCount} {crew.memberCount === 1 ? "member" : "members"}
            </span>
            <span aria-hidden="true">·</span>
            <span>{crew.isPublic ? "Public" : "Private"}</span>
            <RoleBadge role={crew.role} />
          </p>
        </div>
      </Link>
      <Menu>
        <MenuButton
          aria-label={`Crew actions for ${crew.name}`}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-cream-200 transition hover:bg-night-700 hover:text-cream-50 data-open:bg-night-700"
          {...preloadOnIntent(CrewWizard)}
        >
          <DotsIcon className="size-5" />
        </MenuButton>
        <MenuItems
          anchor={{ to: "bottom end", gap: 6 }}
          transition
          className="z-50 w-56 origin-top-right rounded-2xl bg-night-850 p-2 shadow-2xl ring-1 shadow-black/60 ring-night-700 transition duration-150 ease-out focus:outline-none data-closed:scale-95 data-closed:opacity-0"
        >
          <MenuItem>
            <Link to={`${crewPath(crew._id)}#members`} className={menuItem}>
              View Members
            </Link>
          </MenuItem>
          {crew.canEdit && (
            <MenuItem>
              <button type="button" className={menuItem} onClick={() => actions.edit(ref)}>
                Edit Crew
              </button>
            </MenuItem>
          )}
          {crew.canInvite && (
            <MenuItem>
              <button type="button" className={menuItem} onClick={() => actions.share(ref)}>
                Create Invite Link
              </button>
            </MenuItem>
          )}
          {(crew.canDelete || crew.canLeave) && (
            <MenuSeparator className="my-1 h-px bg-night-700" />
          )}
          {crew.canDelete && (
            <MenuItem>
              <button
                type="button"
                className={`${menuItem} text-red-300 data-focus:text-red-200`}
                onClick={() => actions.confirmDelete(ref)}
              >
                Delete Crew
              </button>
            </MenuItem>
          )}
          {crew.canLeave && (
            <MenuItem>
              <button
                type="button"
                className={`${menuItem} text-red-300 data-focus:text-red-200`}
                onClick={() => actions.confirmLeave(ref)}
              >
                Leave Crew
              </button>
            </MenuItem>
          )}
        </MenuItems>
      </Menu>
    </article>
  );
}
