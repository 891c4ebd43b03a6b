import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import {
  ICS_CONTENT_TYPE,
  googleCalendarUrl,
  icsFile,
  icsFileName,
  outlookCalendarUrl,
  yahooCalendarUrl,
  atCrawlStart,
  type CalendarEvent,
  type CrawlStart,
} from "@shared/calendar";
import { hasShowableTimes } from "@shared/eventTiming";
import { ChevronDownIcon } from "@/components/ui/icons";
import { buttonStyles } from "@/components/ui/buttonStyles";
import { CalendarIcon } from "@/components/ui/screenIcons";
import { DownloadIcon, ExternalIcon } from "../components/icons";

/** Saves the event's .ics file through a Blob link (alarm 1 hour before). */
export function downloadIcs(event: CalendarEvent, timeZone: string): void {
  const blob = new Blob([icsFile(event, timeZone, Date.now())], { type: ICS_CONTENT_TYPE });
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = icsFileName(event.title);
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before releasing the blob.
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

const itemStyles =
  "flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-semibold text-cream-50 data-focus:bg-night-700";

/**
 * "Add to Calendar": Google, Outlook and Yahoo in a new tab, or
 * an .ics file for everything else. `timeZone` is the event's (all-night ends). A session with
 * a bar crawl is placed at its first stop (`crawlStart`).
 */
export function AddToCalendar({
  event: session,
  crawlStart,
  timeZone,
}: {
  event: CalendarEvent;
  crawlStart: CrawlStart | null;
  timeZone: string;
}) {
  const event = atCrawlStart(session, crawlStart);
  // A stored time that cannot be shown cannot be put in a calendar either.
  if (!hasShowableTimes(event, timeZone)) return null;
  const links = [
    { label: "Google Calendar", href: googleCalendarUrl(event, timeZone) },
    { label: "Outlook", href: outlookCalendarUrl(event, timeZone) },
    { label: "Yahoo Calendar", href: yahooCalendarUrl(event, timeZone) },
  ];
  return (
    <Menu>
      <MenuButton className={buttonStyles({ variant: "secondary" }, "w-full")}>
        <CalendarIcon className="size-4" /> Add to Calendar
        <ChevronDownIcon className="size-4" />
      </MenuButton>
      <MenuItems
        anchor={{ to: "bottom", gap: 8 }}
        transition
        className="z-50 w-(--button-width) min-w-56 rounded-2xl bg-night-800 p-1.5 shadow-2xl ring-1 shadow-black/60 ring-night-600 transition duration-100 ease-out focus:outline-none data-closed:scale-95 data-closed:opacity-0"
      >
        {links.map((link) => (
          <MenuItem key={link.label}>
            <a href={link.href} target="_blank" rel="noopener noreferrer" className={itemStyles}>
              <ExternalIcon className="size-4 text-cream-400" />
              {link.label}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </MenuItem>
        ))}
        <MenuItem>
          <button type="button" onClick={() => downloadIcs(event, timeZone)} className={itemStyles}>
            <DownloadIcon className="size-4 text-cream-400" />
            Download .ics file
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
