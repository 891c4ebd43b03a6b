/** @jsxRuntime automatic -- also where no tsconfig sets jsx (the local backend loads these with tsx) */
/** Nudge: the host (or the automatic nudge 3 hours before) asks an invitee who has not answered. */
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

export type EventNudgeProps = SiteProps &
  OptOutProps & {
    eventTitle: string;
    hostName: string;
    eventDateTime: string;
    eventLocation: string | null;
    eventUrl: string;
    acceptUrl: string;
    declineUrl: string;
    validFor: string;
  };

export const eventNudgeEmail: EmailTemplate<EventNudgeProps> = {
  subject: (p) => `${p.hostName} is waiting for your answer: ${p.eventTitle}`,
  Body: (p) => (
    <EmailLayout
      preview={`Are you in for ${p.eventTitle}? One tap to answer.`}
      heading={`Still deciding on ${p.eventTitle}? 🍻`}
      siteUrl={p.siteUrl}
      reason={`You were invited to this session on ${APP_NAME} and haven't answered yet.`}
      preferencesUrl={p.preferencesUrl}
      unsubscribeUrl={p.unsubscribeUrl}
    >
      <Paragraph>
        {p.hostName} is counting heads. Let them know if you&apos;re coming, either way.
      </Paragraph>
      <DetailList
        items={[
          ["When", p.eventDateTime],
          ["Where", p.eventLocation],
        ]}
      />
      <ActionButtons
        primary={{ label: "I'm in", href: p.acceptUrl }}
        secondary={{ label: "Can't make it", href: p.declineUrl }}
      />
      <FinePrint>The buttons work once, for your account only, for {p.validFor}.</FinePrint>
      <FallbackLink label="See the session:" href={p.eventUrl} />
    </EmailLayout>
  ),
};
