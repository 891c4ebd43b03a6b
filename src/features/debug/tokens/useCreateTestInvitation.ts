import { useConvex, useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { DEBUG_MESSAGES } from "@shared/debugPages";

/**
 * 'Create Test': invites a new test guest to your next hosted session through
 * the real invitations.inviteUsers, which e-mails them accept and decline links.
 */
export function useCreateTestInvitation() {
  const convex = useConvex();
  const createGuest = useMutation(api.debug.createTestGuest);
  const inviteUsers = useMutation(api.invitations.inviteUsers);
  return async function createTestInvitation() {
    const setup = await convex.query(api.debug.invitationTestSetup, {});
    const testEvent = setup?.testEvent ?? null;
    if (testEvent === null) throw new Error(DEBUG_MESSAGES.noEventsFound);
    const guest = await createGuest({});
    const result = await inviteUsers({ eventId: testEvent._id, userIds: [guest.userId] });
    return { event: testEvent, guest, result };
  };
}
