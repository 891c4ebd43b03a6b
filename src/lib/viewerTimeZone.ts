import { timeZoneOrUtc } from "@shared/eventTiming";

function readViewerTimeZone(): string {
  try {
    return timeZoneOrUtc(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return "UTC";
  }
}

let viewerZone: string | undefined;

/**
 * The viewer's IANA time zone ('Europe/London'), UTC when the browser does not say. Read once
 * per page load: building the Intl formatter costs up to a millisecond on a phone, and cards
 * ask on every render.
 */
export function viewerTimeZone(): string {
  return (viewerZone ??= readViewerTimeZone());
}
