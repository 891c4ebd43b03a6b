/**
 * The one rule for text a user writes: titles, names, nicknames,
 * taglines, bios, notes, place names, comments, feedback, captions, crew
 * names and descriptions are stored in Unicode NFC, without control
 * characters (a multi-line field keeps newlines and tabs), without bidi
 * override and isolate controls (U+202E shows a title reversed: link and
 * file-name spoofing) and trimmed; text that is only whitespace or invisible
 * characters is blank (''), so a required field shows its 'required' message.
 * A lone surrogate (no browser sends one) is refused. Zod-free, so the first
 * screen may use it; the schema helpers are in ./userTextFields.
 */

export type UserTextOptions = {
  /** Keeps newlines (any line break becomes '\n') and tabs. */
  multiline?: boolean;
};

type CleanedUserText = { ok: true; text: string } | { ok: false; message: string };

export const USER_TEXT_MESSAGES = {
  invalidCharacters: "Text contains characters that can't be saved",
} as const;

// Line breaks: CR LF, CR, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR, LF, VT, FF.
const LINE_BREAKS = /\r\n|[\r\n\v\f\u0085\u2028\u2029]/g;
// C0 and C1 controls and DEL, but tab and newline: the line rule above has decided on those.
const CONTROLS = /(?![\t\n])\p{Cc}/gu;
// LRE, RLE, PDF, LRO, RLO and LRI, RLI, FSI, PDI: they reorder what follows them.
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");
// Whitespace and characters that draw nothing (zero-width space and joiners, BOM, soft hyphen,
// variation selectors, Hangul fillers…).
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}]*$/u;

export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/** The rule without the refusal: lone surrogates must already be gone. */
function applyRule(value: string, multiline: boolean): string {
  let text = value.replace(LINE_BREAKS, multiline ? "\n" : " ");
  if (!multiline) text = text.replace(/\t/g, " ");
  // NFC last: removing a control between a letter and its accent may leave them to compose.
  text = text.replace(CONTROLS, "").replace(BIDI_CONTROLS, "").normalize("NFC").trim();
  return INVISIBLE_ONLY.test(text) ? "" : text;
}

/** The text as it is stored ('' when blank), or why it is refused. */
export function cleanUserText(value: string, options: UserTextOptions = {}): CleanedUserText {
  if (hasLoneSurrogate(value)) return { ok: false, message: USER_TEXT_MESSAGES.invalidCharacters };
  return { ok: true, text: applyRule(value, options.multiline ?? false) };
}

/**
 * The rule for text that cannot be refused (stored before the rule, or from a
 * sign-in provider): lone surrogates become U+FFFD. Idempotent.
 */
export function repairUserText(value: string, options: UserTextOptions = {}): string {
  return applyRule(value.replace(LONE_SURROGATES, "\ufffd"), options.multiline ?? false);
}

/** `repairUserText` for an optional field: blank becomes null. */
export function repairOptionalUserText(
  value: string | null | undefined,
  options: UserTextOptions = {},
): string | null {
  if (value === null || value === undefined) return null;
  return repairUserText(value, options) || null;
}

/** Length as people count it: emoji and accented letters count once. */
export function textLength(value: string): number {
  return [...value].length;
}
