import { useMutation, usePaginatedQuery, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { appErrorData, errorMessage } from "@shared/errors";
import {
  answerFor,
  POLL_ANSWER_LABELS,
  POLL_ANSWERS,
  POLL_GRID_PAGE_MAX,
  POLL_MESSAGES,
  POLL_OPTIONS_MAX,
  type PollAnswer,
} from "@shared/pollRules";
import { Button } from "@/components/ui/Button";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { QueryErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { SectionCard } from "@/components/ui/SectionCard";
import { Skeleton } from "@/components/ui/Skeleton";
import { StatePanel } from "@/components/ui/StatePanel";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { useNow } from "@/lib/useNow";
import { formatSessionWhen } from "../lib/format";
import { AddPollOption } from "./AddPollOption";
import { pollPageQuery } from "./pollPageQuery";

type PollData = FunctionReturnType<typeof api.crewPolls.get>;
type PollOptionView = PollData["options"][number];

/** /crew/{crewId}/poll/{pollId}: the options with live tallies, the viewer's answers, the grid. */
export function PollPage() {
  const { pollId = "" } = useParams();
  return (
    <QueryErrorBoundary fallback={(_retry, error) => <PollUnavailable error={error} />}>
      <PollLoader pollId={pollId} />
    </QueryErrorBoundary>
  );
}

function PollUnavailable({ error }: { error: unknown }) {
  const notFound = appErrorData(error)?.code === "NOT_FOUND";
  return (
    <StatePanel
      emoji={notFound ? "🔍" : "🫗"}
      title={notFound ? POLL_MESSAGES.notFound : "Something went wrong"}
      body={
        notFound
          ? "It may have been deleted, or it's for a crew you're not in."
          : "Couldn't load the poll."
      }
      alert
    >
      <ButtonLink to="/profile">Go to Profile</ButtonLink>
    </StatePanel>
  );
}

function PollLoader({ pollId }: { pollId: string }) {
  const { query, args } = pollPageQuery(pollId);
  const data = useQuery(query, args);
  if (data === undefined)
    return (
      <div
        className="mx-auto flex max-w-5xl flex-col gap-4 p-4"
        aria-busy="true"
        aria-label="Loading poll"
      >
        <Skeleton className="h-24" />
        <Skeleton className="h-48" />
      </div>
    );
  return <PollView data={data} pollId={pollId} />;
}

function optionLabel(option: PollOptionView): string {
  return formatSessionWhen(option.startTime);
}

function PollView({ data, pollId }: { data: PollData; pollId: string }) {
  const { poll, crew, options, viewer } = data;
  const isOpen = poll.status === "open";
  const waiting = Math.max(0, crew.memberCount - poll.answeredCount);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6">
      <header className="flex flex-col gap-2">
        <Link
          to={`/crew/${crew._id}`}
          className="inline-flex min-h-6 items-center self-start text-sm font-semibold text-brand-amber hover:underline"
        >
          ‹ {crew.name}
        </Link>
        <h1 className="font-display text-3xl font-black text-cream-50">{poll.title}</h1>
        <p className="text-sm text-cream-300" aria-live="polite">
          {isOpen ? "Open" : "Closed"} · {poll.answeredCount} of {crew.memberCount} answered
          {isOpen && waiting > 0 && <> · waiting on {waiting}</>}
          {isOpen && poll.deadline !== null && <> · closes {formatSessionWhen(poll.deadline)}</>}
        </p>
      </header>
      {!isOpen && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-2xl bg-night-800 p-4 ring-1 ring-night-600 ring-inset"
        >
          <span className="text-cream-50">
            🎉 Winner:{" "}
            <strong>
              {options.find((option) => option._id === poll.winningOptionId)?.startTime !==
              undefined
                ? optionLabel(options.find((option) => option._id === poll.winningOptionId)!)
                : "picked"}
            </strong>
          </span>
          {poll.eventPath !== null && (
            <ButtonLink to={poll.eventPath} size="sm">
              Open the session
            </ButtonLink>
          )}
        </div>
      )}
      <SectionCard title="Options">
        <ul aria-label="Options" className="grid gap-3 md:grid-cols-2">
          {options.map((option) => (
            <OptionCard key={option._id} option={option} data={data} pollId={pollId} />
          ))}
        </ul>
        {isOpen && viewer.canAddOption && options.length < POLL_OPTIONS_MAX && (
          <div className="mt-4">
            <AddPollOption pollId={pollId} />
          </div>
        )}
      </SectionCard>
      <SectionCard title="Who answered what">
        <AnswerGrid pollId={pollId} options={options} isOpen={isOpen} />
      </SectionCard>
      {viewer.canRun && isOpen && (
        <p className="text-sm text-cream-400">
          Pick a winner and the poll becomes a private session of the crew: Yes voters are going,
          If-need-be voters get an invitation.
        </p>
      )}
    </div>
  );
}

function OptionCard({
  option,
  data,
  pollId,
}: {
  option: PollOptionView;
  data: PollData;
  pollId: string;
}) {
  const answer = useMutation(api.crewPolls.answer);
  const pick = useMutation(api.crewPolls.pick);
  const navigate = useNavigate();
  const [picking, setPicking] = useState(false);
  const isOpen = data.poll.status === "open";
  const mine = answerFor(data.viewer.answers, option._id);
  const winner = data.poll.winningOptionId === option._id;
  const label = optionLabel(option);

  async function choose(value: PollAnswer) {
    try {
      await answer({ pollId, optionId: option._id, answer: mine === value ? null : value });
    } catch (error) {
      toast.error(errorMessage(error, "Couldn't save your answer"));
    }
  }

  async function pickThis() {
    setPicking(true);
    try {
      const { path } = await pick({ pollId, optionId: option._id });
      toast.success(POLL_MESSAGES.picked);
      void navigate(path);
    } catch (error) {
      toast.error(errorMessage(error, "Couldn't pick the winner"));
      setPicking(false);
    }
  }

  return (
    <li
      aria-label={label}
      className={cn(
        "flex flex-col gap-3 rounded-2xl bg-night-800/60 p-4 ring-1 ring-night-700 ring-inset",
        winner && "ring-2 ring-brand-amber",
      )}
    >
      <div className="flex flex-col">
        <span className="font-semibold text-cream-50">{label}</span>
        {(option.placeName ?? option.location) && (
          <span className="text-sm text-cream-400">📍 {option.placeName ?? option.location}</span>
        )}
      </div>
      <p
        className="flex gap-4 text-sm text-cream-200 tabular-nums"
        aria-label={`Tally for ${label}`}
      >
        <span>✅ Yes {option.tally.yes}</span>
        <span>🤷 If need be {option.tally.if_need_be}</span>
        <span>❌ No {option.tally.no}</span>
      </p>
      {isOpen && (
        <div role="group" aria-label={`Your answer for ${label}`} className="flex flex-wrap gap-2">
          {POLL_ANSWERS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={mine === value}
              onClick={() => void choose(value)}
              className={cn(
                "h-9 rounded-full px-4 text-sm font-semibold ring-1 ring-night-600 transition ring-inset",
                mine === value
                  ? "bg-brand-gradient text-brand-ink ring-0"
                  : "bg-night-900 text-cream-100 hover:bg-night-700",
              )}
            >
              {POLL_ANSWER_LABELS[value]}
            </button>
          ))}
        </div>
      )}
      {isOpen && data.viewer.canRun && (
        <Button
          variant="secondary"
          size="sm"
          disabled={picking}
          onClick={() => void pickThis()}
          aria-label={`Pick ${label} as the winner`}
        >
          {picking ? "Picking…" : "Pick this one"}
        </Button>
      )}
    </li>
  );
}

const MARKS: Record<PollAnswer, string> = { yes: "✅", if_need_be: "🤷", no: "❌" };

function AnswerGrid({
  pollId,
  options,
  isOpen,
}: {
  pollId: string;
  options: PollOptionView[];
  isOpen: boolean;
}) {
  const grid = usePaginatedQuery(
    api.crewPolls.grid,
    { pollId },
    { initialNumItems: POLL_GRID_PAGE_MAX },
  );
  const nudge = useMutation(api.crewPolls.nudge);
  const now = useNow();
  if (grid.status === "LoadingFirstPage") return <Skeleton className="h-32" />;
  const waiting = grid.results.filter((row) => row.answers.length === 0);

  async function nudgeOne(userId: (typeof grid.results)[number]["userId"]) {
    try {
      const { message } = await nudge({ pollId, userId });
      toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error, "Couldn't nudge"));
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="-mx-4 overflow-x-auto px-4">
        <table
          className="w-full min-w-max border-separate border-spacing-y-1 text-sm"
          aria-label="Answers"
        >
          <thead>
            <tr className="text-left text-xs text-cream-400">
              <th scope="col" className="pr-3 font-semibold">
                Member
              </th>
              {options.map((option) => (
                <th key={option._id} scope="col" className="px-2 text-center font-semibold">
                  {optionLabel(option)
                    .split(" · ")
                    .map((part) => (
                      <span key={part} className="block">
                        {part}
                      </span>
                    ))}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.results.map((row) => (
              <tr key={row.userId}>
                <th
                  scope="row"
                  className="max-w-[8rem] truncate py-1 pr-3 text-left font-medium text-cream-50 sm:max-w-xs"
                >
                  {row.displayName}
                  {row.isViewer && <span className="text-cream-400"> (you)</span>}
                </th>
                {options.map((option) => {
                  const value = answerFor(row.answers, option._id);
                  return (
                    <td
                      key={option._id}
                      className="px-2 text-center"
                      aria-label={`${row.displayName}, ${optionLabel(option)}: ${value === null ? "no answer" : POLL_ANSWER_LABELS[value]}`}
                    >
                      {value === null ? <span className="text-cream-400">–</span> : MARKS[value]}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {grid.status === "CanLoadMore" && (
        <Button variant="secondary" size="sm" onClick={() => grid.loadMore(POLL_GRID_PAGE_MAX)}>
          Show more members
        </Button>
      )}
      {isOpen && waiting.length > 0 && (
        <div>
          <h3 className="text-sm font-bold tracking-widest text-cream-400 uppercase">
            Not answered yet
          </h3>
          <ul aria-label="Not answered yet" className="mt-2 flex flex-col gap-2">
            {waiting.map((row) => (
              <li key={row.userId} className="flex items-center justify-between gap-3">
                <span className="text-cream-100">{row.displayName}</span>
                {row.canNudge &&
                  (row.nextNudgeAt !== null && row.nextNudgeAt > now ? (
                    <span className="text-xs text-cream-400">Nudged</span>
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => void nudgeOne(row.userId)}
                      aria-label={`Nudge ${row.displayName}`}
                    >
                      Nudge
                    </Button>
                  ))}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
