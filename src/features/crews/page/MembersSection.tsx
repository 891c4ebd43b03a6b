import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { useMutation } from "convex/react";
import { useState } from "react";
import { useCachedPaginatedQuery } from "@/lib/offline/useCachedQuery";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { CREW_MESSAGES, CREW_SCREEN_TEXTS } from "@shared/crewRules";
import { errorMessage } from "@shared/errors";
import { Avatar } from "@/components/ui/Avatar";
import { Button } from "@/components/ui/Button";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { LoadErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { Spinner } from "@/components/ui/Spinner";
import { RoleBadge } from "../components/CrewChips";
import { SectionCard } from "@/components/ui/SectionCard";
import { DotsIcon } from "../components/icons";
import { ConfirmDialog } from "../lazyDialogs";
import { formatDay } from "../lib/format";
import { MemberRowSkeleton } from "./MemberRowSkeleton";
import type { CrewMember } from "../lib/types";

/** Members per page on the crew page. */
export const MEMBERS_PAGE_SIZE = 25;

const menuItem =
  "flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-cream-200 data-focus:bg-night-800 data-focus:text-cream-50";

/**
 * The crew's accepted members in joining order, 25 at a time: Host and
 * Co-Host badges, nickname, joined date and View (their profile). Each row
 * offers what the server says the viewer may do to that member: make or
 * unmake a co-host, remove from the crew.
 */
export function MembersSection({
  crewId,
  memberCount,
}: {
  crewId: Id<"crews">;
  memberCount: number;
}) {
  return (
    <SectionCard
      id="members"
      title={
        <>
          Members{" "}
          <span className="ml-1 rounded-full bg-night-800 px-2.5 py-0.5 align-middle text-sm text-cream-200 tabular-nums">
            {memberCount}
          </span>
        </>
      }
    >
      {/* A list that fails to load says so here; the rest of the crew page stays usable. */}
      <LoadErrorBoundary message={CREW_MESSAGES.failedToLoadMembers}>
        <MembersList crewId={crewId} />
      </LoadErrorBoundary>
    </SectionCard>
  );
}

function MembersList({ crewId }: { crewId: Id<"crews"> }) {
  const { results, status, loadMore } = useCachedPaginatedQuery(
    api.crews.members,
    { crewId },
    { initialNumItems: MEMBERS_PAGE_SIZE },
  );
  const promote = useMutation(api.crews.promoteCoHost);
  const demote = useMutation(api.crews.demoteCoHost);
  const removeMember = useMutation(api.crews.removeMember);
  const [removing, setRemoving] = useState<{ member: CrewMember; open: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function setRole(member: CrewMember, role: "co_host" | "member") {
    try {
      if (role === "co_host") {
        await promote({ crewId, userId: member.userId });
        toast.success(CREW_SCREEN_TEXTS.promoted(member.displayName));
      } else {
        await demote({ crewId, userId: member.userId });
        toast.success(CREW_SCREEN_TEXTS.demoted(member.displayName));
      }
    } catch (error) {
      toast.error(
        errorMessage(
          error,
          role === "co_host" ? CREW_MESSAGES.failedToPromote : CREW_MESSAGES.failedToDemote,
        ),
      );
    }
  }

  async function remove() {
    if (!removing || busy) return;
    setBusy(true);
    try {
      await removeMember({ crewId, userId: removing.member.userId });
      toast.success(CREW_SCREEN_TEXTS.memberRemoved(removing.member.displayName));
      setRemoving({ ...removing, open: false });
    } catch (error) {
      toast.error(errorMessage(error, CREW_SCREEN_TEXTS.failedToRemoveMember));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {status === "LoadingFirstPage" ? (
        <div aria-busy="true" aria-label="Loading members" className="flex flex-col gap-1">
          {[0, 1, 2].map((row) => (
            <MemberRowSkeleton key={row} />
          ))}
        </div>
      ) : (
        <ul aria-label="Members" className="-my-2 divide-y divide-night-700/70">
          {results.map((member) => {
            const { canPromote, canDemote, canRemove } = member;
            return (
              <li key={member.memberId} className="flex items-center gap-3 py-3">
                <Avatar name={member.displayName} url={member.avatarUrl} />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="truncate font-semibold text-cream-50">
                      {member.displayName}
                    </span>
                    <RoleBadge role={member.role} />
                  </p>
                  <p className="text-sm text-cream-400">
                    {member.nickname && <>aka {member.nickname} · </>}
                    {member.joinedAt !== null && <>Joined {formatDay(member.joinedAt)}</>}
                  </p>
                </div>
                {member.username && (
                  <ButtonLink
                    to={`/profile/${encodeURIComponent(member.username)}`}
                    variant="secondary"
                    size="sm"
                    aria-label={`View ${member.displayName}`}
                  >
                    View
                  </ButtonLink>
                )}
                {(canPromote || canDemote || canRemove) && (
                  <Menu>
                    <MenuButton
                      aria-label={`Manage ${member.displayName}`}
                      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-cream-200 transition hover:bg-night-800 hover:text-cream-50 data-open:bg-night-800"
                    >
                      <DotsIcon className="size-5" />
                    </MenuButton>
                    <MenuItems
                      anchor={{ to: "bottom end", gap: 6 }}
                      transition
                      className="z-50 w-52 origin-top-right rounded-2xl bg-night-850 p-2 shadow-2xl ring-1 shadow-black/60 ring-night-700 transition duration-150 ease-out focus:outline-none data-closed:scale-95 data-closed:opacity-0"
                    >
                      {canPromote && (
                        <MenuItem>
                          <button
                            type="button"
                            className={menuItem}
                            onClick={() => void setRole(member, "co_host")}
                          >
                            Make Co-Host
                          </button>
                        </MenuItem>
                      )}
                      {canDemote && (
                        <MenuItem>
                          <button
                            type="button"
                            className={menuItem}
                            onClick={() => void setRole(member, "member")}
                          >
                            Remove Co-Host
                          </button>
                        </MenuItem>
                      )}
                      {canRemove && (
                        <MenuItem>
                          <button
                            type="button"
                            className={`${menuItem} text-red-300 data-focus:text-red-200`}
                            onClick={() => setRemoving({ member, open: true })}
                          >
                            Remove from Crew
                          </button>
                        </MenuItem>
                      )}
                    </MenuItems>
                  </Menu>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <Button
          variant="ghost"
          className="mt-3 w-full"
          disabled={status === "LoadingMore"}
          onClick={() => loadMore(MEMBERS_PAGE_SIZE)}
        >
          {status === "LoadingMore" && <Spinner className="size-4" />}
          Load More Members
        </Button>
      )}
      <ConfirmDialog
        open={removing?.open ?? false}
        title={`Remove ${removing?.member.displayName ?? "member"}?`}
        body="They'll leave the crew and need a new invite to come back."
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={busy}
        onClose={() => setRemoving((current) => current && { ...current, open: false })}
        onConfirm={() => void remove()}
      />
    </>
  );
}
