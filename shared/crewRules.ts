/**
 * Crew rules shared by the crew screens (client) and the crew functions
 * (server): field limits and the wizard's validation, roles and who may do
 * what, invite codes and their expiry, the crew counting rule, and the
 * spec's messages. Spec 3 §3–§9, spec 2 §6.
 */
import { z } from "zod";
import { cryptoRandomBytes, randomString, type RandomBytes } from "./random";
import { cleanUserText, textLength } from "./userText";
import { optionalUserText, userText } from "./userTextFields";

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

// ---------------------------------------------------------------- bounds

/** Members and pending invitations per page on the crew page. */
export const CREW_MEMBERS_PAGE_MAX = 50;
/** The crews listed on a profile (and offered in the session invite step). */
export const USER_CREWS_MAX = 100;
/** Users invited in one call (a wizard's selection). */
export const INVITE_BATCH_MAX = 50;
/** User search: at most 10 results (spec 3 §9), from 20 candidates before merging. */
export const USER_SEARCH_RESULTS_MAX = 10;
export const USER_SEARCH_CANDIDATES = 20;
export const USER_SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_DEBOUNCE_MS = 300;

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
  // Page-level toasts (spec 3 §8).
  failedToLoadCrew: "Failed to load crew details",
  failedToSendInvites: "Failed to send invites",
  failedToDelete: "Failed to delete crew",
  failedToCreateInviteLink: "Failed to create invite link",
  failedToCreate: "Failed to create crew",
  failedToSave: "Failed to save changes",
  failedToLeave: "Failed to leave crew",
  failedToLoadMembers: "Failed to load crew members",
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
  failedToCopy: "Couldn't copy the link. Copy it by hand.",
  deleteConfirmation:
    "The crew, its members, invite links and invitations will be gone for everyone. This can't be undone.",
} as const;

/** How long 'Crew not found' shows before the page goes to /profile. */
export const CREW_NOT_FOUND_REDIRECT_MS = 2000;

export const INVITE_LINK_MESSAGES = {
  // The service's words…
  invalid: "Invalid invite code - invitation not found",
  expired: "Invite link has expired",
  maxUses: "Invite link has reached maximum uses",
  alreadyMember: "You are already a member of this crew",
  // …and the page's.
  pageInvalid: "This invite link is invalid or has expired...",
  pageAlreadyMember: "You are already a member of this crew!",
  pageExpired: "This invite link has expired...",
  pageMaxUses: "This invite link has reached its usage limit...",
  pageSignIn: "Please sign in to join a crew",
  pageInvalidCode: "Invalid invite code",
} as const;

// ---------------------------------------------------------------- the wizard

export const crewDetailsSchema = z.object({
  name: z
    .string()
    .transform(userText())
    .pipe(
      z
        .string()
        .min(1, CREW_MESSAGES.nameRequired)
        .refine((value) => textLength(value) <= CREW_NAME_MAX_LENGTH, CREW_MESSAGES.nameTooLong),
    ),
  description: z
    .string()
    .nullish()
    .transform(optionalUserText({ multiline: true }))
    .refine(
      (value) => value === null || textLength(value) <= CREW_DESCRIPTION_MAX_LENGTH,
      CREW_MESSAGES.descriptionTooLong,
    ),
  vibe: z.enum(CREW_VIBES, { error: CREW_MESSAGES.vibeInvalid }),
  isPublic: z.boolean(),
});

export type CrewDetailsInput = z.input<typeof crewDetailsSchema>;
export type CrewDetails = z.output<typeof crewDetailsSchema>;

/** The wizard's step 1 message for a name, or null when Next may go on. */
export function crewNameError(name: string): string | null {
  const cleaned = cleanUserText(name);
  if (!cleaned.ok) return cleaned.message;
  const trimmed = cleaned.text;
  if (trimmed === "") return CREW_MESSAGES.nameRequired;
  if (textLength(trimmed) > CREW_NAME_MAX_LENGTH) return CREW_MESSAGES.nameTooLong;
  return null;
}

// ---------------------------------------------------------------- roles

/** What the viewer is in a crew: the creator is always host, even with no member row. */
export type CrewStanding = {
  isCreator: boolean;
  member: { role: CrewRole; status: CrewMemberStatus } | null;
};

export function crewRoleOf(standing: CrewStanding): CrewRole | null {
  if (standing.isCreator) return "host";
  return standing.member?.status === "accepted" ? standing.member.role : null;
}

export function isCrewMember(standing: CrewStanding): boolean {
  return crewRoleOf(standing) !== null;
}

/** can_manage: the creator and co-hosts edit, invite, make invite links and remove members. */
export function canManageCrew(standing: CrewStanding): boolean {
  const role = crewRoleOf(standing);
  return role === "host" || role === "co_host";
}

/** Who sees a crew's page: anyone for a public crew; members and invitees for a private one. */
export function canViewCrew(crew: { isPublic: boolean }, standing: CrewStanding | null): boolean {
  if (crew.isPublic) return true;
  if (standing === null) return false;
  return isCrewMember(standing) || standing.member?.status === "pending";
}

// ---------------------------------------------------------------- invite codes

/** 8 characters of capital letters and digits (spec 3 §9). */
export const INVITE_CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
export const INVITE_CODE_LENGTH = 8;
export const INVITE_CODE_ATTEMPTS = 10;
export const INVITE_LINK_DEFAULT_DAYS = 7;
export const DAY_MS = 24 * 3600_000;

export function generateInviteCode(randomBytes: RandomBytes = cryptoRandomBytes): string {
  return randomString(INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH, randomBytes);
}

/** A typed or pasted code, case-insensitively; null when it cannot be one. */
export function normalizeInviteCode(value: string): string | null {
  const code = value.trim().toUpperCase();
  return /^[A-Z0-9]{8}$/.test(code) ? code : null;
}

export type InviteLinkState = { expiresAt: number; maxUses: number | null; currentUses: number };

/** Why an invite link cannot be used now, or null when it can (expiry is exclusive: at expiresAt it is expired). */
export function inviteLinkProblem(
  link: InviteLinkState,
  now: number,
): "expired" | "max_uses" | null {
  if (now >= link.expiresAt) return "expired";
  if (link.maxUses !== null && link.currentUses >= link.maxUses) return "max_uses";
  return null;
}

export function crewJoinPath(code: string): string {
  return `/crew/join/${code}`;
}

export function crewPath(crewId: string): string {
  return `/crew/${crewId}`;
}

// ---------------------------------------------------------------- counting rule

/**
 * Spec 2 §6: an event counts for a crew when the accepted crew members
 * involved are at least 2 for a crew of 2, else at least the ceiling of 50%
 * of the crew. A crew of one never has a session "of its own".
 */
export function crewAttendanceThreshold(crewSize: number): number {
  if (crewSize <= 2) return 2;
  return Math.ceil(crewSize * 0.5);
}

export function eventCountsForCrew(attendingMembers: number, crewSize: number): boolean {
  return attendingMembers >= crewAttendanceThreshold(crewSize);
}

// ---------------------------------------------------------------- user search

/** The query as searched: trimmed, cut to a sane length; "" means no search (blank queries are ignored). */
export function normalizeSearchQuery(value: string): string {
  return value.trim().slice(0, USER_SEARCH_QUERY_MAX_LENGTH);
}

/** Case-insensitive partial match of any of the names. */
export function matchesUserQuery(
  user: { username: string; displayName: string | null; nickname: string | null },
  query: string,
): boolean {
  const needle = query.toLowerCase();
  return [user.username, user.displayName, user.nickname].some(
    (name) => name?.toLowerCase().includes(needle) ?? false,
  );
}

/** Invite by username: an exact (case-insensitive) username match first, else the first result. */
export function pickUsernameMatch<T extends { username: string }>(
  results: readonly T[],
  query: string,
): T | null {
  const wanted = query.trim().toLowerCase().replace(/^@/, "");
  return results.find((user) => user.username === wanted) ?? results[0] ?? null;
}

/** Shortest suffix indexed: a one-letter query would match nearly everyone anyway. */
const SEARCH_SUFFIX_MIN_LENGTH = 2;

/**
 * What the user search indexes for one profile: every word of the display
 * name, nickname and username, and each word's suffixes, lower case. A full
 * text index matches terms by prefix, so a suffix term lets 'ike' find
 * 'Mike' (the spec's partial match); results are confirmed with `matchesUserQuery`.
 */
export function userSearchTerms(user: {
  username: string;
  displayName: string | null;
  nickname: string | null;
}): string {
  const terms = new Set<string>();
  for (const name of [user.displayName, user.nickname, user.username]) {
    for (const word of (name ?? "").toLowerCase().split(/[^\p{L}\p{N}_]+/u)) {
      const chars = [...word];
      for (
        let start = 0;
        start <= chars.length - SEARCH_SUFFIX_MIN_LENGTH || start === 0;
        start++
      ) {
        const suffix = chars.slice(start).join("");
        if (suffix !== "") terms.add(suffix);
      }
    }
  }
  return [...terms].join(" ");
}

/** The search index's query for a user query: its longest word (all names are matched again in memory). */
export function userSearchIndexQuery(query: string): string {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean);
  return words.reduce((longest, word) => (word.length > longest.length ? word : longest), "");
}
