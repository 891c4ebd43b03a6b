import { useMutation, useQuery } from "convex/react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { CALENDAR_FEED_COPY as COPY } from "@shared/calendarFeedTexts";
import { errorMessage } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { buttonStyles } from "@/components/ui/buttonStyles";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { CopyLinkField } from "@/components/ui/CopyLinkField";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { LoadErrorBoundary } from "@/components/ui/QueryErrorBoundary";
import { Skeleton } from "@/components/ui/Skeleton";
import { Spinner } from "@/components/ui/Spinner";
import { StrokeIcon } from "@/components/ui/icons";
import { CalendarIcon } from "@/components/ui/screenIcons";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";

/**
 * A calendar subscription address (the caller's own sessions, or a crew's with
 * `crew`): made on request, then shown with Copy, Subscribe (webcal://, which
 * opens the device's calendar app) and Regenerate, which asks first because
 * the old address stops working at once. Used by Settings › Calendar and the
 * crew page's "Calendar feed" dialog, each loading it as its own chunk.
 */
export function CalendarFeedPanel({ crew }: { crew?: { _id: Id<"crews">; name: string } }) {
  return (
    <LoadErrorBoundary message={COPY.failedToLoad}>
      <FeedLink crew={crew} />
    </LoadErrorBoundary>
  );
}

function FeedLink({ crew }: { crew?: { _id: Id<"crews">; name: string } }) {
  const args = crew === undefined ? {} : { crewId: crew._id };
  const link = useQuery(api.calendarFeeds.link, args);
  const createLink = useMutation(api.calendarFeeds.createLink);
  const regenerateLink = useMutation(api.calendarFeeds.regenerateLink);
  const [busy, setBusy] = useState<"create" | "regenerate" | null>(null);
  const [confirming, setConfirming] = useState(false);
  const creating = useNetworkNeeded(COPY.creatingOffline, busy === "create");
  const regenerating = useNetworkNeeded(COPY.regeneratingOffline, busy === "regenerate");
  const intro = crew === undefined ? COPY.personalIntro : COPY.crewIntro(crew.name);

  if (link === undefined) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading your calendar link">
        <Skeleton className="h-28 rounded-2xl" />
      </div>
    );
  }

  async function create() {
    if (creating.blocked || busy !== null) return;
    setBusy("create");
    try {
      await createLink(args);
      toast.success(COPY.created);
    } catch (error) {
      toast.error(errorMessage(error, COPY.failedToCreate));
    } finally {
      setBusy(null);
    }
  }

  async function regenerate() {
    if (regenerating.blocked || busy !== null) return;
    setBusy("regenerate");
    try {
      await regenerateLink(args);
      setConfirming(false);
      toast.success(COPY.regenerated);
    } catch (error) {
      toast.error(errorMessage(error, COPY.failedToRegenerate));
    } finally {
      setBusy(null);
    }
  }

  if (link === null) {
    return (
      <div className="flex flex-col gap-2">
        <div className="flex flex-col gap-4 rounded-2xl bg-night-950/60 p-4 ring-1 ring-night-600 ring-inset sm:flex-row sm:items-center sm:justify-between">
          <p className="text-cream-200">{intro}</p>
          <Button
            className="shrink-0"
            disabled={busy !== null}
            {...creating.control}
            onClick={() => void create()}
          >
            {busy === "create" ? <Spinner /> : <CalendarIcon className="size-4" />}
            {busy === "create" ? creating.busyLabel(COPY.creating) : COPY.create}
          </Button>
        </div>
        <NeedsNetworkNote need={creating} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-cream-200">{intro}</p>
      <CopyLinkField label={COPY.linkLabel} url={link.url} />
      <p className="text-sm text-cream-400">{COPY.privacy}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <a href={link.webcalUrl} className={buttonStyles({ variant: "secondary" })}>
          <CalendarIcon className="size-4" /> {COPY.subscribe}
        </a>
        <Button
          variant="ghost"
          onClick={() => setConfirming(true)}
          className="text-red-300 hover:bg-red-500/10 hover:text-red-200"
        >
          <RefreshIcon className="size-4" /> {COPY.regenerate}
        </Button>
      </div>
      <p className="text-sm text-cream-400">{COPY.subscribeHint}</p>
      <ConfirmDialog
        open={confirming}
        title={COPY.confirmTitle}
        body={COPY.confirmBody}
        confirmLabel={COPY.regenerate}
        busyLabel={COPY.regenerating}
        busy={busy === "regenerate"}
        network={regenerating}
        onConfirm={() => void regenerate()}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}

function RefreshIcon({ className }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8M4 4v4h4M4 13a8 8 0 0 0 14.6 4.5L20 16M20 20v-4h-4" />
    </StrokeIcon>
  );
}
