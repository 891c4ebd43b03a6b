import { useConvexAuth, useMutation, usePaginatedQuery } from "convex/react";
import { useId, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { toast } from "@/lib/toast";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { errorMessage } from "../../../shared/errors";
import { loginPathReturningTo } from "../../../shared/redirects";
import {
  COMMENT_MAX_LENGTH,
  REACTIONS,
  RECAP_MESSAGES,
  parseComment,
} from "../../../shared/recapRules";
import { Avatar } from "@/components/ui/Avatar";
import { Button } from "@/components/ui/Button";
import { LoadErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { Field, inputStyles } from "@/components/ui/Field";
import { Spinner } from "@/components/ui/Spinner";
import { cn } from "@/lib/cn";
import { playFeedback } from "@/lib/feedback";
import { formatMoment, type CommentItem } from "./types";

export const COMMENTS_PER_PAGE = 20;

/** Comments, oldest first, with reactions; the composer for attendees. */
export function CommentsSection({
  eventId,
  canContribute,
  commentCount,
}: {
  eventId: Id<"events">;
  canContribute: boolean;
  commentCount: number;
}) {
  const headingId = useId();
  const { isAuthenticated } = useConvexAuth();
  const location = useLocation();

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-3xl bg-night-850 p-5 ring-1 ring-night-700 ring-inset sm:p-6"
    >
      <div className="mb-4 flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="font-display text-lg font-extrabold tracking-tight">
          Comments
        </h2>
        <span className="text-sm text-cream-400">
          {commentCount} {commentCount === 1 ? "comment" : "comments"}
        </span>
      </div>
      <LoadErrorBoundary message={RECAP_MESSAGES.loadCommentsFailed}>
        <CommentList eventId={eventId} signedIn={isAuthenticated} />
      </LoadErrorBoundary>
      <div className="mt-5 border-t border-night-700 pt-5">
        {canContribute ? (
          <CommentComposer eventId={eventId} />
        ) : !isAuthenticated ? (
          <p className="text-sm text-cream-200">
            <Link
              to={loginPathReturningTo(`${location.pathname}${location.search}`)}
              className="font-semibold text-brand-amber underline-offset-4 hover:underline"
            >
              Sign in
            </Link>{" "}
            to react and join the conversation.
          </p>
        ) : (
          <p className="text-sm text-cream-200">Only people who were there can comment.</p>
        )}
      </div>
    </section>
  );
}

/** The thread, oldest first, live; a failed query shows 'Failed to load comments' (its boundary). */
function CommentList({ eventId, signedIn }: { eventId: Id<"events">; signedIn: boolean }) {
  const comments = usePaginatedQuery(
    api.comments.list,
    { eventId },
    { initialNumItems: COMMENTS_PER_PAGE },
  );
  return (
    <>
      {comments.status === "LoadingFirstPage" ? (
        <Spinner className="size-5" />
      ) : comments.results.length === 0 ? (
        <p className="text-cream-200">No comments yet.</p>
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Comments">
          {comments.results.map((comment) => (
            <CommentRow key={comment._id} comment={comment} signedIn={signedIn} />
          ))}
        </ol>
      )}
      {comments.status === "CanLoadMore" && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-4"
          onClick={() => comments.loadMore(COMMENTS_PER_PAGE)}
        >
          Load more comments
        </Button>
      )}
      {comments.status === "LoadingMore" && <Spinner className="mt-4 size-5" />}
    </>
  );
}

function CommentRow({ comment, signedIn }: { comment: CommentItem; signedIn: boolean }) {
  const toggle = useMutation(api.comments.toggleReaction);
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
    <li className="flex gap-3">
      <Avatar
        name={comment.author.displayName}
        url={comment.author.avatarUrl}
        size="sm"
        className="mt-0.5 shrink-0"
      />
      <article className="min-w-0 flex-1" aria-label={`Comment by ${comment.author.displayName}`}>
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-bold text-cream-50">{comment.author.displayName}</span>
          <time
            className="text-xs text-cream-400"
            dateTime={new Date(comment.createdAt).toISOString()}
          >
            {formatMoment(comment.createdAt)}
          </time>
        </p>
        <p className="mt-1 whitespace-pre-line break-words text-cream-200">{comment.content}</p>
        <div className="mt-2 flex flex-wrap gap-1.5" role="group" aria-label="Reactions">
          {comment.reactions.map(({ reaction, count, mine }) => {
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
      </article>
    </li>
  );
}

function CommentComposer({ eventId }: { eventId: Id<"events"> }) {
  const add = useMutation(api.comments.add);
  const [content, setContent] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseComment(content);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await add({ eventId, content: parsed.content });
      setContent("");
    } catch (err) {
      setError(errorMessage(err, "Failed to add comment"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
      <Field
        label="Add a comment"
        error={error}
        counter={{ used: [...content].length, max: COMMENT_MAX_LENGTH }}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            value={content}
            onChange={(e) => {
              setContent(e.target.value);
              if (error) setError(null);
            }}
            placeholder="Best moment of the night?"
            className={cn(inputStyles, "resize-y")}
          />
        )}
      </Field>
      <Button type="submit" disabled={busy} className="self-start">
        {busy && <Spinner className="size-4" />}
        Post Comment
      </Button>
    </form>
  );
}
