/**
 * The mutations a tap may queue while offline (sent later from the outbox, each with an
 * idempotency key the server records), and how a refusal names each one to the person.
 * Everything else (creating or editing a session, uploads, sign-in, invitations by e-mail) needs
 * the network at the moment it is done.
 */
import { getFunctionName } from "convex/server";
import { api } from "@convex/_generated/api";

const LABELS = new Map<string, string>([
  [getFunctionName(api.events.join), "Your join"],
  [getFunctionName(api.events.leave), "Leaving the session"],
  [getFunctionName(api.rsvps.set), "Your RSVP"],
  [getFunctionName(api.waitlist.setMyPlusOnes), "Your plus-ones"],
  [getFunctionName(api.checkIns.homeSafe), "Your Home safe"],
  [getFunctionName(api.invitations.respond), "Your answer to the invitation"],
  [getFunctionName(api.crews.respondToInvitation), "Your answer to the crew invitation"],
  [getFunctionName(api.comments.add), "Your comment"],
  [getFunctionName(api.comments.toggleReaction), "Your reaction"],
  [getFunctionName(api.ratings.rate), "Your rating"],
  [getFunctionName(api.notifications.markRead), "Marking the notification read"],
  [getFunctionName(api.notifications.markAllRead), "Marking all notifications read"],
  [getFunctionName(api.stops.arrive), "Your “We're here”"],
  [getFunctionName(api.stops.moveOn), "Your “Moving on”"],
  [getFunctionName(api.tab.add), "Your expense"],
  [getFunctionName(api.tab.markPaid), "Marking the transfer paid"],
]);

/** How a refusal names the action ("Your join was not applied."). */
export function queuedActionLabel(name: string): string {
  return LABELS.get(name) ?? "Your change";
}
