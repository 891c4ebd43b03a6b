/** Periodic clean-up and catch-up; work due at one moment (an event's end, a reminder) is a scheduled function instead. */
import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";

const crons = cronJobs();

// Each event unlists itself at its end (a scheduled job); this catches any that were missed.
crons.interval("finish overdue events", { minutes: 10 }, internal.events.finishOverdue, {});

// Uploads nobody claimed (an abandoned cover or photo) are deleted once a day old.
crons.interval("sweep unreferenced uploads", { hours: 1 }, internal.uploads.sweepUnreferenced, {});

// Invitation links from e-mails are deleted once expired (48 hours); the run reports the count
// and continues in batches until none is left.
crons.interval("delete expired invitation tokens", { hours: 1 }, internal.invitationTokens.cleanupExpired, {});

// The e-mail log keeps a message for 90 days; older rows are deleted in batches until none is left.
crons.daily("prune the e-mail log", { hourUTC: 3, minuteUTC: 41 }, internal.emails.pruneOldLogs, {});

// Crew invite links that can never work again (expired or revoked) are deleted in batches
// until none is left.
crons.interval("delete dead crew invite links", { hours: 1 }, internal.crews.deleteDeadInviteLinks, {});

// Receipts of queued (offline) taps are kept as long as a queued tap may still be sent
// (7 days); older ones are deleted in batches until none is left.
crons.interval("delete old idempotency receipts", { hours: 1 }, internal.idempotency.deleteOldReceipts, {});

// Calendar feeds list a deleted session as cancelled for 30 days; older cancellations are
// deleted in batches until none is left.
crons.daily(
  "forget old calendar cancellations",
  { hourUTC: 3, minuteUTC: 53 },
  internal.calendarFeeds.deleteOldCalendarCancellations,
  {},
);

// Badges: the catalogue synced and every user checked silently (days pass; badges get added),
// at a quiet minute of a quiet hour.
crons.daily(
  "check badges for everyone",
  { hourUTC: 4, minuteUTC: 17 },
  internal.badges.checkAllUsers,
  {},
);

export default crons;
