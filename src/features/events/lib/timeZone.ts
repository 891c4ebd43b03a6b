import { timeZoneOrUtc } from "../../../../shared/eventTiming";

/** The viewer's IANA time zone ('Europe/London'), UTC when the browser does not say. */
export function viewerTimeZone(): string {
  try {
    return timeZoneOrUtc(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return "UTC";
  }
}
