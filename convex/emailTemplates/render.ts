/**
 * The e-mail templates by name, and rendering one to the subject, HTML and
 * plain text the single e-mail path sends (model/emails.ts). Add a template:
 * one file with an `EmailTemplate` built on ./layout, one line below.
 */
import { render } from "@react-email/render";
import { createElement } from "react";
import { crewInvitationEmail } from "./crewInvitation";
import { eventInvitationEmail } from "./eventInvitation";
import { emailDigestEmail } from "./emailDigest";
import { eventNudgeEmail } from "./eventNudge";
import { eventReminderEmail } from "./eventReminder";
import { signInEmail } from "./signIn";
import type { EmailProps, EmailTemplate } from "./template";

export const EMAIL_TEMPLATES = {
  magic_link: signInEmail,
  crew_invitation: crewInvitationEmail,
  event_invitation: eventInvitationEmail,
  event_reminder: eventReminderEmail,
  event_nudge: eventNudgeEmail,
  email_digest: emailDigestEmail,
};

export type TemplateName = keyof typeof EMAIL_TEMPLATES;
export type TemplateProps<N extends TemplateName> =
  (typeof EMAIL_TEMPLATES)[N] extends EmailTemplate<infer P> ? P : never;

/** Headings as written (not upper-cased); side-by-side cells (the two buttons) on lines of their own. */
const PLAIN_TEXT = {
  selectors: [
    { selector: "h1", options: { uppercase: false } },
    { selector: "td", format: "block" },
  ],
};

export type RenderedEmail = { subject: string; html: string; text: string };

export async function renderEmail<N extends TemplateName>(
  name: N,
  props: TemplateProps<N>,
): Promise<RenderedEmail> {
  const template = EMAIL_TEMPLATES[name] as unknown as EmailTemplate<EmailProps>;
  const element = createElement(template.Body, props);
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: PLAIN_TEXT }),
  ]);
  return { subject: template.subject(props), html, text };
}
