/**
 * Host announcements: a short message the host or a co-host posts to a
 * session's people, chosen by group. The groups, the text and daily limits,
 * who may post, the texts people see. Pure: the composer and the server use
 * the same checks.
 */
import { canEditEvent, isAttendee, type Participation } from "./eventAccess";
import { cleanUserText, textLength } from "./userText";

/**
 * Who an announcement may go to, as each person stands when it is sent.
 * A person belongs to one group only (`announcementGroupOf`), so nobody
 * hears one announcement twice. A new group (e.g. people who were
 * let in later) is one more entry here and one more reader on the server
 * (convex/model/announcements.ts `GROUP_READERS`).
 */
export const ANNOUNCEMENT_GROUPS = ["going", "maybe", "invited", "waitlisted"] as const;
export type AnnouncementGroup = (typeof ANNOUNCEMENT_GROUPS)[number];

export const ANNOUNCEMENT_GROUP_LABELS: Record<AnnouncementGroup, string> = {
  going: "Going",
  maybe: "Maybe",
  invited: "Invited, no answer yet",
  waitlisted: "Waitlist",
};

/** What the composer picks before the host changes anything. */
export const DEFAULT_ANNOUNCEMENT_GROUPS: readonly AnnouncementGroup[] = ["going", "maybe"];

export const ANNOUNCEMENT_MAX_LENGTH = 500;
/** Per session, over any 24 hours (a sliding window, so the limit cannot be doubled at midnight). */
export const ANNOUNCEMENTS_PER_DAY = 5;
export const ANNOUNCEMENT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const ANNOUNCEMENTS_PAGE_SIZE = 10;
export const ANNOUNCEMENTS_PAGE_MAX = 20;
/** How much of the text a notification, push and digest line carry. */
export const ANNOUNCEMENT_EXCERPT_LENGTH = 140;

export const ANNOUNCEMENT_MESSAGES = {
  title: "Announcements",
  empty: "No announcements yet.",
  placeholder: "Tell your guests something: a change of table, who brings what…",
  send: "Send announcement",
  sent: "Announcement sent",
  failedToSend: "Failed to send the announcement",
  failedToLoad: "Failed to load announcements",
  textRequired: "Please write an announcement",
  textTooLong: `Announcements can be at most ${ANNOUNCEMENT_MAX_LENGTH} characters`,
  groupsRequired: "Pick at least one group to tell",
  unknownGroup: "Unknown group",
  onlyHosts: "Only the host and co-hosts can post announcements",
  dailyLimit: `A session can have at most ${ANNOUNCEMENTS_PER_DAY} announcements a day. Try again later.`,
  ended: "This session has already ended",
  groupsLegend: "Send to",
  loadMore: "Show older announcements",
} as const;

/** Posting: the host and accepted co-hosts, exactly those who may edit the session. */
export function canPostAnnouncement(p: Participation | null): boolean {
  return p !== null && canEditEvent(p);
}

export type AnnouncementInput = { text: string; groups: readonly string[] };
type CheckedAnnouncement =
  | { ok: true; text: string; groups: AnnouncementGroup[] }
  | { ok: false; field: "text" | "groups"; message: string };

function isAnnouncementGroup(value: string): value is AnnouncementGroup {
  return (ANNOUNCEMENT_GROUPS as readonly string[]).includes(value);
}

/**
 * The text as stored (the user-text rule, multi-line) and the groups once
 * each (in the order of ANNOUNCEMENT_GROUPS), or the first thing wrong.
 */
export function checkAnnouncement(input: AnnouncementInput): CheckedAnnouncement {
  const cleaned = cleanUserText(input.text, { multiline: true });
  if (!cleaned.ok) return { ok: false, field: "text", message: cleaned.message };
  if (cleaned.text === "")
    return { ok: false, field: "text", message: ANNOUNCEMENT_MESSAGES.textRequired };
  if (textLength(cleaned.text) > ANNOUNCEMENT_MAX_LENGTH)
    return { ok: false, field: "text", message: ANNOUNCEMENT_MESSAGES.textTooLong };
  if (input.groups.some((group) => !isAnnouncementGroup(group)))
    return { ok: false, field: "groups", message: ANNOUNCEMENT_MESSAGES.unknownGroup };
  const groups = ANNOUNCEMENT_GROUPS.filter((group) => input.groups.includes(group));
  if (groups.length === 0)
    return { ok: false, field: "groups", message: ANNOUNCEMENT_MESSAGES.groupsRequired };
  return { ok: true, text: cleaned.text, groups };
}

/** How many more announcements a session may have now, given when its recent ones were posted. */
export function announcementsLeft(postedAt: readonly number[], now: number): number {
  const recent = postedAt.filter((at) => at > now - ANNOUNCEMENT_WINDOW_MS).length;
  return Math.max(0, ANNOUNCEMENTS_PER_DAY - recent);
}

/**
 * The one group a person is in now (null: none). Attending comes first, then
 * a place on the waitlist (someone waiting may also have answered maybe),
 * then maybe, then an invitation not answered yet.
 */
export function announcementGroupOf(
  p: Participation & { waitlisted: boolean },
): AnnouncementGroup | null {
  if (isAttendee(p)) return "going";
  if (p.waitlisted) return "waitlisted";
  if (p.rsvpStatus === "maybe") return "maybe";
  if (p.member?.status === "pending" && p.rsvpStatus === null) return "invited";
  return null;
}

/** The first ANNOUNCEMENT_EXCERPT_LENGTH characters on one line, with '…' when cut. */
export function announcementExcerpt(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  const chars = [...line];
  return chars.length <= ANNOUNCEMENT_EXCERPT_LENGTH
    ? line
    : `${chars.slice(0, ANNOUNCEMENT_EXCERPT_LENGTH - 1).join("")}…`;
}

/** "Going and Maybe", "Going, Maybe and Waitlist". */
export function groupsLabel(groups: readonly AnnouncementGroup[]): string {
  const labels = groups.map((group) => ANNOUNCEMENT_GROUP_LABELS[group]);
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]}`;
}
