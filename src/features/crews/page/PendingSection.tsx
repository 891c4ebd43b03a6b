import { useMutation, usePaginatedQuery } from "convex/react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { CREW_MESSAGES, CREW_SCREEN_TEXTS } from "@shared/crewRules";
import { errorMessage } from "@shared/errors";
import { Avatar } from "@/components/ui/Avatar";
import { Button } from "@/components/ui/Button";
import { LoadErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { Spinner } from "@/components/ui/Spinner";
import { CloseIcon } from "@/components/ui/icons";
import { SectionCard } from "@/components/ui/SectionCard";
import { formatDay } from "../lib/format";
import { MEMBERS_PAGE_SIZE } from "./MembersSection";

/** Invitations not answered yet, each with its remove button where the server allows it. */
export function PendingSection({ crewId }: { crewId: Id<"crews"> }) {
  return (
    <SectionCard title="Pending invites">
      {/* A list that fails to load says so here; the rest of the crew page stays usable. */}
      <LoadErrorBoundary message={CREW_MESSAGES.failedToFetchMembers}>
        <PendingList crewId={crewId} />
      </LoadErrorBoundary>
    </SectionCard>
  );
}

function PendingList({ crewId }: { crewId: Id<"crews"> }) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.crews.pendingInvitations,
    { crewId },
    { initialNumItems: MEMBERS_PAGE_SIZE },
  );
  const removePending = useMutation(api.crews.removePending);
  const [removing, setRemoving] = useState<Id<"users"> | null>(null);

  async function withdraw(userId: Id<"users">) {
    setRemoving(userId);
    try {
      await removePending({ crewId, userId });
      toast.success(CREW_SCREEN_TEXTS.pendingRemoved);
    } catch (error) {
      toast.error(errorMessage(error, CREW_SCREEN_TEXTS.failedToRemovePending));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <>
      {status === "LoadingFirstPage" ? (
        <p className="text-sm text-cream-400" aria-busy="true">
          Loading...
        </p>
      ) : results.length === 0 ? (
        <p className="text-sm text-cream-400">No invitations waiting for an answer.</p>
      ) : (
        <ul aria-label="Pending invites" className="-my-1 flex flex-col">
          {results.map((invitee) => (
            <li key={invitee.memberId} className="flex items-center gap-3 py-2">
              <Avatar name={invitee.displayName} url={invitee.avatarUrl} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-cream-50">
                  {invitee.displayName}
                </p>
                <p className="text-xs text-cream-400">Invited {formatDay(invitee.invitedAt)}</p>
              </div>
              {invitee.canWithdraw && (
                <button
                  type="button"
                  onClick={() => void withdraw(invitee.userId)}
                  disabled={removing !== null}
                  aria-label={`Remove invitation for ${invitee.displayName}`}
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-cream-400 transition hover:bg-red-500/10 hover:text-red-200 disabled:opacity-50"
                >
                  {removing === invitee.userId ? (
                    <Spinner className="size-4" />
                  ) : (
                    <CloseIcon className="size-4" />
                  )}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2 w-full"
          disabled={status === "LoadingMore"}
          onClick={() => loadMore(MEMBERS_PAGE_SIZE)}
        >
          Load More
        </Button>
      )}
    </>
  );
}
