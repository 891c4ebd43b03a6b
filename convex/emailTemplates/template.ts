/**
 * What an e-mail template is: its subject and its body, both from the same
 * props (flat strings and numbers, so they travel as scheduled-function
 * arguments). Rendered to HTML and plain text by ./render.ts.
 */
import type { ReactElement } from "react";

export type EmailProps = Record<string, string | number | null | undefined>;

export type EmailTemplate<P extends EmailProps> = {
  subject: (props: P) => string;
  Body: (props: P) => ReactElement;
};

/** Every template's props carry the site's absolute URL, so every link can be absolute. */
export type SiteProps = { siteUrl: string };

/** Non-critical mail may carry where to manage preferences and a one-click unsubscribe link. */
export type OptOutProps = { preferencesUrl?: string | null; unsubscribeUrl?: string | null };
