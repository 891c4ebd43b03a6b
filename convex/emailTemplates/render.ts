/**
 * Rendering a template (./templates.ts) to the subject, HTML and plain text
 * the single e-mail path sends (model/emails.ts). Only modules that define
 * actions and no query or mutation may import this file, directly or through
 * a helper: React Email's renderer needs timers, which queries and mutations
 * do not have, and a module's bundle carries whatever it imports
 * (scripts/convexDeployGuard.test.ts checks).
 */
import { render } from "@react-email/render";
import { createElement } from "react";
import type { EmailProps, EmailTemplate } from "./template";
import { EMAIL_TEMPLATES, type TemplateName, type TemplateProps } from "./templates";

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
