/** @jsxRuntime automatic -- also where no tsconfig sets jsx (the local backend loads these with tsx) */
/**
 * The daily or weekly digest: everything kept for the recipient since the
 * last one (model/emailDigest.ts), one line each with its link. Items travel
 * as one JSON prop (`digestItemsProp`), as template props are flat.
 */
import { Link, Section, Text } from "./components";
import { APP_NAME } from "../../shared/brand";
import { ActionButtons, EMAIL_COLORS, EmailLayout, Paragraph } from "./layout";
import type { EmailTemplate, OptOutProps, SiteProps } from "./template";

export type DigestLine = { title: string; detail: string; url: string };

export type EmailDigestProps = SiteProps &
  OptOutProps & {
    /** "daily" or "weekly". */
    frequency: string;
    /** JSON of DigestLine[] (`digestItemsProp`). */
    items: string;
    /** Items beyond those listed. */
    moreCount: number;
  };

export function digestItemsProp(items: readonly DigestLine[]): string {
  return JSON.stringify(items.map(({ title, detail, url }) => ({ title, detail, url })));
}

function digestLines(props: EmailDigestProps): DigestLine[] {
  return JSON.parse(props.items) as DigestLine[];
}

function countOf(props: EmailDigestProps): number {
  return digestLines(props).length + props.moreCount;
}

export const emailDigestEmail: EmailTemplate<EmailDigestProps> = {
  subject: (p) => {
    const count = countOf(p);
    return `Your ${p.frequency} ${APP_NAME} digest: ${count} ${count === 1 ? "update" : "updates"}`;
  },
  Body: (p) => (
    <EmailLayout
      preview={digestLines(p)
        .slice(0, 2)
        .map((line) => line.title)
        .join(" · ")}
      heading={`Your ${p.frequency} digest 🍻`}
      siteUrl={p.siteUrl}
      reason={`You chose a ${p.frequency} digest instead of single e-mails from ${APP_NAME}.`}
      preferencesUrl={p.preferencesUrl}
      unsubscribeUrl={p.unsubscribeUrl}
    >
      <Paragraph>Here&apos;s what happened since the last one.</Paragraph>
      {digestLines(p).map((line, index) => (
        <Section
          key={index}
          style={{
            margin: "0 0 12px",
            padding: "12px 16px",
            borderRadius: "14px",
            backgroundColor: EMAIL_COLORS.page,
          }}
        >
          <Text style={{ margin: 0, fontSize: "16px", lineHeight: "1.4", fontWeight: 700 }}>
            <Link href={line.url} style={{ color: EMAIL_COLORS.text }}>
              {line.title}
            </Link>
          </Text>
          <Text style={{ margin: "4px 0 0", color: EMAIL_COLORS.muted, fontSize: "14px" }}>
            {line.detail}
          </Text>
        </Section>
      ))}
      {p.moreCount > 0 ? <Paragraph>…and {p.moreCount} more in the app.</Paragraph> : null}
      <ActionButtons primary={{ label: `Open ${APP_NAME}`, href: p.siteUrl }} />
    </EmailLayout>
  ),
};
