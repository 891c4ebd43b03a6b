/** @jsxRuntime automatic -- also where no tsconfig sets jsx (the local backend loads these with tsx) */
/** A seat opened at a full session and the person moved from its waitlist to going. */
import { APP_NAME } from "../../shared/brand";
import { ActionButtons, DetailList, EmailLayout, FallbackLink, Paragraph } from "./layout";
import type { EmailTemplate, OptOutProps, SiteProps } from "./template";

export type WaitlistPromotedProps = SiteProps &
  OptOutProps & {
    eventTitle: string;
    eventDateTime: string;
    eventLocation: string | null;
    eventUrl: string;
  };

export const waitlistPromotedEmail: EmailTemplate<WaitlistPromotedProps> = {
  subject: (p) => `You're in: a spot opened up at ${p.eventTitle}`,
  Body: (p) => (
    <EmailLayout
      preview={`A spot opened up at ${p.eventTitle}, and it's yours.`}
      heading={`You're in for ${p.eventTitle} 🍻`}
      siteUrl={p.siteUrl}
      reason={`You were on this session's waitlist on ${APP_NAME}.`}
      preferencesUrl={p.preferencesUrl}
      unsubscribeUrl={p.unsubscribeUrl}
    >
      <Paragraph>
        A spot opened up and you moved from the waitlist to going. Can&apos;t make it after all?
        Leave the session so the next person gets the spot.
      </Paragraph>
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
