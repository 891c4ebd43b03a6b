/** @jsxRuntime automatic -- also where no tsconfig sets jsx (the local backend loads these with tsx) */
/** The host or a co-host posted an announcement to a session the person is in. */
import { Text } from "./components";
import { APP_NAME } from "../../shared/brand";
import { ActionButtons, DetailList, EMAIL_COLORS, EmailLayout, FallbackLink } from "./layout";
import type { EmailTemplate, OptOutProps, SiteProps } from "./template";

export type HostAnnouncementProps = SiteProps &
  OptOutProps & {
    eventTitle: string;
    authorName: string;
    /** The whole announcement; its line breaks are kept. */
    text: string;
    eventDateTime: string;
    eventLocation: string | null;
    eventUrl: string;
  };

export const hostAnnouncementEmail: EmailTemplate<HostAnnouncementProps> = {
  subject: (p) => `📣 ${p.eventTitle}: an announcement from ${p.authorName}`,
  Body: (p) => (
    <EmailLayout
      preview={p.text.slice(0, 120)}
      heading={`${p.authorName} posted in ${p.eventTitle} 📣`}
      siteUrl={p.siteUrl}
      reason={`You're on the guest list of this session on ${APP_NAME}.`}
      preferencesUrl={p.preferencesUrl}
      unsubscribeUrl={p.unsubscribeUrl}
    >
      <Text
        style={{
          margin: "0 0 16px",
          padding: "12px 16px",
          borderLeft: `4px solid ${EMAIL_COLORS.amber}`,
          color: EMAIL_COLORS.text,
          fontSize: "16px",
          lineHeight: "1.5",
          whiteSpace: "pre-line",
        }}
      >
        {p.text}
      </Text>
      <DetailList
        items={[
          ["When", p.eventDateTime],
          ["Where", p.eventLocation],
        ]}
      />
      <ActionButtons primary={{ label: "View session", href: p.eventUrl }} />
      <FallbackLink label="Or open:" href={p.eventUrl} />
    </EmailLayout>
  ),
};
