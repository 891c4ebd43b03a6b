import { useQuery } from "convex/react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { Button } from "@/components/ui/Button";
import { SectionCard } from "@/components/ui/SectionCard";
import { Skeleton } from "@/components/ui/Skeleton";
import { preloadOnIntent } from "@/lib/lazyDialog";
import { StartPollDialog } from "../lazyDialogs";
import { formatSessionWhen } from "../lib/format";

/** The crew's open polls, for its members, with "Start a poll". */
export function PollsSection({
  crewId,
  memberCount,
}: {
  crewId: Id<"crews">;
  memberCount: number;
}) {
  const open = useQuery(api.crewPolls.openForCrew, { crewId });
  const [starting, setStarting] = useState(false);
  if (open !== undefined && !open.canStart && open.polls.length === 0) return null;
  return (
    <SectionCard
      title="Polls"
      action={
        open?.canStart && (
          <Button size="sm" onClick={() => setStarting(true)} {...preloadOnIntent(StartPollDialog)}>
            Start a poll
          </Button>
        )
      }
    >
      {open === undefined ? (
        <Skeleton className="h-14" />
      ) : open.polls.length === 0 ? (
        <p className="text-sm text-cream-400">
          No open polls. Not sure when? Start a poll and let the crew vote.
        </p>
      ) : (
        <ul aria-label="Open polls" className="flex flex-col gap-2">
          {open.polls.map((poll) => (
            <li key={poll._id}>
              <Link
                to={poll.path}
                className="flex items-center justify-between gap-3 rounded-2xl bg-night-800/60 p-3 ring-1 ring-night-700 ring-inset hover:bg-night-800"
              >
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-semibold text-cream-50">{poll.title}</span>
                  <span className="text-sm text-cream-400">
                    {poll.optionCount} options · {poll.answeredCount} of {memberCount} answered
                    {poll.deadline !== null && <> · closes {formatSessionWhen(poll.deadline)}</>}
                  </span>
                </span>
                <span aria-hidden="true" className="text-cream-400">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {starting && (
        <StartPollDialog crewId={crewId} open={starting} onClose={() => setStarting(false)} />
      )}
    </SectionCard>
  );
}
