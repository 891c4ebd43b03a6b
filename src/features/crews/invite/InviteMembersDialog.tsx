import { useMutation } from "convex/react";
import { useState, type FormEvent } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import { CREW_MESSAGES, CREW_SCREEN_TEXTS } from "@shared/crewRules";
import { errorMessage } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { Field, inputStyles } from "@/components/ui/Field";
import { Modal } from "@/components/ui/Modal";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { Spinner } from "@/components/ui/Spinner";
import { CopyLinkField } from "@/components/ui/CopyLinkField";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import type { CrewRef } from "../lib/types";
import { UserSearchPicker, failedNames, type SelectedUser } from "./UserSearchPicker";

type NotFound = { message: string; detail: string; url: string };

/**
 * The crew page's invite dialog: search and pick people, then
 * invite them all (each failure named in 'Failed to invite: {names}'); or
 * invite one person by username, and when nobody has it, 'User not found'
 * with a fresh invite link to send them instead. Offline both buttons are off
 * with the reason; invites already sent go out when the connection is back.
 */
export function InviteMembersDialog({
  crew,
  open,
  onClose,
}: {
  crew: Pick<CrewRef, "_id" | "name">;
  open: boolean;
  onClose: () => void;
}) {
  const inviteUsers = useMutation(api.crews.inviteUsers);
  const inviteByUsername = useMutation(api.crews.inviteByUsername);
  const [selected, setSelected] = useState<SelectedUser[]>([]);
  const [sending, setSending] = useState(false);
  const [username, setUsername] = useState("");
  const [usernameError, setUsernameError] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);
  const [notFound, setNotFound] = useState<NotFound | null>(null);
  const sendNetwork = useNetworkNeeded("sending invites", sending);
  const inviteNetwork = useNetworkNeeded("sending invites", inviting);
  // Remounted per crew by the caller's key; cleared here when it closes.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) {
      setSelected([]);
      setUsername("");
      setUsernameError(null);
      setNotFound(null);
    }
  }

  async function sendInvites() {
    if (selected.length === 0 || sending || sendNetwork.blocked) return;
    setSending(true);
    try {
      const outcome = await inviteUsers({
        crewId: crew._id,
        userIds: selected.map((user) => user.userId),
      });
      if (outcome.successful.length > 0) {
        toast.success(CREW_SCREEN_TEXTS.invitesSent(outcome.successful.length));
      }
      if (outcome.failed.length > 0) {
        toast.error(CREW_MESSAGES.failedToInvite(failedNames(outcome.failed, selected)), {
          description: [...new Set(outcome.failed.map((failure) => failure.reason))].join(" · "),
        });
        // Keep the ones that failed picked, so the host sees who.
        setSelected(
          selected.filter((user) => outcome.failed.some((f) => f.userId === user.userId)),
        );
      } else {
        setSelected([]);
      }
    } catch (error) {
      toast.error(errorMessage(error, CREW_MESSAGES.failedToSendInvites));
    } finally {
      setSending(false);
    }
  }

  async function inviteOne(event: FormEvent) {
    event.preventDefault();
    if (inviting || inviteNetwork.blocked) return;
    setNotFound(null);
    if (username.trim() === "") {
      setUsernameError(CREW_MESSAGES.enterUsername);
      return;
    }
    setUsernameError(null);
    setInviting(true);
    try {
      const result = await inviteByUsername({ crewId: crew._id, username });
      if (result.success) {
        toast.success(result.message);
        setUsername("");
      } else {
        setNotFound({
          message: result.message,
          detail: result.detail,
          url: new URL(result.shareLink, window.location.origin).toString(),
        });
      }
    } catch (error) {
      setUsernameError(errorMessage(error, CREW_MESSAGES.failedToSendInvites));
    } finally {
      setInviting(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Invite to the crew"
      description={`Bring your people into ${crew.name}.`}
      eyebrow={<span aria-hidden="true">🍻 Round up the crew</span>}
    >
      <div className="flex flex-col gap-6">
        <section aria-label="Invite by search" className="flex flex-col gap-3">
          <UserSearchPicker
            crewId={crew._id}
            selected={selected}
            onChange={setSelected}
            focusOnOpen
          />
          <Button
            onClick={() => void sendInvites()}
            disabled={selected.length === 0 || sending}
            {...sendNetwork.control}
            className="w-full"
          >
            {sending && <Spinner className="size-4" />}
            {sending
              ? sendNetwork.busyLabel("Sending...")
              : selected.length > 0
                ? `Send ${selected.length} Invite${selected.length === 1 ? "" : "s"}`
                : "Send Invites"}
          </Button>
          <NeedsNetworkNote need={sendNetwork} />
        </section>

        <div className="flex items-center gap-3 text-xs font-bold tracking-widest text-cream-400 uppercase">
          <span className="h-px flex-1 bg-night-700" />
          or by username
          <span className="h-px flex-1 bg-night-700" />
        </div>

        <form
          onSubmit={(event) => void inviteOne(event)}
          noValidate
          aria-label="Invite by username"
        >
          <Field label="Username" error={usernameError}>
            {(control) => (
              <div className="flex gap-2">
                <input
                  {...control}
                  value={username}
                  onChange={(event) => {
                    setUsername(event.target.value);
                    setUsernameError(null);
                  }}
                  placeholder="@username"
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  className={`${inputStyles} min-w-0 flex-1`}
                />
                <Button
                  type="submit"
                  variant="secondary"
                  className="h-auto shrink-0"
                  disabled={inviting}
                  {...inviteNetwork.control}
                >
                  {inviting && <Spinner className="size-4" />}
                  {inviteNetwork.busyLabel("Invite")}
                </Button>
              </div>
            )}
          </Field>
          <NeedsNetworkNote need={inviteNetwork} className="mt-2" />
        </form>

        {notFound && (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-2xl bg-night-800 p-4 ring-1 ring-night-600 ring-inset"
          >
            <p className="font-bold text-cream-50">
              <span aria-hidden="true">🤷 </span>
              {notFound.message}
            </p>
            <p className="text-sm text-cream-200">{notFound.detail}</p>
            <CopyLinkField label="Crew invite link" url={notFound.url} />
          </div>
        )}
      </div>
    </Modal>
  );
}
