/** @jsxRuntime automatic -- also where no tsconfig sets jsx (the local backend loads these with tsx) */
/** Poll nudge: whoever runs a crew poll asks a member who has not answered. */
import { APP_NAME } from "../../shared/brand";
import { ActionButtons, EmailLayout, FallbackLink, Paragraph } from "./layout";
import type { EmailTemplate, OptOutProps, SiteProps } from "./template";

export type PollNudgeProps = SiteProps &
  OptOutProps & {
    pollTitle: string;
    crewName: string;
    senderName: string;
    optionCount: number;
    pollUrl: string;
  };

export const pollNudgeEmail: EmailTemplate<PollNudgeProps> = {
  subject: (p) => `${p.senderName} is waiting for your answer: ${p.pollTitle}`,
  Body: (p) => (
    <EmailLayout
      preview={`${p.crewName} is picking a time. Yes, If need be or No?`}
      heading={`When works for you? 🗓️`}
      siteUrl={p.siteUrl}
      reason={`You are a member of ${p.crewName} on ${APP_NAME} and haven't answered this poll yet.`}
      preferencesUrl={p.preferencesUrl}
      unsubscribeUrl={p.unsubscribeUrl}
    >
      <Paragraph>
        {p.senderName} asks you to answer &ldquo;{p.pollTitle}&rdquo;: {p.optionCount} options, one
        tap each.
      </Paragraph>
      <ActionButtons primary={{ label: "Answer the poll", href: p.pollUrl }} />
      <FallbackLink label="Open the poll:" href={p.pollUrl} />
    </EmailLayout>
  ),
};
