/**
 * What crew screens show without validating anything: the crew vibes and roles with their
 * labels, the field limits, the spec's messages and the crew addresses. Free of zod, so a
 * screen that only shows crews (a profile's crew list) does not load the schemas;
 * ./crewRules re-exports all of it.
 */
// ---------------------------------------------------------------- fields

export const CREW_NAME_MAX_LENGTH = 50;
export const CREW_DESCRIPTION_MAX_LENGTH = 200;

export const CREW_VIBES = ["casual", "party", "chill", "wild", "classy", "other"] as const;
export type CrewVibe = (typeof CREW_VIBES)[number];

export const CREW_VIBE_OPTIONS: Record<CrewVibe, { label: string; emoji: string }> = {
  casual: { label: "Casual", emoji: "🍻" },
  party: { label: "Party", emoji: "🎉" },
  chill: { label: "Chill", emoji: "😌" },
  wild: { label: "Wild", emoji: "🤪" },
  classy: { label: "Classy", emoji: "🍸" },
  other: { label: "Other", emoji: "✨" },
};

export const CREW_ROLES = ["host", "co_host", "member"] as const;
export type CrewRole = (typeof CREW_ROLES)[number];

export const CREW_ROLE_LABELS: Record<CrewRole, string> = {
  host: "Host",
  co_host: "Co-Host",
  member: "Member",
};

export const CREW_MEMBER_STATUSES = ["pending", "accepted", "declined"] as const;
export type CrewMemberStatus = (typeof CREW_MEMBER_STATUSES)[number];

// ---------------------------------------------------------------- messages

export const CREW_MESSAGES = {
  nameRequired: "Crew name is required",
  nameTooLong: `Crew name must be ${CREW_NAME_MAX_LENGTH} characters or less`,
  descriptionTooLong: `Description must be ${CREW_DESCRIPTION_MAX_LENGTH} characters or less`,
  vibeInvalid: "Please choose a vibe",
  notFound: "Crew not found",
  onlyCreatorCanDelete: "Only crew creator can delete this crew",
  onlyCreatorCanRemovePending: "Only crew creator can remove pending invitations",
  noPermissionToRemove: "You do not have permission to remove crew members",
  noPermissionToEdit: "You do not have permission to edit this crew",
  // Ours (the spec names the rule, not the words); see docs/decisions.md.
  noPermissionToInvite: "You do not have permission to invite people to this crew",
  noPermissionToView: "This crew is private",
  onlyCreatorCanPromote: "Only the crew creator can promote or demote co-hosts",
  hostCannotBeChanged: "The crew host cannot be changed",
  hostCannotLeave: "The host cannot leave their own crew. Delete it instead.",
  notAMember: "You are not a member of this crew",
  memberNotFound: "Member not found",
  notACoHost: "This member is not a co-host",
  onlyMembersCanBeCoHosts: "Only accepted members can be promoted to co-host",
  alreadyMember: "User is already a member of this crew",
  alreadyPending: "User already has a pending invitation to this crew",
  noInvitation: "You have no pending invitation to this crew",
  enterUsername: "Please enter a username",
  userNotFound: "User not found",
  userNotFoundShare:
    "We didn't find anyone with that username. Wanna bring them to the party? Share this invite link...",
  inviteSent: "Invite sent successfully!",
  codeGenerationFailed: "Failed to generate unique invite code",
  leaveConfirmation:
    "Are you sure you want to leave this crew? You'll need to be re-invited to join again.",
  noMembersToInvite: "No crew members to invite",
  crewCreatedSomeFailed: "Crew created! Some invites may have failed.",
  failedToInvite: (names: readonly string[]) => `Failed to invite: ${names.join(", ")}`,
  // Page-level toasts.
  failedToLoadCrew: "Failed to load crew details",
  failedToSendInvites: "Failed to send invites",
  failedToDelete: "Failed to delete crew",
  failedToCreateInviteLink: "Failed to create invite link",
  failedToCreate: "Failed to create crew",
  failedToSave: "Failed to save changes",
  failedToLeave: "Failed to leave crew",
  failedToLoadMembers: "Failed to load crew members",
  failedToFetchMembers: "Failed to fetch crew members",
  failedToPromote: "Failed to promote member",
  failedToDemote: "Failed to demote co-host",
  failedToSearchUsers: "Failed to search users",
} as const;

/**
 * The crew screens' own words where the spec names an action but not its
 * text (success toasts, a few fallbacks); see docs/decisions.md.
 */
export const CREW_SCREEN_TEXTS = {
  created: "Crew created! 🎉",
  saved: "Crew updated!",
  deleted: "Crew deleted",
  left: "You left the crew",
  invitesSent: (count: number) =>
    count === 1 ? CREW_MESSAGES.inviteSent : `${count} invites sent successfully!`,
  pendingRemoved: "Invitation withdrawn",
  memberRemoved: (name: string) => `${name} was removed from the crew`,
  promoted: (name: string) => `${name} is now a Co-Host`,
  demoted: (name: string) => `${name} is a member again`,
  failedToJoin: "Failed to join the crew",
  failedToRemoveMember: "Failed to remove member",
  failedToRemovePending: "Failed to remove invitation",
  deleteConfirmation:
    "The crew, its members, invite links and invitations will be gone for everyone. This can't be undone.",
} as const;

/** How long 'Crew not found' shows before the page goes to /profile. */
export const CREW_NOT_FOUND_REDIRECT_MS = 2000;

// ---------------------------------------------------------------- addresses

export function crewJoinPath(code: string): string {
  return `/crew/join/${code}`;
}

export function crewPath(crewId: string): string {
  return `/crew/${crewId}`;
}
