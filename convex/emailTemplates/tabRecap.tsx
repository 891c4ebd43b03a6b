/** @jsxRuntime automatic -- also where no tsconfig sets jsx (the local backend loads these with tsx) */
/** The morning after a session: what the person still owes or is owed on its tab. */
import { APP_NAME } from "../../shared/brand";
import { ActionButtons, DetailList, EmailLayout, FallbackLink, Paragraph } from "./layout";
import type { EmailTemplate, OptOutProps, SiteProps } from "./template";

export type TabRecapProps = SiteProps &
  OptOutProps & {
    eventTitle: string;
    eventDateTime: string;
    eventLocation: string | null;
    eventUrl: string;
    /** 'You owe Sam €12.50' (shared/tabRules.ts `recapLine`). */
    line: string;
  };

export const tabRecapEmail: EmailTemplate<TabRecapProps> = {
  subject: (p) => `The tab for ${p.eventTitle}`,
  Body: (p) => (
    <EmailLayout
      preview={p.line}
      heading={`The tab for ${p.eventTitle} 🧾`}
      siteUrl={p.siteUrl}
      reason={`You were on this session's tab on ${APP_NAME}.`}
      preferencesUrl={p.preferencesUrl}
      unsubscribeUrl={p.unsubscribeUrl}
    >
      <Paragraph>{p.line}.</Paragraph>
      <Paragraph>Once you have paid, mark the transfer paid on the session&apos;s tab.</Paragraph>
      <DetailList
        items={[
          ["When", p.eventDateTime],
          ["Where", p.eventLocation],
        ]}
      />
      <ActionButtons primary={{ label: "Open the tab", href: p.eventUrl }} />
      <FallbackLink label="Or open:" href={p.eventUrl} />
    </EmailLayout>
  ),
};
