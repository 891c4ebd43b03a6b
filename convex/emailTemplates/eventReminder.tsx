/** @jsxRuntime automatic -- also where no tsconfig sets jsx (the local backend loads these with tsx) */
/** Session reminder, sent 1 hour before the start to everyone attending. */
import { APP_NAME } from "../../shared/brand";
import { ActionButtons, DetailList, EmailLayout, FallbackLink, Paragraph } from "./layout";
import type { EmailTemplate, OptOutProps, SiteProps } from "./template";

export type EventReminderProps = SiteProps &
  OptOutProps & {
    eventTitle: string;
    /** '1 hour'. */
    startsIn: string;
    eventDateTime: string;
    eventLocation: string | null;
    eventUrl: string;
  };

export const eventReminderEmail: EmailTemplate<EventReminderProps> = {
  subject: (p) => `Reminder: ${p.eventTitle} starts in ${p.startsIn}`,
  Body: (p) => (
    <EmailLayout
      preview={`${p.eventTitle} starts in ${p.startsIn}. See you there!`}
      heading={`${p.eventTitle} starts in ${p.startsIn} ⏰`}
      siteUrl={p.siteUrl}
      reason={`You're going to this session on ${APP_NAME}.`}
      preferencesUrl={p.preferencesUrl}
      unsubscribeUrl={p.unsubscribeUrl}
    >
      <Paragraph>Time to get ready: your session is about to start.</Paragraph>
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
