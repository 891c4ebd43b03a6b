/**
 * The words of calendar feeds: inside the feeds, the HTTP answers, the
 * server's refusals, and the Settings and crew screens. Kept apart from
 * ./calendarFeed so the screens load no iCalendar writer.
 */
import { APP_NAME } from "./brand";

export const CALENDAR_FEED_COPY = {
  // In the feed.
  personalName: `${APP_NAME}: my sessions`,
  personalDescription: "Every session you host, co-host or are going to.",
  crewName: (crewName: string) => `${APP_NAME}: ${crewName}`,
  crewDescription: (crewName: string) => `Upcoming sessions of ${crewName}.`,
  cancelledSummary: (title: string) => `Cancelled: ${title}`,
  cancelledDescription: "This session was cancelled.",
  // HTTP answers and refusals.
  notFound: "Calendar feed not found",
  tooManyFetches: "Too many requests for this calendar feed. Try again later.",
  tooManyLinkChanges: (wait: string) => `Too many new calendar links. Please try again in ${wait}`,
  membersOnly: "Only crew members can subscribe to the crew's calendar",
  // Screens.
  settingsTitle: "Calendar",
  settingsDescription:
    "Your sessions in Google Calendar, Apple Calendar or Outlook, kept up to date.",
  personalIntro:
    "Get a private link to every session you host, co-host or are going to. Your calendar app checks it for changes: a moved session moves, a cancelled one is marked cancelled.",
  crewIntro: (crewName: string) =>
    `Get a private link to the sessions of ${crewName} you can see. Your calendar app checks it for changes.`,
  create: "Create calendar link",
  creating: "Creating link…",
  linkLabel: "Your private calendar link",
  privacy:
    "Anyone with this link sees these sessions, private ones included. Keep it to yourself, and regenerate it if it gets out.",
  subscribe: "Subscribe",
  subscribeHint:
    "Subscribe opens your calendar app. In Google Calendar, add a calendar “From URL” and paste the link.",
  regenerate: "Regenerate link",
  confirmTitle: "Regenerate your calendar link?",
  confirmBody:
    "The old link stops working at once: calendars subscribed to it stop getting updates. Subscribe again with the new link.",
  regenerating: "Regenerating…",
  created: "Calendar link ready",
  regenerated: "New calendar link ready. The old one no longer works.",
  failedToLoad: "Failed to load your calendar link",
  failedToCreate: "Couldn't create the calendar link",
  failedToRegenerate: "Couldn't regenerate the calendar link",
  creatingOffline: "creating a calendar link",
  regeneratingOffline: "regenerating the calendar link",
  crewAction: "Calendar feed",
  crewDialogTitle: "Subscribe in your calendar",
} as const;
