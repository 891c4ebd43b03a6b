/**
 * What any page with link previews carries: a description cut to 160
 * characters (157 and '...'), Open Graph and Twitter card
 * tags with a 1200×630 image, and the HTML a share page serves them in to
 * crawlers that run no JavaScript. Events (./eventMeta) and crews (./crewMeta)
 * build their page metadata from these.
 */
import { APP_NAME } from "./brand";
import { escapeHtml } from "./html";

export const META_DESCRIPTION_MAX_LENGTH = 160;
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

const ELLIPSIS = "...";

/**
 * Whitespace collapsed; past 160 characters, cut to 157 on a word boundary
 * (when there is one) with '...' appended. Counts characters, not UTF-16 units.
 */
export function truncateDescription(text: string, maxLength = META_DESCRIPTION_MAX_LENGTH): string {
  const chars = [...text.replace(/\s+/g, " ").trim()];
  if (chars.length <= maxLength) return chars.join("");
  const room = maxLength - ELLIPSIS.length;
  let cut = chars.slice(0, room).join("");
  const lastSpace = cut.lastIndexOf(" ");
  if (chars[room] !== " " && lastSpace > 0) cut = cut.slice(0, lastSpace);
  return `${cut.replace(/[\s,;:.!?\-–—]+$/u, "")}${ELLIPSIS}`;
}

export type MetaTag = { property: string; content: string } | { name: string; content: string };

export type PageMeta = {
  title: string;
  description: string;
  /** Absolute. */
  imageUrl: string;
  /** The canonical page address. */
  url: string;
  tags: MetaTag[];
  /** The JSON-LD block; null where the page has none or must not describe what it shows. */
  jsonLd: Record<string, unknown> | null;
};

/** The description, Open Graph and Twitter card tags of a page, with its image. */
export function socialTags(meta: {
  title: string;
  description: string;
  imageUrl: string;
  url: string;
  imageAlt: string;
  /** The image is one of our 1200×630 share images (an uploaded cover's size is not known). */
  imageIsShareSized: boolean;
}): MetaTag[] {
  return [
    { name: "description", content: meta.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: APP_NAME },
    { property: "og:title", content: meta.title },
    { property: "og:description", content: meta.description },
    { property: "og:url", content: meta.url },
    { property: "og:image", content: meta.imageUrl },
    ...(meta.imageIsShareSized
      ? [
          { property: "og:image:width", content: String(SHARE_IMAGE_WIDTH) },
          { property: "og:image:height", content: String(SHARE_IMAGE_HEIGHT) },
        ]
      : []),
    { property: "og:image:alt", content: meta.imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: meta.title },
    { name: "twitter:description", content: meta.description },
    { name: "twitter:image", content: meta.imageUrl },
    { name: "twitter:image:alt", content: meta.imageAlt },
  ];
}

/** The tags as HTML for a `<head>`: title, meta tags, canonical link and JSON-LD, all escaped. */
export function pageMetaHtml(meta: PageMeta): string {
  const tags = meta.tags.map((tag) => {
    const [key, value] = "property" in tag ? ["property", tag.property] : ["name", tag.name];
    return `<meta ${key}="${escapeHtml(value)}" content="${escapeHtml(tag.content)}">`;
  });
  const lines = [
    `<title>${escapeHtml(meta.title)}</title>`,
    ...tags,
    `<link rel="canonical" href="${escapeHtml(meta.url)}">`,
  ];
  if (meta.jsonLd !== null) {
    // '<' as \u003c so no value can close the script element.
    const json = JSON.stringify(meta.jsonLd).replace(/</g, "\\u003c");
    lines.push(`<script type="application/ld+json">${json}</script>`);
  }
  return lines.join("\n");
}

/**
 * The whole page the share link serves: crawlers read the tags, browsers are
 * sent on to `meta.url` (the event page) at once.
 */
export function shareLandingHtml(meta: PageMeta): string {
  const url = escapeHtml(meta.url);
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="refresh" content="0; url=${url}">`,
    pageMetaHtml(meta),
    "</head>",
    `<body><p><a href="${url}">${escapeHtml(meta.title)}</a></p></body>`,
    "</html>",
  ].join("\n");
}
