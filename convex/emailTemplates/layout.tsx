/** @jsxRuntime automatic -- also where no tsconfig sets jsx (the local backend loads these with tsx) */
/**
 * The branded frame every e-mail shares (React Email: table layout and
 * inlined styles, so Gmail, Outlook and Apple Mail show the same thing).
 * Dark and warm like the app; every link absolute.
 * Server-only: imported by Convex functions and tests, never by the browser.
 */
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from "./components";
import type { ReactNode } from "react";
import { APP_NAME, DEFAULT_TITLE } from "../../shared/brand";

/** The app's palette (src/index.css), as e-mail clients need literal colours. */
export const EMAIL_COLORS = {
  page: "#120c09",
  card: "#1a120e",
  line: "#3a2a21",
  text: "#fff8ee",
  muted: "#c9ae93",
  amber: "#fbbf24",
  ink: "#1a0f0a",
} as const;

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export type EmailLayoutProps = {
  /** The line inboxes show after the subject. */
  preview: string;
  heading: string;
  /** The app's absolute URL (SITE_URL), for the wordmark link. */
  siteUrl: string;
  children: ReactNode;
  /** Why the recipient got this message, e.g. 'Sam invited you to a crew on Clink.' */
  reason?: string;
  /** Non-critical mail: where the recipient manages e-mail settings. */
  preferencesUrl?: string | null;
  /** Non-critical mail: the one-click unsubscribe link of this message's category. */
  unsubscribeUrl?: string | null;
};

export function EmailLayout(props: EmailLayoutProps) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="dark light" />
        <meta name="supported-color-schemes" content="dark light" />
      </Head>
      <Preview>{props.preview}</Preview>
      <Body
        style={{
          margin: 0,
          padding: "24px 12px",
          backgroundColor: EMAIL_COLORS.page,
          fontFamily: FONT,
        }}
      >
        <Container
          style={{
            maxWidth: "520px",
            padding: "28px 24px",
            borderRadius: "20px",
            backgroundColor: EMAIL_COLORS.card,
            border: `1px solid ${EMAIL_COLORS.line}`,
          }}
        >
          <Section style={{ marginBottom: "20px" }}>
            {/* The wordmark stays out of the text part, which starts with the message itself. */}
            <Link href={props.siteUrl} data-skip-in-text="true" style={{ textDecoration: "none" }}>
              <span
                style={{
                  display: "inline-block",
                  width: "32px",
                  height: "32px",
                  lineHeight: "32px",
                  borderRadius: "9px",
                  backgroundColor: EMAIL_COLORS.amber,
                  color: EMAIL_COLORS.ink,
                  fontWeight: 800,
                  fontSize: "18px",
                  textAlign: "center",
                  verticalAlign: "middle",
                }}
              >
                C
              </span>
              <span
                style={{
                  marginLeft: "8px",
                  color: EMAIL_COLORS.text,
                  fontWeight: 800,
                  fontSize: "20px",
                  verticalAlign: "middle",
                }}
              >
                {APP_NAME}
              </span>
            </Link>
          </Section>
          <Heading
            as="h1"
            style={{
              margin: "0 0 16px",
              color: EMAIL_COLORS.text,
              fontSize: "24px",
              lineHeight: "1.3",
            }}
          >
            {props.heading}
          </Heading>
          {props.children}
          <Hr style={{ borderColor: EMAIL_COLORS.line, margin: "28px 0 16px" }} />
          {props.reason ? <FinePrint>{props.reason}</FinePrint> : null}
          {props.preferencesUrl || props.unsubscribeUrl ? (
            <FinePrint>
              {props.preferencesUrl ? (
                <Link
                  href={props.preferencesUrl}
                  style={{ color: EMAIL_COLORS.muted, textDecoration: "underline" }}
                >
                  Email preferences
                </Link>
              ) : null}
              {props.preferencesUrl && props.unsubscribeUrl ? " · " : null}
              {props.unsubscribeUrl ? (
                <Link
                  href={props.unsubscribeUrl}
                  style={{ color: EMAIL_COLORS.muted, textDecoration: "underline" }}
                >
                  Unsubscribe
                </Link>
              ) : null}
            </FinePrint>
          ) : null}
          <FinePrint>{DEFAULT_TITLE}</FinePrint>
        </Container>
      </Body>
    </Html>
  );
}

/** A body paragraph. */
export function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Text
      style={{ margin: "0 0 16px", color: EMAIL_COLORS.text, fontSize: "16px", lineHeight: "1.5" }}
    >
      {children}
    </Text>
  );
}

/** Small muted text (footer, hints). */
export function FinePrint({ children }: { children: ReactNode }) {
  return (
    <Text
      style={{ margin: "0 0 8px", color: EMAIL_COLORS.muted, fontSize: "13px", lineHeight: "1.5" }}
    >
      {children}
    </Text>
  );
}

/** Label/value lines (when, where, members…); empty values are left out. */
export function DetailList({ items }: { items: Array<[label: string, value: string | null]> }) {
  const shown = items.filter(
    (item): item is [string, string] => item[1] !== null && item[1] !== "",
  );
  return (
    <Section
      style={{
        margin: "0 0 20px",
        padding: "12px 16px",
        borderRadius: "14px",
        backgroundColor: EMAIL_COLORS.page,
      }}
    >
      {shown.map(([label, value]) => (
        <Text
          key={label}
          style={{ margin: "4px 0", color: EMAIL_COLORS.text, fontSize: "15px", lineHeight: "1.5" }}
        >
          <span style={{ color: EMAIL_COLORS.muted }}>{label}: </span>
          {value}
        </Text>
      ))}
    </Section>
  );
}

type ButtonLink = { label: string; href: string };

/** The main call to action (amber) with an optional secondary one (outlined), side by side. */
export function ActionButtons({
  primary,
  secondary,
}: {
  primary: ButtonLink;
  secondary?: ButtonLink;
}) {
  const base = {
    display: "inline-block",
    padding: "12px 24px",
    borderRadius: "999px",
    fontSize: "16px",
    fontWeight: 700,
    textDecoration: "none",
  } as const;
  return (
    <Section style={{ margin: "0 0 16px" }}>
      <Row>
        <Column style={{ width: "1%", paddingRight: "8px", whiteSpace: "nowrap" }}>
          <Button
            href={primary.href}
            style={{ ...base, backgroundColor: EMAIL_COLORS.amber, color: EMAIL_COLORS.ink }}
          >
            {primary.label}
          </Button>
        </Column>
        <Column style={{ whiteSpace: "nowrap" }}>
          {secondary ? (
            <Button
              href={secondary.href}
              style={{
                ...base,
                border: `1px solid ${EMAIL_COLORS.muted}`,
                color: EMAIL_COLORS.text,
              }}
            >
              {secondary.label}
            </Button>
          ) : null}
        </Column>
      </Row>
    </Section>
  );
}

/** 'Or open: {url}' for clients that hide buttons. */
export function FallbackLink({ label, href }: { label: string; href: string }) {
  return (
    <FinePrint>
      {label}{" "}
      <Link href={href} style={{ color: EMAIL_COLORS.amber, wordBreak: "break-all" }}>
        {href}
      </Link>
    </FinePrint>
  );
}
