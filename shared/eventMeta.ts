/**
 * An event page's metadata: the
 * '{title} | Clink' title, a description cut to 160 characters, Open Graph and
 * Twitter card tags with a 1200×630 image, and the schema.org SocialEvent
 * JSON-LD. Used by the page (document head) and by the server's share page,
 * which serves these tags to crawlers that run no JavaScript.
 */
import { TZDate } from "@date-fns/tz";
import { formatISO } from "date-fns";
import { APP_NAME, eventPageTitle, pageTitle } from "./brand";
import { shareImagePath } from "./eventOptions";
import {
  eventEnd,
  formatEventDate,
  formatEventTime,
  hasShowableTimes,
  isShowableInstant,
  timeZoneOrUtc,
  type EventTimes,
} from "./eventTiming";
import { socialTags, truncateDescription, type PageMeta } from "./pageMeta";

export {
  META_DESCRIPTION_MAX_LENGTH,
  SHARE_IMAGE_HEIGHT,
  SHARE_IMAGE_WIDTH,
  pageMetaHtml,
  shareLandingHtml,
  truncateDescription,
  type MetaTag,
  type PageMeta,
} from "./pageMeta";

export type MetaEvent = EventTimes & {
  title: string;
  description?: string | null;
  notes?: string | null;
  placeName?: string | null;
  placeNickname?: string | null;
  location?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  vibe: string;
  isPublic: boolean;
  hostName: string;
  /** The uploaded cover (absolute or site-relative); the vibe's cover otherwise. */
  coverImageUrl?: string | null;
  /** The event page, absolute. */
  url: string;
  /** A bar crawl's stops in one line ("Bar crawl: A → B"), said in place of the place. */
  crawlRoute?: string | null;
};

function placeLabel(event: MetaEvent): string | null {
  if (event.crawlRoute) return event.crawlRoute;
  return event.placeName?.trim() || event.placeNickname?.trim() || event.location?.trim() || null;
}

/** The description or notes; failing both, when, where and who. */
export function eventMetaDescription(event: MetaEvent, timeZone: string): string {
  const written = event.description?.trim() || event.notes?.trim();
  if (written) return truncateDescription(written);
  // A start that cannot be shown is left out rather than described.
  const when = isShowableInstant(event.startTime)
    ? `${formatEventDate(event.startTime, timeZone)}, ${formatEventTime(event.startTime, timeZone)}`
    : null;
  const place = placeLabel(event);
  return truncateDescription(
    [when, place, `Hosted by ${event.hostName} on ${APP_NAME}`]
      .filter((part) => part !== null)
      .join(" · "),
  );
}

/**
 * The image as an absolute URL: the uploaded cover, else the vibe's cover as
 * a 1200×630 JPEG (link previews show no SVG).
 */
export function eventImageUrl(
  event: Pick<MetaEvent, "coverImageUrl" | "vibe">,
  siteUrl: string,
): string {
  return new URL(event.coverImageUrl || shareImagePath(event.vibe), siteUrl).toString();
}

/** '2025-06-06T20:00:00+01:00': local time with its offset, as search engines prefer. */
function isoInZone(instant: number, timeZone: string): string {
  return formatISO(new TZDate(instant, timeZoneOrUtc(timeZone)));
}

/**
 * The schema.org SocialEvent: scheduled, offline, at a place, by its host.
 * Null when its times cannot be shown (an event without dates is no event to a search engine).
 */
export function eventJsonLd(
  event: MetaEvent,
  options: { siteUrl: string; timeZone: string },
): Record<string, unknown> | null {
  if (!hasShowableTimes(event, options.timeZone)) return null;
  const hasGeo = typeof event.latitude === "number" && typeof event.longitude === "number";
  return {
    "@context": "https://schema.org",
    "@type": "SocialEvent",
    name: event.title,
    description: eventMetaDescription(event, options.timeZone),
    startDate: isoInZone(event.startTime, options.timeZone),
    endDate: isoInZone(eventEnd(event, options.timeZone), options.timeZone),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: {
      "@type": "Place",
      name: placeLabel(event) ?? "To be announced",
      ...(event.location?.trim() ? { address: event.location.trim() } : {}),
      ...(hasGeo
        ? {
            geo: {
              "@type": "GeoCoordinates",
              latitude: event.latitude,
              longitude: event.longitude,
            },
          }
        : {}),
    },
    organizer: { "@type": "Person", name: event.hostName },
    image: [eventImageUrl(event, options.siteUrl)],
    url: event.url,
  };
}

const PRIVATE_EVENT_META = {
  title: pageTitle("Private Event"),
  description: `You've been invited to a private session on ${APP_NAME}. Sign in to see the details.`,
} as const;

/**
 * Everything the page head needs. A private event reveals nothing (its share
 * page is public to crawlers): a generic title, text and image, and no JSON-LD.
 */
export function eventPageMeta(
  event: MetaEvent,
  options: { siteUrl: string; timeZone: string },
): PageMeta {
  if (!event.isPublic) {
    const imageUrl = new URL(shareImagePath(null), options.siteUrl).toString();
    return {
      ...PRIVATE_EVENT_META,
      imageUrl,
      url: event.url,
      tags: socialTags({
        ...PRIVATE_EVENT_META,
        imageUrl,
        url: event.url,
        imageAlt: PRIVATE_EVENT_META.title,
        imageIsShareSized: true,
      }),
      jsonLd: null,
    };
  }
  const description = eventMetaDescription(event, options.timeZone);
  const imageUrl = eventImageUrl(event, options.siteUrl);
  return {
    title: eventPageTitle(event.title),
    description,
    imageUrl,
    url: event.url,
    tags: socialTags({
      title: event.title,
      description,
      imageUrl,
      url: event.url,
      imageAlt: event.title,
      imageIsShareSized: !event.coverImageUrl,
    }),
    jsonLd: eventJsonLd(event, options),
  };
}
