/**
 * The e-mail templates by name, with their subjects and props types: what a
 * mutation needs to queue a message. Rendering them to HTML and plain text is
 * in ./render.ts, which only actions import, since React Email's renderer
 * needs timers that queries and mutations do not have. Add a template: one
 * file with an `EmailTemplate` built on ./layout, one line below.
 */
import { checkInAlertEmail } from "./checkInAlert";
import { crewInvitationEmail } from "./crewInvitation";
import { eventInvitationEmail } from "./eventInvitation";
import { emailDigestEmail } from "./emailDigest";
import { eventNudgeEmail } from "./eventNudge";
import { eventReminderEmail } from "./eventReminder";
import { hostAnnouncementEmail } from "./hostAnnouncement";
import { pollNudgeEmail } from "./pollNudge";
import { signInEmail } from "./signIn";
import { tabRecapEmail } from "./tabRecap";
import { waitlistPromotedEmail } from "./waitlistPromoted";
import type { EmailTemplate } from "./template";

export const EMAIL_TEMPLATES = {
  magic_link: signInEmail,
  crew_invitation: crewInvitationEmail,
  event_invitation: eventInvitationEmail,
  event_reminder: eventReminderEmail,
  event_nudge: eventNudgeEmail,
  poll_nudge: pollNudgeEmail,
  email_digest: emailDigestEmail,
  host_announcement: hostAnnouncementEmail,
  tab_recap: tabRecapEmail,
  waitlist_promoted: waitlistPromotedEmail,
  check_in_alert: checkInAlertEmail,
};

export type TemplateName = keyof typeof EMAIL_TEMPLATES;
export type TemplateProps<N extends TemplateName> =
  (typeof EMAIL_TEMPLATES)[N] extends EmailTemplate<infer P> ? P : never;
