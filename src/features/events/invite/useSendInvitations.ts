import { useMutation } from "convex/react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { EVENT_INVITATION_MESSAGES } from "@shared/eventInvitationRules";
import { appErrorData } from "@shared/errors";
import type { InviteSelection } from "./inviteSelection";

/** The server's outcome: a success when someone was invited, else a plain note. */
function toastInviteResult(result: { invitedCount: number; queuedCount: number; message: string }) {
  if (result.invitedCount + result.queuedCount > 0) toast.success(result.message);
  else toast(result.message);
}

/** A refused invitation: the server's reason ('No crew members to invite') or the failure. */
function toastInviteFailure(error: unknown) {
  const data = appErrorData(error);
  if (data?.code === "VALIDATION") toast(data.message);
  else
    toast.error(
      data
        ? EVENT_INVITATION_MESSAGES.failedToSendWithReason(data.message)
        : EVENT_INVITATION_MESSAGES.failedToSend,
    );
}

/**
 * Sends the invite step's picks for a session that exists: the users in one
 * call, then each crew; each outcome is toasted with the server's message.
 * Never throws — a failed invitation must not undo the created or saved session.
 */
export function useSendInvitations() {
  const inviteUsers = useMutation(api.invitations.inviteUsers);
  const inviteCrew = useMutation(api.invitations.inviteCrew);

  return async function send(eventId: Id<"events">, selection: InviteSelection) {
    if (selection.users.length > 0) {
      try {
        const userIds = selection.users.map((user) => user.userId);
        toastInviteResult(await inviteUsers({ eventId, userIds }));
      } catch (error) {
        toastInviteFailure(error);
      }
    }
    for (const crew of selection.crews) {
      try {
        const result = await inviteCrew({ eventId, crewId: crew.crewId });
        toastInviteResult(result);
      } catch (error) {
        toastInviteFailure(error);
      }
    }
  };
}
