/**
 * How events are addressed: a readable public slug, an
 * unguessable private slug, a short event code people can type, and the
 * reading of a `/event/{x}` segment, which may be any of those or a Convex id.
 * Every event gets all three at creation, so switching visibility needs no new ones.
 */

import { cryptoRandomBytes, randomString, type RandomBytes } from "./random";

export type { RandomBytes } from "./random";

/** Lower-case letters and digits without the look-alikes i, l, o, 0 and 1. */
const SLUG_SUFFIX_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
/** Upper-case letters and digits without the look-alikes I, L, O, 0 and 1. */
export const EVENT_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const EVENT_CODE_LENGTH = 6;
const PUBLIC_SLUG_SUFFIX_LENGTH = 6;
/** 31^16 ≈ 10^24: not guessable, and it says nothing about the event. */
const PRIVATE_SLUG_LENGTH = 16;
const SLUG_BASE_MAX_LENGTH = 50;
/** The slug base of a title with no letters or digits (e.g. only emoji). */
const FALLBACK_SLUG_BASE = "session";

/** 'Café Crawl: Round #2!' → 'cafe-crawl-round-2', at most 50 characters, cut between words. */
export function slugifyTitle(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/['’]/g, "") // "Jo's" → "jos", not "jo-s"
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug === "" ? word : `${slug}-${word}`;
    if (next.length > SLUG_BASE_MAX_LENGTH) {
      if (slug === "") slug = word.slice(0, SLUG_BASE_MAX_LENGTH);
      break;
    }
    slug = next;
  }
  return slug || FALLBACK_SLUG_BASE;
}

/** 'friday-pints-k3m9xq': the title's slug and a random suffix, so equal titles don't collide. */
export function generatePublicSlug(
  title: string,
  randomBytes: RandomBytes = cryptoRandomBytes,
): string {
  return `${slugifyTitle(title)}-${randomString(SLUG_SUFFIX_ALPHABET, PUBLIC_SLUG_SUFFIX_LENGTH, randomBytes)}`;
}

export function generatePrivateSlug(randomBytes: RandomBytes = cryptoRandomBytes): string {
  return randomString(SLUG_SUFFIX_ALPHABET, PRIVATE_SLUG_LENGTH, randomBytes);
}

/** 'K3M9XQ'. The server retries on the (rare) clash with an existing code. */
export function generateEventCode(randomBytes: RandomBytes = cryptoRandomBytes): string {
  return randomString(EVENT_CODE_ALPHABET, EVENT_CODE_LENGTH, randomBytes);
}

const EVENT_CODE_PATTERN = new RegExp(`^[${EVENT_CODE_ALPHABET}]{${EVENT_CODE_LENGTH}}$`);
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Convex ids are about 32 lower-case base-32 characters; the server confirms with `normalizeId`. */
const CONVEX_ID_PATTERN = /^[0-9a-z]{25,40}$/;

/** A typed code, case-insensitively: ' k3m9xq ' → 'K3M9XQ'; null when it cannot be a code. */
export function normalizeEventCode(value: string): string | null {
  const code = value.trim().toUpperCase();
  return EVENT_CODE_PATTERN.test(code) ? code : null;
}

/**
 * The lookups an `/event/{x}` segment allows, for the server to try in order
 * (code, then slug, then id); a segment may fit several. Null when it is empty
 * ('Invalid event slug provided'); all three null when it fits none ('Event not found').
 */
export function parseEventRef(
  segment: string | null | undefined,
): { code: string | null; slug: string | null; id: string | null } | null {
  let value = segment?.trim() ?? "";
  try {
    value = decodeURIComponent(value);
  } catch {
    // Not percent-encoded after all: use it as it came.
  }
  if (value === "") return null;
  const lower = value.toLowerCase();
  return {
    code: normalizeEventCode(value),
    slug: lower.length <= 200 && SLUG_PATTERN.test(lower) ? lower : null,
    id: CONVEX_ID_PATTERN.test(value) ? value : null,
  };
}

/** '/event/{publicSlug}' for a public event, '/private-event/{privateSlug}' for a private one. */
export function eventPath(
  event: { isPublic: boolean; publicSlug: string; privateSlug: string },
  options: { edit?: boolean } = {},
): string {
  const path = event.isPublic
    ? `/event/${event.publicSlug}`
    : `/private-event/${event.privateSlug}`;
  return options.edit ? `${path}?edit=true` : path;
}

/** The older compact page, '/events/{id}'. */
export function legacyEventPath(eventId: string): string {
  return `/events/${eventId}`;
}
