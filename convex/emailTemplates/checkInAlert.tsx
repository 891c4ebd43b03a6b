/** @jsxRuntime automatic -- also where no tsconfig sets jsx (the local backend loads these with tsx) */
/** A buddy did not check in after a session: a safety alert, sent at once (never in a digest). */
import { APP_NAME } from "../../shared/brand";
import { ActionButtons, DetailList, EmailLayout, FallbackLink, Paragraph } from "./layout";
import type { EmailTemplate, OptOutProps, SiteProps } from "./template";

export type CheckInAlertProps = SiteProps &
  OptOutProps & {
    ownerName: string;
    eventTitle: string;
    dueClock: string;
    lastStop: string | null;
    eventUrl: string;
  };

export const checkInAlertEmail: EmailTemplate<CheckInAlertProps> = {
  subject: (p) => `${p.ownerName} hasn't checked in after ${p.eventTitle}`,
  Body: (p) => (
    <EmailLayout
      preview={`${p.ownerName} said they'd be home by ${p.dueClock} and hasn't checked in.`}
      heading={`${p.ownerName} hasn't checked in`}
      siteUrl={p.siteUrl}
      reason={`${p.ownerName} picked you as a buddy for getting home safe on ${APP_NAME}.`}
      preferencesUrl={p.preferencesUrl}
      unsubscribeUrl={p.unsubscribeUrl}
    >
      <Paragraph>
        {p.ownerName} said they&apos;d be home by {p.dueClock} and hasn&apos;t tapped Home safe. It
        may be a flat battery, but check on them. If you&apos;re with them or they&apos;re fine, say
        so in the app: the alert closes for every buddy.
      </Paragraph>
      <DetailList
        items={[
          ["Session", p.eventTitle],
          ["Last stop", p.lastStop],
        ]}
      />
      <ActionButtons primary={{ label: "Open the session", href: p.eventUrl }} />
      <FallbackLink label="Or open:" href={p.eventUrl} />
    </EmailLayout>
  ),
};
