/**
 * How a profile is named and its visibility labelled on screen, without the edit form's zod
 * schemas, so the nav bar's account area and the profile page use them without loading zod.
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

export const PROFILE_VISIBILITIES = ["public", "crew_only", "private"] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];
export const DEFAULT_PROFILE_VISIBILITY: ProfileVisibility = "public";

export const PROFILE_VISIBILITY_OPTIONS: ReadonlyArray<{
  value: ProfileVisibility;
  label: string;
  description: string;
}> = [
  { value: "public", label: "Public", description: "Anyone can see your profile" },
  {
    value: "crew_only",
    label: "Crew only",
    description: "Only people in your crews can see your profile",
  },
  {
    value: "private",
    label: "Private",
    description: "Only you can see your profile; others see just your name",
  },
];
