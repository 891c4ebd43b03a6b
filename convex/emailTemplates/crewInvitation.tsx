/** @jsxRuntime automatic -- also where no tsconfig sets jsx (the local backend loads these with tsx) */
/** Crew invitation (crewName, inviterName, crewDescription, memberCount, acceptUrl, declineUrl, crewUrl). */
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

export type CrewInvitationProps = SiteProps &
  OptOutProps & {
    crewName: string;
    inviterName: string;
    crewDescription: string | null;
    memberCount: number;
    acceptUrl: string;
    declineUrl: string;
    crewUrl: string;
    /** '48 hours': how long the buttons work. */
    validFor: string;
  };

export const crewInvitationEmail: EmailTemplate<CrewInvitationProps> = {
  subject: (p) => `${p.inviterName} invited you to join ${p.crewName} on ${APP_NAME}`,
  Body: (p) => (
    <EmailLayout
      preview={`Join ${p.crewName}: one tap to accept.`}
      heading={`Join ${p.crewName} 🍻`}
      siteUrl={p.siteUrl}
      reason={`${p.inviterName} invited you to a crew on ${APP_NAME}.`}
      preferencesUrl={p.preferencesUrl}
      unsubscribeUrl={p.unsubscribeUrl}
    >
      <Paragraph>
        {p.inviterName} wants you in their crew. Crews plan sessions together and get invited in one
        go.
      </Paragraph>
      <DetailList
        items={[
          ["Crew", p.crewName],
          ["Members", String(p.memberCount)],
          ["About", p.crewDescription],
        ]}
      />
      <ActionButtons
        primary={{ label: "Accept invitation", href: p.acceptUrl }}
        secondary={{ label: "Decline", href: p.declineUrl }}
      />
      <FinePrint>The buttons work once, for your account only, for {p.validFor}.</FinePrint>
      <FallbackLink label="See the crew:" href={p.crewUrl} />
    </EmailLayout>
  ),
};
