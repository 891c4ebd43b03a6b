import type { ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import { errorMessage } from "@shared/errors";
import { loginPathReturningTo } from "@shared/redirects";
import { REACTIONS } from "@shared/recapRules";
import { Avatar } from "@/components/ui/Avatar";
import { WaitingMark } from "@/components/ui/WaitingMark";
import { cn } from "@/lib/cn";
import { playFeedback } from "@/lib/feedback";
import { useQueuedMutation, useWaitingMark, type QueuedCall } from "@/lib/offline/outbox/useOutbox";
import { formatMoment, type CommentItem } from "./types";
import { useQueuedReactions } from "./useQueuedReactions";

type Author = { displayName: string; avatarUrl: string | null };

/** A comment's author, time and text, with what goes under the text. */
function CommentFrame({
  author,
  createdAt,
  content,
  children,
}: {
  author: Author;
  createdAt: number;
  content: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <Avatar
        name={author.displayName}
        url={author.avatarUrl}
        size="sm"
        className="mt-0.5 shrink-0"
      />
      <article className="min-w-0 flex-1" aria-label={`Comment by ${author.displayName}`}>
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-bold text-cream-50">{author.displayName}</span>
          <time className="text-xs text-cream-400" dateTime={new Date(createdAt).toISOString()}>
            {formatMoment(createdAt)}
          </time>
        </p>
        <p className="mt-1 whitespace-pre-line break-words text-cream-200">{content}</p>
        {children}
      </article>
    </li>
  );
}

/** A comment the viewer posted that is still in the outbox: theirs, with the waiting mark. */
export function QueuedCommentRow({
  call,
  author,
}: {
  call: QueuedCall<typeof api.comments.add>;
  author: Author;
}) {
  const waiting = useWaitingMark([call]);
  return (
    <CommentFrame author={author} createdAt={call.queuedAt} content={call.args.content}>
      {waiting && <WaitingMark className="mt-2" />}
    </CommentFrame>
  );
}

/** A comment from the server, with its reactions (the viewer's queued toggles applied). */
export function CommentRow({
  comment,
  signedIn,
  queuedToggles,
}: {
  comment: CommentItem;
  signedIn: boolean;
  /** The viewer's toggles of this comment's reactions still in the outbox, oldest first. */
  queuedToggles: readonly QueuedCall<typeof api.comments.toggleReaction>[];
}) {
  // Queued: toggled at once, sent now or once back online.
  const toggle = useQueuedMutation(api.comments.toggleReaction);
  const reactions = useQueuedReactions(comment.reactions, queuedToggles);
  const navigate = useNavigate();
  const location = useLocation();

  async function react(reaction: string, button: HTMLButtonElement) {
    if (!signedIn) {
      toast("Sign in to react", {
        action: {
          label: "Sign in",
          onClick: () =>
            void navigate(loginPathReturningTo(`${location.pathname}${location.search}`)),
        },
      });
      return;
    }
    try {
      await toggle({ commentId: comment._id, reaction });
      playFeedback("reaction", button);
    } catch (err) {
      toast.error(errorMessage(err, "Failed to add reaction"));
    }
  }

  return (
    <CommentFrame author={comment.author} createdAt={comment.createdAt} content={comment.content}>
      <div className="mt-2 flex flex-wrap gap-1.5" role="group" aria-label="Reactions">
        {reactions.map(({ reaction, count, mine }) => {
          const label = REACTIONS.find((r) => r.emoji === reaction)?.label ?? reaction;
          return (
            <button
              key={reaction}
              type="button"
              aria-pressed={mine}
              aria-label={`${label} ${reaction}, ${count}`}
              onClick={(event) => void react(reaction, event.currentTarget)}
              className={cn(
                "inline-flex h-9 min-w-11 items-center justify-center gap-1 rounded-full px-2.5 text-sm ring-1 transition ring-inset active:scale-95",
                mine
                  ? "bg-brand-amber/20 font-bold text-cream-50 ring-brand-amber"
                  : "bg-night-800 text-cream-200 ring-night-700 hover:ring-night-600",
                count === 0 && !mine && "opacity-70 hover:opacity-100",
              )}
            >
              <span aria-hidden="true">{reaction}</span>
              {count > 0 && (
                <span aria-hidden="true" className="tabular-nums">
                  {count}
                </span>
              )}
            </button>
          );
        })}
      </div>
    </CommentFrame>
  );
}
