/**
 * Photo consent: anyone who may see a gallery may say "I'm in this — don't
 * show it" about a photo. The photo is hidden while at least one such
 * objection stands; it stays visible to its uploader, the session's hosts
 * (creator and co-hosts) and the people who objected, who see why. Pure: no
 * Convex or React imports.
 */

/** One viewer's standing towards one photo. */
export type PhotoStanding = {
  isUploader: boolean;
  /** The session's creator or an accepted co-host. */
  isHost: boolean;
  /** The viewer has an objection on this photo. */
  hasObjected: boolean;
};

/** Hidden while any objection stands (a missing count reads as none). */
export function isPhotoHidden(photo: { objectionCount?: number }): boolean {
  return (photo.objectionCount ?? 0) > 0;
}

/** Who still sees a hidden photo: its uploader, the hosts, and those who objected (so they can lift it). */
export function canSeeHiddenPhoto(standing: PhotoStanding): boolean {
  return standing.isUploader || standing.isHost || standing.hasObjected;
}

export function canSeePhoto(photo: { objectionCount?: number }, standing: PhotoStanding): boolean {
  return !isPhotoHidden(photo) || canSeeHiddenPhoto(standing);
}

/** The uploader and the hosts see who objected (they decide to delete it or ask); others who objected see only their own. */
export function canSeeObjectors(standing: PhotoStanding): boolean {
  return standing.isUploader || standing.isHost;
}

/** Anyone signed in who sees the photo, apart from its uploader (who may delete it instead). */
export function canObjectToPhoto(signedIn: boolean, standing: PhotoStanding): boolean {
  return signedIn && !standing.isUploader;
}

/** How many objectors' names a hidden photo's reason names at most. */
export const OBJECTOR_NAMES_SHOWN = 2;

function listed(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/**
 * Why a photo is hidden, as its uploader, a host or an objector reads it:
 * 'Hidden: Ann asked not to show it', 'Hidden: you and 2 others asked not to
 * show it', 'Hidden: someone asked not to show it' (an objector whose account
 * is gone). `names` are other objectors' names (empty unless the viewer may see them).
 */
export function hiddenPhotoReason(input: {
  count: number;
  viewerObjected: boolean;
  names: readonly string[];
}): string {
  const named = [
    ...(input.viewerObjected ? ["you"] : []),
    ...input.names.slice(0, OBJECTOR_NAMES_SHOWN),
  ];
  const others = Math.max(0, input.count - named.length);
  const parts = others > 0 ? [...named, `${others} ${others === 1 ? "other" : "others"}`] : named;
  if (named.length === 0) {
    return others > 1
      ? `Hidden: ${others} people asked not to show it`
      : "Hidden: someone asked not to show it";
  }
  return `Hidden: ${listed(parts)} asked not to show it`;
}

export const PHOTO_CONSENT_LABELS = {
  object: "I'm in this — don't show it",
  lift: "Show it again",
} as const;

export const PHOTO_CONSENT_MESSAGES = {
  ownPhoto: "This is your photo: delete it instead",
  notYourObjection: "Only the person who asked not to show it can lift that",
  objected: "Hidden. The person who shared it and the hosts can still see it.",
  lifted: "Shown again",
  objectFailed: "Could not hide the photo",
  liftFailed: "Could not show the photo again",
} as const;
