/**
 * The address a share dialog hands out: the deployment's share page
 * (`/share/event/{slug}` on the Convex site URL, an HTTP action), whose HTML
 * carries the link-preview tags for crawlers that run no JavaScript and
 * forwards browsers to the event page on the app. Tag it with
 * `trackedShareUrl` (./share) per channel.
 */

export const SHARE_PAGE_PREFIX = "/share/event/";

/** The share page of an event: its public slug, or its private slug for a private event. */
export function eventShareUrl(
  convexSiteUrl: string,
  event: { isPublic: boolean; publicSlug: string; privateSlug: string },
): string {
  const ref = event.isPublic ? event.publicSlug : event.privateSlug;
  return `${convexSiteUrl.replace(/\/+$/, "")}${SHARE_PAGE_PREFIX}${encodeURIComponent(ref)}`;
}

export const CREW_SHARE_PAGE_PREFIX = "/share/crew/";

/**
 * The share page of a crew (`/share/crew/{crewId}` on the site URL): a public crew's link
 * preview, a private crew's generic one; browsers go on to the crew page.
 */
export function crewShareUrl(convexSiteUrl: string, crewId: string): string {
  return `${convexSiteUrl.replace(/\/+$/, "")}${CREW_SHARE_PAGE_PREFIX}${encodeURIComponent(crewId)}`;
}
