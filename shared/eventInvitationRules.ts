/**
 * Inviting people and crews to a session: the messages, and the picker's rules for the wizard's
 * invite step. Pure: shared by the wizard and the invitation functions.
 */
/** Session invite search needs this many characters. */
const EVENT_INVITE_SEARCH_MIN_LENGTH = 2;

export const EVENT_INVITATION_MESSAGES = {
  invited: (count: number) => `Successfully invited ${count} user(s) to the event`,
  noneInvited: "No new users were invited (they may already be invited or joined)",
  invalidParameters: "Invalid parameters for user invitations",
  failedToSend: "Failed to send invitations",
  failedToSendWithReason: (message: string) => `Failed to send invitations: ${message}`,
  failedSomeUsers: "Failed to send some user invitations",
  failedSomeCrews: "Failed to invite some crews",
  crewAlreadySelected: "Crew already selected",
  noCrewMembers: "No crew members to invite",
  // Ours (the spec names the rule): answering something that is not pending.
  noPendingInvitation: "You have no pending invitation to this session",
  accepted: "You're in! See you at the session!",
  declined: "Response sent. Maybe next time!",
} as const;

/**
 * The answer an RSVP gives to the person's pending invitation: going or
 * maybe accept it, not going declines it (an invitation and an RSVP of one
 * person must not disagree).
 */
export function invitationAnswerOfRsvp(
  status: "going" | "maybe" | "not_going",
): "accepted" | "declined" {
  return status === "not_going" ? "declined" : "accepted";
}

/** The session invite search runs from 2 characters. */
export function isInviteSearchReady(query: string): boolean {
  return query.trim().length >= EVENT_INVITE_SEARCH_MIN_LENGTH;
}

/** Adds a crew to the wizard's selection, or says why not ('Crew already selected'). */
export function addCrewToSelection<T extends { crewId: string }>(
  selected: readonly T[],
  crew: T,
): { selected: T[]; error: string | null } {
  if (selected.some((c) => c.crewId === crew.crewId))
    return { selected: [...selected], error: EVENT_INVITATION_MESSAGES.crewAlreadySelected };
  return { selected: [...selected, crew], error: null };
}
