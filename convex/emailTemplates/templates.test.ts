import { describe, expect, test } from "vitest";
import { extractUrls } from "../../shared/emailLinks";
import { digestItemsProp } from "./emailDigest";
import { renderEmail } from "./render";
import { EMAIL_TEMPLATES, type TemplateName, type TemplateProps } from "./templates";

const SITE = "https://clink.example";

/** Realistic props for every template (a new template without an entry fails the type check). */
const SAMPLES: { [N in TemplateName]: TemplateProps<N> } = {
  check_in_alert: {
    siteUrl: SITE,
    ownerName: "Sam <Admin> & co",
    eventTitle: "Friday pints",
    dueClock: "01:30",
    lastStop: "The Crown",
    eventUrl: `${SITE}/event/friday-pints-ab12`,
    preferencesUrl: `${SITE}/settings`,
    unsubscribeUrl: `${SITE}/email/unsubscribe?token=t&category=all`,
  },
  host_announcement: {
    siteUrl: SITE,
    eventTitle: "Friday pints",
    authorName: "Sam <Admin> & co",
    text: "Table 4 at the back.\nBring cash <b>please</b>",
    eventDateTime: "Friday, November 27, 2026 at 8:00 PM",
    eventLocation: "The Crown",
    eventUrl: `${SITE}/event/friday-pints-ab12`,
    preferencesUrl: `${SITE}/settings`,
    unsubscribeUrl: `${SITE}/email/unsubscribe?token=t&category=host_announcement`,
  },
  tab_recap: {
    siteUrl: SITE,
    eventTitle: "Friday pints",
    eventDateTime: "Friday, November 27, 2026 at 8:00 PM",
    eventLocation: "The Crown",
    eventUrl: `${SITE}/event/friday-pints-ab12`,
    line: "You owe Sam <Admin> & co €12.50",
    preferencesUrl: `${SITE}/settings`,
    unsubscribeUrl: `${SITE}/unsubscribe?token=t`,
  },
  waitlist_promoted: {
    siteUrl: SITE,
    eventTitle: "Friday pints",
    eventDateTime: "Friday, November 27, 2026 at 8:00 PM",
    eventLocation: "The Crown",
    eventUrl: `${SITE}/event/friday-pints-ab12`,
    preferencesUrl: `${SITE}/settings`,
    unsubscribeUrl: `${SITE}/unsubscribe?token=t`,
  },
  magic_link: {
    siteUrl: SITE,
    link: `${SITE}/auth/callback?code=abc123&redirect=%2Fevents`,
    expiresIn: "1 hour",
  },
  crew_invitation: {
    siteUrl: SITE,
    crewName: "Thirsty Thursdays",
    inviterName: "Sam <Admin> & co",
    crewDescription: "Craft beer, every week",
    memberCount: 4,
    acceptUrl: `${SITE}/invitation/crew/accept/crew_accept_Abc`,
    declineUrl: `${SITE}/invitation/crew/decline/crew_decline_Abc`,
    crewUrl: `${SITE}/crew/k123`,
    validFor: "48 hours",
    preferencesUrl: `${SITE}/settings`,
    unsubscribeUrl: `${SITE}/unsubscribe?token=t`,
  },
  event_invitation: {
    siteUrl: SITE,
    eventTitle: "Friday pints",
    inviterName: "Sam",
    eventDateTime: "Friday, November 27, 2026 at 8:00 PM",
    eventLocation: "The Crown",
    eventUrl: `${SITE}/event/friday-pints-ab12`,
    acceptUrl: `${SITE}/invitation/event/accept/event_accept_Abc`,
    declineUrl: `${SITE}/invitation/event/decline/event_decline_Abc`,
    validFor: "48 hours",
  },
  event_reminder: {
    siteUrl: SITE,
    eventTitle: "Friday pints",
    startsIn: "1 hour",
    eventDateTime: "Friday, November 27, 2026 at 8:00 PM",
    eventLocation: null,
    eventUrl: `${SITE}/event/friday-pints-ab12`,
  },
  poll_nudge: {
    siteUrl: SITE,
    pollTitle: "Friday or Saturday?",
    crewName: "Thirsty Thursdays",
    senderName: "Sam <Admin> & co",
    optionCount: 3,
    pollUrl: `${SITE}/crew/k123/poll/p456`,
    preferencesUrl: `${SITE}/settings`,
    unsubscribeUrl: `${SITE}/email/unsubscribe?token=t&category=event_invitation`,
  },
  event_nudge: {
    siteUrl: SITE,
    eventTitle: "Friday pints",
    hostName: "Sam",
    eventDateTime: "Friday, November 27, 2026 at 8:00 PM",
    eventLocation: "The Crown",
    eventUrl: `${SITE}/event/friday-pints-ab12`,
    acceptUrl: `${SITE}/invitation/event/accept/event_accept_Abc`,
    declineUrl: `${SITE}/invitation/event/decline/event_decline_Abc`,
    validFor: "48 hours",
    preferencesUrl: `${SITE}/settings`,
    unsubscribeUrl: `${SITE}/email/unsubscribe?token=t&category=event_invitation`,
  },
  email_digest: {
    siteUrl: SITE,
    frequency: "daily",
    items: digestItemsProp([
      {
        title: "Sam invited you to Friday pints",
        detail: "Friday, November 27, 2026 at 8:00 PM",
        url: `${SITE}/event/friday-pints-ab12`,
      },
      { title: "Alex invited you to join Hopheads", detail: "4 members", url: `${SITE}/crew/k9` },
    ]),
    moreCount: 3,
    preferencesUrl: `${SITE}/settings`,
    unsubscribeUrl: `${SITE}/email/unsubscribe?token=t&category=all`,
  },
};

describe.each(Object.keys(EMAIL_TEMPLATES) as TemplateName[])("the %s e-mail", (name) => {
  test("renders HTML and a text part with every value filled in and only absolute links", async () => {
    const props = SAMPLES[name];
    const email = await renderEmail(name, props as never);
    expect(email.subject.length).toBeGreaterThan(5);
    expect(email.html).toMatch(/^<!DOCTYPE html/i);
    expect(email.text.trim().length).toBeGreaterThan(40);
    for (const part of [email.subject, email.html, email.text]) {
      // No unreplaced placeholders or missing values.
      expect(part).not.toMatch(/\{\{|\}\}|\$\{|undefined|\bnull\b|NaN|\[object Object\]/);
    }
    // Every href is absolute, and every link of the props is in both parts.
    const hrefs = [...email.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^https:\/\/clink\.example(\/|$)/);
    const links = Object.values(props).filter(
      (value): value is string => typeof value === "string" && value.startsWith("http"),
    );
    for (const link of links.filter((link) => link !== SITE)) {
      expect(extractUrls(email.html)).toContain(link);
      expect(extractUrls(email.text)).toContain(link);
    }
  });
});

test("names and titles are escaped in the HTML", async () => {
  const { html, subject } = await renderEmail("crew_invitation", SAMPLES.crew_invitation);
  expect(html).toContain("Sam &lt;Admin&gt; &amp; co");
  expect(html).not.toContain("<Admin>");
  expect(subject).toBe("Sam <Admin> & co invited you to join Thirsty Thursdays on Clink");
});

test("invitations carry Accept and Decline buttons; the reminder only View session", async () => {
  const crew = await renderEmail("crew_invitation", SAMPLES.crew_invitation);
  expect(crew.text).toMatch(/Accept invitation/i);
  expect(crew.text).toMatch(/Decline/i);
  const reminder = await renderEmail("event_reminder", SAMPLES.event_reminder);
  expect(reminder.text).toMatch(/View session/i);
  expect(reminder.text).not.toMatch(/Decline/i);
  expect(reminder.text).not.toContain("Where:");
});
