import { useId, useState } from "react";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import {
  CREW_MESSAGES,
  INVITE_BATCH_MAX,
  SEARCH_DEBOUNCE_MS,
  normalizeSearchQuery,
} from "@shared/crewRules";
import { Avatar } from "@/components/ui/Avatar";
import { inputStyles } from "@/components/ui/Field";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { Spinner } from "@/components/ui/Spinner";
import { CloseIcon } from "@/components/ui/icons";
import { cn } from "@/lib/cn";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { useDebouncedValue } from "@/lib/useDebouncedValue";
import { useQueryState } from "@/lib/useQueryState";
import { CheckIcon, SearchIcon } from "@/components/ui/screenIcons";
import type { UserSearchResult } from "../lib/types";

export type SelectedUser = Pick<
  UserSearchResult,
  "userId" | "username" | "displayName" | "avatarUrl"
>;

/**
 * Finding people to invite: the query goes to the server 300 ms
 * after typing stops, a blank one is never sent; the server leaves out the
 * caller and the crew's members and pending invitees, and returns at most 10.
 * Picked people collect as chips above the results.
 */
export function UserSearchPicker({
  crewId,
  selected,
  onChange,
  focusOnOpen = false,
}: {
  /** The crew being invited to (its members are left out); none while creating one. */
  crewId?: Id<"crews">;
  selected: readonly SelectedUser[];
  onChange: (selected: SelectedUser[]) => void;
  /** Focus the search box when it appears (the invite dialog opens to it). */
  focusOnOpen?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const query = normalizeSearchQuery(useDebouncedValue(text, SEARCH_DEBOUNCE_MS));
  const typedQuery = normalizeSearchQuery(text);
  const search = useQueryState(
    api.crews.searchUsersToInvite,
    query === "" ? "skip" : crewId === undefined ? { query } : { crewId, query },
  );
  // The last answer stays up while the next one loads, so the list doesn't flicker.
  const [shown, setShown] = useState<{ query: string; results: UserSearchResult[] } | null>(null);
  if (search.status === "success" && (shown?.query !== query || shown.results !== search.data)) {
    setShown({ query, results: search.data });
  }
  const waiting = typedQuery !== "" && (typedQuery !== query || search.status === "loading");
  // Offline a search gets no answer: the status says why instead of spinning.
  const searchNetwork = useNetworkNeeded("searching for people");
  const results = typedQuery === "" ? null : shown;
  const isSelected = (userId: Id<"users">) => selected.some((user) => user.userId === userId);
  const full = selected.length >= INVITE_BATCH_MAX;

  function toggle(user: UserSearchResult) {
    if (isSelected(user.userId)) onChange(selected.filter((other) => other.userId !== user.userId));
    else if (!full) {
      onChange([
        ...selected,
        {
          userId: user.userId,
          username: user.username,
          displayName: user.displayName,
          avatarUrl: user.avatarUrl,
        },
      ]);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2">
        <label htmlFor={id} className="text-sm font-semibold text-cream-200">
          Search people
        </label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-cream-400" />
          <input
            id={id}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Name, nickname or username"
            autoComplete="off"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens to search
            autoFocus={focusOnOpen}
            aria-describedby={`${id}-status`}
            className={cn(inputStyles, "pl-11")}
          />
        </div>
      </div>

      {selected.length > 0 && (
        <div>
          <p className="text-xs font-bold tracking-widest text-cream-400 uppercase">
            Selected ({selected.length})
          </p>
          <ul aria-label="Selected people" className="mt-2 flex flex-wrap gap-2">
            {selected.map((user) => (
              <li
                key={user.userId}
                className="flex items-center gap-2 rounded-full bg-night-800 py-1 pr-1 pl-1 text-sm font-semibold ring-1 ring-night-600 ring-inset"
              >
                <Avatar name={user.displayName} url={user.avatarUrl} size="sm" className="size-7" />
                <span className="max-w-36 truncate">{user.displayName}</span>
                <button
                  type="button"
                  onClick={() => onChange(selected.filter((other) => other.userId !== user.userId))}
                  aria-label={`Remove ${user.displayName}`}
                  className="inline-flex size-7 items-center justify-center rounded-full text-cream-400 transition hover:bg-night-700 hover:text-cream-50"
                >
                  <CloseIcon className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <p id={`${id}-status`} role="status" className="min-h-5 text-sm text-cream-400">
        {waiting && searchNetwork.note !== null ? (
          <NeedsNetworkNote need={searchNetwork} />
        ) : waiting ? (
          <span className="inline-flex items-center gap-2">
            <Spinner className="size-4" /> Searching...
          </span>
        ) : search.status === "error" && typedQuery !== "" ? (
          <span className="text-red-300">{CREW_MESSAGES.failedToSearchUsers}</span>
        ) : results !== null && results.results.length === 0 ? (
          `No one found for “${results.query}”`
        ) : results !== null ? (
          `${results.results.length} ${results.results.length === 1 ? "person" : "people"} found`
        ) : full ? (
          `You can invite up to ${INVITE_BATCH_MAX} people at once`
        ) : null}
      </p>

      {results !== null && results.results.length > 0 && (
        <ul aria-label="Search results" className="-mt-1 flex flex-col gap-1">
          {results.results.map((user) => {
            const picked = isSelected(user.userId);
            return (
              <li key={user.userId}>
                <button
                  type="button"
                  aria-pressed={picked}
                  disabled={!picked && full}
                  onClick={() => toggle(user)}
                  className={cn(
                    "flex w-full items-center gap-3 rounded-2xl px-3 py-2 text-left transition disabled:opacity-70",
                    picked
                      ? "bg-amber-300/15 ring-1 ring-brand-amber/60 ring-inset"
                      : "hover:bg-night-800",
                  )}
                >
                  <Avatar name={user.displayName} url={user.avatarUrl} size="md" />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate font-semibold text-cream-50">{user.displayName}</span>
                    <span className="truncate text-sm text-cream-400">
                      @{user.username}
                      {user.nickname && <> · aka {user.nickname}</>}
                    </span>
                  </span>
                  <span
                    aria-hidden="true"
                    className={cn(
                      "inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold",
                      picked
                        ? "bg-brand-gradient text-brand-ink"
                        : "bg-night-800 text-cream-200 ring-1 ring-night-600",
                    )}
                  >
                    {picked ? <CheckIcon className="size-4" /> : "+"}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** 'Failed to invite: Sam, Alex' names for the failures of a batch (their usernames when unknown). */
export function failedNames(
  failed: ReadonlyArray<{ userId: Id<"users"> }>,
  people: readonly SelectedUser[],
): string[] {
  return failed.map(
    ({ userId }) => people.find((person) => person.userId === userId)?.displayName ?? "someone",
  );
}
