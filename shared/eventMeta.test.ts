import { describe, expect, it } from "vitest";
import {
  eventImageUrl,
  eventJsonLd,
  eventMetaDescription,
  eventPageMeta,
  pageMetaHtml,
  shareLandingHtml,
  truncateDescription,
  type MetaEvent,
  type MetaTag,
} from "./eventMeta";

const LONDON = "Europe/London";
const SITE = "https://clink.example";
const options = { siteUrl: SITE, timeZone: LONDON };

const pints: MetaEvent = {
  title: "Friday Pints",
  notes: "First round's on Sam.",
  placeName: "The Crown",
  location: "1 High St, London",
  latitude: 51.5,
  longitude: -0.12,
  vibe: "chill",
  isPublic: true,
  hostName: "Sam",
  url: `${SITE}/event/friday-pints-k3m9xq`,
  startTime: Date.parse("2025-06-06T19:00:00Z"),
  durationType: "now",
};

function tag(tags: MetaTag[], key: string): string | undefined {
  return tags.find((t) => ("property" in t ? t.property : t.name) === key)?.content;
}

describe("truncateDescription", () => {
  it("keeps text up to 160 characters, whitespace collapsed", () => {
    expect(truncateDescription("  Pints\n\n at   the Crown ")).toBe("Pints at the Crown");
    const exact = "x".repeat(160);
    expect(truncateDescription(exact)).toBe(exact);
  });

  it("cuts longer text to 157 characters on a word, plus '...'", () => {
    const words = "Lorem ipsum dolor sit amet consectetur ".repeat(6);
    const cut = truncateDescription(words);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("...")).toBe(true);
    expect(words.startsWith(cut.slice(0, -3))).toBe(true);
    expect(words.charAt(cut.length - 3)).toBe(" "); // ended on a whole word
  });

  it("cuts a single long word hard at 157", () => {
    expect(truncateDescription("y".repeat(300))).toBe(`${"y".repeat(157)}...`);
  });

  it("drops dangling punctuation before the ellipsis and counts emoji once", () => {
    const text = `${"word ".repeat(30)}end, ${"more ".repeat(20)}`;
    expect(truncateDescription(text)).not.toMatch(/[,\s]\.\.\.$/);
    const emoji = "🍺".repeat(200);
    expect([...truncateDescription(emoji)]).toHaveLength(160);
  });
});

describe("description", () => {
  it("prefers the description, then the notes", () => {
    expect(eventMetaDescription({ ...pints, description: "Big night." }, LONDON)).toBe(
      "Big night.",
    );
    expect(eventMetaDescription(pints, LONDON)).toBe("First round's on Sam.");
  });

  it("falls back to when, where and who", () => {
    expect(eventMetaDescription({ ...pints, notes: "  " }, LONDON)).toBe(
      "Friday, June 6, 2025, 8:00 PM · The Crown · Hosted by Sam on Clink",
    );
    expect(
      eventMetaDescription({ ...pints, notes: null, placeName: null, location: null }, LONDON),
    ).toBe("Friday, June 6, 2025, 8:00 PM · Hosted by Sam on Clink");
  });
});

describe("image", () => {
  it("is the cover, else the vibe's cover as a raster image (previews show no SVG), made absolute", () => {
    expect(eventImageUrl(pints, SITE)).toBe(`${SITE}/covers/chill.jpg`);
    expect(eventImageUrl({ ...pints, coverImageUrl: "https://cdn.example/c.jpg" }, SITE)).toBe(
      "https://cdn.example/c.jpg",
    );
    expect(eventImageUrl({ ...pints, coverImageUrl: "/api/storage/abc" }, SITE)).toBe(
      `${SITE}/api/storage/abc`,
    );
  });
});

describe("eventPageMeta (public)", () => {
  const meta = eventPageMeta(pints, options);

  it("titles the page '{title} | Clink'", () => {
    expect(meta.title).toBe("Friday Pints | Clink");
  });

  it("sets Open Graph and Twitter card tags with a 1200×630 image", () => {
    expect(tag(meta.tags, "og:title")).toBe("Friday Pints");
    expect(tag(meta.tags, "og:site_name")).toBe("Clink");
    expect(tag(meta.tags, "og:description")).toBe("First round's on Sam.");
    expect(tag(meta.tags, "og:url")).toBe(pints.url);
    expect(tag(meta.tags, "og:image")).toBe(`${SITE}/covers/chill.jpg`);
    expect(tag(meta.tags, "og:image:width")).toBe("1200");
    expect(tag(meta.tags, "og:image:height")).toBe("630");
    expect(tag(meta.tags, "twitter:card")).toBe("summary_large_image");
    expect(tag(meta.tags, "twitter:image")).toBe(meta.imageUrl);
    expect(tag(meta.tags, "description")).toBe(meta.description);
  });

  it("declares no 1200×630 size for an uploaded cover, whose size it does not know", () => {
    const covered = eventPageMeta(
      { ...pints, coverImageUrl: "https://cdn.example/c.jpg" },
      options,
    );
    expect(tag(covered.tags, "og:image")).toBe("https://cdn.example/c.jpg");
    expect(tag(covered.tags, "og:image:width")).toBeUndefined();
  });

  it("describes a scheduled, offline SocialEvent at a place, by its host", () => {
    expect(meta.jsonLd).toEqual({
      "@context": "https://schema.org",
      "@type": "SocialEvent",
      name: "Friday Pints",
      description: "First round's on Sam.",
      startDate: "2025-06-06T20:00:00+01:00",
      endDate: "2025-06-06T23:00:00+01:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: {
        "@type": "Place",
        name: "The Crown",
        address: "1 High St, London",
        geo: { "@type": "GeoCoordinates", latitude: 51.5, longitude: -0.12 },
      },
      organizer: { "@type": "Person", name: "Sam" },
      image: [`${SITE}/covers/chill.jpg`],
      url: pints.url,
    });
  });

  it("ends an all-night event at local midnight and names a place without an address", () => {
    const allNight = eventJsonLd(
      {
        ...pints,
        durationType: "all_night",
        placeName: null,
        location: null,
        placeNickname: "Jo's flat",
        latitude: null,
      },
      options,
    );
    expect(allNight?.endDate).toBe("2025-06-07T00:00:00+01:00");
    expect(allNight?.location).toEqual({ "@type": "Place", name: "Jo's flat" });
  });
});

describe("eventPageMeta (private)", () => {
  it("reveals nothing about a private event", () => {
    const meta = eventPageMeta({ ...pints, isPublic: false, title: "Secret Birthday" }, options);
    expect(meta.title).toBe("Private Event | Clink");
    expect(meta.jsonLd).toBeNull();
    expect(JSON.stringify(meta)).not.toMatch(/Secret|Crown|Sam|chill/);
  });
});

describe("HTML", () => {
  const hostile: MetaEvent = {
    ...pints,
    title: `"Pints" <b>&</b> </script><script>alert(1)</script>`,
  };

  it("escapes every value", () => {
    const html = pageMetaHtml(eventPageMeta(hostile, options));
    expect(html).toContain("<title>&quot;Pints&quot; &lt;b&gt;&amp;&lt;/b&gt;");
    expect(html).toContain('<meta property="og:title" content="&quot;Pints&quot; &lt;b&gt;');
    expect(html.match(/<\/script>/g)).toHaveLength(1); // only the JSON-LD block's own
    expect(html).toContain("\\u003c/script>");
  });

  it("serves crawlers the tags and sends browsers on to the event page", () => {
    const html = shareLandingHtml(eventPageMeta(pints, options));
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${pints.url}">`);
    expect(html).toContain('<meta property="og:title" content="Friday Pints">');
    expect(html).toContain('<script type="application/ld+json">{"@context":"https://schema.org"');
    expect(html).toContain(`<link rel="canonical" href="${pints.url}">`);
  });
});

describe("an event whose stored times cannot be shown", () => {
  it.each([-1e308, 1e308, 8.64e15 + 1, 2 ** 53, NaN])("is described without them (%d)", (value) => {
    const poisoned = { ...pints, notes: null, startTime: value, endTime: value };
    expect(eventJsonLd(poisoned, options)).toBeNull();
    expect(eventMetaDescription(poisoned, LONDON)).toBe("The Crown · Hosted by Sam on Clink");
    const meta = eventPageMeta(poisoned, options);
    expect(meta.title).toBe("Friday Pints | Clink");
    expect(meta.jsonLd).toBeNull();
    expect(pageMetaHtml(meta)).not.toContain("ld+json");
  });
});

it("describes a bar crawl by its stops in place of the place", () => {
  const crawl = { ...pints, notes: null, crawlRoute: "Bar crawl: The Crown → Nightjar" };
  expect(eventMetaDescription(crawl, LONDON)).toContain(" · Bar crawl: The Crown → Nightjar · ");
});
