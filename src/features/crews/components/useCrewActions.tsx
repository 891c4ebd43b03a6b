import { useMutation } from "convex/react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { CREW_MESSAGES, CREW_SCREEN_TEXTS } from "@shared/crewTexts";
import { errorMessage } from "@shared/errors";
import {
  ConfirmDialog,
  CrewWizard,
  InviteMembersDialog,
  ShareCrewLinkDialog,
} from "../lazyDialogs";
import type { CrewRef } from "../lib/types";

type Dialog = "edit" | "invite" | "share" | "delete" | "leave";
export type CrewExit = "delete" | "leave";

/**
 * What can be done to a crew from its page or its card menu: edit (the
 * wizard), invite, share an invite link, delete (creator, confirmed) and
 * leave (with the spec's confirmation). `dialogs` must be rendered; the
 * caller hears when the viewer is about to leave the crew's page behind
 * (`onExitStart`), when that happened (`onExited`) or failed (`onExitFailed`).
 */
export function useCrewActions({
  onExitStart,
  onExited,
  onExitFailed,
}: {
  onExitStart?: (exit: CrewExit, crew: CrewRef) => void;
  onExited?: (exit: CrewExit, crew: CrewRef) => void;
  onExitFailed?: () => void;
} = {}) {
  const remove = useMutation(api.crews.remove);
  const leave = useMutation(api.crews.leave);
  // The crew stays after closing so the dialog can animate out with its content.
  const [target, setTarget] = useState<{ crew: CrewRef; dialog: Dialog | null } | null>(null);
  const [busy, setBusy] = useState(false);

  const open = (dialog: Dialog) => (crew: CrewRef) => setTarget({ crew, dialog });
  const close = () => setTarget((current) => (current ? { ...current, dialog: null } : null));
  const isOpen = (dialog: Dialog) => target?.dialog === dialog;

  async function exit(kind: CrewExit) {
    if (target === null || busy) return;
    const { crew } = target;
    setBusy(true);
    onExitStart?.(kind, crew);
    try {
      if (kind === "delete") await remove({ crewId: crew._id });
      else await leave({ crewId: crew._id });
      toast.success(kind === "delete" ? CREW_SCREEN_TEXTS.deleted : CREW_SCREEN_TEXTS.left);
      close();
      onExited?.(kind, crew);
    } catch (error) {
      toast.error(
        errorMessage(
          error,
          kind === "delete" ? CREW_MESSAGES.failedToDelete : CREW_MESSAGES.failedToLeave,
        ),
      );
      onExitFailed?.();
    } finally {
      setBusy(false);
    }
  }

  const crew = target?.crew ?? null;
  const dialogs = crew && (
    <>
      <CrewWizard key={`edit-${crew._id}`} open={isOpen("edit")} onClose={close} crew={crew} />
      <InviteMembersDialog
        key={`invite-${crew._id}`}
        open={isOpen("invite")}
        onClose={close}
        crew={crew}
      />
      <ShareCrewLinkDialog
        key={`share-${crew._id}`}
        open={isOpen("share")}
        onClose={close}
        crew={crew}
      />
      <ConfirmDialog
        open={isOpen("delete")}
        title={`Delete ${crew.name}?`}
        body={CREW_SCREEN_TEXTS.deleteConfirmation}
        confirmLabel="Delete Crew"
        busyLabel="Deleting..."
        busy={busy}
        onClose={close}
        onConfirm={() => void exit("delete")}
      />
      <ConfirmDialog
        open={isOpen("leave")}
        title="Leave this crew?"
        body={CREW_MESSAGES.leaveConfirmation}
        confirmLabel="Leave Crew"
        busyLabel="Leaving..."
        busy={busy}
        onClose={close}
        onConfirm={() => void exit("leave")}
      />
    </>
  );

  return {
    edit: open("edit"),
    invite: open("invite"),
    share: open("share"),
    confirmDelete: open("delete"),
    confirmLeave: open("leave"),
    dialogs,
  };
}

/** The dialogs' view of a crew from anything that carries its details. */
export function crewRef(crew: {
  _id: Id<"crews">;
  name: string;
  description: string | null;
  vibe: CrewRef["vibe"];
  isPublic: boolean;
}): CrewRef {
  return {
    _id: crew._id,
    name: crew.name,
    description: crew.description,
    vibe: crew.vibe,
    isPublic: crew.isPublic,
  };
}
