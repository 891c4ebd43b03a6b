/**
 * Invitation links in e-mails:
 * the token format (a prefix naming the invitation type and the answer, then
 * at least 128 random bits), the 48-hour lifetime, the derived status, the
 * invitation page's paths, and every message and title it shows. Pure:
 * shared by the server that issues and checks tokens and the page.
 */
import { randomString, type RandomBytes, cryptoRandomBytes } from "./random";

export const INVITATION_TYPES = ["event", "crew"] as const;
export type InvitationType = (typeof INVITATION_TYPES)[number];

export const INVITATION_ACTIONS = ["accept", "decline"] as const;
export type InvitationAction = (typeof INVITATION_ACTIONS)[number];

/** 48 hours, for test invitations too. */
export const INVITATION_TOKEN_LIFETIME_MS = 48 * 60 * 60 * 1000;
export const INVITATION_TOKEN_LIFETIME_TEXT = "48 hours";

const TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** 32 characters of 62: about 190 random bits (at least 128 required). */
const TOKEN_RANDOM_LENGTH = 32;

function tokenPrefix(type: InvitationType, action: InvitationAction): string {
  return `${type}_${action}_`;
}

export function generateInvitationToken(
  type: InvitationType,
  action: InvitationAction,
  randomBytes: RandomBytes = cryptoRandomBytes,
): string {
  return tokenPrefix(type, action) + randomString(TOKEN_ALPHABET, TOKEN_RANDOM_LENGTH, randomBytes);
}

const TOKEN_PATTERN = new RegExp(
  `^(event|crew)_(accept|decline)_([A-Za-z0-9]{${TOKEN_RANDOM_LENGTH}})$`,
);
const PREFIX_PATTERN = /^(event|crew)_(accept|decline)_/;

/** The type and answer a token's prefix names (what /invitation/{token} infers); null without a known prefix. */
export function inferFromToken(
  token: string,
): { type: InvitationType; action: InvitationAction } | null {
  const match = PREFIX_PATTERN.exec(token);
  if (match === null) return null;
  return { type: match[1] as InvitationType, action: match[2] as InvitationAction };
}

/** Whether `token` has the full shape of a token we issue (a prefix and the random part). */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export function isTokenType(value: unknown): value is InvitationType {
  return typeof value === "string" && (INVITATION_TYPES as readonly string[]).includes(value);
}

export function isTokenAction(value: unknown): value is InvitationAction {
  return typeof value === "string" && (INVITATION_ACTIONS as readonly string[]).includes(value);
}

type TokenStatus = "expired" | "used" | "valid";

/** Expired if the expiry is earlier than now, else used if the used flag is set, else valid. */
export function tokenStatus(token: { expiresAt: number; used: boolean }, now: number): TokenStatus {
  if (token.expiresAt < now) return "expired";
  return token.used ? "used" : "valid";
}

/** The link shape used in e-mails: /invitation/{type}/{action}/{token}. */
export function invitationPath(
  type: InvitationType,
  action: InvitationAction,
  token: string,
): string {
  return `/invitation/${type}/${action}/${encodeURIComponent(token)}`;
}

export const INVITATION_MESSAGES = {
  invalidLink: "Invalid invitation link",
  missingToken: "Missing token",
  unknownType: "Unable to determine invitation type from token",
  invalidToken: "Invalid or expired invitation token",
  invalidOrExpiredLink: "Invalid or expired invitation link",
  expired: "This invitation link has expired",
  used: "This invitation link has already been used",
  loginRequired: "Please log in to respond to this invitation",
  notYourAccount: "This invitation is not for your account",
  failedToProcess: "Failed to process invitation",
  failedToValidate: "Failed to validate invitation link",
  eventAccepted: "You're in! See you at the session!",
  eventDeclined: "Response sent. Maybe next time!",
  crewAccepted: "Joined the crew! 🍺",
  crewDeclined: "Crew invitation declined",
  errorTitle: "Invitation Error",
  goBack: "Go Back",
  processing: "Processing your invitation…",
} as const;

const TITLES: Record<InvitationType, Record<InvitationAction, string>> = {
  event: { accept: "Event Joined!", decline: "Event Declined" },
  crew: { accept: "Crew Joined!", decline: "Crew Invitation Declined" },
};

/** 'Event Joined!', 'Event Declined', 'Crew Joined!', 'Crew Invitation Declined'. */
export function successTitle(type: InvitationType, action: InvitationAction): string {
  return TITLES[type][action];
}

export function successMessage(type: InvitationType, action: InvitationAction): string {
  if (type === "event")
    return action === "accept"
      ? INVITATION_MESSAGES.eventAccepted
      : INVITATION_MESSAGES.eventDeclined;
  return action === "accept" ? INVITATION_MESSAGES.crewAccepted : INVITATION_MESSAGES.crewDeclined;
}

/** After success the page moves on by itself after 2 s, or 1 s after View is clicked. */
export const SUCCESS_REDIRECT_MS = 2000;
export const VIEW_REDIRECT_MS = 1000;
