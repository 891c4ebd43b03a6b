/**
 * The events area's toasts and failure messages, apart from the zod schemas of
 * ./eventRules (which re-exports them), so screens that only show messages do not load zod.
 */

/** Success toasts. */
export const EVENT_TOASTS = {
  created: "Event created successfully!",
  joined: "Hell yeah! You're in!",
  left: "Left the session",
  rsvpUpdated: "RSVP updated!",
  instagramLinkCopied: "Link copied! Paste it in your Instagram story or DM",
  joinedOnTestPage: "Event joined successfully!",
} as const;

/** Failures. 'Not authenticated' is `ERROR_MESSAGES.notAuthenticated` in ./errors. */
export const EVENT_ERRORS = {
  createFailed: "Failed to create event",
  saveFailed: "Failed to save changes. Please try again.",
  deleteFailed: "Failed to delete session. Please try again.",
  loadDetailsFailed: "Failed to load event details",
  notFound: "Event not found",
  loadEventsFailed: "Failed to load events. Please try again.",
  loadAttendeesFailed: "Failed to load attendees",
  loadExistingAttendeesFailed: "Failed to load existing attendees",
  signInToViewPrivate: "Please sign in to view this private event",
  noPermissionToView: "You do not have permission to view this private event",
  noPermissionToEdit: "You do not have permission to edit this event",
  onlyCreatorCanDelete: "Only event creator can delete this event",
  ownershipCheckFailed: "Failed to verify event ownership",
  rsvpFailed: "Failed to update RSVP.",
  signInToJoin: "Please sign in to join events",
  joinStatusFailed: "Failed to update join status",
  joinFailed: "Failed to join event",
  /** Ours: the spec says the host cannot join, without a message. */
  hostCannotJoin: "You are the host of this event",
  onlyHostCanPromote: "Only the event host can promote members to co-host",
  /** Ours: the spec says hosts cannot be acted upon, without a message. */
  hostCannotBeChanged: "The event host cannot be promoted or demoted",
  promoteFailed: "Failed to promote member",
  demoteFailed: "Failed to demote co-host",
  sendSomeUserInvitationsFailed: "Failed to send some user invitations",
  sendInvitationsFailed: "Failed to send invitations",
  inviteSomeUsersFailed: "Failed to invite some users",
  inviteSomeCrewsFailed: "Failed to invite some crews",
  noCrewMembersToInvite: "No crew members to invite",
  copyLinkFailed: "Failed to copy link",
  shareFailed: "Failed to share",
  mapsLoadFailed: "Failed to load Google Maps API",
  statsLoadFailed: "Failed to load stats",
} as const;
