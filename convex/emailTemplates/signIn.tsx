/** @jsxRuntime automatic -- also where no tsconfig sets jsx (the local backend loads these with tsx) */
/** The magic sign-in link (critical mail: always sent, no opt-out). */
import { APP_NAME } from "../../shared/brand";
import { ActionButtons, EmailLayout, FallbackLink, FinePrint, Paragraph } from "./layout";
import type { EmailTemplate, SiteProps } from "./template";

export type SignInProps = SiteProps & {
  link: string;
  /** '1 hour'. */
  expiresIn: string;
};

export const signInEmail: EmailTemplate<SignInProps> = {
  subject: () => `Your ${APP_NAME} sign-in link`,
  Body: (p) => (
    <EmailLayout
      preview={`Tap to sign in. The link works once and expires in ${p.expiresIn}.`}
      heading={`Sign in to ${APP_NAME} 🍻`}
      siteUrl={p.siteUrl}
    >
      <Paragraph>
        Tap the button below to sign in. The link works once and expires in {p.expiresIn}.
      </Paragraph>
      <ActionButtons primary={{ label: `Sign in to ${APP_NAME}`, href: p.link }} />
      <FallbackLink label="Or paste this link into your browser:" href={p.link} />
      <FinePrint>If you didn&apos;t ask for this email, you can ignore it.</FinePrint>
    </EmailLayout>
  ),
};
