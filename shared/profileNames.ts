/**
 * How a profile is named on screen, without the edit form's zod schemas, so the nav bar's
 * account area can use it without bringing zod into the first download. Spec 1 §5.
 */

export const DEFAULT_DISPLAY_NAME = "User";

/** Trims; an empty (or whitespace-only) string becomes null (spec: "Empty strings are saved as null"). */
export function normalizeOptionalText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/** What to call a profile on screen: display name, else username, else 'User'. */
export function profileDisplayName(
  profile: { displayName?: string | null; username?: string | null } | null | undefined,
): string {
  return (
    normalizeOptionalText(profile?.displayName) ??
    normalizeOptionalText(profile?.username) ??
    DEFAULT_DISPLAY_NAME
  );
}
