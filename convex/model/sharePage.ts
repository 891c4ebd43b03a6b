/**
 * The HTTP side of events: the share page that link previews read, and the
 * public events feed. Crawlers run no JavaScript, so a share link points at
 * `/share/event/{slugOrCode}` on the site (HTTP actions) whose HTML carries
 * the event's title, description, Open Graph and Twitter tags and JSON-LD
 * (shared/eventMeta.ts), and sends browsers on to the event page with a
 * meta refresh and a script. A private event gets generic tags only.
 */
import type { QueryCtx } from "../_generated/server";
import { APP_DESCRIPTION, APP_NAME, pageTitle } from "../../shared/brand";
import { atCrawlStart } from "../../shared/calendar";
import { eventPageMeta, shareLandingHtml, type MetaEvent, type PageMeta } from "../../shared/eventMeta";
import { eventPath } from "../../shared/eventSlug";
import { hasShowableTimes } from "../../shared/eventTiming";
export { SHARE_PAGE_PREFIX } from "../../shared/shareLinks";
import { profileDisplayName } from "../../shared/profileRules";
import { crawlRoute } from "../../shared/stopRules";
import type { EventCard } from "./eventViews";
import { findEventByRef } from "./events";
import { getProfileByUserId } from "./profiles";
import { crawlStartOf, stopsOf } from "./stopRows";

/** What the share page may say about an event: everything for a public one, nothing for a private one. */
export type SharePreview =
  | { kind: "missing" }
  | { kind: "private" }
  | { kind: "public"; path: string; timeZone: string; event: Omit<MetaEvent, "url"> };

export async function sharePreview(ctx: QueryCtx, segment: string): Promise<SharePreview> {
  let event;
  try {
    event = await findEventByRef(ctx, segment);
  } catch {
    return { kind: "missing" };
  }
  if (event === null) return { kind: "missing" };
  if (!event.isPublic) return { kind: "private" };
  // Still served, without the times (shared/eventMeta.ts leaves them out), and logged.
  if (!hasShowableTimes(event, event.timeZone)) {
    console.warn(`Share page of event ${event._id} shown without its times: they cannot be shown`);
  }
  const host = await getProfileByUserId(ctx, event.createdBy);
  // A bar crawl is placed at its first stop and described by its stops.
  const start = await crawlStartOf(ctx, event._id);
  const stops = start === null ? [] : await stopsOf(ctx, event._id);
  const place = atCrawlStart(
    {
      placeName: event.placeName,
      location: event.location,
      latitude: event.latitude,
      longitude: event.longitude,
    },
    start,
  );
  return {
    kind: "public",
    path: eventPath(event),
    timeZone: event.timeZone,
    event: {
      title: event.title,
      notes: event.notes,
      ...place,
      placeNickname: event.placeNickname,
      crawlRoute: stops.length === 0 ? null : crawlRoute(stops.map((stop) => stop.name)),
      vibe: event.vibe,
      isPublic: true,
      hostName: profileDisplayName(host),
      coverImageUrl: event.coverStorageId === null ? null : await ctx.storage.getUrl(event.coverStorageId),
      startTime: event.startTime,
      endTime: event.endTime,
      durationType: event.durationType,
    },
  };
}

/** Placeholders for a private or unknown event: `eventPageMeta` reveals none of them for a private event. */
const UNDISCLOSED: Omit<MetaEvent, "url" | "isPublic"> = {
  title: "",
  vibe: "other",
  hostName: "",
  startTime: 0,
  endTime: 0,
  durationType: "now",
};

/** Generic tags for an unknown event or crew: the product's, titled 'Event not found' (`heading`). */
export function notFoundMeta(meta: PageMeta, heading = "Event not found"): PageMeta {
  const title = pageTitle(heading);
  const text: Record<string, string> = {
    description: APP_DESCRIPTION,
    "og:description": APP_DESCRIPTION,
    "twitter:description": APP_DESCRIPTION,
    "og:title": title,
    "twitter:title": title,
    "og:image:alt": APP_NAME,
    "twitter:image:alt": APP_NAME,
  };
  const tags = meta.tags.map((tag) => {
    const key = "property" in tag ? tag.property : tag.name;
    return text[key] === undefined ? tag : { ...tag, content: text[key] };
  });
  return { ...meta, title, description: APP_DESCRIPTION, tags };
}

/** Browsers that run scripts go on to `url` at once (with the share link's query string). */
export function withRedirectScript(html: string, url: string): string {
  const script = `<script>window.location.replace(${JSON.stringify(url).replace(/</g, "\\u003c")});</script>`;
  return html.replace("</head>", `${script}\n</head>`);
}

/**
 * The share page's HTML and status. `segment` is what followed
 * /share/event/; `search` the request's query string (UTM parameters),
 * passed on by the script redirect (the canonical URL and meta refresh stay clean).
 */
export function sharePageHtml(preview: SharePreview, segment: string, siteUrl: string, search: string): { status: number; html: string } {
  const site = siteUrl.replace(/\/+$/, "");
  const path = preview.kind === "public" ? preview.path : `/event/${encodeURIComponent(segment)}`;
  const url = `${site}${path}`;
  const target = `${url}${search}`;
  if (preview.kind === "public") {
    const meta = eventPageMeta({ ...preview.event, url }, { siteUrl: site, timeZone: preview.timeZone });
    return { status: 200, html: withRedirectScript(shareLandingHtml(meta), target) };
  }
  const meta = eventPageMeta({ ...UNDISCLOSED, isPublic: false, url }, { siteUrl: site, timeZone: "UTC" });
  if (preview.kind === "private") {
    return { status: 200, html: withRedirectScript(shareLandingHtml(meta), target) };
  }
  const notFound = notFoundMeta(meta);
  return { status: 404, html: withRedirectScript(shareLandingHtml(notFound), target) };
}

/** `GET /public-events`: the fields an embed needs, with absolute links. */
export function publicEventJson(card: EventCard, siteUrl: string) {
  const site = siteUrl.replace(/\/+$/, "");
  return {
    id: card._id,
    title: card.title,
    url: `${site}${card.path}`,
    startTime: new Date(card.startTime).toISOString(),
    endTime: new Date(card.endTime).toISOString(),
    durationType: card.durationType,
    timeZone: card.timeZone,
    placeNickname: card.placeNickname,
    placeName: card.placeName,
    location: card.location,
    latitude: card.latitude,
    longitude: card.longitude,
    drinkType: card.drinkType,
    vibe: card.vibe,
    notes: card.notes,
    coverUrl: card.coverUrl,
    eventCode: card.eventCode,
    goingCount: card.goingCount,
    maybeCount: card.maybeCount,
    attendeeCount: card.attendeeCount,
    host: { username: card.host.username, displayName: card.host.displayName, avatarUrl: card.host.avatarUrl },
  };
}
