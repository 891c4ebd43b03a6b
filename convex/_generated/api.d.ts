/* eslint-disable */
/**
 * Generated `api` utility.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run `npx convex dev`.
 * @module
 */

import type {
  ApiFromModules,
  FilterApi,
  FunctionReference,
} from "convex/server";
import type * as account from "../account.js";
import type * as announcements from "../announcements.js";
import type * as auth from "../auth.js";
import type * as authConfig from "../authConfig.js";
import type * as badges from "../badges.js";
import type * as calendarFeeds from "../calendarFeeds.js";
import type * as checkIns from "../checkIns.js";
import type * as comments from "../comments.js";
import type * as crewAttendance from "../crewAttendance.js";
import type * as crewPolls from "../crewPolls.js";
import type * as crews from "../crews.js";
import type * as crons from "../crons.js";
import type * as debug from "../debug.js";
import type * as emailDelivery from "../emailDelivery.js";
import type * as emailDigest from "../emailDigest.js";
import type * as emailPreferences from "../emailPreferences.js";
import type * as emailTemplates_checkInAlert from "../emailTemplates/checkInAlert.js";
import type * as emailTemplates_components from "../emailTemplates/components.js";
import type * as emailTemplates_crewInvitation from "../emailTemplates/crewInvitation.js";
import type * as emailTemplates_emailDigest from "../emailTemplates/emailDigest.js";
import type * as emailTemplates_eventInvitation from "../emailTemplates/eventInvitation.js";
import type * as emailTemplates_eventNudge from "../emailTemplates/eventNudge.js";
import type * as emailTemplates_eventReminder from "../emailTemplates/eventReminder.js";
import type * as emailTemplates_hostAnnouncement from "../emailTemplates/hostAnnouncement.js";
import type * as emailTemplates_layout from "../emailTemplates/layout.js";
import type * as emailTemplates_pollNudge from "../emailTemplates/pollNudge.js";
import type * as emailTemplates_render from "../emailTemplates/render.js";
import type * as emailTemplates_signIn from "../emailTemplates/signIn.js";
import type * as emailTemplates_template from "../emailTemplates/template.js";
import type * as emailTemplates_templates from "../emailTemplates/templates.js";
import type * as emailTemplates_waitlistPromoted from "../emailTemplates/waitlistPromoted.js";
import type * as emails from "../emails.js";
import type * as events from "../events.js";
import type * as http from "../http.js";
import type * as idempotency from "../idempotency.js";
import type * as invitationTokens from "../invitationTokens.js";
import type * as invitations from "../invitations.js";
import type * as model_accountDeletion from "../model/accountDeletion.js";
import type * as model_announcementCleanup from "../model/announcementCleanup.js";
import type * as model_announcements from "../model/announcements.js";
import type * as model_authProviders from "../model/authProviders.js";
import type * as model_avatars from "../model/avatars.js";
import type * as model_badgeCounters from "../model/badgeCounters.js";
import type * as model_badges from "../model/badges.js";
import type * as model_batchedCleanup from "../model/batchedCleanup.js";
import type * as model_calendarFeeds from "../model/calendarFeeds.js";
import type * as model_checkInRows from "../model/checkInRows.js";
import type * as model_checkInValidators from "../model/checkInValidators.js";
import type * as model_checkIns from "../model/checkIns.js";
import type * as model_comments from "../model/comments.js";
import type * as model_crewAttendance from "../model/crewAttendance.js";
import type * as model_crewCleanup from "../model/crewCleanup.js";
import type * as model_crewInvites from "../model/crewInvites.js";
import type * as model_crewMembership from "../model/crewMembership.js";
import type * as model_crewPolls from "../model/crewPolls.js";
import type * as model_crewSharePage from "../model/crewSharePage.js";
import type * as model_crewValidators from "../model/crewValidators.js";
import type * as model_crewViews from "../model/crewViews.js";
import type * as model_crews from "../model/crews.js";
import type * as model_debug from "../model/debug.js";
import type * as model_demoWorld from "../model/demoWorld.js";
import type * as model_discover from "../model/discover.js";
import type * as model_emailDigest from "../model/emailDigest.js";
import type * as model_emailPreferenceRow from "../model/emailPreferenceRow.js";
import type * as model_emailPreferences from "../model/emailPreferences.js";
import type * as model_emailQueue from "../model/emailQueue.js";
import type * as model_emailWebhooks from "../model/emailWebhooks.js";
import type * as model_emails from "../model/emails.js";
import type * as model_errors from "../model/errors.js";
import type * as model_eventCleanup from "../model/eventCleanup.js";
import type * as model_eventCovers from "../model/eventCovers.js";
import type * as model_eventInvitations from "../model/eventInvitations.js";
import type * as model_eventLists from "../model/eventLists.js";
import type * as model_eventNotifications from "../model/eventNotifications.js";
import type * as model_eventValidators from "../model/eventValidators.js";
import type * as model_eventViews from "../model/eventViews.js";
import type * as model_events from "../model/events.js";
import type * as model_googleCallback from "../model/googleCallback.js";
import type * as model_idempotency from "../model/idempotency.js";
import type * as model_invitationEmails from "../model/invitationEmails.js";
import type * as model_invitationTokens from "../model/invitationTokens.js";
import type * as model_magicLinks from "../model/magicLinks.js";
import type * as model_notificationValidators from "../model/notificationValidators.js";
import type * as model_notificationViews from "../model/notificationViews.js";
import type * as model_notifications from "../model/notifications.js";
import type * as model_nudges from "../model/nudges.js";
import type * as model_participation from "../model/participation.js";
import type * as model_photoObjections from "../model/photoObjections.js";
import type * as model_photos from "../model/photos.js";
import type * as model_places_fixturePlaces from "../model/places/fixturePlaces.js";
import type * as model_places_googlePlaces from "../model/places/googlePlaces.js";
import type * as model_places_osmPlaces from "../model/places/osmPlaces.js";
import type * as model_places_provider from "../model/places/provider.js";
import type * as model_profileStats from "../model/profileStats.js";
import type * as model_profileValidators from "../model/profileValidators.js";
import type * as model_profiles from "../model/profiles.js";
import type * as model_push from "../model/push.js";
import type * as model_rateLimits from "../model/rateLimits.js";
import type * as model_ratings from "../model/ratings.js";
import type * as model_recap from "../model/recap.js";
import type * as model_recapCleanup from "../model/recapCleanup.js";
import type * as model_recapView from "../model/recapView.js";
import type * as model_reminders from "../model/reminders.js";
import type * as model_repairs from "../model/repairs.js";
import type * as model_scheduledJobs from "../model/scheduledJobs.js";
import type * as model_senderLimits from "../model/senderLimits.js";
import type * as model_sharePage from "../model/sharePage.js";
import type * as model_signIn from "../model/signIn.js";
import type * as model_stopRows from "../model/stopRows.js";
import type * as model_stopValidators from "../model/stopValidators.js";
import type * as model_stops from "../model/stops.js";
import type * as model_unsubscribePage from "../model/unsubscribePage.js";
import type * as model_uploads from "../model/uploads.js";
import type * as model_userSearch from "../model/userSearch.js";
import type * as model_viewer from "../model/viewer.js";
import type * as model_waitlist from "../model/waitlist.js";
import type * as model_waitlistRows from "../model/waitlistRows.js";
import type * as notifications from "../notifications.js";
import type * as nudges from "../nudges.js";
import type * as photos from "../photos.js";
import type * as places from "../places.js";
import type * as profiles from "../profiles.js";
import type * as push from "../push.js";
import type * as pushDelivery from "../pushDelivery.js";
import type * as ratings from "../ratings.js";
import type * as recap from "../recap.js";
import type * as reminders from "../reminders.js";
import type * as repairs from "../repairs.js";
import type * as rsvps from "../rsvps.js";
import type * as seed from "../seed.js";
import type * as stops from "../stops.js";
import type * as uploads from "../uploads.js";
import type * as waitlist from "../waitlist.js";

/**
 * A utility for referencing Convex functions in your app's API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = api.myModule.myFunction;
 * ```
 */
declare const fullApi: ApiFromModules<{
  account: typeof account;
  announcements: typeof announcements;
  auth: typeof auth;
  authConfig: typeof authConfig;
  badges: typeof badges;
  calendarFeeds: typeof calendarFeeds;
  checkIns: typeof checkIns;
  comments: typeof comments;
  crewAttendance: typeof crewAttendance;
  crewPolls: typeof crewPolls;
  crews: typeof crews;
  crons: typeof crons;
  debug: typeof debug;
  emailDelivery: typeof emailDelivery;
  emailDigest: typeof emailDigest;
  emailPreferences: typeof emailPreferences;
  "emailTemplates/checkInAlert": typeof emailTemplates_checkInAlert;
  "emailTemplates/components": typeof emailTemplates_components;
  "emailTemplates/crewInvitation": typeof emailTemplates_crewInvitation;
  "emailTemplates/emailDigest": typeof emailTemplates_emailDigest;
  "emailTemplates/eventInvitation": typeof emailTemplates_eventInvitation;
  "emailTemplates/eventNudge": typeof emailTemplates_eventNudge;
  "emailTemplates/eventReminder": typeof emailTemplates_eventReminder;
  "emailTemplates/hostAnnouncement": typeof emailTemplates_hostAnnouncement;
  "emailTemplates/layout": typeof emailTemplates_layout;
  "emailTemplates/pollNudge": typeof emailTemplates_pollNudge;
  "emailTemplates/render": typeof emailTemplates_render;
  "emailTemplates/signIn": typeof emailTemplates_signIn;
  "emailTemplates/template": typeof emailTemplates_template;
  "emailTemplates/templates": typeof emailTemplates_templates;
  "emailTemplates/waitlistPromoted": typeof emailTemplates_waitlistPromoted;
  emails: typeof emails;
  events: typeof events;
  http: typeof http;
  idempotency: typeof idempotency;
  invitationTokens: typeof invitationTokens;
  invitations: typeof invitations;
  "model/accountDeletion": typeof model_accountDeletion;
  "model/announcementCleanup": typeof model_announcementCleanup;
  "model/announcements": typeof model_announcements;
  "model/authProviders": typeof model_authProviders;
  "model/avatars": typeof model_avatars;
  "model/badgeCounters": typeof model_badgeCounters;
  "model/badges": typeof model_badges;
  "model/batchedCleanup": typeof model_batchedCleanup;
  "model/calendarFeeds": typeof model_calendarFeeds;
  "model/checkInRows": typeof model_checkInRows;
  "model/checkInValidators": typeof model_checkInValidators;
  "model/checkIns": typeof model_checkIns;
  "model/comments": typeof model_comments;
  "model/crewAttendance": typeof model_crewAttendance;
  "model/crewCleanup": typeof model_crewCleanup;
  "model/crewInvites": typeof model_crewInvites;
  "model/crewMembership": typeof model_crewMembership;
  "model/crewPolls": typeof model_crewPolls;
  "model/crewSharePage": typeof model_crewSharePage;
  "model/crewValidators": typeof model_crewValidators;
  "model/crewViews": typeof model_crewViews;
  "model/crews": typeof model_crews;
  "model/debug": typeof model_debug;
  "model/demoWorld": typeof model_demoWorld;
  "model/discover": typeof model_discover;
  "model/emailDigest": typeof model_emailDigest;
  "model/emailPreferenceRow": typeof model_emailPreferenceRow;
  "model/emailPreferences": typeof model_emailPreferences;
  "model/emailQueue": typeof model_emailQueue;
  "model/emailWebhooks": typeof model_emailWebhooks;
  "model/emails": typeof model_emails;
  "model/errors": typeof model_errors;
  "model/eventCleanup": typeof model_eventCleanup;
  "model/eventCovers": typeof model_eventCovers;
  "model/eventInvitations": typeof model_eventInvitations;
  "model/eventLists": typeof model_eventLists;
  "model/eventNotifications": typeof model_eventNotifications;
  "model/eventValidators": typeof model_eventValidators;
  "model/eventViews": typeof model_eventViews;
  "model/events": typeof model_events;
  "model/googleCallback": typeof model_googleCallback;
  "model/idempotency": typeof model_idempotency;
  "model/invitationEmails": typeof model_invitationEmails;
  "model/invitationTokens": typeof model_invitationTokens;
  "model/magicLinks": typeof model_magicLinks;
  "model/notificationValidators": typeof model_notificationValidators;
  "model/notificationViews": typeof model_notificationViews;
  "model/notifications": typeof model_notifications;
  "model/nudges": typeof model_nudges;
  "model/participation": typeof model_participation;
  "model/photoObjections": typeof model_photoObjections;
  "model/photos": typeof model_photos;
  "model/places/fixturePlaces": typeof model_places_fixturePlaces;
  "model/places/googlePlaces": typeof model_places_googlePlaces;
  "model/places/osmPlaces": typeof model_places_osmPlaces;
  "model/places/provider": typeof model_places_provider;
  "model/profileStats": typeof model_profileStats;
  "model/profileValidators": typeof model_profileValidators;
  "model/profiles": typeof model_profiles;
  "model/push": typeof model_push;
  "model/rateLimits": typeof model_rateLimits;
  "model/ratings": typeof model_ratings;
  "model/recap": typeof model_recap;
  "model/recapCleanup": typeof model_recapCleanup;
  "model/recapView": typeof model_recapView;
  "model/reminders": typeof model_reminders;
  "model/repairs": typeof model_repairs;
  "model/scheduledJobs": typeof model_scheduledJobs;
  "model/senderLimits": typeof model_senderLimits;
  "model/sharePage": typeof model_sharePage;
  "model/signIn": typeof model_signIn;
  "model/stopRows": typeof model_stopRows;
  "model/stopValidators": typeof model_stopValidators;
  "model/stops": typeof model_stops;
  "model/unsubscribePage": typeof model_unsubscribePage;
  "model/uploads": typeof model_uploads;
  "model/userSearch": typeof model_userSearch;
  "model/viewer": typeof model_viewer;
  "model/waitlist": typeof model_waitlist;
  "model/waitlistRows": typeof model_waitlistRows;
  notifications: typeof notifications;
  nudges: typeof nudges;
  photos: typeof photos;
  places: typeof places;
  profiles: typeof profiles;
  push: typeof push;
  pushDelivery: typeof pushDelivery;
  ratings: typeof ratings;
  recap: typeof recap;
  reminders: typeof reminders;
  repairs: typeof repairs;
  rsvps: typeof rsvps;
  seed: typeof seed;
  stops: typeof stops;
  uploads: typeof uploads;
  waitlist: typeof waitlist;
}>;
export declare const api: FilterApi<
  typeof fullApi,
  FunctionReference<any, "public">
>;
export declare const internal: FilterApi<
  typeof fullApi,
  FunctionReference<any, "internal">
>;

export declare const components: {
  migrations: import("@convex-dev/migrations/_generated/component.js").ComponentApi<"migrations">;
};
