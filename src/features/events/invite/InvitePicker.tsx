import { usePaginatedQuery, useQuery } from "convex/react";
import { useState, type KeyboardEvent } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { USER_SEARCH_DEBOUNCE_MS } from "@shared/eventRules";
import { addCrewToSelection, isInviteSearchReady } from "@shared/eventInvitationRules";
import { Avatar } from "@/components/ui/Avatar";
import { CloseIcon } from "@/components/ui/icons";
import { Field, inputStyles } from "@/components/ui/Field";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { useDebouncedValue } from "@/lib/useDebouncedValue";
import type { InviteSelection, InvitedCrew, InvitedUser } from "./inviteSelection";

/** Crews offered per page in the invite step. */
const CREWS_PAGE_SIZE = 25;

const chipClasses =
  "inline-flex items-center gap-2 rounded-full bg-night-800 py-1 pr-1 pl-3 text-sm text-cream-50 ring-1 ring-night-600 ring-inset";

/**
 * The invite step of the create wizard and the edit dialog: search
 * people from 2 characters (debounced; the server leaves out the caller, those
 * already picked and, for an existing session, those already invited) and pick
 * from the user's crews. Nothing is sent here; the dialog sends on submit.
 */
export function InvitePicker({
  value,
  onChange,
  eventId,
}: {
  value: InviteSelection;
  onChange: (next: InviteSelection) => void;
  /** The session being edited, so people already invited are left out. */
  eventId?: Id<"events">;
}) {
  const [query, setQuery] = useState("");
  // Offline the search gets no answer: say why instead of showing nothing.
  const searchNetwork = useNetworkNeeded("searching for people");
  const debounced = useDebouncedValue(query, USER_SEARCH_DEBOUNCE_MS);
  const ready = isInviteSearchReady(debounced);
  const results = useQuery(
    api.invitations.searchUsersForEvent,
    ready
      ? {
          query: debounced.trim(),
          eventId,
          excludeUserIds: value.users.map((user) => user.userId),
        }
      : "skip",
  );
  const {
    results: crews,
    status: crewsStatus,
    loadMore: loadMoreCrews,
  } = usePaginatedQuery(api.crews.mine, {}, { initialNumItems: CREWS_PAGE_SIZE });

  function addUser(user: InvitedUser) {
    onChange({ ...value, users: [...value.users, user] });
    setQuery("");
  }

  function addCrew(crew: InvitedCrew) {
    const { selected, error } = addCrewToSelection(value.crews, crew);
    if (error) toast(error);
    else onChange({ ...value, crews: selected });
  }

  // Enter in the search box must not advance or submit the wizard.
  function keepEnterInSearch(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") event.preventDefault();
  }

  return (
    <fieldset className="flex flex-col gap-4 rounded-2xl bg-night-800/60 p-4 ring-1 ring-night-600 ring-inset">
      <legend className="sr-only">Invite friends and crews</legend>
      <Field
        label="Invite friends"
        hint={
          query.trim() !== "" && searchNetwork.note !== null ? (
            <NeedsNetworkNote need={searchNetwork} />
          ) : query.trim() !== "" && !isInviteSearchReady(query) ? (
            "Type at least 2 characters to search."
          ) : undefined
        }
      >
        {(control) => (
          <input
            {...control}
            type="search"
            autoComplete="off"
            value={query}
            placeholder="Search by name or username"
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={keepEnterInSearch}
            className={inputStyles}
          />
        )}
      </Field>
      {ready && results !== undefined && (
        <ul aria-label="People found" className="flex flex-col gap-1">
          {results.length === 0 && <li className="text-sm text-cream-400">No one found</li>}
          {results.map((user) => (
            <li key={user.userId}>
              <button
                type="button"
                onClick={() => addUser(user)}
                className="flex w-full items-center gap-3 rounded-xl p-2 text-left transition hover:bg-night-700"
              >
                <Avatar name={user.displayName} url={user.avatarUrl} size="sm" />
                <span className="min-w-0 flex-1 truncate text-sm">
                  <span className="font-semibold text-cream-50">{user.displayName}</span>{" "}
                  <span className="text-cream-400">@{user.username}</span>
                </span>
                <span className="text-sm font-semibold text-brand-amber">Invite</span>
              </button>
            </li>
          ))}
        </ul>
      )}

      {crews.length > 0 && (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-semibold text-cream-200">Your crews</p>
          <div className="flex flex-wrap gap-2">
            {crews.map((crew) => (
              <button
                key={crew._id}
                type="button"
                onClick={() =>
                  addCrew({ crewId: crew._id, name: crew.name, memberCount: crew.memberCount })
                }
                className="rounded-full bg-night-900 px-3 py-2 text-sm font-semibold text-cream-100 ring-1 ring-night-600 transition ring-inset hover:bg-night-700"
              >
                <span aria-hidden="true">🍻 </span>
                {crew.name}
                <span className="font-normal text-cream-400"> · {crew.memberCount}</span>
              </button>
            ))}
            {(crewsStatus === "CanLoadMore" || crewsStatus === "LoadingMore") && (
              <button
                type="button"
                disabled={crewsStatus === "LoadingMore"}
                onClick={() => loadMoreCrews(CREWS_PAGE_SIZE)}
                className="rounded-full px-3 py-2 text-sm font-semibold text-brand-amber transition hover:bg-night-700 disabled:opacity-60"
              >
                More crews
              </button>
            )}
          </div>
        </div>
      )}

      {(value.users.length > 0 || value.crews.length > 0) && (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-semibold text-cream-200">Inviting</p>
          <ul aria-label="Inviting" className="flex flex-wrap gap-2">
            {value.users.map((user) => (
              <li key={user.userId} className={chipClasses}>
                {user.displayName}
                <RemoveButton
                  label={`Remove ${user.displayName}`}
                  onClick={() =>
                    onChange({
                      ...value,
                      users: value.users.filter((u) => u.userId !== user.userId),
                    })
                  }
                />
              </li>
            ))}
            {value.crews.map((crew) => (
              <li key={crew.crewId} className={chipClasses}>
                <span aria-hidden="true">🍻</span>
                {crew.name}
                <RemoveButton
                  label={`Remove crew ${crew.name}`}
                  onClick={() =>
                    onChange({
                      ...value,
                      crews: value.crews.filter((c) => c.crewId !== crew.crewId),
                    })
                  }
                />
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="inline-flex size-7 items-center justify-center rounded-full text-cream-200 transition hover:bg-night-700 hover:text-cream-50"
    >
      <CloseIcon className="size-4" />
    </button>
  );
}
