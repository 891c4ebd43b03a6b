/**
 * Crew rules shared by the crew screens (client) and the crew functions
 * (server): the wizard's validation, who may do what, invite codes and their
 * expiry, the crew counting rule, user search; with what ./crewTexts holds
 * (vibes, roles, limits, the fixed messages, addresses). The rules in words:
 * docs/product-rules.md#crews.
 */
import { z } from "zod";
import { cryptoRandomBytes, randomString, type RandomBytes } from "./random";
import { cleanUserText, textLength } from "./userText";
import { optionalUserText, userText } from "./userTextFields";

import {
  CREW_DESCRIPTION_MAX_LENGTH,
  CREW_MESSAGES,
  CREW_NAME_MAX_LENGTH,
  CREW_VIBES,
  type CrewMemberStatus,
  type CrewRole,
} from "./crewTexts";

export * from "./crewTexts";

// ---------------------------------------------------------------- bounds

/** Members and pending invitations per page on the crew page. */
export const CREW_MEMBERS_PAGE_MAX = 50;
/** Crews per page of a person's crew list (the profile's tab, the session invite step). */
export const USER_CREWS_MAX = 100;
/** Users invited in one call (a wizard's selection). */
export const INVITE_BATCH_MAX = 50;
/** User search: at most 10 results, from 20 candidates before merging. */
export const USER_SEARCH_RESULTS_MAX = 10;
export const USER_SEARCH_CANDIDATES = 20;
const USER_SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_DEBOUNCE_MS = 300;
/** The longest an invite link may last, in days. */
export const INVITE_LINK_MAX_DAYS = 30;

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
  // Ours (the spec names no words for these).
  maxUsesInvalid: "Maximum uses must be a whole number of at least 1",
  daysInvalid: `An invite link lasts a whole number of days, from 1 to ${INVITE_LINK_MAX_DAYS}`,
  notFound: "Invite link not found",
  failedToRevoke: "Failed to revoke invite link",
  revoked: "Link revoked. Anyone who opens it now reads that it is invalid or has expired.",
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

/**
 * can_manage: the creator and accepted co-hosts. What they may do is named
 * below, one rule each; null is someone signed out.
 */
export function canManageCrew(standing: CrewStanding | null): boolean {
  if (standing === null) return false;
  const role = crewRoleOf(standing);
  return role === "host" || role === "co_host";
}

// ---------------------------------------------------------------- permissions

/*
 * What the viewer may do in a crew, one function per action. The server
 * checks them before every write and sends them with what it reads (the
 * crew page's `viewer`, each member row, each crew card), so a screen only
 * shows what the server allows and never works a permission out itself.
 */

/** Change the crew's name, description, vibe and visibility: managers. */
export function canEditCrew(standing: CrewStanding | null): boolean {
  return canManageCrew(standing);
}

/**
 * Invite people, by name or with an invite link (make one, see the working
 * ones, revoke any of them whoever made it): managers. A link works only
 * while its maker still may invite.
 */
export function canInviteToCrew(standing: CrewStanding | null): boolean {
  return canManageCrew(standing);
}

/** Delete the crew: its creator only. */
export function canDeleteCrew(standing: CrewStanding | null): boolean {
  return standing?.isCreator === true;
}

/** Leave: any member but the creator, who deletes the crew instead. */
export function canLeaveCrew(standing: CrewStanding | null): boolean {
  return standing !== null && !standing.isCreator && isCrewMember(standing);
}

/** Invite the whole crew to a session: its members. */
export function canInviteCrewToSession(standing: CrewStanding | null): boolean {
  return standing !== null && isCrewMember(standing);
}

/** See who is invited and has not answered yet: members (an invitee does not learn who else is). */
export function canSeeCrewInvitations(standing: CrewStanding | null): boolean {
  return standing !== null && isCrewMember(standing);
}

/** Withdraw a pending invitation: the creator only. */
export function canWithdrawCrewInvitation(standing: CrewStanding | null): boolean {
  return standing?.isCreator === true;
}

/** Make members co-hosts and co-hosts members again: the creator only. */
export function canChangeCrewRoles(standing: CrewStanding | null): boolean {
  return standing?.isCreator === true;
}

/*
 * The rules about one accepted member take their role as the crew lists it:
 * the creator's is host, and the host's own role never changes.
 */

export function canPromoteCrewMember(standing: CrewStanding | null, memberRole: CrewRole): boolean {
  return canChangeCrewRoles(standing) && memberRole === "member";
}

export function canDemoteCrewMember(standing: CrewStanding | null, memberRole: CrewRole): boolean {
  return canChangeCrewRoles(standing) && memberRole === "co_host";
}

/** Remove a member: managers remove members; only the creator removes a co-host; nobody the host. */
export function canRemoveCrewMember(standing: CrewStanding | null, memberRole: CrewRole): boolean {
  if (!canManageCrew(standing) || memberRole === "host") return false;
  return memberRole === "member" || standing?.isCreator === true;
}

/** Who sees a crew's page: anyone for a public crew; members and invitees for a private one. */
export function canViewCrew(crew: { isPublic: boolean }, standing: CrewStanding | null): boolean {
  if (crew.isPublic) return true;
  if (standing === null) return false;
  return isCrewMember(standing) || standing.member?.status === "pending";
}

// ---------------------------------------------------------------- invite codes

/** 8 characters of capital letters and digits. */
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

type InviteLinkState = {
  expiresAt: number;
  maxUses: number | null;
  currentUses: number;
  revokedAt?: number;
};

/** Why an invite link cannot be used now, or null when it can (expiry is exclusive: at expiresAt it is expired). */
export function inviteLinkProblem(
  link: InviteLinkState,
  now: number,
): "revoked" | "expired" | "max_uses" | null {
  if (link.revokedAt !== undefined) return "revoked";
  if (now >= link.expiresAt) return "expired";
  if (link.maxUses !== null && link.currentUses >= link.maxUses) return "max_uses";
  return null;
}

/**
 * What is wrong with the limits asked for a new invite link, or null: it
 * lasts whole days from 1 to INVITE_LINK_MAX_DAYS, and a use limit, when
 * there is one, is a whole number of at least 1. Refused rather than bent
 * into something else (an unlimited link, or a week), so that nobody gets
 * a link that behaves otherwise than they asked.
 */
export function inviteLinkLimitsProblem(limits: {
  days?: number;
  maxUses?: number | null;
}): { field: "days" | "maxUses"; message: string } | null {
  const { days, maxUses } = limits;
  if (days !== undefined && !(Number.isInteger(days) && days >= 1 && days <= INVITE_LINK_MAX_DAYS))
    return { field: "days", message: INVITE_LINK_MESSAGES.daysInvalid };
  if (maxUses !== undefined && maxUses !== null && !(Number.isSafeInteger(maxUses) && maxUses >= 1))
    return { field: "maxUses", message: INVITE_LINK_MESSAGES.maxUsesInvalid };
  return null;
}

// ---------------------------------------------------------------- counting rule

/**
 * An event counts for a crew when the accepted crew members
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
