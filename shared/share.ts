/**
 * The share dialog's texts and links:
 * 'Join me at {title}', '(Private Event)' for private events, and every
 * shared link tagged utm_source=<channel>, utm_medium=social,
 * utm_campaign=event_share. `url` is the event's share address (one whose
 * HTML carries the link-preview tags), absolute.
 */
import { eventPageTitle } from "./brand";

export type ShareChannel =
  "copy" | "native" | "whatsapp" | "sms" | "facebook" | "x" | "linkedin" | "instagram";

/** Channels that open a link (the others copy, or use the device's share sheet). */
export type ShareLinkChannel = Extract<
  ShareChannel,
  "whatsapp" | "sms" | "facebook" | "x" | "linkedin"
>;

type ShareableEvent = { title: string; isPublic: boolean };

/** How long 'Copied!' shows before the copy button resets. */
export const COPY_CONFIRMATION_MS = 2000;
/** When the browser refuses to copy (the link stays selectable in its field). */
export const COPY_FAILED_MESSAGE = "Couldn't copy the link. Copy it by hand.";

const PRIVATE_EVENT_MARK = "(Private Event)";

/** 'Join me at Friday Pints', or 'Join me at Friday Pints (Private Event)'. */
export function shareText(event: ShareableEvent): string {
  const text = `Join me at ${event.title}`;
  return event.isPublic ? text : `${text} ${PRIVATE_EVENT_MARK}`;
}

/** `url` with the share tracking parameters for `channel` (utm_source defaults to copy). */
export function trackedShareUrl(url: string, channel: ShareChannel = "copy"): string {
  const tracked = new URL(url);
  tracked.searchParams.set("utm_source", channel);
  tracked.searchParams.set("utm_medium", "social");
  tracked.searchParams.set("utm_campaign", "event_share");
  return tracked.toString();
}

/** The address to open for a share button. */
export function shareLink(event: ShareableEvent, url: string, channel: ShareLinkChannel): string {
  const link = trackedShareUrl(url, channel);
  const text = shareText(event);
  const encode = encodeURIComponent;
  switch (channel) {
    case "whatsapp":
      return `https://wa.me/?text=${encode(`${text} ${link}`)}`;
    case "sms":
      // '?&body=' is the form both iOS and Android read.
      return `sms:?&body=${encode(`${text} ${link}`)}`;
    case "facebook":
      // Facebook takes only the link; the text comes from the page's Open Graph tags.
      return `https://www.facebook.com/sharer/sharer.php?u=${encode(link)}`;
    case "x":
      return `https://x.com/intent/tweet?text=${encode(text)}&url=${encode(link)}`;
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${encode(link)}`;
  }
}

/** What to hand `navigator.share` where the device supports it. */
export function nativeShareData(
  event: ShareableEvent,
  url: string,
): { title: string; text: string; url: string } {
  return {
    title: eventPageTitle(event.title),
    text: shareText(event),
    url: trackedShareUrl(url, "native"),
  };
}
