import { useMutation } from "convex/react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { EVENT_ERRORS } from "@shared/eventMessages";
import { Button } from "@/components/ui/Button";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { EditIcon, TrashIcon } from "@/components/ui/screenIcons";

/**
 * Edit and Delete under a card in someone's own lists (Edit for
 * the creator or a co-host, Delete for the creator). Edit opens the event
 * page's edit dialog (`?edit=true`); Delete asks first.
 */
export function EventCardActions({
  event,
  canEdit,
  canDelete,
}: {
  event: { _id: Id<"events">; title: string; path: string };
  canEdit: boolean;
  canDelete: boolean;
}) {
  const remove = useMutation(api.events.remove);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const network = useNetworkNeeded("deleting a session", deleting);
  if (!canEdit && !canDelete) return null;

  async function confirmDelete() {
    setDeleting(true);
    try {
      await remove({ eventId: event._id });
      toast.success("Session deleted");
      setConfirming(false);
    } catch {
      toast.error(EVENT_ERRORS.deleteFailed);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <div className="flex gap-2 px-1 pt-2">
      {canEdit && (
        <ButtonLink
          to={`${event.path}?edit=true`}
          variant="ghost"
          size="sm"
          aria-label={`Edit ${event.title}`}
        >
          <EditIcon className="size-4" /> Edit
        </ButtonLink>
      )}
      {canDelete && (
        <Button
          variant="ghost"
          size="sm"
          className="text-red-300 hover:bg-red-500/10"
          aria-label={`Delete ${event.title}`}
          onClick={() => setConfirming(true)}
        >
          <TrashIcon className="size-4" /> Delete
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete this session?"
        body={`"${event.title}" and its RSVPs will be gone for everyone. This can't be undone.`}
        confirmLabel="Delete Session"
        busyLabel="Deleting..."
        busy={deleting}
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
        network={network}
      />
    </div>
  );
}
