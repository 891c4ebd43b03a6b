import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { DEBUG_MESSAGES } from "@shared/debugPages";
import { errorMessage } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { inputStyles } from "@/components/ui/Field";
import { Skeleton } from "@/components/ui/Skeleton";
import { useQueryState } from "@/lib/useQueryState";
import { DebugPage } from "./kit/DebugPage";
import { DebugSection, JsonView } from "./kit/DebugSection";

/**
 * /debug-user-search: the real people search (the crew invite search:
 * partial names, nickname and username, you left out, 10 at most) with its raw result.
 */
export function UserSearchDebugPage() {
  const inputId = useId();
  const [text, setText] = useState("");
  const [query, setQuery] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setQuery(text.trim());
  }

  return (
    <DebugPage
      title="User Search Debug Tool"
      description="Runs the real people search the invite dialogs use and shows what it returns."
      signInMessage={DEBUG_MESSAGES.pleaseLogInFirst}
    >
      <div className="flex flex-col gap-6">
        <DebugSection title="Search">
          <form onSubmit={submit} className="flex flex-col gap-2">
            <label htmlFor={inputId} className="text-sm font-semibold text-cream-200">
              Name, nickname or username
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                id={inputId}
                type="search"
                value={text}
                onChange={(event) => setText(event.target.value)}
                className={inputStyles}
              />
              <Button type="submit" disabled={!text.trim()}>
                Search
              </Button>
            </div>
          </form>
        </DebugSection>
        {query !== null && <SearchResults query={query} />}
      </div>
    </DebugPage>
  );
}

function SearchResults({ query }: { query: string }) {
  const results = useQueryState(api.crews.searchUsersToInvite, { query });
  return (
    <DebugSection title={`Results for “${query}”`}>
      {results.status === "loading" && <Skeleton className="h-24 rounded-2xl" />}
      {results.status === "error" && (
        <p className="text-red-300">{errorMessage(results.error, "Failed to search users")}</p>
      )}
      {results.status === "success" && (
        <>
          <p className="text-sm text-cream-200">{results.data.length} found</p>
          <ul className="flex flex-col gap-2">
            {results.data.map((user) => (
              <li key={user.userId}>
                <Link
                  to={`/profile/${user.username}`}
                  className="flex min-h-11 items-center justify-between gap-3 rounded-2xl bg-night-800 px-4 py-2 hover:bg-night-700"
                >
                  <span className="font-semibold">{user.displayName}</span>
                  <span className="text-sm text-cream-400">@{user.username}</span>
                </Link>
              </li>
            ))}
          </ul>
          <JsonView label="Raw result" value={results.data} />
        </>
      )}
    </DebugSection>
  );
}
