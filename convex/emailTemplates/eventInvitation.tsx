/** @jsxRuntime automatic -- also where no tsconfig sets jsx (the local backend loads these with tsx) */
/** Session invitation (event title, inviter name, date and time, location; accept and decline links). */
import { APP_NAME } from "../../shared/brand";
import {
  ActionButtons,
  DetailList,
  EmailLayout,
  FallbackLink,
  FinePrint,
  Paragraph,
} from "./layout";
import type { EmailTemplate, OptOutProps, SiteProps } from "./template";

export type EventInvitationProps = SiteProps &
  OptOutProps & {
    eventTitle: string;
    inviterName: string;
    /** 'Saturday, March 29, 2025 at 8:00 PM', in the session's time zone. */
    eventDateTime: string;
    eventLocation: string | null;
    eventUrl: string;
    acceptUrl: string;
    declineUrl: string;
    validFor: string;
  };

export const eventInvitationEmail: EmailTemplate<EventInvitationProps> = {
  subject: (p) => `${p.inviterName} invited you to ${p.eventTitle}`,
  Body: (p) => (
    <EmailLayout
      preview={`${p.eventDateTime}. Are you in?`}
      heading={`You're invited to ${p.eventTitle} 🥂`}
      siteUrl={p.siteUrl}
      reason={`${p.inviterName} invited you to a session on ${APP_NAME}.`}
      preferencesUrl={p.preferencesUrl}
      unsubscribeUrl={p.unsubscribeUrl}
    >
      <Paragraph>{p.inviterName} is getting a round together and saved you a seat.</Paragraph>
      <DetailList
        items={[
          ["When", p.eventDateTime],
          ["Where", p.eventLocation],
        ]}
      />
      <ActionButtons
        primary={{ label: "Accept invitation", href: p.acceptUrl }}
        secondary={{ label: "Decline", href: p.declineUrl }}
      />
      <FinePrint>The buttons work once, for your account only, for {p.validFor}.</FinePrint>
      <FallbackLink label="See the session:" href={p.eventUrl} />
    </EmailLayout>
  ),
};
