import { useConvexAuth, usePaginatedQuery } from "convex/react";
import { useId, useState, useSyncExternalStore, type FormEvent } from "react";
import { Link, useLocation } from "react-router-dom";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import type { FunctionReturnType } from "convex/server";
import { profileDisplayName } from "@shared/profileNames";
import { errorMessage } from "@shared/errors";
import { loginPathReturningTo } from "@shared/redirects";
import { COMMENT_MAX_LENGTH, RECAP_MESSAGES, parseComment } from "@shared/recapRules";
import { Button } from "@/components/ui/Button";
import { LoadErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { Field, inputStyles } from "@/components/ui/Field";
import { Spinner } from "@/components/ui/Spinner";
import { cn } from "@/lib/cn";
import { readDeviceUser, subscribeDeviceUser } from "@/lib/offline/deviceUser";
import { useQueuedCalls, useQueuedMutation } from "@/lib/offline/outbox/useOutbox";
import { CommentRow, QueuedCommentRow } from "./CommentRow";
import { unsentComments } from "./queuedComments";

const COMMENTS_PER_PAGE = 20;

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

type Me = FunctionReturnType<typeof api.profiles.me>;

/**
 * The thread, oldest first, live, then the viewer's comments still in the outbox; a failed
 * query shows 'Failed to load comments' (its boundary).
 */
function CommentList({ eventId, signedIn }: { eventId: Id<"events">; signedIn: boolean }) {
  const comments = usePaginatedQuery(
    api.comments.list,
    { eventId },
    { initialNumItems: COMMENTS_PER_PAGE },
  );
  // The signed-in user as this device knows them, offline too: the author of what they queued.
  const me = useSyncExternalStore(subscribeDeviceUser, readDeviceUser, () => null) as Me;
  const queued = unsentComments(
    useQueuedCalls(api.comments.add, (args) => args.eventId === eventId),
    comments.results,
    me?.userId ?? null,
  );
  const toggles = useQueuedCalls(api.comments.toggleReaction);
  const author = {
    displayName: profileDisplayName(me?.profile),
    avatarUrl: me?.profile?.avatarUrl ?? null,
  };
  return (
    <>
      {/* The viewer's queued comments show even before the thread has loaded (offline). */}
      {comments.status === "LoadingFirstPage" && <Spinner className="size-5" />}
      {comments.status !== "LoadingFirstPage" && comments.results.length + queued.length === 0 && (
        <p className="text-cream-200">No comments yet.</p>
      )}
      {comments.results.length + queued.length > 0 && (
        <ol className="flex flex-col gap-4" aria-label="Comments">
          {comments.results.map((comment) => (
            <CommentRow
              key={comment._id}
              comment={comment}
              signedIn={signedIn}
              queuedToggles={toggles.filter((call) => call.args.commentId === comment._id)}
            />
          ))}
          {queued.map((call) => (
            <QueuedCommentRow key={call.key} call={call} author={author} />
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

function CommentComposer({ eventId }: { eventId: Id<"events"> }) {
  // Queued: the comment shows in the thread at once, and goes out now or once back online.
  const add = useQueuedMutation(api.comments.add);
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
      // What was typed meanwhile (the list shows the comment a moment before this returns) stays.
      setContent((current) => (current === content ? "" : current));
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
