/**
 * The fixed choices of an event: vibes with their
 * default covers, the wizard's time options, RSVP statuses and member roles.
 * Drink types live in `./drinks` (one list everywhere).
 */

export const VIBES = [
  "casual",
  "party",
  "chill",
  "wild",
  "classy",
  "shots",
  "stone_cold",
  "other",
] as const;

export type Vibe = (typeof VIBES)[number];

/** Emoji match the landing page's vibe cards (Chill, Stone Cold, Classy, Party). */
export const VIBE_OPTIONS: Record<Vibe, { label: string; emoji: string }> = {
  casual: { label: "Casual", emoji: "🍻" },
  party: { label: "Party", emoji: "🎉" },
  chill: { label: "Chill", emoji: "😌" },
  wild: { label: "Wild", emoji: "🤪" },
  classy: { label: "Classy", emoji: "🍸" },
  shots: { label: "Shots", emoji: "🥃" },
  stone_cold: { label: "Stone Cold", emoji: "🧊" },
  other: { label: "Other", emoji: "✨" },
};

export function isVibe(value: unknown): value is Vibe {
  return typeof value === "string" && (VIBES as readonly string[]).includes(value);
}

export function vibeLabel(vibe: string | null | undefined): string {
  return isVibe(vibe) ? VIBE_OPTIONS[vibe].label : "";
}

export function vibeEmoji(vibe: string | null | undefined): string {
  return isVibe(vibe) ? VIBE_OPTIONS[vibe].emoji : "";
}

/**
 * The vibe's cover as a 1200×630 JPEG, for link previews (Facebook, X,
 * WhatsApp and iMessage show no SVG); rendered by `scripts/shareImages.ts`.
 */
export function shareImagePath(vibe: string | null | undefined): string {
  return `/covers/${isVibe(vibe) ? vibe : "other"}.jpg`;
}

/**
 * The wizard's time choices, i.e. the event's `durationType`. 'Right Now'
 * starts the event at creation; the others take a start; custom also an end.
 */
export const DURATION_TYPES = ["now", "specific_time", "all_night", "custom"] as const;

export type DurationType = (typeof DURATION_TYPES)[number];

export const DURATION_TYPE_LABELS: Record<DurationType, string> = {
  now: "Right Now",
  specific_time: "Specific Time",
  all_night: "All Night",
  custom: "Custom",
};

export function isDurationType(value: unknown): value is DurationType {
  return typeof value === "string" && (DURATION_TYPES as readonly string[]).includes(value);
}

/** One RSVP per event and user; labels are the older page's selector. */
export const RSVP_STATUSES = ["going", "maybe", "not_going"] as const;

export type RsvpStatus = (typeof RSVP_STATUSES)[number];

export const RSVP_STATUS_LABELS: Record<RsvpStatus, string> = {
  going: "Going",
  maybe: "Maybe",
  not_going: "Not Going",
};

export const MEMBER_ROLES = ["host", "co_host", "attendee"] as const;

export type MemberRole = (typeof MEMBER_ROLES)[number];

export const MEMBER_STATUSES = ["pending", "accepted", "declined"] as const;

export type MemberStatus = (typeof MEMBER_STATUSES)[number];
