/**
 * The shape of the caller's e-mail preferences (./emailPreferences.ts
 * `emailPreferencesOf`) as a `returns:` validator. The fields reuse the
 * schema's validators, so a field retyped there is retyped here.
 */
import { v } from "convex/values";
import { doc } from "convex-helpers/validators";
import schema from "../schema";

const row = doc(schema, "email_preferences").fields;

/** Every category on or off (a row saved before a category existed reads it as its default), and the frequency. */
export const emailPreferencesValidator = v.object({
  eventInvitations: row.eventInvitations,
  eventReminders: row.eventReminders,
  crewInvitations: row.crewInvitations,
  hostAnnouncements: v.boolean(),
  marketingEmails: row.marketingEmails,
  emailFrequency: row.emailFrequency,
});
