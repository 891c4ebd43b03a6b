/**
 * The events screens' fixed wording: join button states,
 * past versus upcoming wording, discover's count line and empty states, the
 * event page's panels, the avatar overflow and the timeline's pagination.
 * Messages and toasts are in ./eventRules.
 */

const JOIN_BUTTON_LABELS = {
  signedOut: "Sign in to Join",
  host: "You are the host",
  notJoined: "Join the Party",
  joined: "Joined!",
  /** What 'Joined!' becomes on hover or touch. */
  leave: "Leave Event",
  joining: "Joining...",
  leaving: "Leaving...",
} as const;

export type JoinButtonState = {
  signedIn: boolean;
  isHost: boolean;
  hasJoined: boolean;
  /** The join or leave under way, if any. */
  busy: "joining" | "leaving" | null;
  /** Hovered or touched. */
  active: boolean;
};

/** The join button is hidden for the host (who sees a hosting message) and for past events. */
export function isJoinButtonShown(event: { isHost: boolean; isPast: boolean }): boolean {
  return !event.isHost && !event.isPast;
}

export function joinButtonLabel(state: JoinButtonState): string {
  if (state.busy !== null) return JOIN_BUTTON_LABELS[state.busy];
  if (!state.signedIn) return JOIN_BUTTON_LABELS.signedOut;
  if (state.isHost) return JOIN_BUTTON_LABELS.host;
  if (!state.hasJoined) return JOIN_BUTTON_LABELS.notJoined;
  return state.active ? JOIN_BUTTON_LABELS.leave : JOIN_BUTTON_LABELS.joined;
}

/** Past events speak in the past tense. */
export function attendanceWording(isPast: boolean) {
  return isPast
    ? {
        whoHeading: "Who Joined",
        hosting: "hosted",
        attending: "attended",
        going: "joined",
        state: "concluded",
      }
    : {
        whoHeading: "Who's Coming",
        hosting: "is hosting",
        attending: "attending",
        going: "going",
        state: "upcoming",
      };
}

export const MISSED_EVENT_TEXT = "You missed this one!";

/** Discover counts its sessions exactly up to this many; beyond, 'Found 50+ sessions'. */
export const DISCOVER_COUNT_CAP = 50;

/** 'Found 1 session', 'Found 3 sessions', 'Found 50+ sessions' (the spec's 'Found N session(s)'). */
export function foundSessionsText(count: number, more = false): string {
  return `Found ${count}${more ? "+" : ""} ${count === 1 && !more ? "session" : "sessions"}`;
}

export const DISCOVER_COPY = {
  noEventsTitle: "No events yet",
  createFirstEvent: "Create First Event",
  noResultsTitle: "No Sessions Found",
  clearFilters: "Clear Filters",
  loadFailedTitle: "Failed to load events",
  loadFailedBody: "We couldn't load the events. Please try again.",
} as const;

export const YOUR_SESSIONS_COPY = {
  emptyTitle: "No Sessions Found",
  createSession: "Create a Session",
} as const;

export const EVENT_PAGE_PANELS = {
  authError: { title: "Authentication Error", action: "Retry" },
  loadError: { title: "Error Loading Event", actions: ["Try Again", "Go Back"] },
  notFound: { title: "Event not found" },
} as const;

/** Avatars shown in "who's coming" before the '+N' overflow. */
export const AVATAR_STACK_MAX = { mobile: 4, desktop: 5 } as const;

/** '+3' when `total` people are more than the `shown` avatars; otherwise null. */
export function avatarOverflowLabel(total: number, shown: number): string | null {
  return total > shown ? `+${total - shown}` : null;
}

export const TIMELINE_PAGE_SIZE = 6;

/**
 * The timeline's page buttons: the first, the last, the current page and its
 * neighbours, with 'gap' where pages are skipped. Pages count from 1.
 */
export function paginationItems(currentPage: number, pageCount: number): Array<number | "gap"> {
  const wanted = new Set([1, pageCount, currentPage - 1, currentPage, currentPage + 1]);
  const pages = [...wanted].filter((page) => page >= 1 && page <= pageCount).sort((a, b) => a - b);
  const items: Array<number | "gap"> = [];
  for (const page of pages) {
    const previous = items.at(-1);
    if (typeof previous === "number" && page - previous === 2) items.push(previous + 1);
    else if (typeof previous === "number" && page - previous > 2) items.push("gap");
    items.push(page);
  }
  return items;
}
