import { useMutation, usePaginatedQuery, useQuery } from "convex/react";
import { useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import {
  ANNOUNCEMENT_GROUP_LABELS,
  ANNOUNCEMENT_GROUPS,
  ANNOUNCEMENT_MAX_LENGTH,
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENTS_PAGE_SIZE,
  ANNOUNCEMENTS_PER_DAY,
  checkAnnouncement,
  DEFAULT_ANNOUNCEMENT_GROUPS,
  groupsLabel,
  type AnnouncementGroup,
} from "@shared/announcementRules";
import { appErrorData, errorMessage } from "@shared/errors";
import { Avatar } from "@/components/ui/Avatar";
import { Button } from "@/components/ui/Button";
import { Field, inputStyles } from "@/components/ui/Field";
import { SectionCard } from "@/components/ui/SectionCard";
import { Spinner } from "@/components/ui/Spinner";
import { cn } from "@/lib/cn";

const postedAt = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

/**
 * The session's announcements, newest first, for everyone who may see the
 * page; the host and co-hosts also get the composer (the server says who, with
 * how many may still go today). Hidden for guests while there are none.
 */
export function AnnouncementsSection({ eventId }: { eventId: Id<"events"> }) {
  const composer = useQuery(api.announcements.composer, { eventId });
  const list = usePaginatedQuery(
    api.announcements.list,
    { eventId },
    { initialNumItems: ANNOUNCEMENTS_PAGE_SIZE },
  );
  const canPost = composer !== undefined && composer !== null;
  if (!canPost && list.results.length === 0) return null;

  return (
    <SectionCard title={ANNOUNCEMENT_MESSAGES.title} id="announcements">
      <div className="flex flex-col gap-6">
        {canPost && <AnnouncementComposer eventId={eventId} left={composer.left} />}
        {list.results.length === 0 ? (
          list.status === "LoadingFirstPage" ? (
            <Spinner className="size-5" />
          ) : (
            <p className="text-cream-300">{ANNOUNCEMENT_MESSAGES.empty}</p>
          )
        ) : (
          <ol className="flex flex-col gap-4" aria-label="Announcements, newest first">
            {list.results.map((item) => (
              <li key={item._id} className="flex gap-3">
                <Avatar
                  name={item.author.displayName}
                  url={item.author.avatarUrl}
                  size="sm"
                  className="mt-0.5 shrink-0"
                />
                <article
                  className="min-w-0 flex-1 rounded-2xl bg-night-950/60 px-4 py-3 ring-1 ring-night-700"
                  aria-label={`Announcement by ${item.author.displayName}`}
                >
                  <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                    <span className="min-w-0 font-bold wrap-anywhere text-cream-50">
                      {item.author.displayName}
                    </span>
                    <time
                      className="text-xs text-cream-400"
                      dateTime={new Date(item.postedAt).toISOString()}
                    >
                      {postedAt.format(item.postedAt)}
                    </time>
                  </p>
                  <p className="mt-1 whitespace-pre-line wrap-anywhere text-cream-100">
                    {item.text}
                  </p>
                  <p className="mt-2 text-xs text-cream-400">To: {groupsLabel(item.groups)}</p>
                </article>
              </li>
            ))}
          </ol>
        )}
        {list.status === "CanLoadMore" && (
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => list.loadMore(ANNOUNCEMENTS_PAGE_SIZE)}
          >
            {ANNOUNCEMENT_MESSAGES.loadMore}
          </Button>
        )}
        {list.status === "LoadingMore" && <Spinner className="size-5" />}
      </div>
    </SectionCard>
  );
}

function AnnouncementComposer({ eventId, left }: { eventId: Id<"events">; left: number }) {
  const post = useMutation(api.announcements.post);
  const [text, setText] = useState("");
  const [groups, setGroups] = useState<readonly AnnouncementGroup[]>(DEFAULT_ANNOUNCEMENT_GROUPS);
  const [error, setError] = useState<{ field: "text" | "groups"; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkAnnouncement({ text, groups });
    if (!checked.ok) {
      setError({ field: checked.field, message: checked.message });
      return;
    }
    setBusy(true);
    try {
      await post({ eventId, text: checked.text, groups: checked.groups });
      // What was typed meanwhile (the list shows the announcement a moment before this returns) stays.
      setText((current) => (current === text ? "" : current));
      setError(null);
      toast.success(ANNOUNCEMENT_MESSAGES.sent);
    } catch (err) {
      const field = appErrorData(err)?.field;
      const message = errorMessage(err, ANNOUNCEMENT_MESSAGES.failedToSend);
      if (field === "text" || field === "groups") setError({ field, message });
      else toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  function toggle(group: AnnouncementGroup, on: boolean) {
    setGroups((current) => (on ? [...current, group] : current.filter((g) => g !== group)));
    if (error?.field === "groups") setError(null);
  }

  const groupsErrorId = `announcement-groups-error-${eventId}`;
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-4"
      aria-label="Post an announcement"
    >
      <Field
        label="New announcement"
        error={error?.field === "text" ? error.message : null}
        counter={{ used: [...text].length, max: ANNOUNCEMENT_MAX_LENGTH }}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (error?.field === "text") setError(null);
            }}
            placeholder={ANNOUNCEMENT_MESSAGES.placeholder}
            className={cn(inputStyles, "resize-y")}
          />
        )}
      </Field>
      <fieldset aria-describedby={error?.field === "groups" ? groupsErrorId : undefined}>
        <legend className="text-sm font-semibold text-cream-200">
          {ANNOUNCEMENT_MESSAGES.groupsLegend}
        </legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {ANNOUNCEMENT_GROUPS.map((group) => (
            <label
              key={group}
              className="flex cursor-pointer items-center gap-2 rounded-full bg-night-950/60 px-3 py-2 text-sm ring-1 ring-night-600 transition ring-inset hover:bg-night-800 has-checked:bg-night-800 has-checked:ring-2 has-checked:ring-brand-amber has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-amber"
            >
              <input
                type="checkbox"
                name="groups"
                value={group}
                checked={groups.includes(group)}
                onChange={(e) => toggle(group, e.target.checked)}
                className="size-4 accent-brand-amber"
              />
              {ANNOUNCEMENT_GROUP_LABELS[group]}
            </label>
          ))}
        </div>
        {error?.field === "groups" && (
          <p id={groupsErrorId} className="mt-2 text-sm font-medium text-red-300">
            {error.message}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy || left === 0}>
          {busy && <Spinner className="size-4" />}
          {ANNOUNCEMENT_MESSAGES.send}
        </Button>
        <p className="text-sm text-cream-400">
          {left === 0
            ? ANNOUNCEMENT_MESSAGES.dailyLimit
            : `${left} of ${ANNOUNCEMENTS_PER_DAY} left today`}
        </p>
      </div>
    </form>
  );
}
