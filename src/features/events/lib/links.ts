/** An event's page path as the server gives it: /event/{publicSlug} or /private-event/{privateSlug}. */
type Addressable = { path: string };

/**
 * The deployment's site URL (HTTP actions): VITE_CONVEX_SITE_URL, or derived
 * from a Convex cloud URL (…convex.cloud → …convex.site); null if unknown.
 */
function convexSiteUrl(): string | null {
  const explicit = import.meta.env.VITE_CONVEX_SITE_URL as string | undefined;
  if (explicit) return explicit.replace(/\/+$/, "");
  const cloud = import.meta.env.VITE_CONVEX_URL;
  if (cloud && /\.convex\.cloud\/?$/.test(cloud)) {
    return cloud.replace(/\/+$/, "").replace(/\.convex\.cloud$/, ".convex.site");
  }
  return null;
}

/** The event page on this site, absolute. */
export function eventPageUrl(event: Addressable): string {
  return new URL(event.path, window.location.origin).toString();
}

/**
 * What people share: the site URL's share page, whose HTML carries the
 * event's link-preview tags for crawlers and sends browsers on to the event
 * page; the event page itself when no site URL is known.
 */
export function eventShareUrl(event: Addressable): string {
  const site = convexSiteUrl();
  if (site === null) return eventPageUrl(event);
  const slug = event.path.split("/").filter(Boolean).pop() ?? "";
  return `${site}/share/event/${slug}`;
}
